/**
 * Delta state of every entity of a segment (struct of arrays, one row per entity number),
 * and the parsing of packet-entity headers and deltas (`MSG_ParseEntityBits`,
 * `MSG_ParseDeltaEntity`). Like player slots, an entity's state survives its removal.
 */
import * as deltaInt23Module from './delta-int23.js';
import * as protocol from './protocol.js';

/**
 * The protocol's numbers as constants of this module: V8's optimizing compiler loads an imported
 * binding on every use (its cell, and a check that it is initialized), but builds a module
 * `const` into the code (as in the dm2 decoder).
 */
const {
  MAX_EDICTS,
  U_ALPHA,
  U_ANGLE1,
  U_ANGLE16,
  U_ANGLE2,
  U_ANGLE3,
  U_EFFECTS16,
  U_EFFECTS32,
  U_EFFECTS8,
  U_EVENT,
  U_FRAME16,
  U_FRAME8,
  U_HI_MOREFX16,
  U_HI_SCALE,
  U_MODEL,
  U_MODEL16,
  U_MODEL2,
  U_MODEL3,
  U_MODEL4,
  U_MOREBITS1,
  U_MOREBITS2,
  U_MOREBITS3,
  U_MOREBITS4,
  U_MOREFX8,
  U_NUMBER16,
  U_OLDORIGIN,
  U_ORIGIN1,
  U_ORIGIN2,
  U_ORIGIN3,
  U_RENDERFX16,
  U_RENDERFX32,
  U_RENDERFX8,
  U_SKIN16,
  U_SKIN32,
  U_SKIN8,
  U_SOLID,
  U_SOUND,
} = protocol;
const { deltaInt23, readDeltaInt23 } = deltaInt23Module;

/** Degrees per unit of an 8-bit angle and of a 16-bit angle (float math, as the engine). */
const BYTE2ANGLE = Math.fround(360 / 256);
const SHORT2ANGLE = Math.fround(360 / 65536);

export class EntityTable {
  /** Entity numbers the table holds (the layout's limit: 1024, or 8192 with EXTLIMITS). */
  readonly capacity: number;
  readonly inuse: Uint8Array;
  /** `seen[n] === stamp` when entity n was in the packet of the frame with that stamp. */
  readonly seen: Int32Array;
  readonly model: Uint16Array;
  readonly frame: Uint16Array;
  readonly skinnum: Int32Array;
  readonly effects: Int32Array;
  readonly renderfx: Int32Array;
  /** [Units: 1/8 world unit; Form: (x,y,z) × n] */
  readonly origin: Int32Array;
  /** [Units: degrees, float32 as the engine; Form: (pitch,yaw,roll) × n] */
  readonly angles: Float32Array;
  /** [Units: 1/8 world unit] */
  readonly oldOrigin: Int32Array;
  readonly sound: Uint16Array;
  readonly loopVolume: Uint8Array;
  readonly loopAttenuation: Uint8Array;
  readonly event: Uint8Array;
  readonly solid: Int32Array;
  readonly morefx: Int32Array;
  readonly alpha: Uint8Array;
  readonly scale: Uint8Array;

  constructor(capacity: number = MAX_EDICTS) {
    this.capacity = capacity;
    this.inuse = new Uint8Array(capacity);
    this.seen = new Int32Array(capacity);
    this.model = new Uint16Array(capacity * 4);
    this.frame = new Uint16Array(capacity);
    this.skinnum = new Int32Array(capacity);
    this.effects = new Int32Array(capacity);
    this.renderfx = new Int32Array(capacity);
    this.origin = new Int32Array(capacity * 3);
    this.angles = new Float32Array(capacity * 3);
    this.oldOrigin = new Int32Array(capacity * 3);
    this.sound = new Uint16Array(capacity);
    this.loopVolume = new Uint8Array(capacity);
    this.loopAttenuation = new Uint8Array(capacity);
    this.event = new Uint8Array(capacity);
    this.solid = new Int32Array(capacity);
    this.morefx = new Int32Array(capacity);
    this.alpha = new Uint8Array(capacity);
    this.scale = new Uint8Array(capacity);
  }

  /** Header of the last {@link parseHeader}: bits 0..31, bits 32..39 and the entity number. */
  bitsLo = 0;
  bitsHi = 0;
  number = 0;

  clear(): void {
    this.inuse.fill(0);
    this.seen.fill(0);
    this.model.fill(0);
    this.frame.fill(0);
    this.skinnum.fill(0);
    this.effects.fill(0);
    this.renderfx.fill(0);
    this.origin.fill(0);
    this.angles.fill(0);
    this.oldOrigin.fill(0);
    this.sound.fill(0);
    this.loopVolume.fill(0);
    this.loopAttenuation.fill(0);
    this.event.fill(0);
    this.solid.fill(0);
    this.morefx.fill(0);
    this.alpha.fill(0);
    this.scale.fill(0);
  }

  /**
   * Reads an entity header at `p` (bits, then the number; 0 ends the list) into
   * {@link bitsLo}, {@link bitsHi} and {@link number}; returns the position after it.
   * `ext` = EXTLIMITS (a fifth bits byte). Unchecked reads, as in {@link parseDelta}.
   */
  parseHeader(b: Uint8Array, p: number, ext: boolean): number {
    let lo = b[p++];
    let hi = 0;
    if (lo & U_MOREBITS1) lo |= b[p++] << 8;
    if (lo & U_MOREBITS2) lo |= b[p++] << 16;
    if (lo & U_MOREBITS3) lo |= b[p++] << 24;
    if (ext && lo & U_MOREBITS4) hi = b[p++];
    this.bitsLo = lo;
    this.bitsHi = hi;
    // Both number bytes are always read (the slack makes the second readable), so this code
    // has seen its reads before the optimiser compiles it: a branch that first reads when a
    // number above 255 turns up mid-demo threw the optimised frame parser away (a
    // deoptimisation, then a second compile while frames ran unoptimised: a cold
    // `navgen info` spent about 15 ms more on the long urbanjungle demo).
    const wide = (lo & U_NUMBER16) === 0 ? 0 : 1;
    this.number = b[p] | ((b[p + 1] << 8) & -wide);
    return p + 1 + wide;
  }

  /**
   * Applies the delta whose header was just read to entity `n`, reading from `b` at `p`;
   * returns the position after it. `ext` = EXTLIMITS (16-bit models, short angles, long
   * solids, sound/morefx/alpha/scale extensions), `ext2` = EXTLIMITS_2 (DeltaInt23
   * coordinates).
   *
   * Reads are unchecked: the caller guarantees {@link READ_SLACK} readable bytes after the
   * block (the longest delta is under 64 bytes) and compares the result with the block's end.
   */
  parseDelta(b: Uint8Array, p: number, n: number, ext: boolean, ext2: boolean): number {
    const lo = this.bitsLo;
    const hi = this.bitsHi;
    this.event[n] = 0;
    if (lo === 0 && hi === 0) return p;

    const m = n * 4;
    const model = this.model;
    if (ext && lo & U_MODEL16) {
      if (lo & U_MODEL) {
        model[m] = u16(b, p);
        p += 2;
      }
      if (lo & U_MODEL2) {
        model[m + 1] = u16(b, p);
        p += 2;
      }
      if (lo & U_MODEL3) {
        model[m + 2] = u16(b, p);
        p += 2;
      }
      if (lo & U_MODEL4) {
        model[m + 3] = u16(b, p);
        p += 2;
      }
    } else {
      if (lo & U_MODEL) model[m] = b[p++];
      if (lo & U_MODEL2) model[m + 1] = b[p++];
      if (lo & U_MODEL3) model[m + 2] = b[p++];
      if (lo & U_MODEL4) model[m + 3] = b[p++];
    }

    if (lo & U_FRAME8) this.frame[n] = b[p++];
    if (lo & U_FRAME16) {
      this.frame[n] = u16(b, p);
      p += 2;
    }

    if ((lo & U_SKIN32) === U_SKIN32) {
      this.skinnum[n] = i32(b, p);
      p += 4;
    } else if (lo & U_SKIN8) this.skinnum[n] = b[p++];
    else if (lo & U_SKIN16) {
      this.skinnum[n] = u16(b, p);
      p += 2;
    }

    if ((lo & U_EFFECTS32) === U_EFFECTS32) {
      this.effects[n] = i32(b, p);
      p += 4;
    } else if (lo & U_EFFECTS8) this.effects[n] = b[p++];
    else if (lo & U_EFFECTS16) {
      this.effects[n] = u16(b, p);
      p += 2;
    }

    if ((lo & U_RENDERFX32) === U_RENDERFX32) {
      this.renderfx[n] = i32(b, p);
      p += 4;
    } else if (lo & U_RENDERFX8) this.renderfx[n] = b[p++];
    else if (lo & U_RENDERFX16) {
      this.renderfx[n] = u16(b, p);
      p += 2;
    }

    const o = n * 3;
    const origin = this.origin;
    if (ext2) {
      if (lo & U_ORIGIN1) {
        p = readDeltaInt23(b, p, origin[o]);
        origin[o] = deltaInt23.value;
      }
      if (lo & U_ORIGIN2) {
        p = readDeltaInt23(b, p, origin[o + 1]);
        origin[o + 1] = deltaInt23.value;
      }
      if (lo & U_ORIGIN3) {
        p = readDeltaInt23(b, p, origin[o + 2]);
        origin[o + 2] = deltaInt23.value;
      }
    } else {
      if (lo & U_ORIGIN1) {
        origin[o] = i16(b, p);
        p += 2;
      }
      if (lo & U_ORIGIN2) {
        origin[o + 1] = i16(b, p);
        p += 2;
      }
      if (lo & U_ORIGIN3) {
        origin[o + 2] = i16(b, p);
        p += 2;
      }
    }

    const angles = this.angles;
    if (ext && lo & U_ANGLE16) {
      if (lo & U_ANGLE1) {
        angles[o] = i16(b, p) * SHORT2ANGLE;
        p += 2;
      }
      if (lo & U_ANGLE2) {
        angles[o + 1] = i16(b, p) * SHORT2ANGLE;
        p += 2;
      }
      if (lo & U_ANGLE3) {
        angles[o + 2] = i16(b, p) * SHORT2ANGLE;
        p += 2;
      }
    } else {
      if (lo & U_ANGLE1) angles[o] = ((b[p++] << 24) >> 24) * BYTE2ANGLE;
      if (lo & U_ANGLE2) angles[o + 1] = ((b[p++] << 24) >> 24) * BYTE2ANGLE;
      if (lo & U_ANGLE3) angles[o + 2] = ((b[p++] << 24) >> 24) * BYTE2ANGLE;
    }

    if (lo & U_OLDORIGIN) {
      const old = this.oldOrigin;
      if (ext2) {
        // MSG_ReadPos clears the vector first, so deltas are taken from zero.
        p = readDeltaInt23(b, p, 0);
        old[o] = deltaInt23.value;
        p = readDeltaInt23(b, p, 0);
        old[o + 1] = deltaInt23.value;
        p = readDeltaInt23(b, p, 0);
        old[o + 2] = deltaInt23.value;
      } else {
        old[o] = i16(b, p);
        old[o + 1] = i16(b, p + 2);
        old[o + 2] = i16(b, p + 4);
        p += 6;
      }
    }

    if (lo & U_SOUND) {
      if (ext) {
        const w = u16(b, p);
        p += 2;
        this.sound[n] = w & 0x3fff;
        if (w & 0x4000) this.loopVolume[n] = b[p++];
        if (w & 0x8000) this.loopAttenuation[n] = b[p++];
      } else {
        this.sound[n] = b[p++];
      }
    }

    if (lo & U_EVENT) this.event[n] = b[p++];

    if (lo & U_SOLID) {
      if (ext) {
        this.solid[n] = i32(b, p);
        p += 4;
      } else {
        this.solid[n] = u16(b, p);
        p += 2;
      }
    }

    if (ext) {
      if (lo & U_MOREFX8 && hi & U_HI_MOREFX16) {
        this.morefx[n] = i32(b, p);
        p += 4;
      } else if (lo & U_MOREFX8) this.morefx[n] = b[p++];
      else if (hi & U_HI_MOREFX16) {
        this.morefx[n] = u16(b, p);
        p += 2;
      }
      if (lo & U_ALPHA) this.alpha[n] = b[p++];
      if (hi & U_HI_SCALE) this.scale[n] = b[p++];
    }
    return p;
  }
}

/**
 * The position after the delta {@link EntityTable.parseDelta} would read for the header
 * `lo`/`hi`, without storing it: summary mode (`navgen info`), which reports no entity. Not
 * for EXTLIMITS_2, whose DeltaInt23 coordinates have lengths of their own and whose origins
 * later deltas build on.
 */
export function skipEntityDelta(
  b: Uint8Array,
  p: number,
  lo: number,
  hi: number,
  ext: boolean,
): number {
  if (lo === 0 && hi === 0) return p;
  const model = ext && lo & U_MODEL16 ? 2 : 1;
  if (lo & U_MODEL) p += model;
  if (lo & U_MODEL2) p += model;
  if (lo & U_MODEL3) p += model;
  if (lo & U_MODEL4) p += model;
  if (lo & U_FRAME8) p++;
  if (lo & U_FRAME16) p += 2;
  p += sized(lo, U_SKIN8, U_SKIN16);
  p += sized(lo, U_EFFECTS8, U_EFFECTS16);
  p += sized(lo, U_RENDERFX8, U_RENDERFX16);
  if (lo & U_ORIGIN1) p += 2;
  if (lo & U_ORIGIN2) p += 2;
  if (lo & U_ORIGIN3) p += 2;
  const angle = ext && lo & U_ANGLE16 ? 2 : 1;
  if (lo & U_ANGLE1) p += angle;
  if (lo & U_ANGLE2) p += angle;
  if (lo & U_ANGLE3) p += angle;
  if (lo & U_OLDORIGIN) p += 6;
  if (lo & U_SOUND) {
    if (ext) {
      const w = u16(b, p);
      p += 2 + ((w >> 14) & 1) + ((w >> 15) & 1);
    } else {
      p++;
    }
  }
  if (lo & U_EVENT) p++;
  if (lo & U_SOLID) p += ext ? 4 : 2;
  if (ext) {
    const fx8 = (lo & U_MOREFX8) !== 0;
    const fx16 = (hi & U_HI_MOREFX16) !== 0;
    p += fx8 && fx16 ? 4 : fx8 ? 1 : fx16 ? 2 : 0;
    if (lo & U_ALPHA) p++;
    if (hi & U_HI_SCALE) p++;
  }
  return p;
}

/** Bytes of a field sent as 8, 16 or (both bits) 32 bits. */
function sized(lo: number, bit8: number, bit16: number): number {
  return lo & bit8 ? (lo & bit16 ? 4 : 1) : lo & bit16 ? 2 : 0;
}

function u16(b: Uint8Array, p: number): number {
  return b[p] | (b[p + 1] << 8);
}

function i16(b: Uint8Array, p: number): number {
  return ((b[p] | (b[p + 1] << 8)) << 16) >> 16;
}

function i32(b: Uint8Array, p: number): number {
  return b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
}
