/**
 * Which areas cover a grid column: built once per mesh (CSR over the bounding grid of all
 * areas), so finding the area under a point costs a few comparisons.
 */
import { areaHeightAt, type NavMesh } from '../mesh.js';

export interface AreaIndex {
  readonly i0: number;
  readonly j0: number;
  readonly width: number;
  readonly height: number;
  /** [Length: width × height + 1] */
  readonly start: Uint32Array;
  readonly areas: Uint32Array;
}

export function buildAreaIndex(m: NavMesh): AreaIndex {
  let i0 = 0x7fffffff;
  let j0 = 0x7fffffff;
  let i1 = -0x7fffffff;
  let j1 = -0x7fffffff;
  const c = m.areaCells;
  for (let a = 0; a < m.areaCount; a++) {
    i0 = Math.min(i0, c[a * 4]);
    j0 = Math.min(j0, c[a * 4 + 1]);
    i1 = Math.max(i1, c[a * 4 + 2]);
    j1 = Math.max(j1, c[a * 4 + 3]);
  }
  if (m.areaCount === 0) i0 = j0 = i1 = j1 = 0;
  const width = i1 - i0 + 1;
  const height = j1 - j0 + 1;
  const count = new Uint32Array(width * height + 1);
  const each = (fn: (cell: number, a: number) => void) => {
    for (let a = 0; a < m.areaCount; a++)
      for (let j = c[a * 4 + 1]; j <= c[a * 4 + 3]; j++)
        for (let i = c[a * 4]; i <= c[a * 4 + 2]; i++) fn((j - j0) * width + (i - i0), a);
  };
  each((cell) => count[cell + 1]++);
  for (let k = 1; k < count.length; k++) count[k] += count[k - 1];
  const fill = count.slice(0, width * height);
  const areas = new Uint32Array(count[width * height]);
  each((cell, a) => (areas[fill[cell]++] = a));
  return { i0, j0, width, height, start: count, areas };
}

/**
 * The area under (x, y) whose height is nearest z, within `maxSnap` units, or -1.
 * [Units: world units]
 */
export function locateArea(
  m: NavMesh,
  ix: AreaIndex,
  x: number,
  y: number,
  z: number,
  maxSnap: number,
): number {
  const i = Math.floor((x - m.originX) / m.cellSize) - ix.i0;
  const j = Math.floor((y - m.originY) / m.cellSize) - ix.j0;
  if (i < 0 || j < 0 || i >= ix.width || j >= ix.height) return -1;
  const cell = j * ix.width + i;
  let best = -1;
  let bestDz = maxSnap;
  for (let k = ix.start[cell]; k < ix.start[cell + 1]; k++) {
    const a = ix.areas[k];
    const dz = Math.abs(areaHeightAt(m, a, x, y) - z);
    if (dz <= bestDz) {
      bestDz = dz;
      best = a;
    }
  }
  return best;
}
