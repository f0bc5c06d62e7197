/**
 * What is in a nav, at a glance: counts by node type and by link target type, how full the
 * link arrays are, connectivity, and nodes nobody can reach or leave. Plain data, ready for
 * JSON. Links must point at existing nodes (true of every nav the reader returns).
 */
import { navAdjacency, strongComponentCount, weakComponents } from './components.js';
import { nodeTypeLabel, type NodeTypeTable } from './node-types.js';
import type { NavFile, NavVersion } from './types.js';

/** How many nodes (or links) carry one type number. */
export interface TypeCount {
  /** The type number. [Limit: 0..255] */
  type: number;
  /** Its name in the table, or `#<number>` for a number the table does not name. */
  name: string;
  count: number;
}

export interface NavSummary {
  version: NavVersion;
  nodes: number;
  links: number;
  /** By node type number, ascending. */
  nodeTypes: TypeCount[];
  /** By link target type number, ascending. */
  linkTypes: TypeCount[];
  /** [Limit: 0..32] Most links out of one node. */
  maxLinksPerNode: number;
  /** Weak components (links taken as two-way). */
  weakComponents: number;
  /** Size of the largest weak component, 0 for an empty nav. */
  largestWeakComponent: number;
  /** Strongly connected components (links followed in their direction). */
  strongComponents: number;
  /** Nodes with no link in and no link out. */
  isolatedNodes: number;
  /** Nodes no link leaves (dead ends for a bot). */
  nodesWithoutLinksOut: number;
  /** Nodes no link reaches (a bot can only spawn there). */
  nodesWithoutLinksIn: number;
}

function typeCounts(types: Iterable<number>, table: NodeTypeTable): TypeCount[] {
  const counts = new Map<number, number>();
  for (const t of types) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([type, count]) => ({ type, name: nodeTypeLabel(table, type), count }));
}

/** Sums up `nav`, naming types after `table`. */
export function summarizeNav(nav: NavFile, table: NodeTypeTable): NavSummary {
  const adjacency = navAdjacency(nav);
  const incoming = new Uint32Array(nav.nodes.length);
  for (const targets of adjacency) for (const t of targets) incoming[t]++;
  const weak = weakComponents(adjacency);
  let isolated = 0;
  let noOut = 0;
  let noIn = 0;
  adjacency.forEach((targets, i) => {
    if (targets.length === 0) noOut++;
    if (incoming[i] === 0) noIn++;
    if (targets.length === 0 && incoming[i] === 0) isolated++;
  });
  return {
    version: nav.version,
    nodes: nav.nodes.length,
    links: adjacency.reduce((sum, t) => sum + t.length, 0),
    nodeTypes: typeCounts(
      nav.nodes.map((n) => n.type),
      table,
    ),
    linkTypes: typeCounts(
      nav.nodes.flatMap((n) => n.links.map((l) => l.targetType)),
      table,
    ),
    maxLinksPerNode: adjacency.reduce((max, t) => Math.max(max, t.length), 0),
    weakComponents: weak.count,
    largestWeakComponent: weak.sizes[0] ?? 0,
    strongComponents: strongComponentCount(adjacency),
    isolatedNodes: isolated,
    nodesWithoutLinksOut: noOut,
    nodesWithoutLinksIn: noIn,
  };
}
