/**
 * Delta state of every player slot of a segment, kept as flat typed arrays (struct of
 * arrays, one row per slot) so that decoding a frame allocates nothing.
 *
 * A slot's state survives its removal: the engine deltas a returning player against the
 * state it had when it left (`MSG_ParseDeltaPlayerstate_Packet` writes into the slot's
 * previous state whatever the REMOVE bit says).
 */
import * as deltaInt23Module from './delta-int23.js';
import * as protocol from './protocol.js';

/**
 * The protocol's numbers as constants of this module: V8's optimizing compiler loads an imported
 * binding on every use (its cell, and a check that it is initialized), but builds a module
 * `const` into the code (as in the dm2 decoder).
 */
const {
  MAX_CLIENTS,
  MAX_STATS_NEW,
  PPS_BLEND,
  PPS_FOV,
  PPS_GUNANGLES,
  PPS_GUNOFFSET,
  PPS_KICKANGLES,
  PPS_M_ORIGIN,
  PPS_M_ORIGIN2,
  PPS_M_TYPE,
  PPS_RDFLAGS,
  PPS_STATS,
  PPS_VIEWANGLE2,
  PPS_VIEWANGLES,
  PPS_VIEWOFFSET,
  PPS_WEAPONFRAME,
  PPS_WEAPONINDEX,
} = protocol;
const { deltaInt23, readDeltaInt23 } = deltaInt23Module;

/** Stats per slot in the table (the larger of the two encodings). */
export const STATS_STRIDE = MAX_STATS_NEW;
/** {@link STATS_STRIDE} for this module's own use (an exported binding is loaded like an import). */
const STRIDE = MAX_STATS_NEW;

export class PlayerTable {
  readonly inuse = new Uint8Array(MAX_CLIENTS);
  readonly pmType = new Uint8Array(MAX_CLIENTS);
  /** [Units: 1/8 world unit; Form: (x,y,z) × slot] */
  readonly origin = new Int32Array(MAX_CLIENTS * 3);
  /** [Units: 1/4 world unit; Form: (x,y,z) × slot] */
  readonly viewoffset = new Int8Array(MAX_CLIENTS * 3);
  /** [Units: 360/65536 degree; Form: (pitch,yaw,roll) × slot] */
  readonly viewangles = new Int16Array(MAX_CLIENTS * 3);
  /** [Units: 1/4 degree] */
  readonly kickAngles = new Int8Array(MAX_CLIENTS * 3);
  readonly gunIndex = new Uint16Array(MAX_CLIENTS);
  readonly gunFrame = new Uint8Array(MAX_CLIENTS);
  /** [Units: 1/4 world unit] */
  readonly gunOffset = new Int8Array(MAX_CLIENTS * 3);
  /** [Units: 1/4 degree] */
  readonly gunAngles = new Int8Array(MAX_CLIENTS * 3);
  /** RGBA bytes. [Form: (r,g,b,a) × slot] */
  readonly blend = new Uint8Array(MAX_CLIENTS * 4);
  readonly damageBlend = new Uint8Array(MAX_CLIENTS * 4);
  readonly fov = new Uint8Array(MAX_CLIENTS);
  readonly rdflags = new Uint8Array(MAX_CLIENTS);
  readonly stats = new Int16Array(MAX_CLIENTS * STRIDE);

  /** Forgets every slot (a new serverdata clears all state). */
  clear(): void {
    this.inuse.fill(0);
    this.pmType.fill(0);
    this.origin.fill(0);
    this.viewoffset.fill(0);
    this.viewangles.fill(0);
    this.kickAngles.fill(0);
    this.gunIndex.fill(0);
    this.gunFrame.fill(0);
    this.gunOffset.fill(0);
    this.gunAngles.fill(0);
    this.blend.fill(0);
    this.damageBlend.fill(0);
    this.fov.fill(0);
    this.rdflags.fill(0);
    this.stats.fill(0);
  }

  /**
   * Applies one packetized delta (`bits` = the PPS word) to `slot`, reading its payload from
   * `b` at `p` in the engine's order, and returns the position after it. `ext` = EXTLIMITS
   * (16-bit gun index), `ext2` = EXTLIMITS_2 (DeltaInt23 origins, varint stat mask, flagged
   * blend).
   *
   * Reads are unchecked: the caller guarantees {@link READ_SLACK} readable bytes after the
   * block and compares the returned position with the block's end.
   */
  parseDelta(
    b: Uint8Array,
    p: number,
    slot: number,
    bits: number,
    ext: boolean,
    ext2: boolean,
  ): number {
    const o = slot * 3;
    if (bits & PPS_M_TYPE) this.pmType[slot] = b[p++];

    const origin = this.origin;
    if (ext2) {
      if (bits & PPS_M_ORIGIN) {
        p = readDeltaInt23(b, p, origin[o]);
        origin[o] = deltaInt23.value;
        p = readDeltaInt23(b, p, origin[o + 1]);
        origin[o + 1] = deltaInt23.value;
      }
      if (bits & PPS_M_ORIGIN2) {
        p = readDeltaInt23(b, p, origin[o + 2]);
        origin[o + 2] = deltaInt23.value;
      }
    } else {
      if (bits & PPS_M_ORIGIN) {
        origin[o] = ((b[p] | (b[p + 1] << 8)) << 16) >> 16;
        origin[o + 1] = ((b[p + 2] | (b[p + 3] << 8)) << 16) >> 16;
        p += 4;
      }
      if (bits & PPS_M_ORIGIN2) {
        origin[o + 2] = ((b[p] | (b[p + 1] << 8)) << 16) >> 16;
        p += 2;
      }
    }

    // Int8Array / Int16Array stores wrap the unsigned bytes into signed values.
    if (bits & PPS_VIEWOFFSET) p = copy3(b, p, this.viewoffset, o);
    const angles = this.viewangles;
    if (bits & PPS_VIEWANGLES) {
      angles[o] = b[p] | (b[p + 1] << 8);
      angles[o + 1] = b[p + 2] | (b[p + 3] << 8);
      p += 4;
    }
    if (bits & PPS_VIEWANGLE2) {
      angles[o + 2] = b[p] | (b[p + 1] << 8);
      p += 2;
    }
    if (bits & PPS_KICKANGLES) p = copy3(b, p, this.kickAngles, o);
    if (bits & PPS_WEAPONINDEX) {
      if (ext) {
        this.gunIndex[slot] = b[p] | (b[p + 1] << 8);
        p += 2;
      } else {
        this.gunIndex[slot] = b[p++];
      }
    }
    if (bits & PPS_WEAPONFRAME) this.gunFrame[slot] = b[p++];
    if (bits & PPS_GUNOFFSET) p = copy3(b, p, this.gunOffset, o);
    if (bits & PPS_GUNANGLES) p = copy3(b, p, this.gunAngles, o);
    if (bits & PPS_BLEND) p = this.parseBlend(b, p, slot, ext2);
    if (bits & PPS_FOV) this.fov[slot] = b[p++];
    if (bits & PPS_RDFLAGS) this.rdflags[slot] = b[p++];
    if (bits & PPS_STATS)
      p = ext2 ? this.parseStatsVarint(b, p, slot) : this.parseStats32(b, p, slot);
    return p;
  }

  /**
   * The position after a delta {@link parseDelta} would read, without storing it: summary
   * mode (`navgen info`), which reports no player state. Not for EXTLIMITS_2, whose DeltaInt23
   * origins, varint stat masks and flagged blends have lengths of their own.
   */
  skipDelta(b: Uint8Array, p: number, bits: number, ext: boolean): number {
    if (bits & PPS_M_TYPE) p++;
    if (bits & PPS_M_ORIGIN) p += 4;
    if (bits & PPS_M_ORIGIN2) p += 2;
    if (bits & PPS_VIEWOFFSET) p += 3;
    if (bits & PPS_VIEWANGLES) p += 4;
    if (bits & PPS_VIEWANGLE2) p += 2;
    if (bits & PPS_KICKANGLES) p += 3;
    if (bits & PPS_WEAPONINDEX) p += ext ? 2 : 1;
    if (bits & PPS_WEAPONFRAME) p++;
    if (bits & PPS_GUNOFFSET) p += 3;
    if (bits & PPS_GUNANGLES) p += 3;
    if (bits & PPS_BLEND) p += 4;
    if (bits & PPS_FOV) p++;
    if (bits & PPS_RDFLAGS) p++;
    if (bits & PPS_STATS) {
      let mask = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
      p += 4;
      // Two bytes per set bit of the mask.
      mask = mask - ((mask >>> 1) & 0x55555555);
      mask = (mask & 0x33333333) + ((mask >>> 2) & 0x33333333);
      p += 2 * ((((mask + (mask >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24);
    }
    return p;
  }

  private parseBlend(b: Uint8Array, p: number, slot: number, ext2: boolean): number {
    const q = slot * 4;
    const blend = this.blend;
    if (!ext2) {
      blend[q] = b[p];
      blend[q + 1] = b[p + 1];
      blend[q + 2] = b[p + 2];
      blend[q + 3] = b[p + 3];
      return p + 4;
    }
    // A flag byte: bits 0..3 say which blend bytes follow, bits 4..7 which damage-blend bytes.
    const flags = b[p++];
    for (let i = 0; i < 4; i++) if (flags & (1 << i)) blend[q + i] = b[p++];
    for (let i = 0; i < 4; i++) if (flags & (1 << (4 + i))) this.damageBlend[q + i] = b[p++];
    return p;
  }

  /** u32 mask, then one i16 per set bit of the 32 stats. */
  private parseStats32(b: Uint8Array, p: number, slot: number): number {
    const mask = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
    p += 4;
    return this.readStatValues(b, p, slot * STRIDE, mask);
  }

  /** One i16 per set bit of `mask` (lowest bit first), into stats[base + bit]. */
  private readStatValues(b: Uint8Array, p: number, base: number, mask: number): number {
    const stats = this.stats;
    while (mask !== 0) {
      const bit = 31 - Math.clz32(mask & -mask); // index of the lowest set bit
      stats[base + bit] = b[p] | (b[p + 1] << 8);
      p += 2;
      mask &= mask - 1;
    }
    return p;
  }

  /** Varint mask of up to 64 bits (low and high words apart), then one i16 per set bit. */
  private parseStatsVarint(b: Uint8Array, p: number, slot: number): number {
    let lo = 0;
    let hi = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = b[p++];
      const bits7 = byte & 0x7f;
      if (shift < 32) {
        lo |= bits7 << shift;
        if (shift > 25) hi |= bits7 >>> (32 - shift);
      } else {
        hi |= bits7 << (shift - 32);
      }
      shift += 7;
    } while (byte & 0x80 && shift < 64);
    const s = slot * STRIDE;
    p = this.readStatValues(b, p, s, lo);
    return this.readStatValues(b, p, s + 32, hi);
  }
}

function copy3(b: Uint8Array, p: number, into: Int8Array, o: number): number {
  into[o] = b[p];
  into[o + 1] = b[p + 1];
  into[o + 2] = b[p + 2];
  return p + 3;
}
