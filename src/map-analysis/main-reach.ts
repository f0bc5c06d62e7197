/**
 * Where a graph's main part stands for `connect` (`connect-graph.ts`): the largest strongly
 * connected component, which nodes lead into it and which it leads to; and the trap nodes that
 * lead nowhere, taken away.
 */
import type { DraftGraph, DraftLink, DraftNode } from '../stage/graph-types.js';
import { adjacency, largestReach, spreadMarks } from '../graph/strong-components.js';

export interface MainReach {
  /** 1 for the nodes that lead into the main component (its own nodes among them). */
  readonly leads: Uint8Array;
  /** 1 for the nodes the main component leads to (its own nodes among them). */
  readonly reached: Uint8Array;
  /** Each node's strongly connected component, and their count. */
  readonly component: Int32Array;
  readonly count: number;
}

/** Who leads into the main component (`leads`) and who it leads to (`reached`). */
export function mainReach(n: number, links: readonly DraftLink[]): MainReach {
  const { component, count, main, leads, fwd } = largestReach(n, links);
  const reached = spreadMarks(
    fwd,
    Uint8Array.from(component, (c) => (c === main ? 1 : 0)),
  );
  return { leads, reached, component, count };
}

/**
 * 1 for the nodes that lead into an island: a strongly connected group of at least `minIsland`
 * nodes apart from the main one (none of whose nodes leads into it), the group's own nodes
 * among them.
 */
export function leadsIntoIsland(
  n: number,
  links: readonly DraftLink[],
  reach: MainReach,
  minIsland: number,
): Uint8Array {
  const size = new Int32Array(reach.count);
  reach.component.forEach((c) => size[c]++);
  const island = new Uint8Array(n);
  reach.component.forEach((c, v) => {
    if (!reach.leads[v] && size[c] >= minIsland) island[v] = 1;
  });
  return spreadMarks(adjacency(n, links, true), island);
}

/**
 * The graph without the nodes that lead nowhere (not into the main component), and the count
 * taken away — but for spawn nodes (a bot spawned with no node near stands still: ghetto,
 * 235 s) and for nodes leading into an island, a strongly connected group of at least
 * `minIsland` nodes where a bot still finds goals to roam to. Links follow their nodes.
 *
 * No link is kept from a node that leads into the main component to one that does not: an
 * island is for the bots that spawn or land in it, never a goal the nav sends a bot to (it would
 * stay there until it dies). Midtown's lowest floor: the players of four demos went down into it
 * twice and never came out; on the nav, 141 of 1,707 nodes a bot could walk into and not leave,
 * one in twelve of its random goals. An island no link leads into stays too: a bot that lands
 * there still finds goals, and an admin who mends the way in (`navgen view`) needs its nodes.
 */
export function withoutTraps(
  nodes: readonly DraftNode[],
  links: readonly DraftLink[],
  reach: MainReach,
  minIsland: number,
): { graph: DraftGraph; removed: number; linksIntoIslands: number } {
  const n = nodes.length;
  const island = leadsIntoIsland(n, links, reach, minIsland);
  const index = new Int32Array(n).fill(-1);
  const kept: DraftNode[] = [];
  // Spawn nodes stay whatever: without a node near, a bot spawned there has none to start from.
  nodes.forEach((node, v) => {
    if (reach.leads[v] || island[v] || node.type === 'SPAWNPOINT') index[v] = kept.push(node) - 1;
  });
  const intoIsland = (l: DraftLink) => reach.leads[l.from] === 1 && reach.leads[l.to] === 0;
  return {
    graph: {
      nodes: kept,
      links: links
        .filter((l) => index[l.from] >= 0 && index[l.to] >= 0 && !intoIsland(l))
        .map((l) => ({ ...l, from: index[l.from], to: index[l.to] })),
    },
    removed: n - kept.length,
    linksIntoIslands: links.filter(intoIsland).length,
  };
}
