/**
 * first-hops: a node wherever a bot standing on the floor would set off straight into a wall.
 *
 * An AQtion bot takes the nearest node in its pick-up reach as its current node and walks
 * straight from where it stands to the next node of its path, never to the current node first;
 * where a wall stands in that line it presses into the wall, and its stuck handler picks a new
 * goal from the same spot, for as long as it lives (`map-analysis/blind-first-hops.ts`,
 * docs/nav-quality.md "Blind first hops"). So every floor sample (`walkable-floor.ts`, every
 * `spacing` units) whose picked node links to a node the sample does not reach in a straight
 * line gets a MOVE node of its own, linked with walks the simulated bot makes to the nodes it
 * does reach (`map-analysis/first-hop-nodes.ts`). Samples are judged in order against the
 * graph as it grows.
 *
 * A node or link the nav test recorded as bad (the pipeline's feedback) is never made again,
 * as in `connect`.
 *
 * Emits the graph and a `first-hops` summary (samples, blind samples before, nodes and links
 * added, blind samples left).
 *
 * @example
 * stages:
 *   - first-hops: { spacing: 32, linkRange: 128 }
 * @see fill
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { passWithoutMap } from './internal/pass-without-map.js';
import { defineStage } from '../stage/stage.js';
import { num, options } from '../stage/schema-helpers.js';
import type {
  DraftGraph,
  DraftLink,
  DraftNode,
  GraphEvent,
  GraphStageResult,
} from '../stage/graph-types.js';
import { distance, NO_LINK_EVIDENCE, nodeWithoutVotes } from '../stage/graph-types.js';
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import type { CollisionModel } from '../world/collision-model.js';
import { GRID_OFFSET, walkableFloor, type FloorSamples } from '../map-analysis/walkable-floor.js';
import { loadCollision, loadMap } from '../map-analysis/map-source.js';
import { hashFile } from '../files/content-hash.js';
import { countBlindFirstHops, type HopGraph } from '../map-analysis/blind-first-hops.js';
import { firstHopNodeSteps } from '../map-analysis/first-hop-nodes.js';
import { runGivingWay, runToEnd, type Steps } from '../pausing/run-steps.js';
import { FILLED_LINK_TYPE } from '../map-analysis/floor-links.js';
import { simulateLinkFromReach } from '../simulated-bot/reach-starts.js';
import { onBrink } from '../map-analysis/brink.js';
import { STEP_SIZE } from '../movement/constants.js';
import { fillDefaults } from './fill.js';
import type { BspWorld } from '../sources/bsp/world.js';
import { NAV3_MAX_INDEX } from '../nav/formats/nav3/layout.js';
import { EMPTY_FEEDBACK, type Feedback } from '../sources/feedback/feedback.js';
import { feedbackDefaults, loadFeedbackFor } from './feedback.js';

export interface FirstHopsOptions {
  /** Floor sample spacing: the standing places looked at. [Units: world units] [Limit: 8..128] */
  readonly spacing: number;
  /** Farthest node a new node links to. [Units: world units] [Limit: 32..256] */
  readonly linkRange: number;
  /** Largest height difference of a new node's link. [Units: world units] [Limit: 0..60] */
  readonly maxStep: number;
  /** Most links of a new node (each way). [Limit: 1..16] */
  readonly maxLinks: number;
}

export const firstHopsDefaults: FirstHopsOptions = Object.freeze({
  spacing: 32,
  linkRange: 128,
  maxStep: 18,
  maxLinks: 6,
});

/** What the stage needs of the map. */
export interface FirstHopsMap {
  /** The map, for the brink rule; absent: nodes may stand anywhere. */
  readonly world?: BspWorld;
  readonly collision: CollisionModel;
  readonly floor: FloorSamples;
}

const MAX_NODES = 4000;
// The Quake II re-release nav (`--nav3`) indexes links in int16: a graph of more links cannot be
// written in it (urbanjungle: 32,803 links with every first-hop node). The stage stops adding
// nodes there rather than make a nav one of navgen's outputs cannot hold.
/** `fill`'s brink rule, with its defaults (`brinkClearance`, `maxDrop`). [Units: world units] */
const BRINK_CLEARANCE = fillDefaults.brinkClearance;
const BRINK_DEPTH = Math.max(fillDefaults.maxDrop, STEP_SIZE);

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
function recordedBad(feedback: Feedback, a: ReadonlyVec3, b: ReadonlyVec3): boolean {
  const r = feedbackDefaults.matchRadius;
  return (
    feedback.badNodes.some((bad) => distance(a, bad) <= r || distance(b, bad) <= r) ||
    feedback.badLinks.some((bad) => distance(a, bad[0]) <= r && distance(b, bad[1]) <= r)
  );
}

/** {@link firstHopsSteps} run to the end at once. */
export function addFirstHopNodes(
  g: DraftGraph,
  map: FirstHopsMap,
  o: FirstHopsOptions,
  feedback: Feedback = EMPTY_FEEDBACK,
): GraphStageResult {
  return runToEnd(firstHopsSteps(g, map, o, feedback));
}

/** The stage's work, pausing (`yield`) between its passes and within the node placement. */
function* firstHopsSteps(
  g: DraftGraph,
  map: FirstHopsMap,
  o: FirstHopsOptions,
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
    !recordedBad(feedback, a, b) &&
    simulateLinkFromReach(collision, {
      from: a,
      to: b,
      linkType: FILLED_LINK_TYPE.walk,
      fromType: 'MOVE',
      toType: 'MOVE',
    }).passed;
  // As in `fill`: no node within `BRINK_CLEARANCE` of a fall deeper than a safe drop, where a
  // bot arriving at speed runs over the edge (map-analysis/brink.ts; kumanru: a first-hop
  // node 27 units from a corridor's open end over a 360-unit pit drew bots into it).
  const world = map.world;
  const mayStand = world
    ? (p: ReadonlyVec3) => !onBrink(world, p, BRINK_CLEARANCE, BRINK_DEPTH)
    : null;
  const r = yield* firstHopNodeSteps(
    collision,
    hopGraph(g),
    places,
    walks,
    { ...o, maxNodes: MAX_NODES, maxTotalLinks: NAV3_MAX_INDEX },
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

/** The operator; `load` gives the map's collision model and floor samples when the graph arrives. */
export function firstHops(
  options: Partial<FirstHopsOptions>,
  load: (spacing: number) => Promise<FirstHopsMap | null>,
  loadFeedback: () => Promise<Feedback> = async () => EMPTY_FEEDBACK,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o: FirstHopsOptions = { ...firstHopsDefaults, ...options };
  return graphInOrder(async (e, emit) => {
    const map = await load(o.spacing);
    if (!map) {
      passWithoutMap(e, emit, 'first-hops');
      return;
    }
    const r = await runGivingWay(firstHopsSteps(e.graph, map, o, await loadFeedback()));
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'first-hops', data: r.stats });
  });
}

/** Loads the collision model and the floor (cached by the BSP's content hash in `cacheDir`). */
export function firstHopsMapLoader(
  bsp: string | null,
  cacheDir: string | null,
): (spacing: number) => Promise<FirstHopsMap | null> {
  return async (spacing) => {
    if (!bsp) return null;
    const [map, hash, collision] = await Promise.all([
      loadMap(bsp),
      hashFile(bsp),
      loadCollision(bsp),
    ]);
    const { floor } = await walkableFloor(map.world, hash, spacing, cacheDir);
    return { world: map.world, collision, floor };
  };
}

/** The `first-hops` stage of pipeline files. */
export const firstHopsStage = defineStage<FirstHopsOptions>({
  meta: {
    name: 'first-hops',
    description:
      'MOVE nodes on floor samples from which the bot\u2019s picked node links to a node the sample does not reach in a straight line (the bot walks straight at its next node and presses into the wall), linked with walks the simulated bot makes to the nodes the sample reaches.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: options({
      spacing: num('Floor sample spacing: the standing places looked at. [world units]', {
        minimum: 8,
        maximum: 128,
      }),
      linkRange: num('Farthest node a new node links to. [world units]', {
        minimum: 32,
        maximum: 256,
      }),
      maxStep: num('Largest height difference of a new node\u2019s link. [world units]', {
        minimum: 0,
        maximum: 60,
      }),
      maxLinks: num('Most links of a new node (each way).', {
        minimum: 1,
        maximum: 16,
        integer: true,
      }),
    }),
    defaults: firstHopsDefaults,
  },
  create: (opts, ctx) =>
    firstHops(opts, firstHopsMapLoader(ctx.bsp, ctx.cacheDir ?? null), () => loadFeedbackFor(ctx)),
});
