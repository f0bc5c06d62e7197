/**
 * Which nodes of a directed graph a bot can leave and come back to: strongly connected
 * components, and what reaches (or is reached from) one of them.
 *
 * The AQtion bot picks its goals among the nodes (random nodes, enemies' nodes, spawn spots)
 * and follows links only in their direction. A node from which the main component cannot be
 * reached is a trap: a bot whose nearest node it is finds no path to any goal and stands
 * there (on ghetto a bot spawned beside such a pair and stood 234 s of a 240 s trial). Plain
 * typed arrays in and out; iterative, so big graphs do not overflow the stack.
 */

/** Out-neighbours per node as offsets into one array (CSR), from a link list. */
export interface Adjacency {
  /** `targets[start[v] .. start[v + 1])` are v's neighbours. */
  readonly start: Int32Array;
  readonly targets: Int32Array;
  /** The number of the link each entry of `targets` comes from. */
  readonly link: Int32Array;
}

/** Adjacency of `n` nodes from links `from → to` (`reverse`: `to → from`), in link order. */
export function adjacency(
  n: number,
  links: readonly { readonly from: number; readonly to: number }[],
  reverse = false,
): Adjacency {
  const start = new Int32Array(n + 1);
  for (const l of links) start[(reverse ? l.to : l.from) + 1]++;
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const fillAt = start.slice(0, n);
  const targets = new Int32Array(links.length);
  const link = new Int32Array(links.length);
  links.forEach((l, k) => {
    const at = fillAt[reverse ? l.to : l.from]++;
    targets[at] = reverse ? l.from : l.to;
    link[at] = k;
  });
  return { start, targets, link };
}

/**
 * Strongly connected components (Tarjan's algorithm, iterative): `component[v]` for every node,
 * numbered in the order they complete (a component's successors complete first).
 */
export function strongComponents(
  n: number,
  adj: Adjacency,
): { component: Int32Array; count: number } {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const component = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const callNode: number[] = [];
  const callEdge: number[] = [];
  let next = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] >= 0) continue;
    index[root] = low[root] = next++;
    stack.push(root);
    onStack[root] = 1;
    callNode.push(root);
    callEdge.push(adj.start[root]);
    while (callNode.length > 0) {
      const top = callNode.length - 1;
      const v = callNode[top];
      const e = callEdge[top];
      if (e < adj.start[v + 1]) {
        callEdge[top] = e + 1;
        const w = adj.targets[e];
        if (index[w] < 0) {
          index[w] = low[w] = next++;
          stack.push(w);
          onStack[w] = 1;
          callNode.push(w);
          callEdge.push(adj.start[w]);
        } else if (onStack[w] && index[w] < low[v]) low[v] = index[w];
        continue;
      }
      callNode.pop();
      callEdge.pop();
      if (callNode.length > 0) {
        const u = callNode[callNode.length - 1];
        if (low[v] < low[u]) low[u] = low[v];
      }
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component[w] = count;
        } while (w !== v);
        count++;
      }
    }
  }
  return { component, count };
}

/**
 * The largest component's number; of equal sizes, the one holding the lowest node number (so
 * the answer does not depend on the traversal order).
 */
export function largestComponent(component: Int32Array, count: number): number {
  const size = new Int32Array(count);
  const first = new Int32Array(count).fill(-1);
  component.forEach((c, v) => {
    size[c]++;
    if (first[c] < 0) first[c] = v;
  });
  let best = -1;
  for (let c = 0; c < count; c++)
    if (best < 0 || size[c] > size[best] || (size[c] === size[best] && first[c] < first[best]))
      best = c;
  return best;
}

/** A graph's largest strongly connected component, and who leads into it. */
export interface LargestReach {
  /** Each node's component, their count, and the largest one's number. */
  readonly component: Int32Array;
  readonly count: number;
  readonly main: number;
  /** 1 for the nodes from which a chain of links leads into `main` (its own nodes among them). */
  readonly leads: Uint8Array;
  /** The forward adjacency the components were found on. */
  readonly fwd: Adjacency;
}

/**
 * The largest strongly connected component of `n` nodes linked `from → to`, and the nodes
 * that lead into it: from the others a bot finds no path to the graph's goals.
 */
export function largestReach(
  n: number,
  links: readonly { readonly from: number; readonly to: number }[],
): LargestReach {
  const fwd = adjacency(n, links);
  const { component, count } = strongComponents(n, fwd);
  const main = largestComponent(component, count);
  const leads = spreadMarks(
    adjacency(n, links, true),
    Uint8Array.from(component, (c) => (c === main ? 1 : 0)),
  );
  return { component, count, main, leads, fwd };
}

/**
 * Marks (1) every node reached along `adj` from a marked node: with the forward adjacency, what
 * the marked nodes lead to; with the reversed one, what leads to them. Grows `marked` in place
 * from the nodes in `from` (or from every marked node) and returns it.
 */
export function spreadMarks(
  adj: Adjacency,
  marked: Uint8Array,
  from?: readonly number[],
): Uint8Array {
  const queue: number[] = [];
  if (from) queue.push(...from);
  else marked.forEach((m, v) => m && queue.push(v));
  while (queue.length > 0) {
    const v = queue.pop()!;
    for (let e = adj.start[v]; e < adj.start[v + 1]; e++) {
      const w = adj.targets[e];
      if (!marked[w]) {
        marked[w] = 1;
        queue.push(w);
      }
    }
  }
  return marked;
}
