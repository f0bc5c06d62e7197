/**
 * One player entry of a frame: `u8` slot, `u16` PPS bits, then the payload of every bit in the
 * engine's order. The bits are exactly the fields that differ from the slot's previous state
 * (`MSG_WriteDeltaPlayerstate_Packet`), so an unchanged player costs nothing.
 */
import {
  CLIENTNUM_NONE,
  PPS_BLEND,
  PPS_FOV,
  PPS_GUNANGLES,
  PPS_GUNOFFSET,
  PPS_KICKANGLES,
  PPS_M_ORIGIN,
  PPS_M_ORIGIN2,
  PPS_M_TYPE,
  PPS_RDFLAGS,
  PPS_REMOVE,
  PPS_STATS,
  PPS_VIEWANGLE2,
  PPS_VIEWANGLES,
  PPS_VIEWOFFSET,
  PPS_WEAPONFRAME,
  PPS_WEAPONINDEX,
} from '../../src/sources/mvd2/protocol.js';
import { checkInt, type ByteWriter } from './byte-writer.js';
import type { PackedPlayer } from './packed-player.js';
import type { WireFormat } from './wire-format.js';

/**
 * How a delta is sent besides its changed fields (`MSG_PS_FORCE`, `MSG_PS_REMOVE`). Without
 * Force nothing is written when no field changed.
 */
export const enum PlayerDeltaFlags {
  None = 0,
  /** Written even when empty: a player entering (again) must be announced. */
  Force = 1,
  /** Carries PPS_REMOVE (the baseline's slots that are not in use); does not force. */
  Remove = 2,
}

/** Writes the slot's leave notice: its number and PPS_REMOVE, no payload. */
export function writePlayerRemove(w: ByteWriter, slot: number): void {
  checkSlot(slot);
  w.u8(slot);
  w.u16(PPS_REMOVE);
}

/** Writes the delta from `from` to `to` for `slot`; returns false when nothing was written. */
export function writePlayerDelta(
  w: ByteWriter,
  slot: number,
  from: PackedPlayer,
  to: PackedPlayer,
  fmt: WireFormat,
  flags: PlayerDeltaFlags,
): boolean {
  checkSlot(slot);
  let bits = 0;
  if (to.pmType !== from.pmType) bits |= PPS_M_TYPE;
  if (to.origin[0] !== from.origin[0] || to.origin[1] !== from.origin[1]) bits |= PPS_M_ORIGIN;
  if (to.origin[2] !== from.origin[2]) bits |= PPS_M_ORIGIN2;
  if (!same(to.viewoffset, from.viewoffset)) bits |= PPS_VIEWOFFSET;
  if (to.viewangles[0] !== from.viewangles[0] || to.viewangles[1] !== from.viewangles[1])
    bits |= PPS_VIEWANGLES;
  if (to.viewangles[2] !== from.viewangles[2]) bits |= PPS_VIEWANGLE2;
  if (!same(to.kickAngles, from.kickAngles)) bits |= PPS_KICKANGLES;
  if (!same(to.blend, from.blend) || (fmt.ext2 && !same(to.damageBlend, from.damageBlend)))
    bits |= PPS_BLEND;
  if (to.fov !== from.fov) bits |= PPS_FOV;
  if (to.rdflags !== from.rdflags) bits |= PPS_RDFLAGS;
  if (to.gunIndex !== from.gunIndex) bits |= PPS_WEAPONINDEX;
  if (to.gunFrame !== from.gunFrame) bits |= PPS_WEAPONFRAME;
  if (!same(to.gunOffset, from.gunOffset)) bits |= PPS_GUNOFFSET;
  if (!same(to.gunAngles, from.gunAngles)) bits |= PPS_GUNANGLES;
  // Stat mask as two 32-bit words (stats 0..31 and 32..63).
  let statsLo = 0;
  let statsHi = 0;
  for (let i = 0; i < fmt.numStats; i++) {
    if (to.stats[i] === from.stats[i]) continue;
    if (i < 32) statsLo |= 1 << i;
    else statsHi |= 1 << (i - 32);
  }
  if (statsLo !== 0 || statsHi !== 0) bits |= PPS_STATS;

  if (bits === 0 && !(flags & PlayerDeltaFlags.Force)) return false;
  if (flags & PlayerDeltaFlags.Remove) bits |= PPS_REMOVE;

  w.u8(slot);
  w.u16(bits);
  if (bits & PPS_M_TYPE) w.u8(to.pmType);
  if (fmt.ext2) {
    if (bits & PPS_M_ORIGIN) {
      w.deltaInt23(from.origin[0], to.origin[0]);
      w.deltaInt23(from.origin[1], to.origin[1]);
    }
    if (bits & PPS_M_ORIGIN2) w.deltaInt23(from.origin[2], to.origin[2]);
  } else {
    if (bits & PPS_M_ORIGIN) {
      w.i16(to.origin[0]);
      w.i16(to.origin[1]);
    }
    if (bits & PPS_M_ORIGIN2) w.i16(to.origin[2]);
  }
  if (bits & PPS_VIEWOFFSET) chars(w, to.viewoffset);
  if (bits & PPS_VIEWANGLES) {
    w.u16(to.viewangles[0]);
    w.u16(to.viewangles[1]);
  }
  if (bits & PPS_VIEWANGLE2) w.u16(to.viewangles[2]);
  if (bits & PPS_KICKANGLES) chars(w, to.kickAngles);
  if (bits & PPS_WEAPONINDEX) {
    if (fmt.ext) w.u16(to.gunIndex);
    else w.u8(to.gunIndex);
  }
  if (bits & PPS_WEAPONFRAME) w.u8(to.gunFrame);
  if (bits & PPS_GUNOFFSET) chars(w, to.gunOffset);
  if (bits & PPS_GUNANGLES) chars(w, to.gunAngles);
  if (bits & PPS_BLEND) {
    if (fmt.ext2) writeDeltaBlend(w, from, to);
    else for (let i = 0; i < 4; i++) w.u8(to.blend[i]);
  }
  if (bits & PPS_FOV) w.u8(to.fov);
  if (bits & PPS_RDFLAGS) w.u8(to.rdflags);
  if (bits & PPS_STATS) {
    if (fmt.ext2) w.varint64(statsLo, statsHi);
    else w.u32(statsLo >>> 0);
    for (let i = 0; i < fmt.numStats; i++) {
      const set = i < 32 ? statsLo & (1 << i) : statsHi & (1 << (i - 32));
      if (set) w.i16(to.stats[i]);
    }
  }
  return true;
}

/** EXTLIMITS_2 blend: a flag byte (bits 0..3 blend, 4..7 damage blend), then the changed bytes. */
function writeDeltaBlend(w: ByteWriter, from: PackedPlayer, to: PackedPlayer): void {
  let flags = 0;
  for (let i = 0; i < 4; i++) {
    if (to.blend[i] !== from.blend[i]) flags |= 1 << i;
    if (to.damageBlend[i] !== from.damageBlend[i]) flags |= 1 << (4 + i);
  }
  w.u8(flags);
  for (let i = 0; i < 4; i++) if (flags & (1 << i)) w.u8(to.blend[i]);
  for (let i = 0; i < 4; i++) if (flags & (1 << (4 + i))) w.u8(to.damageBlend[i]);
}

function checkSlot(slot: number): void {
  // 255 ends the player list, so it can never be a slot (the engine refuses it too).
  checkInt('player slot', slot, 0, CLIENTNUM_NONE - 1);
}

function chars(w: ByteWriter, v: Int8Array): void {
  w.i8(v[0]);
  w.i8(v[1]);
  w.i8(v[2]);
}

function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
