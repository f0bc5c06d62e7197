/**
 * The state of one entity as a client demo carries it (`entity_state_t` of protocol 34), and
 * its delta decoding. Mutable, owned by the decoder: frames copy what they keep.
 */
import type { ByteCursor } from '../demo/cursor.js';
import * as q2Protocol from '../demo/q2-protocol.js';
import * as protocol from './protocol.js';

/**
 * The protocol's numbers as constants of this module: V8's optimizing compiler loads an imported
 * binding on every use (its cell, and a check that it is initialized), but builds a module
 * `const` into the code (callgrind, decoder-only loop over the fixture demos, with the same in
 * decoder.ts, entity-state.ts and player-state.ts: 6094 -> 5396 instructions per frame).
 */
const {
  RF_BEAM,
  U_ANGLE1,
  U_ANGLE2,
  U_ANGLE3,
  U_ANGLE16,
  U_EFFECTS16,
  U_EFFECTS8,
  U_EVENT,
  U_FRAME16,
  U_FRAME8,
  U_HI_MOREFX16,
  U_HI_SCALE,
  U_MODEL,
  U_MODEL2,
  U_MODEL3,
  U_MODEL4,
  U_MOREBITS1,
  U_MOREBITS2,
  U_MOREBITS3,
  U_MOREBITS4,
  U_MOREFX8,
  U_ALPHA,
  U_MODEL16,
  U_NUMBER16,
  U_OLDORIGIN,
  U_ORIGIN1,
  U_ORIGIN2,
  U_ORIGIN3,
  U_RENDERFX16,
  U_RENDERFX8,
  U_SKIN16,
  U_SKIN8,
  U_SOLID,
  U_SOUND,
} = q2Protocol;
const { ES_EXTENSIONS, ES_EXTENSIONS_2, ES_LONGSOLID, ES_SHORTANGLES } = protocol;

/**
 * Degrees per unit of a 16-bit angle. An 8-bit angle is the same unit × 256: the engine's
 * float32 angles (signed byte × 360/256, short × 360/65536) are all exact multiples of it, so
 * the angles are kept as integers and give the same degrees.
 */
const SHORT_ANGLE = 360 / 65536;
/** World units per unit of a coordinate: positions are kept as integers of 1/8 unit. */
const COORD_UNIT = 0.125;

/**
 * A coordinate as DeltaInt23: a u16 whose low bit says whether a third byte follows and the
 * rest is a new absolute value (23 bits) or a change (15 bits). [Units: 1/8 world unit]
 */
export function readDeltaCoord(c: ByteCursor, previous: number): number {
  const v = c.u16();
  if (v & 1) return (((v | (c.u8() << 16)) >>> 1) << 9) >> 9;
  return previous + (((v >>> 1) << 17) >> 17);
}

/** A position (`MSG_ReadPos`): three shorts, or three DeltaInt23 from zero with ES_EXTENSIONS_2. */
export function skipPos(c: ByteCursor, esFlags: number): void {
  if (esFlags & ES_EXTENSIONS_2) {
    readDeltaCoord(c, 0);
    readDeltaCoord(c, 0);
    readDeltaCoord(c, 0);
  } else {
    c.skip(6);
  }
}

export class EntityState {
  declare number: number;
  declare modelindex: number;
  declare modelindex2: number;
  declare modelindex3: number;
  declare modelindex4: number;
  declare frame: number;
  declare skinnum: number;
  declare effects: number;
  declare renderfx: number;
  /**
   * Origin, angles and previous origin as integers (`ox`… below give them in world units and
   * degrees): a state whose fields are all small integers is made and copied without a boxed
   * number per field. [Units: 1/8 world unit; 360/65536 degree]
   */
  declare x8: number;
  declare y8: number;
  declare z8: number;
  declare ax16: number;
  declare ay16: number;
  declare az16: number;
  declare oldx8: number;
  declare oldy8: number;
  declare oldz8: number;
  declare sound: number;
  /** Event of this frame only: never inherited from the state a delta starts from. */
  declare event: number;
  /** Packed bounding box of a SOLID_BBOX entity (0: not solid, 31: a brush model). */
  declare solid: number;
  /** Extended limits only: more effects, alpha (raw byte, 0 = unset), scale (raw byte × 16). */
  declare morefx: number;
  declare alpha: number;
  declare scale: number;

  /**
   * A copy of `o` (`NULL_STATE` for zeros). The fields are set here rather than
   * by initializers: V8 runs class field initializers as a function of their own, which in
   * the decoding loop was not inlined (4 % of reading a client demo, one copy per changed
   * entity) and set every field twice.
   */
  constructor(o: Readonly<EntityState>) {
    this.number = o.number;
    this.modelindex = o.modelindex;
    this.modelindex2 = o.modelindex2;
    this.modelindex3 = o.modelindex3;
    this.modelindex4 = o.modelindex4;
    this.frame = o.frame;
    this.skinnum = o.skinnum;
    this.effects = o.effects;
    this.renderfx = o.renderfx;
    this.x8 = o.x8;
    this.y8 = o.y8;
    this.z8 = o.z8;
    this.ax16 = o.ax16;
    this.ay16 = o.ay16;
    this.az16 = o.az16;
    this.oldx8 = o.oldx8;
    this.oldy8 = o.oldy8;
    this.oldz8 = o.oldz8;
    this.sound = o.sound;
    this.event = o.event;
    this.solid = o.solid;
    this.morefx = o.morefx;
    this.alpha = o.alpha;
    this.scale = o.scale;
  }

  /** [Units: world units] */
  get ox(): number {
    return this.x8 * COORD_UNIT;
  }
  get oy(): number {
    return this.y8 * COORD_UNIT;
  }
  get oz(): number {
    return this.z8 * COORD_UNIT;
  }
  /** [Units: degrees] */
  get ax(): number {
    return this.ax16 * SHORT_ANGLE;
  }
  get ay(): number {
    return this.ay16 * SHORT_ANGLE;
  }
  get az(): number {
    return this.az16 * SHORT_ANGLE;
  }
  /** [Units: world units] */
  get oldx(): number {
    return this.oldx8 * COORD_UNIT;
  }
  get oldy(): number {
    return this.oldy8 * COORD_UNIT;
  }
  get oldz(): number {
    return this.oldz8 * COORD_UNIT;
  }
}

/** A state with every field zero: the start of a baseline. */
export const NULL_STATE: Readonly<EntityState> = Object.freeze(
  new EntityState({
    number: 0,
    modelindex: 0,
    modelindex2: 0,
    modelindex3: 0,
    modelindex4: 0,
    frame: 0,
    skinnum: 0,
    effects: 0,
    renderfx: 0,
    x8: 0,
    y8: 0,
    z8: 0,
    ax16: 0,
    ay16: 0,
    az16: 0,
    oldx8: 0,
    oldy8: 0,
    oldz8: 0,
    sound: 0,
    event: 0,
    solid: 0,
    morefx: 0,
    alpha: 0,
    scale: 0,
  } as EntityState),
);

/**
 * Reads an entity header: the update bits (1 to 4 bytes, each announcing the next, and a
 * fifth with the extended limits) and the entity number (8 or 16 bits). Returns the number;
 * the bits are left in `out[0]` (bits 0..31) and `out[1]` (bits 32..39).
 */
export function readEntityHeader(c: ByteCursor, out: Int32Array, esFlags = 0): number {
  let bits = c.u8();
  if (bits & U_MOREBITS1) bits |= c.u8() << 8;
  if (bits & U_MOREBITS2) bits |= c.u8() << 16;
  if (bits & U_MOREBITS3) bits |= c.u8() << 24;
  out[0] = bits;
  out[1] = esFlags & ES_EXTENSIONS && bits & U_MOREBITS4 ? c.u8() : 0;
  return bits & U_NUMBER16 ? c.u16() : c.u8();
}

/**
 * Decodes the fields `bits` announces into `to`, which already holds the state the delta
 * starts from (`from`, kept for the previous origin). As the engine does, the event is cleared
 * first, and the previous origin follows the old origin unless sent or the entity is a beam.
 */
export function readEntityDelta(
  c: ByteCursor,
  to: EntityState,
  from: Readonly<EntityState>,
  number: number,
  bits: number,
  esFlags = 0,
  hi = 0,
): void {
  to.number = number;
  to.event = 0;
  if (bits !== 0 || hi !== 0) {
    const ext = (esFlags & ES_EXTENSIONS) !== 0;
    if (ext && bits & U_MODEL16) {
      if (bits & U_MODEL) to.modelindex = c.u16();
      if (bits & U_MODEL2) to.modelindex2 = c.u16();
      if (bits & U_MODEL3) to.modelindex3 = c.u16();
      if (bits & U_MODEL4) to.modelindex4 = c.u16();
    } else {
      if (bits & U_MODEL) to.modelindex = c.u8();
      if (bits & U_MODEL2) to.modelindex2 = c.u8();
      if (bits & U_MODEL3) to.modelindex3 = c.u8();
      if (bits & U_MODEL4) to.modelindex4 = c.u8();
    }
    if (bits & U_FRAME8) to.frame = c.u8();
    if (bits & U_FRAME16) to.frame = c.u16();
    if (bits & U_SKIN8 && bits & U_SKIN16) to.skinnum = c.i32();
    else if (bits & U_SKIN8) to.skinnum = c.u8();
    else if (bits & U_SKIN16) to.skinnum = c.u16();
    if (bits & U_EFFECTS8 && bits & U_EFFECTS16) to.effects = c.i32() >>> 0;
    else if (bits & U_EFFECTS8) to.effects = c.u8();
    else if (bits & U_EFFECTS16) to.effects = c.u16();
    if (bits & U_RENDERFX8 && bits & U_RENDERFX16) to.renderfx = c.i32() >>> 0;
    else if (bits & U_RENDERFX8) to.renderfx = c.u8();
    else if (bits & U_RENDERFX16) to.renderfx = c.u16();
    if (esFlags & ES_EXTENSIONS_2) {
      if (bits & U_ORIGIN1) to.x8 = readDeltaCoord(c, to.x8);
      if (bits & U_ORIGIN2) to.y8 = readDeltaCoord(c, to.y8);
      if (bits & U_ORIGIN3) to.z8 = readDeltaCoord(c, to.z8);
    } else {
      if (bits & U_ORIGIN1) to.x8 = c.i16();
      if (bits & U_ORIGIN2) to.y8 = c.i16();
      if (bits & U_ORIGIN3) to.z8 = c.i16();
    }
    if (esFlags & ES_SHORTANGLES && bits & U_ANGLE16) {
      if (bits & U_ANGLE1) to.ax16 = c.i16();
      if (bits & U_ANGLE2) to.ay16 = c.i16();
      if (bits & U_ANGLE3) to.az16 = c.i16();
    } else {
      if (bits & U_ANGLE1) to.ax16 = c.i8() * 256;
      if (bits & U_ANGLE2) to.ay16 = c.i8() * 256;
      if (bits & U_ANGLE3) to.az16 = c.i8() * 256;
    }
    if (bits & U_OLDORIGIN) {
      if (esFlags & ES_EXTENSIONS_2) {
        to.oldx8 = readDeltaCoord(c, 0);
        to.oldy8 = readDeltaCoord(c, 0);
        to.oldz8 = readDeltaCoord(c, 0);
      } else {
        to.oldx8 = c.i16();
        to.oldy8 = c.i16();
        to.oldz8 = c.i16();
      }
    }
    if (bits & U_SOUND) {
      if (ext) {
        // 14 bits of sound, then a loop volume and attenuation when flagged (not kept).
        const w = c.u16();
        to.sound = w & 0x3fff;
        if (w & 0x4000) c.u8();
        if (w & 0x8000) c.u8();
      } else {
        to.sound = c.u8();
      }
    }
    if (bits & U_EVENT) to.event = c.u8();
    if (bits & U_SOLID) to.solid = esFlags & ES_LONGSOLID ? c.i32() >>> 0 : c.u16();
    if (ext) {
      const fx8 = (bits & U_MOREFX8) !== 0;
      const fx16 = (hi & U_HI_MOREFX16) !== 0;
      if (fx8 && fx16) to.morefx = c.i32() >>> 0;
      else if (fx8) to.morefx = c.u8();
      else if (fx16) to.morefx = c.u16();
      if (bits & U_ALPHA) to.alpha = c.u8();
      if (hi & U_HI_SCALE) to.scale = c.u8();
    }
  }
  if (!(bits & U_OLDORIGIN) && !(to.renderfx & RF_BEAM)) {
    to.oldx8 = from.x8;
    to.oldy8 = from.y8;
    to.oldz8 = from.z8;
  }
}

/**
 * Whether an entity that a frame leaves unchanged can share its previous state object: a
 * delta with no bits only clears the event and moves the origin into the previous origin
 * (except for beams), so a state with no event whose previous origin already is its origin
 * stays the same.
 */
export function shareable(e: Readonly<EntityState>): boolean {
  return (
    e.event === 0 &&
    ((e.renderfx & RF_BEAM) !== 0 || (e.oldx8 === e.x8 && e.oldy8 === e.y8 && e.oldz8 === e.z8))
  );
}
