/**
 * The generator's graph (type names, evidence) → an engine-safe {@link NavFile}: type numbers
 * from the node-type table, at most 8095 nodes (the heaviest; spawn nodes always stay), at most
 * 32 links per node (the best supported; spawn links first, as they are the only way onto the
 * graph from a spawn), no link into a small limp trap (`nav/limp-traps.ts`), costs as the
 * engine computes them.
 */
import type { NodeTypeName, NodeTypeTable } from '../../nav/node-types.js';
import type { Vec3 } from '../../geometry/vec3.js';
import type { NavFile, NavGraph } from '../../nav/types.js';
import type { DraftGraph } from '../../stage/graph-types.js';
import { MAX_LINKS_PER_NODE, MAX_NAV_NODES } from '../../nav/formats/aqtion/format.js';
import { navFromGraphCounted } from './nav-from-graph.js';

export interface NavBuildStats {
  readonly nodes: number;
  readonly links: number;
  /** Counts by type name. */
  readonly nodeTypes: Readonly<Record<string, number>>;
  readonly linkTypes: Readonly<Record<string, number>>;
  readonly maxLinksPerNode: number;
  /** Nodes beyond the engine's 8095 that were left out (the lightest). */
  readonly nodesOverLimit: number;
  /** Links beyond 32 per node that were left out (the least supported). */
  readonly linksOverLimit: number;
  /**
   * Nodes of small places a bot that cannot jump has no walk out of, and the links into them
   * that were left out (`nav/limp-traps.ts`).
   */
  readonly closedTrapNodes: number;
  readonly linksIntoClosedTraps: number;
  /**
   * Where the written nodes and links came from: demo votes, the map alone (`fill`) or spawn
   * entities. A link is the map's when fill made it or it touches a map node, a spawn's when it
   * touches a spawn node, else the demos'.
   */
  readonly sources: {
    readonly nodes: { readonly demos: number; readonly map: number; readonly spawn: number };
    readonly links: { readonly demos: number; readonly map: number; readonly spawn: number };
  };
}

/** Node source codes of {@link graphToNav}'s `nodeSource`. */
export const NODE_FROM_DEMOS = 0;
export const NODE_FROM_MAP = 1;
export const NODE_FROM_SPAWN = 2;

/** Support of spawn links: above any vote weight, so the per-node limit never drops them. */
const SPAWN_LINK_SUPPORT = 1e12;

function typeNumber(table: NodeTypeTable, name: string): number {
  const n = table[name as NodeTypeName];
  if (n === undefined) throw new RangeError(`unknown node type name ${name}`);
  return n;
}

export function graphToNav(
  g: DraftGraph,
  table: NodeTypeTable,
  maxNodes = MAX_NAV_NODES,
): {
  nav: NavFile;
  stats: NavBuildStats;
  nodeSource: Uint8Array;
  /** The graph's node of each nav node. */
  draftIndex: Int32Array;
} {
  // Node limit: keep spawn nodes, then the heaviest voted nodes (ties: lower index).
  let keep = g.nodes.map((_, i) => i);
  let nodesOverLimit = 0;
  if (g.nodes.length > maxNodes) {
    const rank = [...keep].sort((a, b) => {
      const sa = g.nodes[a].source === 'spawn' ? 1 : 0;
      const sb = g.nodes[b].source === 'spawn' ? 1 : 0;
      return sb - sa || g.nodes[b].weight - g.nodes[a].weight || a - b;
    });
    const kept = new Set(rank.slice(0, maxNodes));
    keep = keep.filter((i) => kept.has(i));
    nodesOverLimit = g.nodes.length - keep.length;
  }
  const index = new Int32Array(g.nodes.length).fill(-1);
  keep.forEach((old, i) => (index[old] = i));
  const graph: NavGraph = {
    nodes: keep.map((i) => ({
      origin: [...g.nodes[i].origin] as Vec3,
      type: typeNumber(table, g.nodes[i].type),
    })),
    links: g.links
      .filter((l) => index[l.from] >= 0 && index[l.to] >= 0)
      .map((l) => ({
        from: index[l.from],
        to: index[l.to],
        type: typeNumber(table, l.type),
        support:
          g.nodes[l.from].source === 'spawn' || g.nodes[l.to].source === 'spawn'
            ? SPAWN_LINK_SUPPORT
            : l.weight,
      })),
  };
  const { nav, closedTrapNodes, linksIntoClosedTraps } = navFromGraphCounted(graph, {
    maxLinksPerNode: MAX_LINKS_PER_NODE,
    ladderType: table.LADDER,
    jumpType: table.JUMP,
  });
  const byNumber = new Map(Object.entries(table).map(([name, n]) => [n, name]));
  const nodeTypes: Record<string, number> = {};
  const linkTypes: Record<string, number> = {};
  let links = 0;
  let maxLinksPerNode = 0;
  for (const n of nav.nodes) {
    const t = byNumber.get(n.type) ?? String(n.type);
    nodeTypes[t] = (nodeTypes[t] ?? 0) + 1;
    links += n.links.length;
    maxLinksPerNode = Math.max(maxLinksPerNode, n.links.length);
    for (const l of n.links) {
      const lt = byNumber.get(l.targetType) ?? String(l.targetType);
      linkTypes[lt] = (linkTypes[lt] ?? 0) + 1;
    }
  }
  const nodeSource = Uint8Array.from(keep, (i) =>
    g.nodes[i].source === 'map'
      ? NODE_FROM_MAP
      : g.nodes[i].source === 'spawn'
        ? NODE_FROM_SPAWN
        : NODE_FROM_DEMOS,
  );
  const sources = {
    nodes: { demos: 0, map: 0, spawn: 0 },
    links: { demos: 0, map: 0, spawn: 0 },
  };
  const key = ['demos', 'map', 'spawn'] as const;
  for (const c of nodeSource) sources.nodes[key[c]]++;
  const mapLinks = new Set(
    g.links.filter((l) => l.fromMap).map((l) => `${index[l.from]}:${index[l.to]}`),
  );
  nav.nodes.forEach((n, i) => {
    for (const l of n.links) {
      const a = nodeSource[i];
      const b = nodeSource[l.target];
      const c =
        a === NODE_FROM_MAP || b === NODE_FROM_MAP || mapLinks.has(`${i}:${l.target}`)
          ? 'map'
          : a === NODE_FROM_SPAWN || b === NODE_FROM_SPAWN
            ? 'spawn'
            : 'demos';
      sources.links[c]++;
    }
  });
  return {
    nav,
    nodeSource,
    draftIndex: Int32Array.from(keep),
    stats: {
      sources,
      nodes: nav.nodes.length,
      links,
      nodeTypes: sortKeys(nodeTypes),
      linkTypes: sortKeys(linkTypes),
      maxLinksPerNode,
      nodesOverLimit,
      linksOverLimit: graph.links.length - links - linksIntoClosedTraps,
      closedTrapNodes,
      linksIntoClosedTraps,
    },
  };
}

function sortKeys(o: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
}
