/**
 * Places where the engine's bots walk into a wall for as long as they live: the blind first hop.
 *
 * How an AQtion bot (botlib, commit 472d3098) sets off from where it stands:
 * 1. it takes as its current node the nearest node within 96 units (NODE_DENSITY), at most 60
 *    units higher or lower, that a box (-16 -16 18)…(16 16 32) swept from its origin to the
 *    node's origin reaches unhindered (`ACEND_FindClosestReachableNode`, acebot_nodes.c);
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
 * current node has no link the place can see ("all blind": a trap whatever the goal). The
 * straight-line test is the engine's own reach test (step 1's box, swept to the next node).
 */
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import type { CollisionModel } from '../world/collision-model.js';
import { MASK_PLAYERSOLID } from '../world/contents.js';
import { boxTrace, newTraceResult } from '../world/trace.js';

/** The bot's node pick-up range (NODE_DENSITY). [Units: world units] */
export const PICK_RANGE = 96;
/** Largest height difference of a picked node. [Units: world units] */
export const PICK_HEIGHT = 60;
/** The box the pick-up sweeps: the player box from a step up to 16 below the top. */
export const PICK_MINS: ReadonlyVec3 = [-16, -16, 18];
export const PICK_MAXS: ReadonlyVec3 = [16, 16, 32];

/** A nav as the bot's path search sees it: node origins, and each node's link targets. */
export interface HopGraph {
  readonly origins: readonly ReadonlyVec3[];
  readonly targets: readonly (readonly number[])[];
}

/** The graph's nodes by PICK_RANGE-wide cell, so a pick looks at the 3 × 3 cells around it. */
export interface PickIndex {
  readonly graph: HopGraph;
  readonly cells: ReadonlyMap<string, readonly number[]>;
}

export function pickIndex(graph: HopGraph): PickIndex {
  const cells = new Map<string, number[]>();
  graph.origins.forEach((o, n) => {
    const key = cellKey(o[0], o[1]);
    const list = cells.get(key);
    if (list) list.push(n);
    else cells.set(key, [n]);
  });
  // Each cell's list ascending, so a tie in distance goes to the lower index, as in the engine.
  return { graph, cells };
}

function cellKey(x: number, y: number): string {
  return `${Math.floor(x / PICK_RANGE)},${Math.floor(y / PICK_RANGE)}`;
}

const trace = newTraceResult();

/** True when the pick-up box swept from `from` to `to` meets no player-solid brush. */
export function reaches(model: CollisionModel, from: ReadonlyVec3, to: ReadonlyVec3): boolean {
  boxTrace(model, from, to, PICK_MINS, PICK_MAXS, 0, MASK_PLAYERSOLID, trace);
  return trace.fraction === 1;
}

/**
 * The node a bot standing at `p` takes as its current node (step 1), or -1 when none. The
 * engine compares squared float32 distances, strictly less, in node order.
 */
export function enginePick(model: CollisionModel, index: PickIndex, p: ReadonlyVec3): number {
  const cx = Math.floor(p[0] / PICK_RANGE);
  const cy = Math.floor(p[1] / PICK_RANGE);
  const candidates: number[] = [];
  for (let dx = -1; dx <= 1; dx++)
    for (let dy = -1; dy <= 1; dy++)
      candidates.push(...(index.cells.get(`${cx + dx},${cy + dy}`) ?? []));
  candidates.sort((a, b) => a - b);
  const f = Math.fround;
  const range2 = PICK_RANGE * PICK_RANGE;
  let best = -1;
  let closest = 99999;
  for (const n of candidates) {
    const o = index.graph.origins[n];
    if (Math.abs(f(o[2] - p[2])) > PICK_HEIGHT) continue;
    const vx = f(o[0] - p[0]);
    const vy = f(o[1] - p[1]);
    const vz = f(o[2] - p[2]);
    const d2 = f(f(f(vx * vx) + f(vy * vy)) + f(vz * vz));
    if (d2 < closest && d2 < range2 && reaches(model, p, o)) {
      best = n;
      closest = d2;
    }
  }
  return best;
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

/** The first hops from `p`, or null when the bot picks no node there. */
export function firstHops(
  model: CollisionModel,
  index: PickIndex,
  p: ReadonlyVec3,
): FirstHops | null {
  const node = enginePick(model, index, p);
  if (node < 0) return null;
  const targets = [...new Set(index.graph.targets[node])].filter((t) => t !== node);
  const blind = targets.filter((t) => !reaches(model, p, index.graph.origins[t]));
  return { node, hops: targets.length, blind };
}

/** The count over a set of standing places. */
export interface BlindHopCount {
  /** Places looked at. */
  readonly places: number;
  /** Places where the bot picks a node. */
  readonly picked: number;
  /** Picked places with at least one blind hop. */
  readonly someBlind: number;
  /** Picked places whose node has links and all of them blind: trapped whatever the goal. */
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
  const index = pickIndex(graph);
  let picked = 0;
  let someBlind = 0;
  const traps: { place: ReadonlyVec3; node: number }[] = [];
  for (const p of places) {
    const h = firstHops(model, index, p);
    if (!h) continue;
    picked++;
    if (h.blind.length > 0) someBlind++;
    if (h.hops > 0 && h.blind.length === h.hops) traps.push({ place: p, node: h.node });
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
