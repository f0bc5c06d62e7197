/**
 * How AQtion bots climb ladders. They never take pmove's ladder branch: the bot code sets
 * `pm_time` to 12 (its 100 ms think / 8) before every think, and pmove skips its ladder check
 * while a timer runs. Instead, the bot code (botlib: `BOTLIB_TouchingLadder`, `BOTLIB_Look`,
 * `BOTLIB_Wander`, `BOTLIB_BotInputToUserCommand`) writes the bot's velocity directly each think,
 * then pmove runs on top of it with the bot's command:
 *
 * 1. "Touching a ladder": a tall box (32×32×192, centred on the origin) swept 1, 8, 16, then 32
 *    units along the yaw hits ladder contents; while the current or next nav node is a ladder
 *    node, also 60 units along the yaw, then along yaw + 22.5°·k for k = 1 … 16.
 * 2. On a ladder link (both nodes ladder nodes) and touching: next node higher → climb up,
 *    lower → climb down. Not touching and the next node higher → jump onto the ladder.
 * 3. Climb up: forwardmove 400, upmove 400, horizontal velocity × 0.25, vertical velocity 200.
 *    Climb down: forwardmove 50, upmove −200, horizontal velocity × 0.25, vertical velocity −100.
 *    Jump on: forwardmove 400, upmove 400, +50 vertical velocity when on ground (only without
 *    leg damage).
 * 4. The velocity goes into the pmove state as `velocity · 8` truncated to int16, with `pm_time`
 *    12 and the initial snap on (the state differs from the last pmove's).
 *
 * The game decides in step 2 with the touch result of the previous think (touch probes run after
 * the decision); callers that step think by think get that by passing the previous result.
 */
import { f32, toInt16, truncToInt } from './float32.js';
import type { Vec3 } from '../geometry/vec3.js';
import { DEG2RAD } from './angle-vectors.js';
import { newTraceResult } from '../world/trace.js';
import { CONTENTS_LADDER } from '../world/contents.js';
import type { PmoveCollision, PmoveState } from './types.js';

/** The probe box the bot code sweeps. [Units: u] */
export const BOT_LADDER_PROBE_MINS = Object.freeze([-16, -16, -96] as const);
export const BOT_LADDER_PROBE_MAXS = Object.freeze([16, 16, 96] as const);
/** Forward probe lengths of `BOTLIB_TouchingLadder`, in order. [Units: u] */
export const BOT_LADDER_TOUCH_REACH = Object.freeze([1, 8, 16, 32] as const);
/** Probe length of the look-around scan near ladder nodes, and its yaw step. [Units: u, °] */
export const BOT_LADDER_LOOK_REACH = 60;
export const BOT_LADDER_LOOK_STEP = 22.5;
/** The `pm_time` the bot code writes before every think (100 ms / 8). [Units: 8 ms] */
export const BOT_PM_TIME = 12;

/** Climbing speeds the bot code writes. [Units: u/s] */
export const BOT_LADDER_UP_SPEED = 200;
export const BOT_LADDER_DOWN_SPEED = -100;
/** Horizontal velocity kept while climbing. [Units: ×] */
export const BOT_LADDER_HORIZONTAL_KEEP = 0.25;
/** Extra vertical speed of a jump started on ground. [Units: u/s] */
export const BOT_JUMP_BOOST = 50;

const probeTrace = newTraceResult();
const end = new Float32Array(3);

/**
 * One sweep of the tall probe box from `origin` `reach` units along `yawDeg` (horizontal):
 * whether it stops on ladder contents. The direction is the double cosine/sine of the float
 * radians, stored as float, as the bot code computes it.
 */
export function botLadderProbe(
  c: PmoveCollision,
  origin: ArrayLike<number>,
  yawDeg: number,
  reach: number,
): boolean {
  const rad = f32(f32(yawDeg) * DEG2RAD);
  const fx = f32(Math.cos(rad));
  const fy = f32(Math.sin(rad));
  end[0] = f32(origin[0]! + f32(reach * fx));
  end[1] = f32(origin[1]! + f32(reach * fy));
  end[2] = f32(origin[2]! + 0);
  const tr = c.trace(origin, BOT_LADDER_PROBE_MINS, BOT_LADDER_PROBE_MAXS, end, probeTrace);
  return tr.fraction < 1 && (tr.contents & CONTENTS_LADDER) !== 0;
}

/**
 * The bot's "touching a ladder" flag after one think: the forward probes, plus the look-around
 * scan when `nearLadderNode` (the current or next nav node is a ladder node).
 */
export function botTouchingLadder(
  c: PmoveCollision,
  origin: ArrayLike<number>,
  yawDeg: number,
  nearLadderNode: boolean,
): boolean {
  for (const reach of BOT_LADDER_TOUCH_REACH) {
    if (botLadderProbe(c, origin, yawDeg, reach)) return true;
  }
  if (!nearLadderNode) return false;
  let yaw = f32(yawDeg);
  if (botLadderProbe(c, origin, yaw, BOT_LADDER_LOOK_REACH)) return true;
  for (let k = 0; k < 16; k++) {
    yaw = f32(yaw + BOT_LADDER_LOOK_STEP);
    if (botLadderProbe(c, origin, yaw, BOT_LADDER_LOOK_REACH)) return true;
  }
  return false;
}

export type BotLadderAction = 'up' | 'down' | 'jump-on' | 'none';

/**
 * What the bot code does on a ladder link (both nav nodes ladder nodes), from the touch flag and
 * the height of the next node relative to the current one. [Units: u]
 */
export function botLadderAction(touching: boolean, nextMinusCurrentZ: number): BotLadderAction {
  if (touching) {
    if (nextMinusCurrentZ > 0) return 'up';
    if (nextMinusCurrentZ < 0) return 'down';
    return 'none';
  }
  return nextMinusCurrentZ > 0 ? 'jump-on' : 'none';
}

export interface BotLadderCommand {
  /** The velocity the bot code leaves in the entity. [Units: u/s] float32 values */
  velocity: Vec3;
  /** Moves the command gets (null: left as the bot's normal steering set them). */
  forwardmove: number | null;
  upmove: number | null;
}

/**
 * Velocity and moves after the bot code's ladder handling, from the entity velocity before it
 * (the previous pmove's output / 8). `legDamage` blocks the jump-on.
 */
export function botLadderCommand(
  action: BotLadderAction,
  velocity: ArrayLike<number>,
  onGround: boolean,
  legDamage = false,
): BotLadderCommand {
  const v: Vec3 = [f32(velocity[0]!), f32(velocity[1]!), f32(velocity[2]!)];
  switch (action) {
    case 'up':
      return {
        velocity: [
          f32(v[0] * BOT_LADDER_HORIZONTAL_KEEP),
          f32(v[1] * BOT_LADDER_HORIZONTAL_KEEP),
          BOT_LADDER_UP_SPEED,
        ],
        forwardmove: 400,
        upmove: 400,
      };
    case 'down':
      return {
        velocity: [
          f32(v[0] * BOT_LADDER_HORIZONTAL_KEEP),
          f32(v[1] * BOT_LADDER_HORIZONTAL_KEEP),
          BOT_LADDER_DOWN_SPEED,
        ],
        forwardmove: 50,
        upmove: -200,
      };
    case 'jump-on':
      if (legDamage) return { velocity: v, forwardmove: null, upmove: null };
      if (onGround) v[2] = f32(v[2] + BOT_JUMP_BOOST);
      return { velocity: v, forwardmove: 400, upmove: 400 };
    case 'none':
      return { velocity: v, forwardmove: null, upmove: null };
  }
}

/**
 * The pmove input state of a bot think: the entity's velocity as 1/8 units (truncated, as the
 * game's float-to-short store does) and the bot's `pm_time`; call pmove with `snapInitial` true.
 */
export function botPmoveState(state: PmoveState, velocity: ArrayLike<number>): PmoveState {
  return {
    ...state,
    origin: [state.origin[0], state.origin[1], state.origin[2]],
    velocity: [0, 1, 2].map((i) => toInt16(truncToInt(f32(velocity[i]! * 8)))) as [
      number,
      number,
      number,
    ],
    deltaAngles: [state.deltaAngles[0], state.deltaAngles[1], state.deltaAngles[2]],
    pmTime: BOT_PM_TIME,
  };
}
