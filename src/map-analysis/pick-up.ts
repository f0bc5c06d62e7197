/**
 * The AQtion bot's node pick-up: which node the engine takes as a bot's current node at a
 * place (`ACEND_FindClosestReachableNode`, acesrc/acebot_nodes.c at 472d3098). The nearest node
 * less than `PICK_UP_RANGE` away (3-D), at most `PICK_UP_HEIGHT` above or below, to which a box
 * from the bot's knees to its chest sweeps clear (`MASK_PLAYERSOLID`, trace fraction 1).
 *
 * Why it matters: a bot on the ground with no such node has no current node, so
 * `BOTLIB_PickLongRangeGoal` finds no goal and leaves it in its "need a nav" state, where it
 * does not move and the stuck timer that makes a lost bot kill itself does not run. It stands
 * there until someone shoots it (ghetto: 28 and 66 s in a room corner 105 units from the
 * nearest node; over the fourteen maps' trials about a sixth of all stuck time of navgen's
 * navs was at places with no node to pick up, much less on the engine's own navs).
 */
import type { CollisionModel } from '../world/collision-model.js';
import { boxTrace, newTraceResult } from '../world/trace.js';
import { MASK_PLAYERSOLID } from '../world/contents.js';

/** The search radius (`NODE_DENSITY`), exclusive. [Units: world units] */
export const PICK_UP_RANGE = 96;
/** Largest height between the bot's origin and the node's. [Units: world units] */
export const PICK_UP_HEIGHT = 60;
/** The swept box: the player's width, from a stair step (`STEPSIZE` 18) up to 32. */
const PICK_UP_MINS: readonly number[] = Object.freeze([-16, -16, 18]);
const PICK_UP_MAXS: readonly number[] = Object.freeze([16, 16, 32]);

/** Node origins hashed by cells `PICK_UP_RANGE` wide, for the pick-up's search. */
export interface PickUpIndex {
  readonly origins: (readonly number[])[];
  readonly cells: Map<string, number[]>;
}

function cellKey(x: number, y: number): string {
  return `${Math.floor(x / PICK_UP_RANGE)},${Math.floor(y / PICK_UP_RANGE)}`;
}

export function pickUpIndex(origins: readonly (readonly number[])[]): PickUpIndex {
  const index: PickUpIndex = { origins: [], cells: new Map() };
  for (const o of origins) addToPickUpIndex(index, o);
  return index;
}

/** Adds a node (its index is the next one). */
export function addToPickUpIndex(index: PickUpIndex, origin: readonly number[]): void {
  const key = cellKey(origin[0], origin[1]);
  const list = index.cells.get(key);
  if (list) list.push(index.origins.length);
  else index.cells.set(key, [index.origins.length]);
  index.origins.push(origin);
}

const trace = newTraceResult();

/**
 * The node the engine's bot standing at `p` takes as its current node, or -1 for none. Ties
 * go to the lower index, as the engine scans nodes in order and keeps a strictly nearer one.
 */
export function pickUpNode(m: CollisionModel, index: PickUpIndex, p: readonly number[]): number {
  const cx = Math.floor(p[0] / PICK_UP_RANGE);
  const cy = Math.floor(p[1] / PICK_UP_RANGE);
  const near: { n: number; d: number }[] = [];
  for (let dx = -1; dx <= 1; dx++)
    for (let dy = -1; dy <= 1; dy++)
      for (const n of index.cells.get(`${cx + dx},${cy + dy}`) ?? []) {
        const o = index.origins[n];
        if (Math.abs(o[2] - p[2]) > PICK_UP_HEIGHT) continue;
        const d = Math.hypot(o[0] - p[0], o[1] - p[1], o[2] - p[2]);
        if (d < PICK_UP_RANGE) near.push({ n, d });
      }
  near.sort((a, b) => a.d - b.d || a.n - b.n);
  for (const { n } of near) if (sweepsClear(m, p, index.origins[n])) return n;
  return -1;
}

/**
 * True when the pick-up's box sweeps from `from` to `to` without meeting a player-solid brush.
 * The bot's straight walk from where it stands to the next node of its path is tested the same
 * way (`blind-first-hops.ts`).
 */
export function sweepsClear(
  m: CollisionModel,
  from: readonly number[],
  to: readonly number[],
): boolean {
  boxTrace(m, from, to, PICK_UP_MINS, PICK_UP_MAXS, 0, MASK_PLAYERSOLID, trace);
  return trace.fraction === 1;
}
