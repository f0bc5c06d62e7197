/**
 * Stage 3: the quadtree of Richard Jones' navigation-mesh article (2010), per layer. The layer's grid is covered by squares of
 * `maxAreaCells` cells aligned to the global grid; a square that can be one area
 * (`rectIsArea`: all cells present, same attributes, walkable inside, heights on one surface)
 * is a leaf, one with no cell of the layer is dropped, any other is split in four down to
 * single cells. Leaves come out in a fixed order (row-major roots, then NW, NE, SW, SE).
 */
import type { LayerGrid } from './layer-grid.js';
import { rectIsArea, sampleOf } from './layer-grid.js';
import type { FloorSamples } from './sample-floor.js';

/** Leaf squares as (i0, j0, i1, j1) cell rectangles, inclusive. */
export function quadtreeLeaves(
  f: FloorSamples,
  g: LayerGrid,
  rootCells: number,
  tolerance: number,
): number[][] {
  const out: number[][] = [];
  const anyCell = (i0: number, j0: number, size: number): boolean => {
    const a = Math.max(i0, g.i0);
    const b = Math.max(j0, g.j0);
    const c = Math.min(i0 + size - 1, g.i0 + g.width - 1);
    const d = Math.min(j0 + size - 1, g.j0 + g.height - 1);
    for (let j = b; j <= d; j++)
      for (let i = a; i <= c; i++) if (sampleOf(g, i, j) >= 0) return true;
    return false;
  };
  const visit = (i0: number, j0: number, size: number): void => {
    if (!anyCell(i0, j0, size)) return;
    if (rectIsArea(f, g, i0, j0, i0 + size - 1, j0 + size - 1, tolerance)) {
      out.push([i0, j0, i0 + size - 1, j0 + size - 1]);
      return;
    }
    if (size === 1) return;
    const h = size >> 1;
    visit(i0, j0, h);
    visit(i0 + h, j0, h);
    visit(i0, j0 + h, h);
    visit(i0 + h, j0 + h, h);
  };
  const r = rootCells;
  const ri0 = Math.floor(g.i0 / r) * r;
  const rj0 = Math.floor(g.j0 / r) * r;
  for (let j = rj0; j < g.j0 + g.height; j += r)
    for (let i = ri0; i < g.i0 + g.width; i += r) visit(i, j, r);
  return out;
}
