/**
 * Which areas cover a grid column: built once per mesh (CSR over the bounding grid of all
 * areas), so finding the area under a point costs a few comparisons.
 */
import { areaBounds, areaHeightAt, type NavMesh } from '../mesh.js';

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

/**
 * The area under (x, y) as {@link locateArea} finds it; where none is, the area nearest the
 * point (Detour's `findNearestPoly`: by the distance to the nearest of its cell centres' hull,
 * in three dimensions) within `maxSnap`, or -1. A spawn point next to a pillar or a wall stands
 * where the floor's cells were cut away (the player box did not fit their centres).
 * [Units: world units]
 */
export function nearestArea(
  m: NavMesh,
  ix: AreaIndex,
  x: number,
  y: number,
  z: number,
  maxSnap: number,
): number {
  const under = locateArea(m, ix, x, y, z, maxSnap);
  if (under >= 0) return under;
  const r = Math.ceil(maxSnap / m.cellSize);
  const ci = Math.floor((x - m.originX) / m.cellSize) - ix.i0;
  const cj = Math.floor((y - m.originY) / m.cellSize) - ix.j0;
  let best = -1;
  let bestD = maxSnap;
  const p = [0, 0];
  for (let j = Math.max(0, cj - r); j <= Math.min(ix.height - 1, cj + r); j++)
    for (let i = Math.max(0, ci - r); i <= Math.min(ix.width - 1, ci + r); i++) {
      const cell = j * ix.width + i;
      for (let k = ix.start[cell]; k < ix.start[cell + 1]; k++) {
        const a = ix.areas[k];
        nearestInArea(m, a, x, y, p);
        const d = Math.hypot(p[0] - x, p[1] - y, areaHeightAt(m, a, p[0], p[1]) - z);
        if (d < bestD || (d === bestD && best >= 0 && a < best)) {
          bestD = d;
          best = a;
        }
      }
    }
  return best;
}

/**
 * The point of area `a`'s cell centres' hull (where its floor is free for the player box)
 * nearest (x, y), into `out`. [Units: world units]
 */
export function nearestInArea(m: NavMesh, a: number, x: number, y: number, out: number[]): void {
  const half = m.cellSize / 2;
  const [x0, y0, x1, y1] = areaBounds(m, a);
  out[0] = Math.min(Math.max(x, x0 + half), x1 - half);
  out[1] = Math.min(Math.max(y, y0 + half), y1 - half);
}
