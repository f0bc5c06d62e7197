/**
 * Random start and goal points on a navigation mesh, the same sequence on every machine: what
 * the navmesh tests and the walkability sweep (`bench/navmesh-walk.ts`) draw their paths from.
 */
import { areaBounds, areaHeightAt, type NavMesh } from '../src/navmesh/mesh.js';

/** A fixed pseudo-random sequence in [0, 1] (an LCG), from `seed`. */
export function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** The centre of a random area, on its floor (a standing player's origin). */
export function randomAreaPoint(m: NavMesh, rnd: () => number): number[] {
  const a = Math.floor(rnd() * m.areaCount);
  const [x0, y0, x1, y1] = areaBounds(m, a);
  const x = (x0 + x1) / 2;
  const y = (y0 + y1) / 2;
  return [x, y, areaHeightAt(m, a, x, y)];
}
