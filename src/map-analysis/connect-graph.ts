/**
 * `connect`'s recipe (numbered steps, as `fill-graph.ts`): the graph with every node one a bot
 * can leave for the rest of the map, and reach from it, where the map allows; and the numbers
 * of the stage's summary.
 *
 * The AQtion bot follows links only in their direction and picks goals among the nodes; from
 * a node that does not lead into the graph's main strongly connected component
 * (`main-reach.ts`) no goal is reachable, and a bot whose nearest node it is stands still (on
 * ghetto a spawn point linked to one node that linked only back to it held a bot for 234 s of
 * a 240 s trial).
 *
 * 1. Escapes (`connect-links.ts`): for each node that does not lead into the main component, a
 *    link to the nearest node that does, or two through a new node between; each kind of way
 *    out tried for every node apart before the next kind (`ESCAPE_WAYS`).
 * 2. Entries (`connect-links.ts`): for each node the main component does not lead to, a link
 *    into it the same way.
 *    Rounds of 1 and 2 repeat while they add links (a node joined lets its neighbours join),
 *    `MAX_ROUNDS` at most.
 * 2b. Into islands: each node that still leads neither into the main component nor into an
 *    island (below) gets a way out, made as in step 1 but only by walking (a fall into a part
 *    a bot cannot leave is a trap: midtown's lowest floor lies 216 units below a spawn point),
 *    to a node that leads into an island. A
 *    map can be split for good (subway2's platforms are apart save by train; the engine's own
 *    nav splits them too); a spawn point beside one half whose floor led nowhere else stayed
 *    a group of two nodes, and a bot spawned there stood there (on subway2's nav from the
 *    demos, 236 s of a 240 s trial in two runs of four).
 * 3. Traps (`main-reach.ts`, with `dropTraps`): nodes that still lead nowhere are removed, so
 *    that a bot standing there takes another node as its nearest — but not spawn nodes, nor
 *    nodes leading into an island of at least `minIsland` nodes (the engine's own nav leaves
 *    such places apart too: midtown's lowest floor); and no link leads from the rest of the
 *    graph into what leads nowhere, so no goal sends a bot where it cannot come back from.
 *
 * Deterministic: nodes in number order, candidates by distance then number. The options are
 * the stage's (`operators/connect.ts` states each once); `matchRadius` is the pipeline's
 * (feedback's, unless the stage sets its own).
 */
import type { DraftGraph, GraphStageResult } from '../stage/graph-types.js';
import type { Feedback } from '../sources/feedback/feedback.js';
import { runToEnd, type Steps } from '../pausing/run-steps.js';
import {
  ConnectLinks,
  ESCAPE_FROM,
  ESCAPE_WAYS,
  GROUND,
  type ConnectLinkOptions,
  type ConnectMap,
  type EscapeWay,
} from './connect-links.js';
import { leadsIntoIsland, mainReach, withoutTraps, type MainReach } from './main-reach.js';

/** What the recipe reads of the stage's options (see `operators/connect.ts` for each). */
export interface ConnectGraphOptions extends ConnectLinkOptions {
  /** Step 3 on: remove the nodes that still lead nowhere. */
  readonly dropTraps: boolean;
  /** Groups apart from the main one with this many nodes are islands, kept in step 3. */
  readonly minIsland: number;
}

/** Rounds at most (each round after the first only retries the nodes still apart). */
const MAX_ROUNDS = 8;

/** Nodes looked at, or links simulated, between two pauses of {@link connectGraphSteps}. */
const NODES_PER_STEP = 256;
const SIMULATIONS_PER_STEP = 64;

/** {@link connectGraphSteps} run to the end at once. */
export function connectGraph(
  g: DraftGraph,
  map: ConnectMap,
  feedback: Feedback,
  o: ConnectGraphOptions,
): GraphStageResult {
  return runToEnd(connectGraphSteps(g, map, feedback, o));
}

/**
 * The steps (see the file comment), pausing (`pausing/run-steps.ts`) in the rounds every
 * `NODES_PER_STEP` nodes or `SIMULATIONS_PER_STEP` simulated links, whichever comes first: on
 * ghetto the stage simulates links for about 18 s.
 */
export function* connectGraphSteps(
  g: DraftGraph,
  map: ConnectMap,
  feedback: Feedback,
  o: ConnectGraphOptions,
): Steps<GraphStageResult> {
  const ways = new ConnectLinks(g, map, feedback, o);
  const { nodes, links } = ways;
  // Where the last pause was: the node count looked at and the links simulated then.
  let looked = 0;
  let simulatedAtPause = 0;
  const pauseDue = (): boolean => {
    if (++looked % NODES_PER_STEP !== 0 && ways.simulated - simulatedAtPause < SIMULATIONS_PER_STEP)
      return false;
    simulatedAtPause = ways.simulated;
    return true;
  };

  let escapes = 0;
  let bridges = 0;
  let escapesFromCentre = 0;
  let entries = 0;
  let reach = mainReach(nodes.length, links);
  const before = {
    leadNowhere: reach.leads.filter((m) => !m).length,
    unreached: reach.reached.filter((m) => !m).length,
  };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let added = 0;
    const count = nodes.length;
    // 1. Escapes, each way for every node still apart before the next (`ESCAPE_WAYS`).
    reach = yield* escapePass(
      ways,
      reach,
      intoMain,
      ESCAPE_WAYS,
      count,
      () => true,
      pauseDue,
      (way) => {
        escapes++;
        if (way === 'bridge') bridges++;
        else if (way !== 'from-reach') escapesFromCentre++;
        added++;
      },
    );
    // 2. Entries.
    for (let v = 0; v < count; v++) {
      if (pauseDue()) yield;
      if (reach.reached[v] || !GROUND.has(nodes[v].type)) continue;
      if (!ways.entry(v, reach.reached)) continue;
      entries++;
      added++;
      reach = mainReach(nodes.length, links);
    }
    if (added === 0) break;
  }
  // 2b. Into islands.
  let islandEscapes = 0;
  const intoIsland = (r: MainReach): Uint8Array => {
    const marks = leadsIntoIsland(nodes.length, links, r, o.minIsland);
    r.leads.forEach((m, v) => {
      if (m) marks[v] = 1;
    });
    return marks;
  };
  reach = yield* escapePass(
    ways,
    reach,
    intoIsland,
    ISLAND_WAYS,
    nodes.length,
    () => true,
    pauseDue,
    () => islandEscapes++,
    true,
  );
  const after = {
    leadNowhere: reach.leads.filter((m) => !m).length,
    unreached: reach.reached.filter((m) => !m).length,
  };
  // 3. Traps.
  let graph: DraftGraph = { nodes, links };
  let trapsRemoved = 0;
  let linksIntoIslandsRemoved = 0;
  if (o.dropTraps && after.leadNowhere > 0) {
    const kept = withoutTraps(nodes, links, reach, o.minIsland);
    graph = kept.graph;
    trapsRemoved = kept.removed;
    linksIntoIslandsRemoved = kept.linksIntoIslands;
  }
  return {
    graph,
    stats: {
      nodesLeadingNowhere: before.leadNowhere,
      nodesUnreached: before.unreached,
      escapeLinksAdded: escapes,
      escapeLinksFromCentreOnly: escapesFromCentre,
      bridgeNodesAdded: bridges,
      entryLinksAdded: entries,
      islandEscapeLinksAdded: islandEscapes,
      linksSimulated: ways.simulated,
      nodesStillLeadingNowhere: after.leadNowhere,
      nodesStillUnreached: after.unreached,
      trapNodesRemoved: trapsRemoved,
      linksIntoIslandsRemoved,
    },
  };
}

/**
 * The ways a mend makes a way out by: the ones a link the build's own test passes is made by
 * (from everywhere the bot counts the source reached, or through a new node between, each link
 * from its reach starts).
 */
const MENDING_WAYS: readonly EscapeWay[] = ['from-reach', 'bridge'];

/** What {@link mendWaysOut} made of a graph. */
export interface MendResult {
  readonly graph: DraftGraph;
  /** Ways out made. */
  readonly escapes: number;
  /** Links cut that led from where a bot can come back into nodes still leading nowhere. */
  readonly cut: number;
}

/**
 * Step 1 again after a later repair took links away (the build's own test removes each link it
 * fails): ways out for the nodes marked in `lost` that no longer lead into the main component,
 * made only the {@link MENDING_WAYS}, never along a link in `failed`. New nodes (bridges) come
 * after the graph's own. On ghetto's nav from the map alone the own test failed the one way off
 * a roof spawn point (a link made from its source only), and bots spawned there stood up to 236 s
 * of a 240 s trial.
 *
 * Then step 3's rule for the lost nodes still leading nowhere: no link leads into them from a
 * node that leads into the main component, so no goal sends a bot where it cannot come back
 * from (the own test then removes them, cut off). Without it a failed drop on urbanjungle left
 * ten nodes the rest of the graph led into and none led out of.
 */
export function mendWaysOut(
  g: DraftGraph,
  map: ConnectMap,
  failed: Feedback,
  lost: Uint8Array,
  o: ConnectLinkOptions,
): MendResult {
  const ways = new ConnectLinks(g, map, failed, o);
  let reach = mainReach(ways.nodes.length, ways.links);
  let escapes = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = escapes;
    reach = runToEnd(
      escapePass(
        ways,
        reach,
        intoMain,
        MENDING_WAYS,
        lost.length,
        (v) => lost[v] === 1,
        () => false,
        () => escapes++,
      ),
    );
    if (escapes === before) break;
  }
  const trapped = (v: number) => lost[v] === 1 && reach.leads[v] === 0;
  const links = ways.links.filter((l) => !(reach.leads[l.from] === 1 && trapped(l.to)));
  return {
    graph: { nodes: ways.nodes, links },
    escapes,
    cut: ways.links.length - links.length,
  };
}

/** The ways step 2b makes a way into an island by, each a walk (`walksOnly`). */
const ISLAND_WAYS: readonly EscapeWay[] = ['from-reach', 'from-centre', 'bridge'];

/** The nodes that lead into the main component: where step 1's ways out go. */
const intoMain = (r: MainReach): Uint8Array => r.leads;

/**
 * Step 1's pass (and 2b's): each way of `wayList` in turn, for every node below `count` that
 * `wanted` allows and that `goal` does not mark, a way out to a node it marks (`walksOnly`:
 * walks only), the reach and the marks computed again after each (a node joined lets its
 * neighbours join). Pauses where `pauseDue` says; `made` hears of each way out made. Returns the
 * reach at the end.
 */
function* escapePass(
  ways: ConnectLinks,
  reach: MainReach,
  goal: (r: MainReach) => Uint8Array,
  wayList: readonly EscapeWay[],
  count: number,
  wanted: (v: number) => boolean,
  pauseDue: () => boolean,
  made: (way: EscapeWay) => void,
  walksOnly = false,
): Steps<MainReach> {
  let marks = goal(reach);
  for (const way of wayList)
    for (let v = 0; v < count; v++) {
      if (pauseDue()) yield;
      if (marks[v] || !wanted(v) || !ESCAPE_FROM.has(ways.nodes[v].type)) continue;
      if (!ways.escape(v, marks, way, walksOnly)) continue;
      made(way);
      reach = mainReach(ways.nodes.length, ways.links);
      marks = goal(reach);
    }
  return reach;
}
