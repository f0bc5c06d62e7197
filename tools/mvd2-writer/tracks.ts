/**
 * Player tracks for synthetic demos: one sample per MVD frame (0.1 s), built from simple
 * motions with known truth (a walk at a given speed, a ladder climb, a fall under gravity,
 * a jump across a gap). Only physics defaults of the Quake 2 engine appear here (gravity
 * 800 u/s², jump velocity 270 u/s, ladder speed 200 u/s); nothing navgen decides.
 *
 * Every helper returns a fresh array whose first sample is the start point; join the parts of
 * a longer track with {@link joinTracks}.
 */
import {
  EV_FALLFAR,
  EV_LADDER_STEP,
  MVD_FRAME_TIME,
  PmType,
  RDF_UNDERWATER,
} from '../../src/sources/mvd2/protocol.js';
import type { ReadonlyVec3 } from '../../src/geometry/vec3.js';

export type { ReadonlyVec3 };

/** A player's state in one frame. */
export interface TrackSample {
  /** [Units: world units] */
  readonly origin: ReadonlyVec3;
  /** `pmtype_t`. Default 0 (normal). */
  readonly pmType?: number;
  /** (pitch, yaw, roll). Default (0, 0, 0). [Units: degrees] */
  readonly viewangles?: ReadonlyVec3;
  /** Crouched: eye height 4 instead of 22. Default false. */
  readonly crouch?: boolean;
  /** Render flags; 1 = under water. Default 0. */
  readonly rdflags?: number;
  /** Stat 1. Default 100. */
  readonly health?: number;
  /** Event on the player's entity (slot + 1) in this frame, e.g. EV_FALL. Default 0. */
  readonly event?: number;
}

/** A track: one entry per frame; null = not in the game in that frame. */
export type Track = readonly (TrackSample | null)[];

/** Quake 2's default `sv_gravity`. [Units: world units / s²] */
export const GRAVITY = 800;
/** Quake 2's jump velocity. [Units: world units / s] */
export const JUMP_VELOCITY = 270;
/** Quake 2's ladder climbing speed. [Units: world units / s] */
export const LADDER_SPEED = 200;

/** Options shared by the helpers that move along a path. */
export interface MotionOptions {
  readonly crouch?: boolean;
  readonly rdflags?: number;
  readonly pmType?: number;
  readonly health?: number;
}

/**
 * Walks `points` at `speed`: one sample every 0.1 s along the polyline, the last one exactly
 * on its end (that last step may be shorter). The yaw follows the direction of motion.
 * [Units: speed in world units / s]
 */
export function walkPolyline(
  points: readonly ReadonlyVec3[],
  speed: number,
  options: MotionOptions = {},
): TrackSample[] {
  if (points.length === 0) throw new RangeError('walkPolyline needs at least one point');
  if (!(speed > 0)) throw new RangeError(`speed ${speed} must be > 0`);
  const step = speed * MVD_FRAME_TIME;
  const out: TrackSample[] = [];
  let yaw = points.length > 1 ? yawOf(points[0], points[1]) : 0;
  const push = (p: ReadonlyVec3): void => {
    out.push({ ...options, origin: p, viewangles: [0, yaw, 0] });
  };
  push(points[0]);
  // Distance left to walk before the next sample is due.
  let carry = step;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const length = distance(a, b);
    if (length === 0) continue;
    yaw = yawOf(a, b);
    let along = carry;
    while (along < length - 1e-9) {
      push(lerp(a, b, along / length));
      along += step;
    }
    carry = along - length;
  }
  const last = points[points.length - 1];
  if (out.length === 1 || distance(out[out.length - 1].origin, last) > 1e-9) push(last);
  return out;
}

/** {@link walkPolyline} crouched (eye height 4). */
export function crouchWalk(
  points: readonly ReadonlyVec3[],
  speed: number,
  options: MotionOptions = {},
): TrackSample[] {
  return walkPolyline(points, speed, { ...options, crouch: true });
}

/** {@link walkPolyline} under water (rdflags RDF_UNDERWATER). */
export function swim(
  points: readonly ReadonlyVec3[],
  speed: number,
  options: MotionOptions = {},
): TrackSample[] {
  return walkPolyline(points, speed, {
    ...options,
    rdflags: (options.rdflags ?? 0) | RDF_UNDERWATER,
  });
}

export interface LadderOptions {
  /** [Units: world units / s] Default {@link LADDER_SPEED}. */
  readonly speed?: number;
  /** An EV_LADDER_STEP every this many frames (the first on the first step). [Units: frames] Default 3. */
  readonly stepInterval?: number;
  /** Facing the ladder. [Units: degrees] Default 0. */
  readonly yaw?: number;
}

/** Climbs straight up (or down for a negative `height`) from `base`, with ladder-step events. */
export function ladderClimb(
  base: ReadonlyVec3,
  height: number,
  options: LadderOptions = {},
): TrackSample[] {
  const speed = options.speed ?? LADDER_SPEED;
  const interval = options.stepInterval ?? 3;
  const top: ReadonlyVec3 = [base[0], base[1], base[2] + height];
  const yaw = options.yaw ?? 0;
  return walkPolyline([base, top], speed).map((s, i) => ({
    ...s,
    viewangles: [0, yaw, 0],
    event: i > 0 && (i - 1) % interval === 0 ? EV_LADDER_STEP : 0,
  }));
}

export interface FallOptions {
  /** Velocity at the start. [Units: world units / s] Default (0, 0, 0). */
  readonly velocity?: ReadonlyVec3;
  /** [Units: world units / s²] Default {@link GRAVITY}. */
  readonly gravity?: number;
  /** Event of the landing frame. Default EV_FALLFAR. */
  readonly landingEvent?: number;
  /** Dies on landing (pm_type DEAD). Default false. */
  readonly fatal?: boolean;
  /** Health after a fatal landing. Default -20. */
  readonly deathHealth?: number;
  /** Frames lying dead after a fatal landing. [Units: frames] Default 10. */
  readonly deadFrames?: number;
}

/**
 * Falls from `start` under gravity until the height `floorZ`: z(t) = z0 + vz·t − g·t²/2, xy
 * moving at the start velocity. The landing frame (the first whose height would be at or
 * below the floor) sits on the floor and carries the landing event.
 */
export function fall(
  start: ReadonlyVec3,
  floorZ: number,
  options: FallOptions = {},
): TrackSample[] {
  const g = options.gravity ?? GRAVITY;
  const [vx, vy, vz] = options.velocity ?? [0, 0, 0];
  if (!(g > 0)) throw new RangeError(`gravity ${g} must be > 0`);
  const yaw = vx !== 0 || vy !== 0 ? (Math.atan2(vy, vx) * 180) / Math.PI : 0;
  const out: TrackSample[] = [{ origin: start, viewangles: [0, yaw, 0] }];
  for (let i = 1; ; i++) {
    const t = i * MVD_FRAME_TIME;
    const z = start[2] + vz * t - (g * t * t) / 2;
    const origin: ReadonlyVec3 = [start[0] + vx * t, start[1] + vy * t, Math.max(z, floorZ)];
    if (z > floorZ) {
      out.push({ origin, viewangles: [0, yaw, 0] });
      continue;
    }
    const event = options.landingEvent ?? EV_FALLFAR;
    if (!options.fatal) {
      out.push({ origin, viewangles: [0, yaw, 0], event });
      return out;
    }
    const dead = {
      origin,
      viewangles: [0, yaw, 0] as ReadonlyVec3,
      pmType: PmType.Dead,
      health: options.deathHealth ?? -20,
    };
    out.push({ ...dead, event });
    for (let k = 0; k < (options.deadFrames ?? 10); k++) out.push(dead);
    return out;
  }
}

/** {@link fall} ending in death. */
export function fallToDeath(
  start: ReadonlyVec3,
  floorZ: number,
  options: Omit<FallOptions, 'fatal'> = {},
): TrackSample[] {
  return fall(start, floorZ, { ...options, fatal: true });
}

export interface JumpOptions {
  /** Horizontal speed at least this; raised so that the landing falls on a frame. [Units: world units / s] Default 500. */
  readonly speed?: number;
  /** [Units: world units / s²] Default {@link GRAVITY}. */
  readonly gravity?: number;
}

/**
 * A jump from `start` that lands exactly on `end` after a whole number of frames: straight in
 * xy at constant speed, parabolic in z under gravity. With the default speed (500 u/s) this is
 * a strafe-jump across a gap.
 */
export function strafeJump(
  start: ReadonlyVec3,
  end: ReadonlyVec3,
  options: JumpOptions = {},
): TrackSample[] {
  const g = options.gravity ?? GRAVITY;
  const requested = options.speed ?? 500;
  if (!(requested > 0)) throw new RangeError(`speed ${requested} must be > 0`);
  const horizontal = Math.hypot(end[0] - start[0], end[1] - start[1]);
  const frames = Math.max(1, Math.floor(horizontal / requested / MVD_FRAME_TIME));
  const duration = frames * MVD_FRAME_TIME;
  const vz = (end[2] - start[2] + (g * duration * duration) / 2) / duration;
  const yaw = yawOf(start, end);
  const out: TrackSample[] = [];
  for (let i = 0; i <= frames; i++) {
    const t = i * MVD_FRAME_TIME;
    const f = i / frames;
    const origin: ReadonlyVec3 = [
      start[0] + (end[0] - start[0]) * f,
      start[1] + (end[1] - start[1]) * f,
      i === frames ? end[2] : start[2] + vz * t - (g * t * t) / 2,
    ];
    out.push({ origin, viewangles: [0, yaw, 0] });
  }
  return out;
}

/** Standing still at `at` for `frames` frames. */
export function stand(
  at: ReadonlyVec3,
  frames: number,
  options: MotionOptions & { readonly yaw?: number } = {},
): TrackSample[] {
  const { yaw = 0, ...rest } = options;
  return Array.from({ length: frames }, () => ({
    ...rest,
    origin: at,
    viewangles: [0, yaw, 0] as ReadonlyVec3,
  }));
}

/** `frames` frames out of the game (the slot is free). */
export function absent(frames: number): null[] {
  return new Array<null>(frames).fill(null);
}

/** The same samples with another pm_type (spectator: 1, dead: 2, ...). */
export function withPmType(samples: readonly TrackSample[], pmType: number): TrackSample[] {
  return samples.map((s) => ({ ...s, pmType }));
}

/** The same sample with an event on the player's entity (EV_PLAYER_TELEPORT on arrival, say). */
export function withEvent(sample: TrackSample, event: number): TrackSample {
  return { ...sample, event };
}

/**
 * Concatenates track parts. Where a part starts at the origin the previous one ended at, its
 * first sample is dropped, so joined motions do not stand still for a frame.
 */
export function joinTracks(...parts: Track[]): (TrackSample | null)[] {
  const out: (TrackSample | null)[] = [];
  for (const part of parts) {
    const previous = out.length > 0 ? out[out.length - 1] : null;
    const first = part.length > 0 ? part[0] : null;
    const skip =
      previous !== null && first !== null && distance(previous.origin, first.origin) === 0 ? 1 : 0;
    for (let i = skip; i < part.length; i++) out.push(part[i]);
  }
  return out;
}

function distance(a: ReadonlyVec3, b: ReadonlyVec3): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
}

function lerp(a: ReadonlyVec3, b: ReadonlyVec3, f: number): ReadonlyVec3 {
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** Direction of motion in the horizontal plane, or 0 for vertical motion. [Units: degrees] */
function yawOf(a: ReadonlyVec3, b: ReadonlyVec3): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  return dx === 0 && dy === 0 ? 0 : (Math.atan2(dy, dx) * 180) / Math.PI;
}
