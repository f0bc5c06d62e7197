/**
 * Order-independent clustering of node votes by spatial hashing (no all-pairs distances).
 *
 * 1. Votes are binned into cubic cells whose edge is the cluster radius.
 * 2. Cells are visited heaviest first (ties by cell coordinates: a total order that depends
 *    only on the set of votes, not on their order).
 * 3. A visited cell that still has unassigned votes seeds a cluster at the weighted centroid
 *    of those votes; every unassigned vote of the 27 surrounding cells within `radius` of
 *    that centre joins it.
 *
 * Each vote is assigned exactly once and each cell scan touches 27 cells, so apart from one
 * sort the cost is linear in the number of votes. Votes are first put in a canonical order
 * (by position, then demo, weight and features), and every loop and sum follows it, so the
 * result — down to the last bit of every float — depends only on the set of votes, not on
 * the order they arrive in.
 */
import type { VotePool } from '../../stage/vote-pool.js';

export interface Clustering {
  /** Cluster of each vote. */
  readonly assignment: Int32Array;
  /** Number of clusters. */
  readonly count: number;
  /** Votes of cluster c are members[memberStart[c] .. memberStart[c+1]), in canonical order. */
  readonly memberStart: Uint32Array;
  readonly members: Uint32Array;
}

/** Packs integer cell coordinates (|c| < 2^16) into one exact float64 key (< 2^51). */
function cellKey(cx: number, cy: number, cz: number): number {
  return ((cx + 0x10000) * 0x20000 + (cy + 0x10000)) * 0x20000 + (cz + 0x10000);
}

/** Vote indices sorted by position, demo, weight, vertical speed, step and flags. */
export function canonicalOrder(pool: VotePool): Uint32Array {
  const p = pool.positions;
  const order = new Uint32Array(pool.count);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort(
    (a, b) =>
      p[a * 3] - p[b * 3] ||
      p[a * 3 + 1] - p[b * 3 + 1] ||
      p[a * 3 + 2] - p[b * 3 + 2] ||
      pool.demo[a] - pool.demo[b] ||
      pool.weights[a] - pool.weights[b] ||
      pool.vz[a] - pool.vz[b] ||
      pool.dxy[a] - pool.dxy[b] ||
      pool.flags[a] - pool.flags[b],
  );
}

export function clusterVotes(pool: VotePool, radius: number): Clustering {
  if (!(radius > 0)) throw new RangeError('cluster radius must be > 0');
  const n = pool.count;
  const p = pool.positions;
  const w = pool.weights;
  const r2 = radius * radius;

  // 0. Canonical order; `rank[i]` is vote i's place in it.
  const canonical = canonicalOrder(pool);
  const rank = new Uint32Array(n);
  canonical.forEach((i, r) => (rank[i] = r));

  // 1. Bin votes into cells (in canonical order); remember each cell's coordinates and weight.
  const cells = new Map<
    number,
    { cx: number; cy: number; cz: number; weight: number; votes: number[] }
  >();
  for (const i of canonical) {
    const cx = Math.floor(p[i * 3] / radius);
    const cy = Math.floor(p[i * 3 + 1] / radius);
    const cz = Math.floor(p[i * 3 + 2] / radius);
    const key = cellKey(cx, cy, cz);
    let cell = cells.get(key);
    if (!cell) {
      cell = { cx, cy, cz, weight: 0, votes: [] };
      cells.set(key, cell);
    }
    cell.weight += w[i];
    cell.votes.push(i);
  }

  // 2. Heaviest cells first; equal weights by coordinates.
  const order = [...cells.values()].sort(
    (a, b) => b.weight - a.weight || a.cx - b.cx || a.cy - b.cy || a.cz - b.cz,
  );

  // 3. Seed and grow.
  const assignment = new Int32Array(n).fill(-1);
  const clusterMembers: number[][] = [];
  /** Votes of a new cluster seeded in `cell` (sorted), or none if the cell is used up. */
  function growCluster(cell: { cx: number; cy: number; cz: number; votes: number[] }): number[] {
    let sw = 0;
    let sx = 0;
    let sy = 0;
    let sz = 0;
    let left = 0;
    for (const i of cell.votes) {
      if (assignment[i] >= 0) continue;
      left++;
      // Zero-weight votes still locate a centre: give them a tiny weight.
      const wi = w[i] > 0 ? w[i] : 1e-9;
      sw += wi;
      sx += p[i * 3] * wi;
      sy += p[i * 3 + 1] * wi;
      sz += p[i * 3 + 2] * wi;
    }
    if (left === 0) return [];
    const x = sx / sw;
    const y = sy / sw;
    const z = sz / sw;
    const found: number[] = [];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const near = cells.get(cellKey(cell.cx + dx, cell.cy + dy, cell.cz + dz));
          if (!near) continue;
          for (const i of near.votes) {
            if (assignment[i] >= 0) continue;
            const ex = p[i * 3] - x;
            const ey = p[i * 3 + 1] - y;
            const ez = p[i * 3 + 2] - z;
            if (ex * ex + ey * ey + ez * ez <= r2) found.push(i);
          }
        }
      }
    }
    if (found.length === 0) {
      // No vote within reach of the centroid (votes spread across the cell): the cell's
      // remaining votes form the cluster, so that the loop always progresses.
      for (const i of cell.votes) if (assignment[i] < 0) found.push(i);
    }
    return found.sort((a, b) => rank[a] - rank[b]);
  }

  for (const cell of order) {
    // Repeat until the cell is used up: a centre need not reach every vote of its cell.
    for (;;) {
      const found = growCluster(cell);
      if (found.length === 0) break;
      const id = clusterMembers.length;
      for (const i of found) assignment[i] = id;
      clusterMembers.push(found);
    }
  }

  const memberStart = new Uint32Array(clusterMembers.length + 1);
  const members = new Uint32Array(n);
  let k = 0;
  clusterMembers.forEach((m, c) => {
    memberStart[c] = k;
    members.set(m, k);
    k += m.length;
  });
  memberStart[clusterMembers.length] = k;
  return { assignment, count: clusterMembers.length, memberStart, members };
}
