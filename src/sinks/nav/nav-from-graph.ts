/**
 * The generator's scored graph → a NavFile the writer accepts: origins rounded to float32,
 * one link per (from, to) pair (the best supported), at most 32 links per node (the best
 * supported, see `limit-links.ts`), no link into a small place a bot that cannot jump has no
 * walk out of (`nav/limp-traps.ts`, judged on the links kept), costs as the engine computes
 * them (plus the ladder entry cost on links into a ladder node, `nav/link-cost.ts`), every
 * node in use and numbered by its index. Links are listed by target index; the writer puts
 * them in the engine's save order.
 */
import { linkCostKindOf, navLinkCost } from '../../nav/link-cost.js';
import { closedTrapNodes } from '../../nav/limp-traps.js';
import { defaultNodeTypes } from '../../nav/node-types.js';
import type { NavFile, NavGraph, NavLink, NavVersion, Vec3 } from '../../nav/types.js';
import { MAX_LINKS_PER_NODE, NAV_VERSION_2, NODE_IN_USE } from '../../nav/formats/aqtion/format.js';
import { limitLinks, type ScoredLink } from './limit-links.js';

export interface NavFromGraphOptions {
  /** File version to produce. */
  version: NavVersion;
  /** [Limit: 0..32] Links kept per node. */
  maxLinksPerNode: number;
  /** The LADDER type number: links entering such a node cost `LADDER_ENTRY_COST` more. */
  ladderType: number;
  /**
   * The JUMP type number: links of this type cost `JUMP_LINK_COST` more, and are the jumps a
   * limping bot cannot make (`nav/limp-traps.ts`).
   */
  jumpType: number;
}

export const navFromGraphDefaults: Readonly<NavFromGraphOptions> = Object.freeze({
  version: NAV_VERSION_2,
  maxLinksPerNode: MAX_LINKS_PER_NODE,
  ladderType: defaultNodeTypes.LADDER,
  jumpType: defaultNodeTypes.JUMP,
});

/** Builds the nav; throws a RangeError for a link between missing nodes or a self-link. */
export function navFromGraph(graph: NavGraph, options: Partial<NavFromGraphOptions> = {}): NavFile {
  return navFromGraphCounted(graph, options).nav;
}

/** {@link navFromGraph}, with what the limp-trap rule left out. */
export interface NavFromGraphResult {
  readonly nav: NavFile;
  /** Nodes of the small limp traps no link now leads into. */
  readonly closedTrapNodes: number;
  /** The links into them that were left out. */
  readonly linksIntoClosedTraps: number;
}

/** {@link navFromGraph} with the counts of the limp-trap rule. */
export function navFromGraphCounted(
  graph: NavGraph,
  options: Partial<NavFromGraphOptions> = {},
): NavFromGraphResult {
  const { version, maxLinksPerNode, ladderType, jumpType } = {
    ...navFromGraphDefaults,
    ...options,
  };
  if (
    !Number.isInteger(maxLinksPerNode) ||
    maxLinksPerNode < 0 ||
    maxLinksPerNode > MAX_LINKS_PER_NODE
  ) {
    throw new RangeError(
      `maxLinksPerNode ${maxLinksPerNode} is not an integer in 0..${MAX_LINKS_PER_NODE}`,
    );
  }
  const count = graph.nodes.length;
  const origins = graph.nodes.map((n) => n.origin.map(Math.fround) as Vec3);
  const best = graph.nodes.map(() => new Map<number, ScoredLink>());
  graph.links.forEach((link, i) => {
    const { from, to } = link;
    if (
      !Number.isInteger(from) ||
      !Number.isInteger(to) ||
      from < 0 ||
      to < 0 ||
      from >= count ||
      to >= count
    ) {
      throw new RangeError(`graph link ${i}: ${from} → ${to} is not between nodes 0..${count - 1}`);
    }
    if (from === to) throw new RangeError(`graph link ${i}: links node ${from} to itself`);
    const candidate: ScoredLink = { target: to, targetType: link.type, support: link.support };
    const held = best[from].get(to);
    if (
      !held ||
      candidate.support > held.support ||
      (candidate.support === held.support && candidate.targetType < held.targetType)
    ) {
      best[from].set(to, candidate);
    }
  });
  const chosen = graph.nodes.map((_, i) =>
    limitLinks(
      [...best[i].values()].sort((a, b) => a.target - b.target),
      maxLinksPerNode,
    ),
  );
  // Small limp traps are closed: no link leads in (`nav/limp-traps.ts`).
  const closed = closedTrapNodes(chosen, (type) => type === jumpType);
  let linksIntoClosedTraps = 0;
  const nav: NavFile = {
    version,
    nodes: graph.nodes.map((node, i) => {
      const kept = chosen[i].filter((l) => closed[i] === 1 || closed[l.target] === 0);
      linksIntoClosedTraps += chosen[i].length - kept.length;
      const links: NavLink[] = kept.map((l) => ({
        target: l.target,
        targetType: l.targetType,
        cost: navLinkCost(
          origins[i],
          origins[l.target],
          linkCostKindOf(
            { ladder: ladderType, jump: jumpType },
            node.type,
            graph.nodes[l.target].type,
            l.targetType,
          ),
        ),
      }));
      return {
        area: 0,
        origin: origins[i],
        type: node.type,
        nodenum: i,
        inuse: NODE_IN_USE,
        links,
      };
    }),
  };
  return { nav, closedTrapNodes: closed.reduce((a, b) => a + b, 0), linksIntoClosedTraps };
}
