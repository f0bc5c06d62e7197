/**
 * The floor samples (`walkable-floor.ts`) as a grid to step on: where a sample stands, which
 * samples share a column, which stand in the eight columns around one. The floor walk, the way
 * back and the node placement of `fill` all move sample to sample this way, so the order of
 * neighbours here fixes the order of everything they find (determinism: columns in a fixed
 * order, samples of a column in sample order).
 */
import { GRID_OFFSET, type FloorSamples } from './walkable-floor.js';
import type { Vec3 } from '../geometry/vec3.js';

export interface FloorGrid {
  readonly floor: FloorSamples;
  /** Sample indices of each column by `"i,j"`, in sample order; empty columns absent. */
  readonly columns: ReadonlyMap<string, readonly number[]>;
}

const NONE: readonly number[] = Object.freeze([]);

export function floorGrid(floor: FloorSamples): FloorGrid {
  const columns = new Map<string, number[]>();
  for (let k = 0; k < floor.z.length; k++) {
    const key = `${floor.i[k]},${floor.j[k]}`;
    const list = columns.get(key);
    if (list) list.push(k);
    else columns.set(key, [k]);
  }
  return { floor, columns };
}

/** The standing origin of sample `k`. [Units: world units] */
export function sampleOrigin(grid: FloorGrid, k: number): Vec3 {
  const { floor } = grid;
  const s = floor.spacing;
  return [floor.i[k] * s + GRID_OFFSET, floor.j[k] * s + GRID_OFFSET, floor.z[k]];
}

/** The samples of column (i, j), in sample order. */
export function columnSamples(grid: FloorGrid, i: number, j: number): readonly number[] {
  return grid.columns.get(`${i},${j}`) ?? NONE;
}

/** The column nearest a point (x, y). */
export function columnAt(grid: FloorGrid, p: readonly number[]): [number, number] {
  const s = grid.floor.spacing;
  return [Math.round((p[0] - GRID_OFFSET) / s), Math.round((p[1] - GRID_OFFSET) / s)];
}

/** The samples in the eight columns around sample `q`'s, in a fixed order (i, then j). */
export function neighbourSamples(grid: FloorGrid, q: number): number[] {
  const { floor } = grid;
  const out: number[] = [];
  for (let di = -1; di <= 1; di++)
    for (let dj = -1; dj <= 1; dj++) {
      if (di === 0 && dj === 0) continue;
      for (const r of columnSamples(grid, floor.i[q] + di, floor.j[q] + dj)) out.push(r);
    }
  return out;
}
