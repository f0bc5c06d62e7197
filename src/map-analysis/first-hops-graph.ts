/**
 * `first-hops`' recipe: the graph with a MOVE node wherever a bot standing on the floor would
 * set off straight into a wall, and the numbers of the stage's summary.
 *
 * 1. `blind-first-hops.ts`: the floor samples whose picked node links to a node the sample
 *    does not reach in a straight line (counted before and after).
 * 2. `first-hop-nodes.ts`: a node on each such sample, judged in order against the graph as it
 *    grows, linked with walks the simulated bot makes; none within `brinkClearance` of a fall
 *    deeper than `maxDrop` (`brink.ts`, fill's rule), none and no link the nav test recorded
 *    bad (within `matchRadius`).
 *
 * The options are the stage's (`operators/first-hops.ts`) and the shared settings it reads
 * (`stage/stage.ts`, `SharedSettings`: fill's and feedback's).
 */
import type { DraftGraph, DraftLink, DraftNode, GraphStageResult } from '../stage/graph-types.js';
import { distance, NO_LINK_EVIDENCE, nodeWithoutVotes } from '../stage/graph-types.js';
import type { SharedSettings } from '../stage/stage.js';
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import type { CollisionModel } from '../world/collision-model.js';
import type { BspWorld } from '../sources/bsp/world.js';
import { EMPTY_FEEDBACK, type Feedback } from '../sources/feedback/feedback.js';
import { NAV3_MAX_INDEX } from '../nav/formats/nav3/layout.js';
import { STEP_SIZE } from '../movement/constants.js';
import { simulateLinkFromReach } from '../simulated-bot/reach-starts.js';
import { GRID_OFFSET, type FloorSamples } from './walkable-floor.js';
import { countBlindFirstHops, type HopGraph } from './blind-first-hops.js';
import { firstHopNodeSteps } from './first-hop-nodes.js';
import { FILLED_LINK_TYPE } from './floor-links.js';
import { onBrink } from './brink.js';
import { runToEnd, type Steps } from '../pausing/run-steps.js';

/** What the recipe reads: the stage's options and the shared settings it keeps to. */
export interface FirstHopsGraphOptions extends Pick<
  SharedSettings,
  'matchRadius' | 'brinkClearance' | 'maxDrop'
> {
  /** Farthest node a new node links to. [Units: world units] */
  readonly linkRange: number;
  /** Largest height difference of a new node's link. [Units: world units] */
  readonly maxStep: number;
  /** Most links of a new node (each way). */
  readonly maxLinks: number;
}

/** What the stage needs of the map. */
export interface FirstHopsMap {
  /** The map, for the brink rule; absent: nodes may stand anywhere. */
  readonly world?: BspWorld;
  readonly collision: CollisionModel;
  readonly floor: FloorSamples;
}

/** Most nodes added: a bound on a broken map, not a tuning knob. */
const MAX_NODES = 4000;

function hopGraph(g: DraftGraph): HopGraph {
  const targets: number[][] = g.nodes.map(() => []);
  for (const l of g.links) targets[l.from].push(l.to);
  return { origins: g.nodes.map((n) => n.origin), targets };
}

/**
 * Whether the nav test recorded `a` → `b` (or a node at `a`) as bad: such a node or link is
 * never made again (`iterate` refuses a draft that brings a recorded failure back, as in
 * `connect`).
 */
function recordedBad(feedback: Feedback, r: number, a: ReadonlyVec3, b: ReadonlyVec3): boolean {
  return (
    feedback.badNodes.some((bad) => distance(a, bad) <= r || distance(b, bad) <= r) ||
    feedback.badLinks.some((bad) => distance(a, bad[0]) <= r && distance(b, bad[1]) <= r)
  );
}

/** {@link firstHopsGraphSteps} run to the end at once. */
export function addFirstHopNodes(
  g: DraftGraph,
  map: FirstHopsMap,
  o: FirstHopsGraphOptions,
  feedback: Feedback = EMPTY_FEEDBACK,
): GraphStageResult {
  return runToEnd(firstHopsGraphSteps(g, map, o, feedback));
}

/** The stage's work, pausing (`yield`) between its passes and within the node placement. */
export function* firstHopsGraphSteps(
  g: DraftGraph,
  map: FirstHopsMap,
  o: FirstHopsGraphOptions,
  feedback: Feedback,
): Steps<GraphStageResult> {
  const { floor, collision } = map;
  const places: ReadonlyVec3[] = Array.from(floor.z, (z, k) => [
    floor.i[k] * floor.spacing + GRID_OFFSET,
    floor.j[k] * floor.spacing + GRID_OFFSET,
    z,
  ]);
  const before = countBlindFirstHops(collision, hopGraph(g), places);
  yield;
  const walks = (a: ReadonlyVec3, b: ReadonlyVec3) =>
    !recordedBad(feedback, o.matchRadius, a, b) &&
    simulateLinkFromReach(collision, {
      from: a,
      to: b,
      linkType: FILLED_LINK_TYPE.walk,
      fromType: 'MOVE',
      toType: 'MOVE',
    }).passed;
  // As in `fill`: no node within `brinkClearance` of a fall deeper than a safe drop, where a
  // bot arriving at speed runs over the edge (brink.ts; kumanru: a first-hop node 27 units
  // from a corridor's open end over a 360-unit pit drew bots into it).
  const world = map.world;
  const depth = Math.max(o.maxDrop, STEP_SIZE);
  const mayStand = world ? (p: ReadonlyVec3) => !onBrink(world, p, o.brinkClearance, depth) : null;
  const r = yield* firstHopNodeSteps(
    collision,
    hopGraph(g),
    places,
    walks,
    {
      linkRange: o.linkRange,
      maxStep: o.maxStep,
      maxLinks: o.maxLinks,
      maxNodes: MAX_NODES,
      // The Quake II re-release nav (`output.q2rNav`) indexes links in int16: a graph of more links
      // cannot be written in it (urbanjungle: 32,803 links with every first-hop node). The
      // stage stops adding nodes there rather than make a nav one of navgen's outputs cannot
      // hold.
      maxTotalLinks: NAV3_MAX_INDEX,
    },
    mayStand,
  );
  const nodes: DraftNode[] = [
    ...g.nodes,
    ...r.origins.map((p) => nodeWithoutVotes(p, 'MOVE', 'map')),
  ];
  const links: DraftLink[] = [
    ...g.links,
    ...r.links.map((l) => ({
      from: l.from,
      to: l.to,
      type: FILLED_LINK_TYPE.walk,
      ...NO_LINK_EVIDENCE,
    })),
  ];
  const graph = { nodes, links };
  yield;
  const after = countBlindFirstHops(collision, hopGraph(graph), places);
  return {
    graph,
    stats: {
      samples: places.length,
      pickedBefore: before.picked,
      blindBefore: before.someBlind,
      allBlindBefore: before.allBlind,
      nodesAdded: r.origins.length,
      linksAdded: r.links.length,
      unlinked: r.unlinked,
      blindAfter: after.someBlind,
      allBlindAfter: after.allBlind,
    },
  };
}
