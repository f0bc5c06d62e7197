/**
 * Which nodes links join, for the stages that add nodes of their own and must not leave any
 * stranded (`fill`): the nodes joined to some roots when links are taken both ways, and the
 * nodes of a set from which no chain of links leads out of it. Plain index lists in and out;
 * links keep their order.
 */

/** A link as far as reach goes: its two ends. */
export interface LinkEnds {
  readonly from: number;
  readonly to: number;
}

/**
 * The graph without the nodes that no chain of links, taken both ways, joins to a root (node
 * `0` to `firstOthers − 1`, and `roots`): the nodes kept in order, the links between kept nodes
 * re-indexed in order, and `index`, each old node's new index (−1: gone).
 */
export function keepJoined<N, L extends LinkEnds>(
  nodes: readonly N[],
  links: readonly L[],
  firstOthers: number,
  roots: readonly number[],
): { nodes: N[]; links: L[]; index: Int32Array } {
  const adjacent: number[][] = nodes.map(() => []);
  for (const l of links) {
    adjacent[l.from].push(l.to);
    adjacent[l.to].push(l.from);
  }
  const seen = new Uint8Array(nodes.length);
  const first = Array.from({ length: firstOthers }, (_, i) => i);
  flood(adjacent, [...first, ...roots], seen);
  const index = new Int32Array(nodes.length).fill(-1);
  const kept: N[] = [];
  nodes.forEach((n, i) => {
    if (seen[i]) index[i] = kept.push(n) - 1;
  });
  return {
    nodes: kept,
    links: links
      .filter((l) => index[l.from] >= 0 && index[l.to] >= 0)
      .map((l) => ({ ...l, from: index[l.from], to: index[l.to] })),
    index,
  };
}

/**
 * The nodes of `candidates` (of `count` nodes; negative entries ignored) from which no chain of
 * `links`, followed forwards, reaches a node outside `candidates`.
 */
export function notLeadingOut(
  count: number,
  links: readonly LinkEnds[],
  candidates: ReadonlySet<number>,
): Set<number> {
  const into: number[][] = Array.from({ length: count }, () => []);
  for (const l of links) into[l.to].push(l.from);
  const leads = new Uint8Array(count);
  const others = Array.from({ length: count }, (_, i) => i).filter((i) => !candidates.has(i));
  flood(into, others, leads);
  return new Set([...candidates].filter((i) => i >= 0 && !leads[i]));
}

/**
 * Marks in `seen` the seeds and every node the adjacency lists lead to from them, entering only
 * nodes `may` allows (all, when it is omitted).
 */
export function flood(
  next: readonly (readonly number[])[],
  seeds: readonly number[],
  seen: Uint8Array,
  may: (n: number) => boolean = () => true,
): void {
  const stack: number[] = [];
  for (const i of seeds)
    if (!seen[i]) {
      seen[i] = 1;
      stack.push(i);
    }
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (const m of next[n])
      if (!seen[m] && may(m)) {
        seen[m] = 1;
        stack.push(m);
      }
  }
}
