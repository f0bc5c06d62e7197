/**
 * A player state in wire units (`player_packed_t`): what the recorder compares field by field
 * to decide which PPS bits a delta carries. Built from the reader's own {@link PlayerFrame}
 * type, so that a test can hand the writer what it expects the reader to return.
 */
import { MAX_STATS_NEW, STAT_HEALTH } from '../../src/sources/mvd2/protocol.js';
import type { PlayerFrame } from '../../src/sources/demo/events.js';
import { checkField } from './byte-writer.js';
import { angleToShort, clipByte, coordToWire, offsetToChar } from './quantize.js';
import type { WireFormat } from './wire-format.js';

/**
 * Field of view written for a player given without `detail`. The engine never captures a
 * player whose fov is 0 (`player_is_active`), and a baseline delta of an all-zero state would
 * be empty, so the player would not appear at all. [Units: degrees]
 */
export const DEFAULT_FOV = 90;

export class PackedPlayer {
  pmType = 0;
  /** [Units: 1/8 world unit] */
  readonly origin = new Int32Array(3);
  /** [Units: 1/4 world unit] */
  readonly viewoffset = new Int8Array(3);
  /** [Units: 360/65536 degree] */
  readonly viewangles = new Uint16Array(3);
  /** [Units: 1/4 degree] */
  readonly kickAngles = new Int8Array(3);
  gunIndex = 0;
  gunFrame = 0;
  /** [Units: 1/4 world unit] */
  readonly gunOffset = new Int8Array(3);
  /** [Units: 1/4 degree] */
  readonly gunAngles = new Int8Array(3);
  readonly blend = new Uint8Array(4);
  readonly damageBlend = new Uint8Array(4);
  /** [Units: degrees] */
  fov = 0;
  rdflags = 0;
  readonly stats = new Int16Array(MAX_STATS_NEW);
}

/** The all-zero state every delta of a new segment starts from (`nullPlayerState`). */
export const NULL_PLAYER: Readonly<PackedPlayer> = new PackedPlayer();

/**
 * Quantises `p` into `into` for the stream format `fmt`. Throws a `RangeError` for a value the
 * format cannot carry (an origin beyond 16 bits without EXTLIMITS_2, a gun index above 255
 * without EXTLIMITS, stats 32..63 or a damage blend without EXTLIMITS_2) or for a `health`
 * that contradicts `detail.stats[1]`.
 */
export function packPlayer(into: PackedPlayer, p: PlayerFrame, fmt: WireFormat): void {
  const slot = p.slot;
  checkField('player', slot, 'pmType', p.pmType, 0, 0xff);
  const lo = fmt.ext2 ? -0x400000 : -0x8000;
  const hi = fmt.ext2 ? 0x3fffff : 0x7fff;
  for (let i = 0; i < 3; i++) {
    into.origin[i] = coordToWire(p.origin[i], lo, hi, 'player', slot, 'origin', i);
    into.viewoffset[i] = offsetToChar(p.viewoffset[i]);
    into.viewangles[i] = angleToShort(p.viewangles[i]);
  }
  into.pmType = p.pmType;
  checkField('player', slot, 'rdflags', p.rdflags, 0, 0xff);
  into.rdflags = p.rdflags;
  checkField('player', slot, 'health', p.health, -0x8000, 0x7fff);

  const d = p.detail;
  into.stats.fill(0);
  if (d === null) {
    into.kickAngles.fill(0);
    into.gunIndex = 0;
    into.gunFrame = 0;
    into.gunOffset.fill(0);
    into.gunAngles.fill(0);
    into.blend.fill(0);
    into.damageBlend.fill(0);
    into.fov = DEFAULT_FOV;
    into.stats[STAT_HEALTH] = p.health;
    return;
  }
  for (let i = 0; i < 3; i++) {
    into.kickAngles[i] = offsetToChar(d.kickAngles[i]);
    into.gunOffset[i] = offsetToChar(d.gunOffset[i]);
    into.gunAngles[i] = offsetToChar(d.gunAngles[i]);
  }
  checkField('player', slot, 'gunIndex', d.gunIndex, 0, fmt.ext ? 0xffff : 0xff);
  checkField('player', slot, 'gunFrame', d.gunFrame, 0, 0xff);
  into.gunIndex = d.gunIndex;
  into.gunFrame = d.gunFrame;
  for (let i = 0; i < 4; i++) {
    checkField('player', slot, 'blend', d.blend[i], 0, 0xff, i);
    checkField('player', slot, 'damageBlend', d.damageBlend[i], 0, fmt.ext2 ? 0xff : 0, i);
    into.blend[i] = d.blend[i];
    into.damageBlend[i] = d.damageBlend[i];
  }
  into.fov = clipByte(d.fov);
  if (d.stats.length > MAX_STATS_NEW)
    throw new RangeError(`player ${slot}: ${d.stats.length} stats (max ${MAX_STATS_NEW})`);
  for (let i = 0; i < d.stats.length; i++) {
    // Stats beyond the format's count cannot travel: only 0 fits them.
    if (i < fmt.numStats) checkField('player', slot, 'stats', d.stats[i], -0x8000, 0x7fff, i);
    else checkField('player', slot, 'stats', d.stats[i], 0, 0, i);
    into.stats[i] = d.stats[i];
  }
  if (into.stats[STAT_HEALTH] !== p.health) {
    throw new RangeError(
      `player ${slot}: health ${p.health} differs from stats[${STAT_HEALTH}] ${into.stats[STAT_HEALTH]}`,
    );
  }
}
