/**
 * One think of the AQtion bot following a link: the usercmd it sends and the velocity it writes
 * itself before the game runs pmove. A condensed reading of the engine's `BOTLIB_Wander`
 * (`botlib_movement.c`: what to do per link type, `BOTLIB_Crouch_Or_Jump`, the sidestep when
 * it has not moved) and `BOTLIB_BotInputToUserCommand` (`botlib_ai.c`: direction → moves, and
 * the velocity writes of its jump, ladder-up and ladder-down actions), without what needs other
 * players (enemies, dodging, items) or randomness.
 *
 * Bots think ten times a second; each think is one 100 ms pmove call.
 *
 * Known difference, kept on purpose: the engine never runs the sidestep. Its `moved` test
 * measures from `edict_t.lastPosition`, which only the old `BOTAI_Think` writes; botlib bots
 * keep the world's origin there (`PutClientInServer` clears it), so they always "moved".
 * Without the sidestep this driver wedges where real bots wedged (ghetto's pillar nook, bwcity's
 * wall block), but navs built with it were worse for the real bots: spawn rooms behind
 * corridors one box wide lost their ways out (docs/nav-quality.md, "A bot without the
 * sidestep"). The engine's bot (`SimulateLinkOptions.sidestep` false) judges links in the
 * `wedge-links` stage instead, which takes one away only where another way remains.
 */
import { MASK_WATER } from '../world/contents.js';
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import { botLadderAction } from '../movement/bot-ladder.js';
import type { TraceResult } from '../world/trace.js';
import type { PmoveCollision, PmoveState, UserCmd } from '../movement/types.js';
import type { LinkKind } from './link-kind.js';
import { STEP_SIZE } from '../player.js';

/** The bot's speed words (`SPEED_ROAM`, `SPEED_WALK`, `SPEED_RUN` in `acebot.h`). [Units: u/s] */
export const SPEED_ROAM = 100;
export const SPEED_WALK = 200;
export const SPEED_RUN = 400;
/** [Units: u] `STEPSIZE` of the game. */
const STEPSIZE = STEP_SIZE;
/** [Units: ms] One bot think. */
export const THINK_MSEC = 100;

const ACTION_JUMP = 1;
const ACTION_CROUCH = 2;
const ACTION_MOVEUP = 4;
const ACTION_MOVEDOWN = 8;
const ACTION_MOVEFORWARD = 16;

/** What the driver knows of the bot at the start of a think. */
export interface BotView {
  /** [Units: u] */
  readonly origin: Float64Array;
  /** [Units: u/s] Written to by {@link think} (the bot code sets the velocity itself). */
  readonly velocity: Float64Array;
  readonly onGround: boolean;
  /** Moved less than 0.1 u since the last think (the bot's own `moved` test). */
  readonly stalled: boolean;
  /**
   * The bot's "touching a ladder" flag from the previous think (`botTouchingLadder` in
   * `src/movement/bot-ladder.ts`): the game decides with last think's probe.
   */
  readonly touchingLadder: boolean;
  /** Hurt legs (from a fall): the bot code does not jump then. */
  readonly legDamage: boolean;
}

/** The link being followed. [Units: u] */
export interface DriverLink {
  readonly kind: LinkKind;
  readonly from: ReadonlyVec3;
  readonly to: ReadonlyVec3;
}

/** Scratch owned by one simulation (traces are reused, nothing is allocated per think). */
export interface DriverScratch {
  readonly tr: TraceResult;
  readonly a: Float64Array;
  readonly b: Float64Array;
  readonly mins: Float64Array;
  readonly maxs: Float64Array;
}

function angle2short(deg: number): number {
  const s = Math.trunc((deg * 65536) / 360) & 65535;
  return s >= 32768 ? s - 65536 : s;
}

function box(
  s: DriverScratch,
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
) {
  s.mins[0] = x0;
  s.mins[1] = y0;
  s.mins[2] = z0;
  s.maxs[0] = x1;
  s.maxs[1] = y1;
  s.maxs[2] = z1;
}

/** `BOTLIB_Crouch_Or_Jump`: an obstacle one unit ahead of the feet that a jump or a crouch clears. */
function crouchOrJump(
  c: PmoveCollision,
  s: DriverScratch,
  origin: Float64Array,
  yaw: number,
): number {
  const fx = Math.cos(yaw);
  const fy = Math.sin(yaw);
  const start = s.a;
  const end = s.b;
  start[0] = origin[0];
  start[1] = origin[1];
  start[2] = origin[2] - 24;
  end[0] = start[0] + fx;
  end[1] = start[1] + fy;
  end[2] = start[2];
  // Head room: anything just above a standing player's head.
  box(s, -15, -15, 0, 15, 15, 1);
  const headStart = [start[0], start[1], start[2] + 56];
  const headEnd = [start[0], start[1], start[2] + 57];
  let tr = c.trace(headStart, s.mins, s.maxs, headEnd, s.tr);
  const head = tr.fraction < 1 || tr.startsolid;
  box(s, -16, -16, STEPSIZE, 16, 16, 56);
  tr = c.trace(start, s.mins, s.maxs, end, s.tr);
  if (!(tr.fraction < 1 || tr.startsolid)) return 0;
  box(s, -16, -16, STEPSIZE, 16, 16, STEPSIZE);
  const crouch = c.trace(start, s.mins, s.maxs, end, s.tr).fraction === 1;
  box(s, -16, -16, 60, 16, 16, 61);
  tr = c.trace(start, s.mins, s.maxs, end, s.tr);
  const jump = tr.fraction === 1 && !tr.startsolid;
  if ((crouch || head) && !jump) return ACTION_CROUCH;
  if (jump && !crouch && !head) return ACTION_JUMP;
  return 0;
}

/**
 * `BOTLIB_TEST_FORWARD_VEC`: a thin box swept 48 u ahead of one side of the bot is blocked.
 * (The engine sweeps it with the monster mask; the player mask differs only in the clip
 * brushes it honours.)
 */
function sideBlocked(
  c: PmoveCollision,
  s: DriverScratch,
  origin: Float64Array,
  yaw: number,
  side: number,
): boolean {
  const fx = Math.cos(yaw);
  const fy = Math.sin(yaw);
  // right = (sin, -cos) for a level view
  const rx = fy;
  const ry = -fx;
  const forward = 16 + 2;
  const right = side > 0 ? 16 + side : -16 + side;
  const up = -24 + STEPSIZE;
  s.a[0] = origin[0] + fx * forward + rx * right;
  s.a[1] = origin[1] + fy * forward + ry * right;
  s.a[2] = origin[2] + up;
  s.b[0] = s.a[0] + fx * 48;
  s.b[1] = s.a[1] + fy * 48;
  s.b[2] = s.a[2];
  box(s, -4, -4, STEPSIZE + 0.01, 4, 4, 56);
  const tr = c.trace(s.a, s.mins, s.maxs, s.b, s.tr);
  return tr.fraction < 1 || tr.startsolid;
}

/**
 * One think: fills `cmd` and changes `bot.velocity` as the bot code would, for the bot
 * following `link` toward `link.to`.
 */
export function think(
  c: PmoveCollision,
  s: DriverScratch,
  link: DriverLink,
  bot: BotView,
  cmd: UserCmd,
): void {
  const o = bot.origin;
  const v = bot.velocity;
  const to = link.to;
  // Head for the target: a level direction, or a full one in water and on ladders.
  let wx = to[0] - o[0];
  let wy = to[1] - o[1];
  let wz = to[2] - o[2];
  const wl = Math.sqrt(wx * wx + wy * wy + wz * wz) || 1;
  wx /= wl;
  wy /= wl;
  wz /= wl;
  const hl = Math.sqrt(wx * wx + wy * wy);
  let dx = hl > 0 ? wx / hl : 0;
  let dy = hl > 0 ? wy / hl : 0;
  let dz = 0;
  let speed = SPEED_RUN;
  let actions = 0;
  const yaw = hl > 0 ? Math.atan2(wy, wx) : 0;
  let pitch = 0; // degrees, positive looks down

  switch (link.kind) {
    case 'walk':
      if (!bot.onGround) speed = SPEED_ROAM; // the bot slows down in the air on MOVE links
      break;
    case 'crouch':
      actions |= ACTION_CROUCH;
      break;
    case 'jump':
      if (bot.onGround) actions |= ACTION_JUMP;
      break;
    case 'drop':
      break;
    case 'swim': {
      dx = wx;
      dy = wy;
      dz = wz;
      pitch = (-Math.atan2(wz, hl) * 180) / Math.PI;
      s.a[0] = o[0];
      s.a[1] = o[1];
      s.a[2] = o[2] - 8;
      const feetWet = (c.pointContents(s.a) & MASK_WATER) !== 0;
      if (feetWet && Math.abs(to[2] - o[2]) <= 33) {
        // level with the target: just swim at it
      } else if (feetWet && to[2] > o[2]) actions |= ACTION_MOVEUP | ACTION_MOVEFORWARD;
      else if (to[2] < o[2]) actions |= feetWet ? ACTION_MOVEDOWN : ACTION_CROUCH;
      break;
    }
    case 'ladder': {
      dx = wx;
      dy = wy;
      dz = wz;
      speed = SPEED_ROAM;
      const action = botLadderAction(bot.touchingLadder, link.to[2] - link.from[2]);
      if (action === 'up') actions |= ACTION_MOVEUP;
      else if (action === 'down') actions |= ACTION_MOVEDOWN;
      else if (action === 'jump-on') actions |= ACTION_JUMP;
      break;
    }
  }

  const obstacle = crouchOrJump(c, s, o, yaw);
  if (obstacle === ACTION_JUMP) actions = (actions | ACTION_JUMP) & ~ACTION_CROUCH;
  else if (obstacle === ACTION_CROUCH) actions = (actions | ACTION_CROUCH) & ~ACTION_JUMP;

  if (bot.stalled) {
    const right = sideBlocked(c, s, o, yaw, 8);
    const left = sideBlocked(c, s, o, yaw, -8);
    if (right && left) actions |= ACTION_JUMP;
    else if (right) {
      dx = -Math.sin(yaw);
      dy = Math.cos(yaw);
      dz = 0;
    } else if (left) {
      dx = Math.sin(yaw);
      dy = -Math.cos(yaw);
      dz = 0;
    }
  }

  // Direction → moves, in the frame of the view (yaw at the target; pitch only when the
  // direction has a vertical part). The up move stays 0: the bot code zeroes it for healthy legs.
  const yawDeg = (yaw * 180) / Math.PI;
  cmd.msec = THINK_MSEC;
  cmd.buttons = 0;
  cmd.angles[0] = angle2short(pitch);
  cmd.angles[1] = angle2short(yawDeg);
  cmd.angles[2] = 0;
  const p = dz !== 0 ? (pitch * Math.PI) / 180 : 0;
  const fx = Math.cos(p) * Math.cos(yaw);
  const fy = Math.cos(p) * Math.sin(yaw);
  const fz = -Math.sin(p);
  const rx = Math.sin(yaw);
  const ry = -Math.cos(yaw);
  let f = fx * dx + fy * dy + fz * dz;
  let r = rx * dx + ry * dy;
  const m = Math.max(Math.abs(f), Math.abs(r), Math.abs(Math.abs(fz) * dz));
  if (m > 0) {
    f *= speed / m;
    r *= speed / m;
  }
  cmd.forwardmove = Math.trunc(f);
  cmd.sidemove = Math.trunc(r);
  cmd.upmove = 0;
  cmd.impulse = 0;
  cmd.lightlevel = 0;

  if (actions & ACTION_MOVEFORWARD) cmd.forwardmove = SPEED_RUN;
  if (bot.legDamage) actions &= ~ACTION_JUMP;
  if (actions & ACTION_JUMP) {
    cmd.upmove = SPEED_RUN;
    if (bot.onGround) v[2] += 50; // the bot's own push off the ground
    cmd.forwardmove = SPEED_RUN;
  }
  if (actions & ACTION_CROUCH) cmd.upmove = -SPEED_RUN;
  if (actions & ACTION_MOVEDOWN) {
    cmd.forwardmove = 50;
    cmd.upmove = -SPEED_WALK;
    v[0] *= 0.25;
    v[1] *= 0.25;
    v[2] = -100;
  }
  if (actions & ACTION_MOVEUP) {
    cmd.forwardmove = SPEED_RUN;
    cmd.upmove = SPEED_RUN;
    v[0] *= 0.25;
    v[1] *= 0.25;
    v[2] = 200;
  }
  if (actions & ACTION_JUMP) {
    // A small push along the wish direction while jumping (the bot's air control).
    const dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (dl > 0) {
      const ux = dx / dl;
      const uy = dy / dl;
      const uz = dz / dl;
      const wish = Math.min(dl, SPEED_RUN);
      const add = (wish - (v[0] * ux + v[1] * uy + v[2] * uz)) * 10.1;
      if (add > 0) {
        const accel = Math.min(SPEED_RUN * 0.1 * wish, add);
        v[0] += accel * ux;
        v[1] += accel * uy;
        v[2] += accel * uz;
      }
    }
  }
}

/** A usercmd to fill. */
export function newUserCmd(): UserCmd {
  return {
    msec: THINK_MSEC,
    buttons: 0,
    angles: [0, 0, 0],
    forwardmove: 0,
    sidemove: 0,
    upmove: 0,
    impulse: 0,
    lightlevel: 0,
  };
}

/** Writes the bot's float velocity into the state as the game does (×8, truncated, int16). */
export function storeVelocity(state: PmoveState, v: Float64Array): void {
  for (let i = 0; i < 3; i++) {
    const q = Math.trunc(Math.fround(v[i]) * 8);
    state.velocity[i] = Math.max(-32768, Math.min(32767, q));
  }
}
