/**
 * One entity entry of a frame: the U_ bits (1 to 5 bytes, MOREBITS chaining them), the
 * number (8 or 16 bits), then the changed fields in the engine's order. The bits follow the
 * engine's `MSG_WriteDeltaEntity` with the recorder's flags (UMASK and BEAMORIGIN always;
 * LONGSOLID, SHORTANGLES and EXTENSIONS with EXTLIMITS; EXTENSIONS_2 with EXTLIMITS_2).
 *
 * Two engine rules decide what a reader can learn about an entity, so a writer's input only
 * reaches the reader where they allow it:
 * - `oldOrigin` is sent only for a new entity (when it differs from the retained origin), for
 *   beams (whenever it changes) and for RF_FRAMELERP entities (when it differs from the
 *   previous origin);
 * - without short angles (all entities but BSP models under EXTLIMITS) an angle is sent as
 *   its high byte, and only when that byte changes.
 */
import {
  PACKED_BSP,
  RF_BEAM,
  RF_FRAMELERP,
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
  U_REMOVE,
  U_RENDERFX16,
  U_RENDERFX32,
  U_RENDERFX8,
  U_SKIN16,
  U_SKIN32,
  U_SKIN8,
  U_SOLID,
  U_SOUND,
} from '../../src/sources/mvd2/protocol.js';
import { checkInt, type ByteWriter } from './byte-writer.js';
import type { PackedEntity } from './packed-entity.js';
import type { WireFormat } from './wire-format.js';

/** Values above this need the 32-bit form of skin, effects, renderfx, morefx (`MSG_ES_UMASK`). */
const LONG_MASK = 0xffff0000 | 0;

/** The recorder's per-entity flags (`MSG_ES_*`) besides those of the stream format. */
export const enum EntityDeltaFlags {
  None = 0,
  /** Origin and angles come from the player state; do not send them. */
  FirstPerson = 1,
  /** Written even when nothing changed (an entity entering). */
  Force = 2,
  /** An entity entering: its old origin travels when it differs from the retained origin. */
  NewEntity = 4,
}

/** Writes the entity's leave notice: U_REMOVE and its number. */
export function writeEntityRemove(w: ByteWriter, number: number): void {
  checkNumber(number);
  let lo = U_REMOVE;
  if (number & 0xff00) lo |= U_NUMBER16 | U_MOREBITS1;
  writeHeader(w, lo, 0, number);
}

/** Writes the delta from `from` to `to` for entity `number`; false when nothing was written. */
export function writeEntityDelta(
  w: ByteWriter,
  number: number,
  from: PackedEntity,
  to: PackedEntity,
  fmt: WireFormat,
  flags: EntityDeltaFlags,
): boolean {
  checkNumber(number);
  let lo = 0;
  let hi = 0;

  if (!(flags & EntityDeltaFlags.FirstPerson)) {
    if (to.origin[0] !== from.origin[0]) lo |= U_ORIGIN1;
    if (to.origin[1] !== from.origin[1]) lo |= U_ORIGIN2;
    if (to.origin[2] !== from.origin[2]) lo |= U_ORIGIN3;
    if (fmt.ext && to.solid === PACKED_BSP) {
      if (to.angles[0] !== from.angles[0]) lo |= U_ANGLE1 | U_ANGLE16;
      if (to.angles[1] !== from.angles[1]) lo |= U_ANGLE2 | U_ANGLE16;
      if (to.angles[2] !== from.angles[2]) lo |= U_ANGLE3 | U_ANGLE16;
    } else {
      if ((to.angles[0] ^ from.angles[0]) & 0xff00) lo |= U_ANGLE1;
      if ((to.angles[1] ^ from.angles[1]) & 0xff00) lo |= U_ANGLE2;
      if ((to.angles[2] ^ from.angles[2]) & 0xff00) lo |= U_ANGLE3;
    }
    if (flags & EntityDeltaFlags.NewEntity && !same(to.oldOrigin, from.origin)) lo |= U_OLDORIGIN;
  }

  if (to.skinnum !== from.skinnum) lo |= sizeBits(to.skinnum, U_SKIN8, U_SKIN16, U_SKIN32);
  if (to.frame !== from.frame) lo |= to.frame & 0xff00 ? U_FRAME16 : U_FRAME8;
  if (to.effects !== from.effects) lo |= sizeBits(to.effects, U_EFFECTS8, U_EFFECTS16, U_EFFECTS32);
  if (to.renderfx !== from.renderfx)
    lo |= sizeBits(to.renderfx, U_RENDERFX8, U_RENDERFX16, U_RENDERFX32);
  if (to.solid !== from.solid) lo |= U_SOLID;
  // Events are not delta compressed: any event is sent.
  if (to.event !== 0) lo |= U_EVENT;
  if (to.model[0] !== from.model[0]) lo |= U_MODEL;
  if (to.model[1] !== from.model[1]) lo |= U_MODEL2;
  if (to.model[2] !== from.model[2]) lo |= U_MODEL3;
  if (to.model[3] !== from.model[3]) lo |= U_MODEL4;

  if (fmt.ext) {
    const anyModel = to.model[0] | to.model[1] | to.model[2] | to.model[3];
    if (lo & (U_MODEL | U_MODEL2 | U_MODEL3 | U_MODEL4) && anyModel & 0xff00) lo |= U_MODEL16;
    if (to.loopVolume !== from.loopVolume || to.loopAttenuation !== from.loopAttenuation)
      lo |= U_SOUND;
    if (to.morefx !== from.morefx) {
      if (to.morefx & LONG_MASK) {
        lo |= U_MOREFX8;
        hi |= U_HI_MOREFX16;
      } else if (to.morefx & 0xff00) hi |= U_HI_MOREFX16;
      else lo |= U_MOREFX8;
    }
    if (to.alpha !== from.alpha) lo |= U_ALPHA;
    if (to.scale !== from.scale) hi |= U_HI_SCALE;
  }
  if (to.sound !== from.sound) lo |= U_SOUND;

  if (to.renderfx & RF_FRAMELERP) {
    if (!same(to.oldOrigin, from.origin)) lo |= U_OLDORIGIN;
  } else if (to.renderfx & RF_BEAM) {
    if (!same(to.oldOrigin, from.oldOrigin)) lo |= U_OLDORIGIN;
  }

  if (lo === 0 && hi === 0 && !(flags & EntityDeltaFlags.Force)) return false;

  if (number & 0xff00) lo |= U_NUMBER16;
  writeHeader(w, lo, hi, number);
  writePayload(w, lo, hi, from, to, fmt);
  return true;
}

/** Bits, MOREBITS chaining, then the number. */
function writeHeader(w: ByteWriter, lo: number, hi: number, number: number): void {
  if (hi !== 0) lo |= U_MOREBITS4 | U_MOREBITS3 | U_MOREBITS2 | U_MOREBITS1;
  else if (lo & 0xff000000) lo |= U_MOREBITS3 | U_MOREBITS2 | U_MOREBITS1;
  else if (lo & 0x00ff0000) lo |= U_MOREBITS2 | U_MOREBITS1;
  else if (lo & 0x0000ff00) lo |= U_MOREBITS1;
  w.u8(lo & 0xff);
  if (lo & U_MOREBITS1) w.u8((lo >>> 8) & 0xff);
  if (lo & U_MOREBITS2) w.u8((lo >>> 16) & 0xff);
  if (lo & U_MOREBITS3) w.u8(lo >>> 24);
  if (lo & U_MOREBITS4) w.u8(hi & 0xff);
  if (lo & U_NUMBER16) w.u16(number);
  else w.u8(number);
}

function writePayload(
  w: ByteWriter,
  lo: number,
  hi: number,
  from: PackedEntity,
  to: PackedEntity,
  fmt: WireFormat,
): void {
  const modelBits = [U_MODEL, U_MODEL2, U_MODEL3, U_MODEL4];
  for (let i = 0; i < 4; i++) {
    if (!(lo & modelBits[i])) continue;
    if (lo & U_MODEL16) w.u16(to.model[i]);
    else w.u8(to.model[i]);
  }

  if (lo & U_FRAME8) w.u8(to.frame);
  else if (lo & U_FRAME16) w.u16(to.frame);

  writeSized(w, lo, to.skinnum, U_SKIN8, U_SKIN16);
  writeSized(w, lo, to.effects, U_EFFECTS8, U_EFFECTS16);
  writeSized(w, lo, to.renderfx, U_RENDERFX8, U_RENDERFX16);

  const originBits = [U_ORIGIN1, U_ORIGIN2, U_ORIGIN3];
  for (let i = 0; i < 3; i++) {
    if (!(lo & originBits[i])) continue;
    if (fmt.ext2) w.deltaInt23(from.origin[i], to.origin[i]);
    else w.i16(to.origin[i]);
  }

  const angleBits = [U_ANGLE1, U_ANGLE2, U_ANGLE3];
  for (let i = 0; i < 3; i++) {
    if (!(lo & angleBits[i])) continue;
    if (lo & U_ANGLE16) w.u16(to.angles[i]);
    else w.u8(to.angles[i] >> 8);
  }

  if (lo & U_OLDORIGIN) {
    for (let i = 0; i < 3; i++) {
      if (fmt.ext2) w.deltaInt23(0, to.oldOrigin[i]);
      else w.i16(to.oldOrigin[i]);
    }
  }

  if (lo & U_SOUND) {
    if (fmt.ext) {
      let word = to.sound & 0x3fff;
      if (to.loopVolume !== from.loopVolume) word |= 0x4000;
      if (to.loopAttenuation !== from.loopAttenuation) word |= 0x8000;
      w.u16(word);
      if (word & 0x4000) w.u8(to.loopVolume);
      if (word & 0x8000) w.u8(to.loopAttenuation);
    } else {
      w.u8(to.sound);
    }
  }

  if (lo & U_EVENT) w.u8(to.event);

  if (lo & U_SOLID) {
    if (fmt.ext) w.i32(to.solid);
    else w.u16(to.solid);
  }

  if (lo & U_MOREFX8 && hi & U_HI_MOREFX16) w.i32(to.morefx);
  else if (lo & U_MOREFX8) w.u8(to.morefx);
  else if (hi & U_HI_MOREFX16) w.u16(to.morefx);

  if (lo & U_ALPHA) w.u8(to.alpha);
  if (hi & U_HI_SCALE) w.u8(to.scale);
}

/** The 8-, 16- or 32-bit form (both bits) for a value, by its highest set byte. */
function sizeBits(value: number, bit8: number, bit16: number, bit32: number): number {
  if (value & LONG_MASK) return bit32;
  return value & 0xff00 ? bit16 : bit8;
}

function writeSized(w: ByteWriter, lo: number, value: number, bit8: number, bit16: number): void {
  if ((lo & (bit8 | bit16)) === (bit8 | bit16)) w.i32(value);
  else if (lo & bit8) w.u8(value);
  else if (lo & bit16) w.u16(value);
}

function checkNumber(number: number): void {
  // 0 is the world and ends the entity list; it is never sent.
  checkInt('entity number', number, 1, 0xffff);
}

function same(a: Int32Array, b: Int32Array): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}
