/**
 * Places where the engine's bots walk into a wall for as long as they live: the blind first hop.
 *
 * How an AQtion bot (botlib, commit 472d3098) sets off from where it stands:
 * 1. it takes as its current node the nearest node within 96 units (NODE_DENSITY), at most 60
 *    units higher or lower, that a box (-16 -16 18)…(16 16 32) swept from its origin to the
 *    node's origin reaches unhindered (`ACEND_FindClosestReachableNode`, acebot_nodes.c; `pick-up.ts`);
 * 2. it searches a path from that node to its goal (`BOTLIB_DijkstraPath`); the path's first
 *    node is the one after the current node, and it becomes the next node;
 * 3. it walks in a straight line from where it stands towards the next node's origin
 *    (`BOTLIB_Wander`: walkdir = next node − origin); it never walks to the current node first.
 * When a wall stands between the bot and that next node, the bot presses into the wall. After
 * 120 frames without reaching a node its stuck handler (`BOTLIB_Wander`, node_travel_time ≥ 120)
 * clears the goal and a new one is picked from the same spot: same current node, and whenever
 * the new path leaves by the same link, the same blocked direction. The non-teamplay stuck
 * suicide (node_travel_time > 120, botlib_ai.c) never fires, because the stuck handler resets
 * the count first. Seen with an instrumented game library on ghetto (docs/nav-quality.md).
 *
 * So a nav is good for a standing place when every node its current node links to is reachable
 * in a straight line from the place. This module counts, over standing places (floor samples),
 * those whose current node has links the place cannot see ("some blind") and those whose
 * current node has no link the place can see ("all blind", or no link at all: a trap whatever
 * the goal). The
 * straight-line test is the engine's own reach test (step 1's box, swept to the next node:
 * `sweepsClear`).
 */
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import type { CollisionModel } from '../world/collision-model.js';
import { pickUpIndex, pickUpNode, sweepsClear, type PickUpIndex } from './pick-up.js';

/** A nav as the bot's path search sees it: node origins, and each node's link targets. */
export interface HopGraph {
  readonly origins: readonly ReadonlyVec3[];
  readonly targets: readonly (readonly number[])[];
}

/** What a bot standing at a place sets off by. */
export interface FirstHops {
  /** The current node it picks. */
  readonly node: number;
  /** Links of that node (distinct targets other than itself). */
  readonly hops: number;
  /** Those whose target the place does not reach in a straight line. */
  readonly blind: readonly number[];
}

/**
 * The first hops from `p`, or null when the bot picks no node there. `index` holds the origins
 * of `targets`' nodes (`pick-up.ts`).
 */
export function firstHops(
  model: CollisionModel,
  index: PickUpIndex,
  targets: readonly (readonly number[])[],
  p: ReadonlyVec3,
): FirstHops | null {
  const node = pickUpNode(model, index, p);
  if (node < 0) return null;
  const hops = [...new Set(targets[node])].filter((t) => t !== node);
  const blind = hops.filter((t) => !sweepsClear(model, p, index.origins[t]));
  return { node, hops: hops.length, blind };
}

/** The count over a set of standing places. */
export interface BlindHopCount {
  /** Places looked at. */
  readonly places: number;
  /** Places where the bot picks a node. */
  readonly picked: number;
  /** Picked places with at least one blind hop. */
  readonly someBlind: number;
  /** Picked places whose node has no link the place sees (all blind, or none): trapped whatever the goal. */
  readonly allBlind: number;
  /** Distinct current nodes of the all-blind places. */
  readonly trapNodes: number;
  /** The all-blind places, in input order. */
  readonly traps: readonly { readonly place: ReadonlyVec3; readonly node: number }[];
}

export function countBlindFirstHops(
  model: CollisionModel,
  graph: HopGraph,
  places: readonly ReadonlyVec3[],
): BlindHopCount {
  const index = pickUpIndex(graph.origins);
  let picked = 0;
  let someBlind = 0;
  const traps: { place: ReadonlyVec3; node: number }[] = [];
  for (const p of places) {
    const h = firstHops(model, index, graph.targets, p);
    if (!h) continue;
    picked++;
    if (h.blind.length > 0) someBlind++;
    if (h.blind.length === h.hops) traps.push({ place: p, node: h.node });
  }
  return {
    places: places.length,
    picked,
    someBlind,
    allBlind: traps.length,
    trapNodes: new Set(traps.map((t) => t.node)).size,
    traps,
  };
}
