/**
 * An entity state in wire units (`entity_packed_t`), built from the writer's
 * {@link EntityState} (the reader's `EntityFrame` plus the loop-sound bytes it does not report).
 */
import { checkField } from './byte-writer.js';
import type { EntityState } from './demo-input.js';
import { angleToShort, coordToWire } from './quantize.js';
import type { WireFormat } from './wire-format.js';

export class PackedEntity {
  readonly model = new Uint16Array(4);
  frame = 0;
  skinnum = 0;
  effects = 0;
  renderfx = 0;
  /** [Units: 1/8 world unit] */
  readonly origin = new Int32Array(3);
  /** [Units: 360/65536 degree] */
  readonly angles = new Uint16Array(3);
  /** [Units: 1/8 world unit] */
  readonly oldOrigin = new Int32Array(3);
  sound = 0;
  loopVolume = 0;
  loopAttenuation = 0;
  event = 0;
  solid = 0;
  morefx = 0;
  alpha = 0;
  scale = 0;
}

/** The all-zero state a never-seen entity is delta compressed from (`nullEntityState`). */
export const NULL_ENTITY: Readonly<PackedEntity> = new PackedEntity();

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

/**
 * Quantises `e` into `into` for the stream format `fmt`. Throws a `RangeError` for a value the
 * format cannot carry: models above 255, sounds above 255, long solids and the extension
 * fields (morefx, alpha, scale, loop sound) without EXTLIMITS, coordinates beyond 16 bits
 * without EXTLIMITS_2.
 */
export function packEntity(into: PackedEntity, e: EntityState, fmt: WireFormat): void {
  const n = e.number;
  const lo = fmt.ext2 ? -0x400000 : -0x8000;
  const hi = fmt.ext2 ? 0x3fffff : 0x7fff;
  for (let i = 0; i < 4; i++) {
    checkField('entity', n, 'modelindex', e.modelindex[i], 0, fmt.ext ? 0xffff : 0xff, i);
    into.model[i] = e.modelindex[i];
  }
  for (let i = 0; i < 3; i++) {
    into.origin[i] = coordToWire(e.origin[i], lo, hi, 'entity', n, 'origin', i);
    into.oldOrigin[i] = coordToWire(e.oldOrigin[i], lo, hi, 'entity', n, 'oldOrigin', i);
    into.angles[i] = angleToShort(e.angles[i]);
  }
  checkField('entity', n, 'frame', e.frame, 0, 0xffff);
  checkField('entity', n, 'skinnum', e.skinnum, INT32_MIN, INT32_MAX);
  checkField('entity', n, 'effects', e.effects, INT32_MIN, INT32_MAX);
  checkField('entity', n, 'renderfx', e.renderfx, INT32_MIN, INT32_MAX);
  checkField('entity', n, 'sound', e.sound, 0, fmt.ext ? 0x3fff : 0xff);
  checkField('entity', n, 'event', e.event, 0, 0xff);
  if (fmt.ext) checkField('entity', n, 'solid', e.solid, INT32_MIN, INT32_MAX);
  else checkField('entity', n, 'solid', e.solid, 0, 0xffff);
  const extMax = fmt.ext ? 0xff : 0;
  checkField('entity', n, 'morefx', e.morefx, fmt.ext ? INT32_MIN : 0, fmt.ext ? INT32_MAX : 0);
  checkField('entity', n, 'alpha', e.alpha, 0, extMax);
  checkField('entity', n, 'scale', e.scale, 0, extMax);
  const loopVolume = e.loopVolume ?? 0;
  const loopAttenuation = e.loopAttenuation ?? 0;
  checkField('entity', n, 'loopVolume', loopVolume, 0, extMax);
  checkField('entity', n, 'loopAttenuation', loopAttenuation, 0, extMax);
  into.frame = e.frame;
  into.skinnum = e.skinnum;
  into.effects = e.effects;
  into.renderfx = e.renderfx;
  into.sound = e.sound;
  into.event = e.event;
  into.solid = e.solid;
  into.morefx = e.morefx;
  into.alpha = e.alpha;
  into.scale = e.scale;
  into.loopVolume = loopVolume;
  into.loopAttenuation = loopAttenuation;
}
