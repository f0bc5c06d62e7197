/**
 * Working state of one pmove call: the engine keeps it in `pm` (what the game passed in and
 * reads back) and `pml` (locals zeroed per call). Here both live in one object made fresh for
 * every call, so calls never share state.
 */
import { newTraceResult, type TraceResult } from '../world/trace.js';
import type { PmoveCollision, PmoveParams, PmoveState, UserCmd } from './types.js';

/** Touch records kept per call (`MAXTOUCH`). */
export const MAX_TOUCH = 32;

export interface PmoveContext {
  readonly collision: PmoveCollision;
  readonly params: Readonly<PmoveParams>;
  /** The state being updated (copied from the input). */
  readonly s: PmoveState;
  /** The command being updated (copied from the input). */
  readonly cmd: UserCmd;
  readonly viewangles: Float32Array;
  viewheight: number;
  readonly mins: Float32Array;
  readonly maxs: Float32Array;
  groundEntity: number | null;
  watertype: number;
  waterlevel: number;
  readonly touchents: number[];

  /** Full-precision origin and velocity. [Units: u, u/s] */
  readonly origin: Float32Array;
  readonly velocity: Float32Array;
  readonly forward: Float32Array;
  readonly right: Float32Array;
  readonly up: Float32Array;
  /** [Units: s] */
  frametime: number;
  /** Surface flags of the last ground trace (the engine never has a null surface there). */
  groundSurfaceFlags: number;
  groundContents: number;
  /** Origin to fall back on when no snapped position is free. [Units: 1/8 u] */
  readonly previousOrigin: Int32Array;
  ladder: boolean;
  /** Scratch result for every trace of the call. */
  readonly trace: TraceResult;
}

export function newPmoveContext(
  collision: PmoveCollision,
  params: Readonly<PmoveParams>,
  state: PmoveState,
  cmd: UserCmd,
): PmoveContext {
  return {
    collision,
    params,
    s: {
      pmType: state.pmType,
      origin: [state.origin[0], state.origin[1], state.origin[2]],
      velocity: [state.velocity[0], state.velocity[1], state.velocity[2]],
      pmFlags: state.pmFlags,
      pmTime: state.pmTime,
      gravity: state.gravity,
      deltaAngles: [state.deltaAngles[0], state.deltaAngles[1], state.deltaAngles[2]],
      aq2Flags: state.aq2Flags,
      timestamp: state.timestamp,
      legHits: state.legHits,
    },
    cmd: {
      msec: cmd.msec,
      buttons: cmd.buttons,
      angles: [cmd.angles[0], cmd.angles[1], cmd.angles[2]],
      forwardmove: cmd.forwardmove,
      sidemove: cmd.sidemove,
      upmove: cmd.upmove,
      impulse: cmd.impulse,
      lightlevel: cmd.lightlevel,
    },
    viewangles: new Float32Array(3),
    viewheight: 0,
    mins: new Float32Array(3),
    maxs: new Float32Array(3),
    groundEntity: null,
    watertype: 0,
    waterlevel: 0,
    touchents: [],
    origin: new Float32Array(3),
    velocity: new Float32Array(3),
    forward: new Float32Array(3),
    right: new Float32Array(3),
    up: new Float32Array(3),
    frametime: 0,
    groundSurfaceFlags: 0,
    groundContents: 0,
    previousOrigin: new Int32Array(3),
    ladder: false,
    trace: newTraceResult(),
  };
}

/** Records a touch with the world (the only entity of a world-only collision). */
export function touchWorld(pm: PmoveContext): void {
  if (pm.touchents.length < MAX_TOUCH) pm.touchents.push(0);
}

/** Trace with the player's current box. */
export function traceBox(
  pm: PmoveContext,
  start: ArrayLike<number>,
  end: ArrayLike<number>,
): TraceResult {
  return pm.collision.trace(start, pm.mins, pm.maxs, end, pm.trace);
}
