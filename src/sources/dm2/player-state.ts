/**
 * The recorder's player state (`player_state_t` of protocol 34) and its delta decoding: every
 * field the format carries, in the engine's units (origin and velocity in 1/8 units, angles in
 * degrees, blend 0..255 bytes as sent).
 */
import type { ByteCursor } from '../mvd2/cursor.js';
import {
  EPS_GUNANGLES,
  EPS_GUNOFFSET,
  EPS_M_ORIGIN2,
  EPS_M_VELOCITY2,
  EPS_STATS,
  EPS_VIEWANGLE2,
  MAX_STATS,
  PS_BLEND,
  PS_FOV,
  PS_KICKANGLES,
  PS_M_DELTA_ANGLES,
  PS_M_FLAGS,
  PS_M_GRAVITY,
  PS_M_ORIGIN,
  PS_M_TIME,
  PS_M_TYPE,
  PS_M_VELOCITY,
  PS_RDFLAGS,
  PS_VIEWANGLES,
  PS_VIEWOFFSET,
  PS_WEAPONFRAME,
  PS_WEAPONINDEX,
} from './protocol.js';

/** Degrees per unit of a 16-bit angle: exact in float64 (45/8192). */
const SHORT_ANGLE = 360 / 65536;

export class PlayerState {
  pmType = 0;
  /** [Units: 1/8 world unit; Form: (x, y, z)] */
  readonly origin = new Int16Array(3);
  /** [Units: 1/8 world unit per second] */
  readonly velocity = new Int16Array(3);
  pmFlags = 0;
  /** [Units: 8 ms] */
  pmTime = 0;
  gravity = 0;
  /** Raw 16-bit angles. */
  readonly deltaAngles = new Int16Array(3);
  /** Signed bytes × 0.25. [Units: world units] */
  readonly viewoffset = new Float64Array(3);
  /** [Units: degrees] */
  readonly viewangles = new Float64Array(3);
  /** [Units: degrees] */
  readonly kickAngles = new Float64Array(3);
  gunIndex = 0;
  gunFrame = 0;
  readonly gunOffset = new Float64Array(3);
  readonly gunAngles = new Float64Array(3);
  /** RGBA bytes. */
  readonly blend = new Uint8Array(4);
  fov = 0;
  rdflags = 0;
  readonly stats = new Int16Array(MAX_STATS);

  copyFrom(o: PlayerState): this {
    // Element by element: TypedArray#set on three-element arrays costs more than the copy
    // (measured: the largest item of a dm2 profile).
    this.pmType = o.pmType;
    copy3(this.origin, o.origin);
    copy3(this.velocity, o.velocity);
    this.pmFlags = o.pmFlags;
    this.pmTime = o.pmTime;
    this.gravity = o.gravity;
    copy3(this.deltaAngles, o.deltaAngles);
    copy3(this.viewoffset, o.viewoffset);
    copy3(this.viewangles, o.viewangles);
    copy3(this.kickAngles, o.kickAngles);
    this.gunIndex = o.gunIndex;
    this.gunFrame = o.gunFrame;
    copy3(this.gunOffset, o.gunOffset);
    copy3(this.gunAngles, o.gunAngles);
    const b = this.blend;
    const ob = o.blend;
    b[0] = ob[0];
    b[1] = ob[1];
    b[2] = ob[2];
    b[3] = ob[3];
    this.fov = o.fov;
    this.rdflags = o.rdflags;
    const st = this.stats;
    const ost = o.stats;
    for (let i = 0; i < MAX_STATS; i++) st[i] = ost[i];
    return this;
  }

  clear(): this {
    return this.copyFrom(EMPTY_PLAYER);
  }
}

const EMPTY_PLAYER = new PlayerState();

function copy3(to: Int16Array | Float64Array, from: Int16Array | Float64Array): void {
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
}

function quarters(c: ByteCursor, out: Float64Array): void {
  out[0] = c.i8() * 0.25;
  out[1] = c.i8() * 0.25;
  out[2] = c.i8() * 0.25;
}

/** Decodes the fields `flags` announces into `to` (already holding the delta's start), then the stats. */
export function readPlayerDelta(c: ByteCursor, to: PlayerState, flags: number): void {
  if (flags & PS_M_TYPE) to.pmType = c.u8();
  if (flags & PS_M_ORIGIN) {
    to.origin[0] = c.i16();
    to.origin[1] = c.i16();
    to.origin[2] = c.i16();
  }
  if (flags & PS_M_VELOCITY) {
    to.velocity[0] = c.i16();
    to.velocity[1] = c.i16();
    to.velocity[2] = c.i16();
  }
  if (flags & PS_M_TIME) to.pmTime = c.u8();
  if (flags & PS_M_FLAGS) to.pmFlags = c.u8();
  if (flags & PS_M_GRAVITY) to.gravity = c.i16();
  if (flags & PS_M_DELTA_ANGLES) {
    to.deltaAngles[0] = c.i16();
    to.deltaAngles[1] = c.i16();
    to.deltaAngles[2] = c.i16();
  }
  if (flags & PS_VIEWOFFSET) quarters(c, to.viewoffset);
  if (flags & PS_VIEWANGLES) {
    to.viewangles[0] = c.i16() * SHORT_ANGLE;
    to.viewangles[1] = c.i16() * SHORT_ANGLE;
    to.viewangles[2] = c.i16() * SHORT_ANGLE;
  }
  if (flags & PS_KICKANGLES) quarters(c, to.kickAngles);
  if (flags & PS_WEAPONINDEX) to.gunIndex = c.u8();
  if (flags & PS_WEAPONFRAME) {
    to.gunFrame = c.u8();
    quarters(c, to.gunOffset);
    quarters(c, to.gunAngles);
  }
  if (flags & PS_BLEND) {
    to.blend[0] = c.u8();
    to.blend[1] = c.u8();
    to.blend[2] = c.u8();
    to.blend[3] = c.u8();
  }
  if (flags & PS_FOV) to.fov = c.u8();
  if (flags & PS_RDFLAGS) to.rdflags = c.u8();
  const statbits = c.i32();
  if (statbits !== 0) {
    for (let i = 0; i < MAX_STATS; i++) if (statbits & (1 << i)) to.stats[i] = c.i16();
  }
}

/**
 * The player delta of protocols 35 and 36 (`MSG_ParseDeltaPlayerstate_Enhanced` without the
 * extended limits): z of origin and velocity, roll, gun offset and angles, and the stats are
 * announced by the extra bits.
 */
export function readPlayerDeltaEnhanced(
  c: ByteCursor,
  to: PlayerState,
  flags: number,
  extra: number,
): void {
  if (flags & PS_M_TYPE) to.pmType = c.u8();
  if (flags & PS_M_ORIGIN) {
    to.origin[0] = c.i16();
    to.origin[1] = c.i16();
  }
  if (extra & EPS_M_ORIGIN2) to.origin[2] = c.i16();
  if (flags & PS_M_VELOCITY) {
    to.velocity[0] = c.i16();
    to.velocity[1] = c.i16();
  }
  if (extra & EPS_M_VELOCITY2) to.velocity[2] = c.i16();
  if (flags & PS_M_TIME) to.pmTime = c.u8();
  if (flags & PS_M_FLAGS) to.pmFlags = c.u8();
  if (flags & PS_M_GRAVITY) to.gravity = c.i16();
  if (flags & PS_M_DELTA_ANGLES) {
    to.deltaAngles[0] = c.i16();
    to.deltaAngles[1] = c.i16();
    to.deltaAngles[2] = c.i16();
  }
  if (flags & PS_VIEWOFFSET) quarters(c, to.viewoffset);
  if (flags & PS_VIEWANGLES) {
    to.viewangles[0] = c.i16() * SHORT_ANGLE;
    to.viewangles[1] = c.i16() * SHORT_ANGLE;
  }
  if (extra & EPS_VIEWANGLE2) to.viewangles[2] = c.i16() * SHORT_ANGLE;
  if (flags & PS_KICKANGLES) quarters(c, to.kickAngles);
  if (flags & PS_WEAPONINDEX) to.gunIndex = c.u8();
  if (flags & PS_WEAPONFRAME) to.gunFrame = c.u8();
  if (extra & EPS_GUNOFFSET) quarters(c, to.gunOffset);
  if (extra & EPS_GUNANGLES) quarters(c, to.gunAngles);
  if (flags & PS_BLEND) {
    to.blend[0] = c.u8();
    to.blend[1] = c.u8();
    to.blend[2] = c.u8();
    to.blend[3] = c.u8();
  }
  if (flags & PS_FOV) to.fov = c.u8();
  if (flags & PS_RDFLAGS) to.rdflags = c.u8();
  if (extra & EPS_STATS) {
    const statbits = c.i32();
    for (let i = 0; i < MAX_STATS; i++) if (statbits & (1 << i)) to.stats[i] = c.i16();
  }
}
