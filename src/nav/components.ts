/**
 * Connectivity of a nav graph. Weak components treat every link as two-way (which islands of
 * nodes exist at all); strong components follow link directions (from where a bot can get back:
 * a drop makes a one-way link, so a map with drops has more strong than weak components).
 *
 * Links must point at existing nodes (true of every nav the reader returns).
 */
import type { NavFile } from './types.js';

/** Outgoing targets of every node, in stored order. */
export function navAdjacency(nav: NavFile): number[][] {
  return nav.nodes.map((node) => node.links.map((l) => l.target));
}

export interface WeakComponents {
  /** Number of weak components (an isolated node is one). */
  count: number;
  /** Component sizes, largest first. [Length: count] */
  sizes: number[];
  /** Each node's component, named by its lowest node number. [Length: nodes] */
  root: Int32Array;
}

/** Weak components, by union-find over the links taken as undirected. */
export function weakComponents(adjacency: readonly (readonly number[])[]): WeakComponents {
  const parent = Int32Array.from(adjacency, (_, i) => i);
  const root = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  adjacency.forEach((targets, v) => {
    for (const w of targets) {
      const a = root(v);
      const b = root(w);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  });
  const sizeByRoot = new Map<number, number>();
  for (let v = 0; v < adjacency.length; v++) {
    const r = root(v);
    sizeByRoot.set(r, (sizeByRoot.get(r) ?? 0) + 1);
  }
  const sizes = [...sizeByRoot.values()].sort((a, b) => b - a);
  return {
    count: sizes.length,
    sizes,
    root: Int32Array.from(adjacency, (_, v) => root(v)),
  };
}

/** Number of strongly connected components (Tarjan's algorithm, iterative: no recursion limit). */
export function strongComponentCount(adjacency: readonly (readonly number[])[]): number {
  const n = adjacency.length;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  // The explicit call stack: a node and how many of its links have been followed.
  const calls: number[] = [];
  const followed: number[] = [];
  let visited = 0;
  let count = 0;
  const enter = (v: number) => {
    order[v] = low[v] = visited++;
    stack.push(v);
    onStack[v] = 1;
    calls.push(v);
    followed.push(0);
  };
  for (let start = 0; start < n; start++) {
    if (order[start] >= 0) continue;
    enter(start);
    while (calls.length > 0) {
      const top = calls.length - 1;
      const v = calls[top];
      if (followed[top] < adjacency[v].length) {
        const w = adjacency[v][followed[top]++];
        if (order[w] < 0) enter(w);
        else if (onStack[w]) low[v] = Math.min(low[v], order[w]);
        continue;
      }
      calls.pop();
      followed.pop();
      if (low[v] === order[v]) {
        count++;
        let w: number;
        do {
          w = stack.pop() as number;
          onStack[w] = 0;
        } while (w !== v);
      }
      if (calls.length > 0) {
        const parent = calls[calls.length - 1];
        low[parent] = Math.min(low[parent], low[v]);
      }
    }
  }
  return count;
}
