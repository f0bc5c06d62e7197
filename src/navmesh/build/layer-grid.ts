/**
 * One floor layer as a dense grid of its samples (sample index per cell, -1 where the layer has
 * no floor), and the tests the quadtree and the merge share: may a rectangle of cells be one
 * area (every cell present, one set of attributes, every inner neighbour pair walkable both
 * ways, heights on the corner-height surface within the tolerance, no step's edge between two
 * heights inside)?
 */
import { EAST, SOUTH } from '../mesh.js';
import { mutualWalk } from './floor-layers.js';
import { SAMPLE_RIM, type FloorSamples } from './sample-floor.js';

export interface LayerGrid {
  /** Cell coordinates of the grid's first cell. */
  readonly i0: number;
  readonly j0: number;
  readonly width: number;
  readonly height: number;
  /** Sample index per cell, row by row (j), -1 for none. [Length: width × height] */
  readonly cell: Int32Array;
}

/** Grids of every layer, in layer order. */
export function layerGrids(f: FloorSamples, layer: Int32Array, layerCount: number): LayerGrid[] {
  const lo = new Int32Array(layerCount * 2).fill(0x7fffffff);
  const hi = new Int32Array(layerCount * 2).fill(-0x7fffffff);
  for (let s = 0; s < f.count; s++) {
    const L = layer[s];
    lo[L * 2] = Math.min(lo[L * 2], f.i[s]);
    lo[L * 2 + 1] = Math.min(lo[L * 2 + 1], f.j[s]);
    hi[L * 2] = Math.max(hi[L * 2], f.i[s]);
    hi[L * 2 + 1] = Math.max(hi[L * 2 + 1], f.j[s]);
  }
  const grids: LayerGrid[] = [];
  for (let L = 0; L < layerCount; L++) {
    const width = hi[L * 2] - lo[L * 2] + 1;
    const height = hi[L * 2 + 1] - lo[L * 2 + 1] + 1;
    grids.push({
      i0: lo[L * 2],
      j0: lo[L * 2 + 1],
      width,
      height,
      cell: new Int32Array(width * height).fill(-1),
    });
  }
  for (let s = 0; s < f.count; s++) {
    const g = grids[layer[s]];
    g.cell[(f.j[s] - g.j0) * g.width + (f.i[s] - g.i0)] = s;
  }
  return grids;
}

/** Sample at cell (i, j) (absolute cell coordinates), -1 outside or empty. */
export function sampleOf(g: LayerGrid, i: number, j: number): number {
  const x = i - g.i0;
  const y = j - g.j0;
  if (x < 0 || y < 0 || x >= g.width || y >= g.height) return -1;
  return g.cell[y * g.width + x];
}

/**
 * Whether cells i0…i1 × j0…j1 (inclusive, absolute) can be one area; see the module comment.
 * [tolerance Units: world units]
 */
export function rectIsArea(
  f: FloorSamples,
  g: LayerGrid,
  i0: number,
  j0: number,
  i1: number,
  j1: number,
  tolerance: number,
): boolean {
  const nw = sampleOf(g, i0, j0);
  const ne = sampleOf(g, i1, j0);
  const sw = sampleOf(g, i0, j1);
  const se = sampleOf(g, i1, j1);
  if (nw < 0 || ne < 0 || sw < 0 || se < 0) return false;
  const flags = f.flags[nw] & ~SAMPLE_RIM;
  const w = i1 - i0;
  // A box held by a step's edge and its neighbour at another height: between them the player
  // is not on one floor (the hull of the two cells' centres holds the step's corner).
  const step = (s: number, t: number) =>
    ((f.flags[s] | f.flags[t]) & SAMPLE_RIM) !== 0 && Math.abs(f.z[s] - f.z[t]) > tolerance;
  const h = j1 - j0;
  for (let j = j0; j <= j1; j++) {
    const v = h > 0 ? (j - j0) / h : 0;
    for (let i = i0; i <= i1; i++) {
      const s = sampleOf(g, i, j);
      if (s < 0 || (f.flags[s] & ~SAMPLE_RIM) !== flags) return false;
      if (i < i1) {
        const e = sampleOf(g, i + 1, j);
        if (e < 0 || mutualWalk(f, s, EAST) !== e || step(s, e)) return false;
      }
      if (j < j1) {
        const n = sampleOf(g, i, j + 1);
        if (n < 0 || mutualWalk(f, s, SOUTH) !== n || step(s, n)) return false;
      }
      const u = w > 0 ? (i - i0) / w : 0;
      const north = f.z[nw] + (f.z[ne] - f.z[nw]) * u;
      const south = f.z[sw] + (f.z[se] - f.z[sw]) * u;
      if (Math.abs(north + (south - north) * v - f.z[s]) > tolerance) return false;
    }
  }
  return true;
}
