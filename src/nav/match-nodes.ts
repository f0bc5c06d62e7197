/**
 * Pairs the nodes of two navs that stand at the same place, so that two generations of a map's
 * nav can be compared although node numbers differ.
 *
 * Greedy nearest pairs: every pair of nodes within `radius` is a candidate; candidates are
 * taken shortest distance first (ties: lower index in A, then in B) and a pair is kept when
 * neither node is taken yet. The order is total, so the matching is the same on every run.
 */
import type { Vec3 } from './types.js';

/** Two nodes matched across navs. */
export interface NodePair {
  /** Index in the first nav. */
  a: number;
  /** Index in the second nav. */
  b: number;
  /** [Units: world units] Distance between their origins. */
  distance: number;
}

function distance(p: Readonly<Vec3>, q: Readonly<Vec3>): number {
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/**
 * Matches origins `a` to origins `b` within `radius` (see the module comment). Pairs come out
 * in the order they were taken. [Units: radius in world units] [Limit: radius > 0]
 */
export function matchNodesByPosition(
  a: readonly Readonly<Vec3>[],
  b: readonly Readonly<Vec3>[],
  radius: number,
): NodePair[] {
  if (!(radius > 0) || !Number.isFinite(radius))
    throw new RangeError(`match radius ${radius} must be > 0`);
  // Grid of B's nodes with cells one radius wide: candidates lie in the 27 cells around a node.
  const cell = (v: number) => Math.floor(v / radius);
  const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
  const grid = new Map<string, number[]>();
  b.forEach((p, j) => {
    const k = key(cell(p[0]), cell(p[1]), cell(p[2]));
    const bucket = grid.get(k);
    if (bucket) bucket.push(j);
    else grid.set(k, [j]);
  });
  const candidates: NodePair[] = [];
  a.forEach((p, i) => {
    const [cx, cy, cz] = [cell(p[0]), cell(p[1]), cell(p[2])];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (const j of grid.get(key(cx + dx, cy + dy, cz + dz)) ?? []) {
            const d = distance(p, b[j]);
            if (d <= radius) candidates.push({ a: i, b: j, distance: d });
          }
        }
      }
    }
  });
  candidates.sort((x, y) => x.distance - y.distance || x.a - y.a || x.b - y.b);
  const takenA = new Uint8Array(a.length);
  const takenB = new Uint8Array(b.length);
  const pairs: NodePair[] = [];
  for (const c of candidates) {
    if (takenA[c.a] || takenB[c.b]) continue;
    takenA[c.a] = 1;
    takenB[c.b] = 1;
    pairs.push(c);
  }
  return pairs;
}
