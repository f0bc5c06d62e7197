/**
 * Room to land: whether the floor a drop lands on goes on past its target node, in the drop's
 * direction, far enough for a bot that arrives with speed to stop on it.
 *
 * The simulated bot makes a drop onto a ledge 56 units wide (it steers back in the air, and it
 * counts the target reached when it passes through it in flight), but the AQtion bot takes the
 * next node of its path as soon as it touches the target and flies on: on city, bots leaving a
 * roof at (-1244, -441, 408) for a strip at z 245 two hundred units east flew over it and fell
 * the 384 units to the street, most of city's fatal falls. A drop holds only when, for
 * {@link LANDING_ROOM} units past the target along the drop's horizontal direction, the standing
 * box finds floor within a stair step below the target's height — or a wall that stops it.
 */
import type { PmoveCollision } from '../movement/types.js';
import { newTraceResult } from '../world/trace.js';
import { STANDING_MAXS, STANDING_MINS, STEP_SIZE } from '../movement/constants.js';

/** How far past the target the landing floor must go (or a wall stop the bot). [Units: u] */
export const LANDING_ROOM = 48;
/** Spacing of the floor probes past the target. [Units: u] */
const PROBE_STEP = 16;
/** Drops shorter than this horizontally fall straight down: no direction to look along. [Units: u] */
const MIN_RUN = 8;

/** Whether the landing of a drop from `from` to `to` has room (see the module comment). */
export function landingHasRoom(
  c: PmoveCollision,
  from: readonly number[],
  to: readonly number[],
): boolean {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const run = Math.hypot(dx, dy);
  if (run < MIN_RUN) return true;
  const ux = dx / run;
  const uy = dy / run;
  const tr = newTraceResult();
  let prev = [to[0], to[1], to[2] + 1];
  for (let k = PROBE_STEP; k <= LANDING_ROOM; k += PROBE_STEP) {
    const p = [to[0] + ux * k, to[1] + uy * k, to[2] + 1];
    // A wall ahead stops a bot that lands running. (The target's own box may touch the wall it
    // dropped from behind it: a start inside solid says nothing about what lies ahead.)
    if (c.trace(p, STANDING_MINS, STANDING_MAXS, p, tr).startsolid) return true;
    const ahead = c.trace(prev, STANDING_MINS, STANDING_MAXS, p, tr);
    if (!ahead.startsolid && ahead.fraction < 1) return true;
    const below = c.trace(p, STANDING_MINS, STANDING_MAXS, [p[0], p[1], to[2] - STEP_SIZE], tr);
    if (below.fraction >= 1) return false;
    prev = p;
  }
  return true;
}
