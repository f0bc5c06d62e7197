/**
 * The recorder's player state (`player_state_t` of protocol 34) and its delta decoding: every
 * field the format carries, in the engine's units (origin and velocity in 1/8 units, angles in
 * degrees, blend 0..255 bytes as sent).
 */
import type { ByteCursor } from '../demo/cursor.js';
import * as protocol from './protocol.js';

/**
 * The protocol's numbers as constants of this module: V8's optimizing compiler loads an imported
 * binding on every use (its cell, and a check that it is initialized), but builds a module
 * `const` into the code (callgrind, decoder-only loop over the fixture demos, with the same in
 * decoder.ts, entity-state.ts and player-state.ts: 6094 -> 5396 instructions per frame).
 */
const {
  EPS_GUNANGLES,
  EPS_GUNOFFSET,
  EPS_M_ORIGIN2,
  EPS_M_VELOCITY2,
  EPS_STATS,
  EPS_VIEWANGLE2,
  MAX_STATS_NEW,
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
  PS_EXT,
  PS_EXT2,
} = protocol;

/** Degrees per unit of a 16-bit angle: exact in float64 (45/8192). */
const SHORT_ANGLE = 360 / 65536;

/**
 * Byte layout of the array fields in one buffer, so that a copy is one `set` (a memcpy): the
 * element-by-element copy of the 64 stats and eleven small arrays was the largest item of a
 * dm2 profile. Shorts first, then the float64 arrays (8-byte aligned), then the bytes.
 */
const AT_ORIGIN = 0;
const AT_VELOCITY = 6;
const AT_DELTA_ANGLES = 12;
const AT_STATS = 18;
const AT_VIEWOFFSET = 152; // after 64 stats (18 + 128 = 146), rounded up to 8
const AT_VIEWANGLES = AT_VIEWOFFSET + 24;
const AT_KICK_ANGLES = AT_VIEWANGLES + 24;
const AT_GUN_OFFSET = AT_KICK_ANGLES + 24;
const AT_GUN_ANGLES = AT_GUN_OFFSET + 24;
const AT_BLEND = AT_GUN_ANGLES + 24;
const AT_DAMAGE_BLEND = AT_BLEND + 4;
const STATE_BYTES = AT_DAMAGE_BLEND + 4;

export class PlayerState {
  /** Every array field below, as bytes of the one buffer they share. */
  private readonly bytes = new Uint8Array(STATE_BYTES);
  pmType = 0;
  /** [Units: 1/8 world unit; Form: (x, y, z)] */
  readonly origin = new Int16Array(this.bytes.buffer, AT_ORIGIN, 3);
  /** [Units: 1/8 world unit per second] */
  readonly velocity = new Int16Array(this.bytes.buffer, AT_VELOCITY, 3);
  pmFlags = 0;
  /** [Units: 8 ms] */
  pmTime = 0;
  gravity = 0;
  /** Raw 16-bit angles. */
  readonly deltaAngles = new Int16Array(this.bytes.buffer, AT_DELTA_ANGLES, 3);
  /** Signed bytes × 0.25. [Units: world units] */
  readonly viewoffset = new Float64Array(this.bytes.buffer, AT_VIEWOFFSET, 3);
  /** [Units: degrees] */
  readonly viewangles = new Float64Array(this.bytes.buffer, AT_VIEWANGLES, 3);
  /** [Units: degrees] */
  readonly kickAngles = new Float64Array(this.bytes.buffer, AT_KICK_ANGLES, 3);
  gunIndex = 0;
  gunFrame = 0;
  readonly gunOffset = new Float64Array(this.bytes.buffer, AT_GUN_OFFSET, 3);
  readonly gunAngles = new Float64Array(this.bytes.buffer, AT_GUN_ANGLES, 3);
  /** RGBA bytes. */
  readonly blend = new Uint8Array(this.bytes.buffer, AT_BLEND, 4);
  /** RGBA bytes of the damage blend (EXTENSIONS_2 only). */
  readonly damageBlend = new Uint8Array(this.bytes.buffer, AT_DAMAGE_BLEND, 4);
  fov = 0;
  rdflags = 0;
  /** 32 stats, 64 with EXTENSIONS_2. */
  readonly stats = new Int16Array(this.bytes.buffer, AT_STATS, MAX_STATS_NEW);

  copyFrom(o: PlayerState): this {
    this.bytes.set(o.bytes);
    this.pmType = o.pmType;
    this.pmFlags = o.pmFlags;
    this.pmTime = o.pmTime;
    this.gravity = o.gravity;
    this.gunIndex = o.gunIndex;
    this.gunFrame = o.gunFrame;
    this.fov = o.fov;
    this.rdflags = o.rdflags;
    return this;
  }

  clear(): this {
    return this.copyFrom(EMPTY_PLAYER);
  }
}

const EMPTY_PLAYER = new PlayerState();

/**
 * Three shorts into `out`, with one bounds check when the block holds all six bytes (else one
 * read at a time, so that an overrun says what it always said). V8 did not inline the cursor's
 * `i16` into `readPlayerDelta` (`--trace-turbo-inlining`): a call per short.
 */
function shorts3(c: ByteCursor, out: Int16Array): void {
  const p = c.pos;
  if (p + 6 <= c.end) {
    const b = c.buf;
    c.pos = p + 6;
    // An Int16Array keeps the low 16 bits: the sign comes with the store.
    out[0] = b[p] | (b[p + 1] << 8);
    out[1] = b[p + 2] | (b[p + 3] << 8);
    out[2] = b[p + 4] | (b[p + 5] << 8);
  } else {
    out[0] = c.i16();
    out[1] = c.i16();
    out[2] = c.i16();
  }
}

function quarters(c: ByteCursor, out: Float64Array): void {
  out[0] = c.i8() * 0.25;
  out[1] = c.i8() * 0.25;
  out[2] = c.i8() * 0.25;
}

/** One pmove coordinate: a short, or a DeltaInt23 (1/8 units) with EXTENSIONS_2. */
function coord(c: ByteCursor, previous: number, ext2: boolean): number {
  if (!ext2) return c.i16();
  const v = c.u16();
  if (v & 1) return (((v | (c.u8() << 16)) >>> 1) << 9) >> 9;
  return (previous + (((v >>> 1) << 17) >> 17)) | 0;
}

function readBlend(c: ByteCursor, to: PlayerState, psFlags: number): void {
  if (psFlags & PS_EXT2) {
    const b = c.u8();
    for (let i = 0; i < 4; i++) if (b & (1 << i)) to.blend[i] = c.u8();
    for (let i = 0; i < 4; i++) if (b & (1 << (4 + i))) to.damageBlend[i] = c.u8();
  } else {
    to.blend[0] = c.u8();
    to.blend[1] = c.u8();
    to.blend[2] = c.u8();
    to.blend[3] = c.u8();
  }
}

/** Stats: a 32-bit mask of 32, or (EXTENSIONS_2) a varint mask of 64, then a short each. */
function readStats(c: ByteCursor, to: PlayerState, psFlags: number): void {
  if (psFlags & PS_EXT2) {
    // A little-endian base-128 mask; bits past 64 are dropped, as the engine's are.
    let lo = 0;
    let hi = 0;
    let shift = 0;
    for (;;) {
      const b = c.u8();
      const v = b & 0x7f;
      if (shift < 32) {
        lo |= v << shift;
        if (shift > 25) hi |= v >>> (32 - shift);
      } else if (shift < 64) {
        hi |= v << (shift - 32);
      }
      shift += 7;
      if (!(b & 0x80) || shift >= 64) break;
    }
    for (let i = 0; i < 32; i++) if (lo & (1 << i)) to.stats[i] = c.i16();
    for (let i = 0; i < 32; i++) if (hi & (1 << i)) to.stats[32 + i] = c.i16();
    return;
  }
  // A 32-bit mask of the 32 stats: only the bits that are set, lowest first (the order the
  // shorts follow), instead of testing all 32.
  for (let bits = c.i32(); bits !== 0; bits &= bits - 1) {
    to.stats[31 - Math.clz32(bits & -bits)] = c.i16();
  }
}

/**
 * Decodes the fields `flags` announces into `to` (already holding the delta's start), then
 * the stats: protocol 34 (`MSG_ParseDeltaPlayerstate_Default`), with the extended-limits
 * options of q2pro's recordings (`psFlags`).
 */
export function readPlayerDelta(c: ByteCursor, to: PlayerState, flags: number, psFlags = 0): void {
  const ext2 = (psFlags & PS_EXT2) !== 0;
  if (flags & PS_M_TYPE) to.pmType = c.u8();
  // Shorts unless EXTENSIONS_2: read here, where `coord` (not inlined) was a call per field.
  if (flags & PS_M_ORIGIN) {
    const o = to.origin;
    if (ext2) {
      o[0] = coord(c, o[0], true);
      o[1] = coord(c, o[1], true);
      o[2] = coord(c, o[2], true);
    } else {
      shorts3(c, o);
    }
  }
  if (flags & PS_M_VELOCITY) {
    const v = to.velocity;
    if (ext2) {
      v[0] = coord(c, v[0], true);
      v[1] = coord(c, v[1], true);
      v[2] = coord(c, v[2], true);
    } else {
      shorts3(c, v);
    }
  }
  if (flags & PS_M_TIME) to.pmTime = ext2 ? c.u16() : c.u8();
  if (flags & PS_M_FLAGS) to.pmFlags = ext2 ? c.u16() : c.u8();
  if (flags & PS_M_GRAVITY) to.gravity = c.i16();
  if (flags & PS_M_DELTA_ANGLES) shorts3(c, to.deltaAngles);
  if (flags & PS_VIEWOFFSET) quarters(c, to.viewoffset);
  if (flags & PS_VIEWANGLES) {
    const p = c.pos;
    if (p + 6 <= c.end) {
      const b = c.buf;
      c.pos = p + 6;
      to.viewangles[0] = (((b[p] | (b[p + 1] << 8)) << 16) >> 16) * SHORT_ANGLE;
      to.viewangles[1] = (((b[p + 2] | (b[p + 3] << 8)) << 16) >> 16) * SHORT_ANGLE;
      to.viewangles[2] = (((b[p + 4] | (b[p + 5] << 8)) << 16) >> 16) * SHORT_ANGLE;
    } else {
      to.viewangles[0] = c.i16() * SHORT_ANGLE;
      to.viewangles[1] = c.i16() * SHORT_ANGLE;
      to.viewangles[2] = c.i16() * SHORT_ANGLE;
    }
  }
  if (flags & PS_KICKANGLES) quarters(c, to.kickAngles);
  if (flags & PS_WEAPONINDEX) to.gunIndex = psFlags & PS_EXT ? c.u16() : c.u8();
  if (flags & PS_WEAPONFRAME) {
    to.gunFrame = c.u8();
    quarters(c, to.gunOffset);
    quarters(c, to.gunAngles);
  }
  if (flags & PS_BLEND) readBlend(c, to, psFlags);
  if (flags & PS_FOV) to.fov = c.u8();
  if (flags & PS_RDFLAGS) to.rdflags = c.u8();
  readStats(c, to, psFlags);
}

/**
 * The player delta of protocols 35 and 36 (`MSG_ParseDeltaPlayerstate_Enhanced`): z of origin
 * and velocity, roll, gun offset and angles, and the stats are announced by the extra bits.
 */
export function readPlayerDeltaEnhanced(
  c: ByteCursor,
  to: PlayerState,
  flags: number,
  extra: number,
  psFlags = 0,
): void {
  const ext2 = (psFlags & PS_EXT2) !== 0;
  if (flags & PS_M_TYPE) to.pmType = c.u8();
  if (flags & PS_M_ORIGIN) {
    to.origin[0] = coord(c, to.origin[0], ext2);
    to.origin[1] = coord(c, to.origin[1], ext2);
  }
  if (extra & EPS_M_ORIGIN2) to.origin[2] = coord(c, to.origin[2], ext2);
  if (flags & PS_M_VELOCITY) {
    to.velocity[0] = coord(c, to.velocity[0], ext2);
    to.velocity[1] = coord(c, to.velocity[1], ext2);
  }
  if (extra & EPS_M_VELOCITY2) to.velocity[2] = coord(c, to.velocity[2], ext2);
  if (flags & PS_M_TIME) to.pmTime = ext2 ? c.u16() : c.u8();
  if (flags & PS_M_FLAGS) to.pmFlags = ext2 ? c.u16() : c.u8();
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
  if (flags & PS_WEAPONINDEX) to.gunIndex = psFlags & PS_EXT ? c.u16() : c.u8();
  if (flags & PS_WEAPONFRAME) to.gunFrame = c.u8();
  if (extra & EPS_GUNOFFSET) quarters(c, to.gunOffset);
  if (extra & EPS_GUNANGLES) quarters(c, to.gunAngles);
  if (flags & PS_BLEND) readBlend(c, to, psFlags);
  if (flags & PS_FOV) to.fov = c.u8();
  if (flags & PS_RDFLAGS) to.rdflags = c.u8();
  if (extra & EPS_STATS) readStats(c, to, psFlags);
}
