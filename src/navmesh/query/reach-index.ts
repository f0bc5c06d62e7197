/**
 * Which areas can lead to which, answered before the A* search: a query whose goal its start
 * cannot reach fails at once instead of after the search has spread over everything the start
 * reaches (on city a quarter of random queries have no connection — one-way drops, islands —
 * and those were the slowest queries).
 *
 * Built once per query object from the connections its search may take (ladders as the query's
 * `ladders` option allows: `astar.ts`'s `mayTake`), so "cannot reach" here is final:
 * strongly connected components (`graph/strong-components.ts`: Tarjan, numbered so that every
 * connection leads to a component of the same or a lower number) and the graph of the
 * components. A query is a search over the component graph that never enters a component
 * numbered below the goal's, from which the goal cannot be reached.
 */
import type { NavMesh } from '../mesh.js';
import { DIRECTIONS } from '../mesh.js';
import { mayTake, type PathCosts } from './astar.js';
import { strongComponents, type Adjacency } from '../../graph/strong-components.js';

export interface ReachIndex {
  /** Component of each area. */
  readonly component: Int32Array;
  /** The component graph (CSR): successors of component c are `next[nextStart[c] .. nextStart[c + 1])`. */
  readonly nextStart: Int32Array;
  readonly next: Int32Array;
  /** Visit stamps per component, and the stamp of the last query. */
  readonly seen: Uint32Array;
  stamp: number;
  /** The search's stack, reused. */
  readonly stack: Int32Array;
}

export function buildReachIndex(m: NavMesh, ladders: PathCosts['ladders']): ReachIndex {
  const n = m.areaCount;
  const start = new Int32Array(n + 1);
  const list: number[] = [];
  for (let a = 0; a < n; a++) {
    for (let c = m.connStart[a * DIRECTIONS]; c < m.connStart[(a + 1) * DIRECTIONS]; c++)
      if (mayTake(m, a, c, ladders)) list.push(m.connTarget[c]);
    start[a + 1] = list.length;
  }
  const targets = Int32Array.from(list);
  const adj: Adjacency = { start, targets, link: new Int32Array(list.length) };
  const { component, count } = strongComponents(n, adj);
  // Component edges, deduplicated per source component.
  const edges = new Map<number, Set<number>>();
  for (let a = 0; a < n; a++)
    for (let c = start[a]; c < start[a + 1]; c++) {
      const from = component[a];
      const to = component[targets[c]];
      if (from === to) continue;
      let set = edges.get(from);
      if (!set) edges.set(from, (set = new Set()));
      set.add(to);
    }
  const nextStart = new Int32Array(count + 1);
  for (let c = 0; c < count; c++) nextStart[c + 1] = nextStart[c] + (edges.get(c)?.size ?? 0);
  const next = new Int32Array(nextStart[count]);
  for (let c = 0; c < count; c++) {
    let k = nextStart[c];
    for (const t of [...(edges.get(c) ?? [])].sort((x, y) => x - y)) next[k++] = t;
  }
  return {
    component,
    nextStart,
    next,
    seen: new Uint32Array(count),
    stamp: 0,
    stack: new Int32Array(Math.max(1, count)),
  };
}

/** Whether area `from` can lead to area `to` at all (see the file comment). */
export function mayReach(r: ReachIndex, from: number, to: number): boolean {
  const goal = r.component[to];
  const first = r.component[from];
  if (first === goal) return true;
  if (first < goal) return false;
  const stamp = ++r.stamp;
  const { seen, stack, next, nextStart } = r;
  let size = 0;
  seen[first] = stamp;
  stack[size++] = first;
  while (size > 0) {
    const c = stack[--size];
    for (let k = nextStart[c]; k < nextStart[c + 1]; k++) {
      const t = next[k];
      if (t === goal) return true;
      if (t < goal || seen[t] === stamp) continue;
      seen[t] = stamp;
      stack[size++] = t;
    }
  }
  return false;
}
