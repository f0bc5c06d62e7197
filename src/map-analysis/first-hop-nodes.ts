/**
 * Nodes that give a bot standing in a blind spot a first hop it can see (`blind-first-hops.ts`).
 *
 * The places are visited in their given order. A place whose picked node still has a link the
 * place does not reach in a straight line, or has no link at all, gets a node of its own, on
 * the place itself: from
 * there the bot picks that node (at distance 0), and the node links only to nodes the place
 * reaches, so every first hop from it is in sight. Its links go to the nodes within
 * `linkRange` that the place reaches, are at most `maxStep` higher or lower and that the
 * caller's `walks` accepts (the simulated bot, in the pipeline), nearest first, at most
 * `maxLinks`; each such node links back to it when `walks` accepts that way too. A place
 * whose node would link to nothing gets none. A new node also becomes the pick of the places
 * around it, so later places are judged against the graph as it has grown: the added nodes
 * are what a place still needs after the earlier ones, not one per blind place.
 */
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import type { CollisionModel } from '../world/collision-model.js';
import { firstHops, type HopGraph } from './blind-first-hops.js';
import { addToPickUpIndex, pickUpIndex, PICK_UP_RANGE, sweepsClear } from './pick-up.js';
import { runToEnd, type Steps } from '../pausing/run-steps.js';

export interface FirstHopNodeOptions {
  /** Farthest node a new node links to. [Units: world units] [Limit: > 0] */
  readonly linkRange: number;
  /** Largest height difference of a new node's link. [Units: world units] [Limit: ≥ 0] */
  readonly maxStep: number;
  /** Most links of a new node (each way). [Limit: 1..32] */
  readonly maxLinks: number;
  /** Most nodes added (a bound on a broken map, not a tuning knob). [Limit: ≥ 0] */
  readonly maxNodes: number;
  /**
   * Most links the grown graph may hold: a node whose links would pass it is not added (the
   * formats navgen writes hold a bounded number of links). [Limit: ≥ 0]
   */
  readonly maxTotalLinks: number;
}

/** Nearer than this to the picked node, a place is that node's own. [Units: world units] */
const SAME_PLACE = 1;

export const firstHopNodeDefaults: FirstHopNodeOptions = Object.freeze({
  linkRange: 128,
  maxStep: 18,
  maxLinks: 6,
  maxNodes: 4000,
  maxTotalLinks: Number.MAX_SAFE_INTEGER,
});

/** A bot can walk from `from` to `to` (the caller's walk check). */
export type WalkCheck = (from: ReadonlyVec3, to: ReadonlyVec3) => boolean;

export interface FirstHopNodes {
  /** Origins of the added nodes; node k here is node `graph.origins.length + k`. */
  readonly origins: ReadonlyVec3[];
  /** Added links, as node index pairs in the grown graph. */
  readonly links: { readonly from: number; readonly to: number }[];
  /** Places that were blind when their turn came. */
  readonly blindPlaces: number;
  /** Blind places left blind: no node may stand there, or none in reach it could link to. */
  readonly unlinked: number;
}

/** Places judged between two pauses of {@link firstHopNodeSteps}. */
export const PLACES_PER_STEP = 256;

/** {@link firstHopNodeSteps} run to the end at once. */
export function firstHopNodes(...args: Parameters<typeof firstHopNodeSteps>): FirstHopNodes {
  return runToEnd(firstHopNodeSteps(...args));
}

/**
 * The nodes, pausing (`yield`) every `PLACES_PER_STEP` places: on a large map the work takes
 * tens of seconds, and a pipeline run in a test worker or beside a progress display must get
 * its event loop back now and then.
 */
export function* firstHopNodeSteps(
  model: CollisionModel,
  graph: HopGraph,
  places: readonly ReadonlyVec3[],
  walks: WalkCheck,
  o: FirstHopNodeOptions = firstHopNodeDefaults,
  mayStand: ((place: ReadonlyVec3) => boolean) | null = null,
): Steps<FirstHopNodes> {
  const targets: number[][] = graph.targets.map((t) => [...t]);
  const index = pickUpIndex(graph.origins);
  const origins = index.origins;
  // Every origin in the index is one of `graph.origins` or a place: three coordinates.
  const at = (n: number) => origins[n] as ReadonlyVec3;
  const first = graph.origins.length;
  const links: { from: number; to: number }[] = [];
  let blindPlaces = 0;
  let unlinked = 0;
  const reachCells = Math.ceil(o.linkRange / PICK_UP_RANGE);
  let total = targets.reduce((sum, t) => sum + t.length, 0);
  let judged = 0;
  for (const p of places) {
    if (origins.length - first >= o.maxNodes) break;
    if (++judged % PLACES_PER_STEP === 0) yield;
    const h = firstHops(model, index, targets, p);
    // A picked node with no links at all is as blind as one whose links all are: the bot there
    // has no path, whatever its goal. (Seen on ghetto in a build with a simulated bot that did
    // not sidestep, since reverted: two spawn nodes, every way out recorded bad by the nav test,
    // where bots stood from spawn to death. The shipped navs have no such node.)
    if (!h || (h.blind.length === 0 && h.hops > 0)) continue;
    blindPlaces++;
    // A place where no node may stand (the brink of a fall, in the pipeline) stays blind, and
    // so does one where the picked node itself stands: a second node there is never picked
    // (the lower index wins a tie) and only duplicates it (bwcity: two, inside a func_wall).
    const q = at(h.node);
    const onPicked = Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]) < SAME_PLACE;
    if (onPicked || (mayStand && !mayStand(p))) {
      unlinked++;
      continue;
    }
    const near: { n: number; d: number }[] = [];
    const cx = Math.floor(p[0] / PICK_UP_RANGE);
    const cy = Math.floor(p[1] / PICK_UP_RANGE);
    for (let dx = -reachCells; dx <= reachCells; dx++)
      for (let dy = -reachCells; dy <= reachCells; dy++)
        for (const n of index.cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          const q = origins[n];
          if (Math.abs(q[2] - p[2]) > o.maxStep) continue;
          const d = Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
          if (d > 0 && d <= o.linkRange) near.push({ n, d });
        }
    near.sort((a, b) => a.d - b.d || a.n - b.n);
    const chosen: number[] = [];
    for (const { n } of near) {
      if (chosen.length >= o.maxLinks) break;
      if (sweepsClear(model, p, at(n)) && walks(p, at(n))) chosen.push(n);
    }
    if (chosen.length === 0) {
      unlinked++;
      continue;
    }
    const back = chosen.filter((n) => walks(at(n), p));
    if (total + chosen.length + back.length > o.maxTotalLinks) {
      unlinked++;
      continue;
    }
    total += chosen.length + back.length;
    const id = origins.length;
    addToPickUpIndex(index, p);
    targets.push([...chosen]);
    for (const n of chosen) {
      links.push({ from: id, to: n });
      if (back.includes(n)) {
        targets[n].push(id);
        links.push({ from: n, to: id });
      }
    }
  }
  return {
    origins: origins.slice(first).map((q): ReadonlyVec3 => [q[0], q[1], q[2]]),
    links,
    blindPlaces,
    unlinked,
  };
}
