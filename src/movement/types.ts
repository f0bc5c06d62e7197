/**
 * Data shapes of the player-movement port: the parameters a server gives each client, the
 * `pmove_state_t` / `usercmd_t` of the old game API with AQtion's extension fields, and what one
 * pmove call returns. Plain data only, so states can be copied, logged and sent between threads.
 */
import type { TraceResult } from '../world/trace.js';
import type { Vec3 } from '../geometry/vec3.js';

/** Per-client movement parameters (q2pro `pmoveParams_t`). */
export interface PmoveParams {
  /** QuakeWorld-style movement. Not read by the old pmove variant; kept for completeness. */
  qwmode: boolean;
  /** Air control: in the air, accelerate towards a wish speed capped at 30 u/s. */
  airaccelerate: boolean;
  /** No land timer after falling (lets strafe-jumpers jump again at once). */
  strafehack: boolean;
  /** Spectators keep their velocity when already faster than the wish speed. */
  flyhack: boolean;
  /** Swimmers holding jump do not get the fixed upward push. */
  waterhack: boolean;
  /** `pm_time` unit as a power of two of milliseconds. [Units: log2 ms] [Limit: 3 for the old API] */
  timeShift: number;
  /** Coordinate width of the state. [Units: bits] [Limit: 16 for the old API] */
  coordBits: number;
  /** Spectator time scale. [Units: ×] */
  speedmult: number;
  /** Swim speed factor. [Units: ×] */
  watermult: number;
  /** Top wish speed. [Units: u/s] */
  maxspeed: number;
  /** Ground friction. [Units: 1/s] */
  friction: number;
  /** Water friction per water level. [Units: 1/s] */
  waterfriction: number;
  /** Spectator friction. [Units: 1/s] */
  flyfriction: number;
}

/** What bots get: the server's default set (no network client, so no protocol extensions). */
export const BOT_PMOVE_PARAMS: Readonly<PmoveParams> = Object.freeze({
  qwmode: false,
  airaccelerate: false,
  strafehack: false,
  flyhack: false,
  waterhack: false,
  timeShift: 3,
  coordBits: 16,
  speedmult: 1,
  watermult: 0.5,
  maxspeed: 300,
  friction: 6,
  waterfriction: 1,
  flyfriction: 9,
});

/** A human client on the AQtion protocol (38) with default server cvars (`sv_airaccelerate 0`). */
export const HUMAN_PMOVE_PARAMS: Readonly<PmoveParams> = Object.freeze({
  ...BOT_PMOVE_PARAMS,
  strafehack: true,
  flyhack: true,
  waterhack: true,
  speedmult: 2,
  flyfriction: 4,
});

/** `pm_type` values. */
export const PM_NORMAL = 0;
export const PM_SPECTATOR = 1;
export const PM_DEAD = 2;
export const PM_GIB = 3;
export const PM_FREEZE = 4;

/** `pm_flags` bits. */
export const PMF_DUCKED = 1;
export const PMF_JUMP_HELD = 2;
export const PMF_ON_GROUND = 4;
export const PMF_TIME_WATERJUMP = 8;
export const PMF_TIME_LAND = 16;
export const PMF_TIME_TELEPORT = 32;
/** The three timer flags, cleared together whenever `pm_time` runs out. */
export const PMF_TIMERS = PMF_TIME_WATERJUMP | PMF_TIME_LAND | PMF_TIME_TELEPORT;

/** `pm_aq2_flags` bit: the player limps (leg damage). */
export const PMF_AQ2_LIMP = 1;

/** `pmove_state_t` of the old game API with AQtion's extension fields. */
export interface PmoveState {
  /** 0 normal, 1 spectator, 2 dead, 3 gibbed, 4 frozen. */
  pmType: number;
  /** [Units: 1/8 u] [Limit: int16] */
  origin: Vec3;
  /** [Units: 1/8 u/s] [Limit: int16] */
  velocity: Vec3;
  /** PMF_* bits. [Limit: uint8] */
  pmFlags: number;
  /** Timer of the PMF_TIME_* flags. [Units: 8 ms] [Limit: uint8] */
  pmTime: number;
  /** [Units: u/s²] [Limit: int16] */
  gravity: number;
  /** Added to the command angles. [Units: 360/65536 °] [Limit: int16] */
  deltaAngles: Vec3;
  /** PMF_AQ2_* bits. */
  aq2Flags: number;
  /** Game time, advanced by pmove itself. [Units: ms] [Limit: 0 … 59999] */
  timestamp: number;
  /** Leg hits taken; divides the moves while limping. [Limit: uint8] */
  legHits: number;
}

/** `usercmd_t`. */
export interface UserCmd {
  /** [Units: ms] [Limit: uint8] */
  msec: number;
  buttons: number;
  /** [Units: 360/65536 °] [Limit: int16] */
  angles: Vec3;
  /** [Units: u/s] [Limit: int16] */
  forwardmove: number;
  sidemove: number;
  upmove: number;
  impulse: number;
  lightlevel: number;
}

/** Everything one pmove call produces. */
export interface PmoveOutput {
  state: PmoveState;
  /** The command after pmove (dead and limping players get their moves zeroed or divided). */
  cmd: UserCmd;
  /** [Units: °] float32 values. */
  viewangles: Vec3;
  /** [Units: u] */
  viewheight: number;
  /** The box pmove chose (crouched maxs z is 4; the game raises it afterwards). */
  mins: Vec3;
  maxs: Vec3;
  /** null = in the air, 0 = the world (this port knows no other entities). */
  groundEntity: number | null;
  /** Contents bits of the lowest liquid sample; 0 when not in liquid. */
  watertype: number;
  /** 0 … 3 */
  waterlevel: number;
  /** Entity numbers of the touch records in order, duplicates kept. */
  touchents: number[];
  /** pmove's internal "on ladder" decision. */
  ladder: boolean;
}

/** The two callbacks pmove gets from the game. */
export interface PmoveCollision {
  trace(
    start: ArrayLike<number>,
    mins: ArrayLike<number>,
    maxs: ArrayLike<number>,
    end: ArrayLike<number>,
    out: TraceResult,
  ): TraceResult;
  pointContents(p: ArrayLike<number>): number;
}
