/**
 * What changed between two navs of one map: nodes are matched by position (see
 * `match-nodes.ts`), then nodes without a partner are added or removed, matched nodes whose type
 * differs are retyped, and links between matched nodes are added, removed or retyped. Links
 * that touch an unmatched node are only counted: they come and go with their node.
 *
 * Lists are sorted (by index in A, or in B for additions), so the diff is deterministic.
 */
import { matchNodesByPosition } from './match-nodes.js';
import type { NavFile, Vec3 } from './types.js';

export interface NavDiffOptions {
  /** [Units: world units] [Limit: > 0] Nodes this close are the same node. */
  matchRadius: number;
}

export const navDiffDefaults: Readonly<NavDiffOptions> = Object.freeze({ matchRadius: 48 });

/** A node present in only one nav. `index` is in that nav. */
export interface DiffNode {
  index: number;
  origin: Vec3;
  type: number;
}

export interface RetypedNode {
  a: number;
  b: number;
  typeA: number;
  typeB: number;
}

/** A link between matched nodes, by its ends in both navs. `type` is its target type where it exists. */
export interface DiffLink {
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
  type: number;
}

export interface RetypedLink {
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
  typeA: number;
  typeB: number;
}

export interface NavDiff {
  /** [Units: world units] */
  matchRadius: number;
  nodesA: number;
  nodesB: number;
  matchedNodes: number;
  /** [Units: world units] Mean distance between matched nodes, 0 if none matched. */
  meanShift: number;
  /** [Units: world units] Largest distance between matched nodes. */
  maxShift: number;
  addedNodes: DiffNode[];
  removedNodes: DiffNode[];
  retypedNodes: RetypedNode[];
  /** Links between matched nodes present in both, with the same target type. */
  unchangedLinks: number;
  addedLinks: DiffLink[];
  removedLinks: DiffLink[];
  retypedLinks: RetypedLink[];
  /** Links of A with an unmatched end (gone with their node). */
  linksOfRemovedNodes: number;
  /** Links of B with an unmatched end (new with their node). */
  linksOfAddedNodes: number;
}

/** First target type stored for each link, keyed `from * 65536 + to` (node indices < 65536). */
function linkTypes(nav: NavFile): Map<number, number> {
  const types = new Map<number, number>();
  nav.nodes.forEach((node, from) => {
    for (const l of node.links) {
      const key = from * 65536 + l.target;
      if (!types.has(key)) types.set(key, l.targetType);
    }
  });
  return types;
}

/** Compares `a` (before) with `b` (after). */
export function diffNavs(a: NavFile, b: NavFile, options: Partial<NavDiffOptions> = {}): NavDiff {
  const { matchRadius } = { ...navDiffDefaults, ...options };
  const pairs = matchNodesByPosition(
    a.nodes.map((n) => n.origin),
    b.nodes.map((n) => n.origin),
    matchRadius,
  );
  const toB = new Int32Array(a.nodes.length).fill(-1);
  const toA = new Int32Array(b.nodes.length).fill(-1);
  for (const p of pairs) {
    toB[p.a] = p.b;
    toA[p.b] = p.a;
  }
  const unmatched = (nav: NavFile, partner: Int32Array): DiffNode[] =>
    nav.nodes.flatMap((n, index) =>
      partner[index] < 0 ? [{ index, origin: n.origin, type: n.type }] : [],
    );
  const retypedNodes: RetypedNode[] = [];
  for (let i = 0; i < a.nodes.length; i++) {
    const j = toB[i];
    if (j >= 0 && a.nodes[i].type !== b.nodes[j].type) {
      retypedNodes.push({ a: i, b: j, typeA: a.nodes[i].type, typeB: b.nodes[j].type });
    }
  }

  const typesA = linkTypes(a);
  const typesB = linkTypes(b);
  const removedLinks: DiffLink[] = [];
  const retypedLinks: RetypedLink[] = [];
  let unchangedLinks = 0;
  let linksOfRemovedNodes = 0;
  for (const [key, typeA] of [...typesA.entries()].sort((x, y) => x[0] - y[0])) {
    const fromA = Math.floor(key / 65536);
    const toAIndex = key % 65536;
    const fromB = toB[fromA];
    const toBIndex = toB[toAIndex];
    if (fromB < 0 || toBIndex < 0) {
      linksOfRemovedNodes++;
      continue;
    }
    const typeB = typesB.get(fromB * 65536 + toBIndex);
    const ends = { fromA, toA: toAIndex, fromB, toB: toBIndex };
    if (typeB === undefined) removedLinks.push({ ...ends, type: typeA });
    else if (typeB !== typeA) retypedLinks.push({ ...ends, typeA, typeB });
    else unchangedLinks++;
  }
  const addedLinks: DiffLink[] = [];
  let linksOfAddedNodes = 0;
  for (const [key, typeB] of [...typesB.entries()].sort((x, y) => x[0] - y[0])) {
    const fromB = Math.floor(key / 65536);
    const toBIndex = key % 65536;
    const fromA = toA[fromB];
    const toAIndex = toA[toBIndex];
    if (fromA < 0 || toAIndex < 0) linksOfAddedNodes++;
    else if (!typesA.has(fromA * 65536 + toAIndex)) {
      addedLinks.push({ fromA, toA: toAIndex, fromB, toB: toBIndex, type: typeB });
    }
  }

  const shifts = pairs.map((p) => p.distance);
  return {
    matchRadius,
    nodesA: a.nodes.length,
    nodesB: b.nodes.length,
    matchedNodes: pairs.length,
    meanShift: shifts.length ? shifts.reduce((s, d) => s + d, 0) / shifts.length : 0,
    maxShift: shifts.reduce((m, d) => Math.max(m, d), 0),
    addedNodes: unmatched(b, toA),
    removedNodes: unmatched(a, toB),
    retypedNodes,
    unchangedLinks,
    addedLinks,
    removedLinks,
    retypedLinks,
    linksOfRemovedNodes,
    linksOfAddedNodes,
  };
}
