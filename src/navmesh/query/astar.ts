/**
 * A* over the areas (Detour's `findPath`): each area is reached at a point, the middle of the
 * portal it was entered through (the start point for the first; the end of an off-mesh link it
 * came by); the cost of a step is the distance between those points (by way of a link's start)
 * times the entered area's cost factor, and the heuristic is the straight distance to the goal
 * (never more than the cost: factors are ≥ 1). The open list is a
 * binary heap over typed arrays; the entry points are computed once per mesh; a stamp per
 * search instead of clearing the arrays. Nothing is allocated per step.
 */
import {
  AREA_CROUCH,
  AREA_WATER,
  CROSS_LADDER,
  CROSS_LINK,
  DIRECTIONS,
  areaHeightAt,
  type NavMesh,
} from '../mesh.js';
import { portalPoints } from './portal.js';

export interface PathCosts {
  /** Cost factor of crouch areas. [Limit: ≥ 1] */
  readonly crouchFactor: number;
  /** Cost factor of water areas. [Limit: ≥ 1] */
  readonly waterFactor: number;
  /** Extra cost of a ladder climb on top of its length. [Units: world units] [Limit: ≥ 0] */
  readonly ladderCost: number;
  /**
   * Which ladder connections paths take: none, only climbing up, or both ways. The simulated
   * bot that proves paths sees only the world's brushes (not func_wall ladders) and does not
   * climb down, so the default takes none.
   */
  readonly ladders: 'none' | 'up' | 'both';
}

function dist(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  const dx = ax - bx;
  const dy = ay - by;
  const dz = az - bz;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

export const pathCostDefaults: PathCosts = Object.freeze({
  crouchFactor: 2,
  waterFactor: 2,
  ladderCost: 64,
  ladders: 'none',
});

/** Search arrays for one mesh, reused by every query on it (one query at a time). */
export interface SearchScratch {
  stamp: number;
  readonly seen: Uint32Array;
  readonly closed: Uint32Array;
  readonly g: Float64Array;
  readonly parent: Int32Array;
  /** Connection the area was entered by, -1 for the start. */
  readonly via: Int32Array;
  /** Entry point. [Form: (x, y, z) × areaCount] */
  readonly pos: Float64Array;
  /**
   * The open list: a binary heap of areas keyed by cost + heuristic. An area whose cost went
   * down is pushed again and its older entry skipped when popped (lowering keys in place
   * breaks ties between equal keys in another order, which changes about one path in ten).
   */
  readonly heap: Int32Array;
  readonly heapKey: Float64Array;
  /**
   * Where each connection enters its target area: the middle of its portal, on the target's
   * floor (computed once per mesh; the search reads it per step). [Form: (x, y, z) ×
   * connections] [Units: world units]
   */
  readonly entry: Float64Array;
  /** Length of each off-mesh link connection's way (0 for the others). [Units: world units] */
  readonly linkLength: Float64Array;
}

export function newSearchScratch(m: NavMesh): SearchScratch {
  const n = m.areaCount;
  const connections = m.connTarget.length;
  const entry = new Float64Array(connections * 3);
  const linkLength = new Float64Array(connections);
  const portal = new Float64Array(4);
  for (let a = 0; a < n; a++)
    for (let d = 0; d < DIRECTIONS; d++)
      for (let c = m.connStart[a * 4 + d]; c < m.connStart[a * 4 + d + 1]; c++) {
        if (m.connKind[c] === CROSS_LINK) {
          // An off-mesh link enters its target where it ends; its length beyond its start.
          const L = m.connPortal[c * 3 + 2];
          const last = m.linkPointStart[L + 1] - 1;
          entry.set(m.linkPoints.subarray(last * 3, last * 3 + 3), c * 3);
          let length = 0;
          for (let p = m.linkPointStart[L]; p < last; p++) {
            const q = m.linkPoints;
            length += dist(
              q[p * 3],
              q[p * 3 + 1],
              q[p * 3 + 2],
              q[p * 3 + 3],
              q[p * 3 + 4],
              q[p * 3 + 5],
            );
          }
          linkLength[c] = length;
          continue;
        }
        portalPoints(m, c, d, 0, portal);
        const x = (portal[0] + portal[2]) / 2;
        const y = (portal[1] + portal[3]) / 2;
        entry[c * 3] = x;
        entry[c * 3 + 1] = y;
        entry[c * 3 + 2] = areaHeightAt(m, m.connTarget[c], x, y);
      }
  return {
    stamp: 0,
    seen: new Uint32Array(n),
    closed: new Uint32Array(n),
    g: new Float64Array(n),
    parent: new Int32Array(n),
    via: new Int32Array(n),
    pos: new Float64Array(n * 3),
    heap: new Int32Array(Math.max(1, m.connTarget.length + 1)),
    heapKey: new Float64Array(Math.max(1, m.connTarget.length + 1)),
    entry,
    linkLength,
  };
}

/**
 * Whether a search under the `ladders` rule may take connection `c` out of area `a`: every
 * connection but a ladder; a ladder's only with `both`, or with `up` where `a` is its foot.
 */
export function mayTake(m: NavMesh, a: number, c: number, ladders: PathCosts['ladders']): boolean {
  if (m.connKind[c] !== CROSS_LADDER || ladders === 'both') return true;
  return ladders === 'up' && m.ladderAreas[m.connPortal[c * 3 + 2] * 2] === a;
}

/**
 * Areas from `start` to `goal` (indices, start first) and the connection entering each (−1 for
 * the first), or null when the goal cannot be reached. [Units: world units]
 */
export function findAreaPath(
  m: NavMesh,
  s: SearchScratch,
  start: number,
  startPoint: readonly number[],
  goal: number,
  goalPoint: readonly number[],
  costs: PathCosts,
): { areas: number[]; via: number[] } | null {
  const stamp = ++s.stamp;
  const { g, parent, via, pos, heap, heapKey, seen, closed, entry } = s;
  let size = 0;
  const push = (a: number, key: number) => {
    let k = size++;
    while (k > 0) {
      const up = (k - 1) >> 1;
      if (heapKey[up] <= key) break;
      heap[k] = heap[up];
      heapKey[k] = heapKey[up];
      k = up;
    }
    heap[k] = a;
    heapKey[k] = key;
  };
  const pop = (): number => {
    const top = heap[0];
    const last = heap[--size];
    const key = heapKey[size];
    let k = 0;
    for (;;) {
      let child = 2 * k + 1;
      if (child >= size) break;
      if (child + 1 < size && heapKey[child + 1] < heapKey[child]) child++;
      if (heapKey[child] >= key) break;
      heap[k] = heap[child];
      heapKey[k] = heapKey[child];
      k = child;
    }
    heap[k] = last;
    heapKey[k] = key;
    return top;
  };
  const connStart = m.connStart;
  const connTarget = m.connTarget;
  const connKind = m.connKind;
  const linkLength = s.linkLength;
  const areaFlags = m.areaFlags;
  const crouchFactor = costs.crouchFactor;
  const waterFactor = costs.waterFactor;
  const gx = goalPoint[0];
  const gy = goalPoint[1];
  const gz = goalPoint[2];

  seen[start] = stamp;
  g[start] = 0;
  parent[start] = -1;
  via[start] = -1;
  pos[start * 3] = startPoint[0];
  pos[start * 3 + 1] = startPoint[1];
  pos[start * 3 + 2] = startPoint[2];
  push(start, dist(startPoint[0], startPoint[1], startPoint[2], gx, gy, gz));
  while (size > 0) {
    const a = pop();
    if (closed[a] === stamp) continue;
    closed[a] = stamp;
    if (a === goal) break;
    const ax = pos[a * 3];
    const ay = pos[a * 3 + 1];
    const az = pos[a * 3 + 2];
    const ga = g[a];
    // The four directions' lists are consecutive: one loop over them all.
    const end = connStart[a * 4 + 4];
    for (let c = connStart[a * 4]; c < end; c++) {
      const b = connTarget[c];
      if (closed[b] === stamp) continue;
      if (!mayTake(m, a, c, costs.ladders)) continue;
      const ladder = connKind[c] === CROSS_LADDER;
      const ex = b === goal ? gx : entry[c * 3];
      const ey = b === goal ? gy : entry[c * 3 + 1];
      const z = b === goal ? gz : entry[c * 3 + 2];
      const flags = areaFlags[b];
      const factor =
        (flags & AREA_CROUCH ? crouchFactor : 1) * (flags & AREA_WATER ? waterFactor : 1);
      let step: number;
      if (connKind[c] === CROSS_LINK) {
        // To where the link starts, then along it.
        const p = m.linkPointStart[m.connPortal[c * 3 + 2]] * 3;
        const q = m.linkPoints;
        step = (dist(q[p], q[p + 1], q[p + 2], ax, ay, az) + linkLength[c]) * factor;
      } else step = dist(ex, ey, z, ax, ay, az) * factor;
      if (ladder) step += costs.ladderCost;
      const cost = ga + step;
      if (seen[b] === stamp && cost >= g[b]) continue;
      seen[b] = stamp;
      g[b] = cost;
      parent[b] = a;
      via[b] = c;
      pos[b * 3] = ex;
      pos[b * 3 + 1] = ey;
      pos[b * 3 + 2] = z;
      if (size < heap.length) push(b, cost + dist(ex, ey, z, gx, gy, gz));
    }
  }
  if (closed[goal] !== stamp) return null;
  const areas: number[] = [];
  const vias: number[] = [];
  for (let a = goal; a >= 0; a = parent[a]) {
    areas.push(a);
    vias.push(via[a]);
  }
  return { areas: areas.reverse(), via: vias.reverse() };
}
