/**
 * The server messages of a client demo that navgen does not use (sounds, temp entities), read
 * past by their format so that the next message starts where the engine's would, and the table
 * that lets most temp entities be skipped in one step.
 *
 * The decoder's command switch (`decoder.ts`) calls these once per message. They return what
 * was wrong instead of throwing: only the decoder knows the message's offset and how to name
 * the error (inside a compressed packet or not), and a plain number back keeps the call free
 * of closures. The cursor's own overrun faults pass through as they are.
 */
import type { ByteCursor } from '../demo/cursor.js';
import * as q2Protocol from '../demo/q2-protocol.js';
import { skipPos } from './entity-state.js';
import * as protocol from './protocol.js';

/** Module constants, not imported bindings (see the note in `decoder.ts`). */
const { SND_INDEX16, SND_ATTENUATION, SND_ENT, SND_OFFSET, SND_POS, SND_VOLUME } = q2Protocol;
const { ES_EXTENSIONS_2, TE_LAYOUTS, TE_STEAM } = protocol;

/** What a skip returns when the message was read past without fault. */
export const SKIPPED = -1;

/**
 * Bytes of each temp entity type when positions are three shorts (all but EXTENSIONS_2), or
 * -1 for a type the engine does not know: one skip instead of a walk through its layout.
 */
const TE_FIXED_BYTES = (() => {
  const sizes = new Int16Array(256).fill(-1);
  for (const [type, layout] of TE_LAYOUTS) {
    let n = 0;
    for (const k of layout) n += k === 'p' ? 6 : k === 's' ? 2 : 1;
    sizes[type] = n;
  }
  return sizes;
})();

/**
 * Reads past a sound message (`svc_sound`). Returns the entity number it names when that is
 * at or above `maxEdicts` (the engine refuses it), else {@link SKIPPED}. `index16`: sound
 * indexes may be 16-bit (the extended configstring layout).
 */
export function skipSound(
  c: ByteCursor,
  esFlags: number,
  index16: boolean,
  maxEdicts: number,
): number {
  const flags = c.u8();
  if (index16 && flags & SND_INDEX16) c.u16();
  else c.u8(); // sound index
  if (flags & SND_VOLUME) c.u8();
  if (flags & SND_ATTENUATION) c.u8();
  if (flags & SND_OFFSET) c.u8();
  if (flags & SND_ENT) {
    const entity = c.u16() >> 3;
    if (entity >= maxEdicts) return entity;
  }
  if (flags & SND_POS) skipPos(c, esFlags);
  return SKIPPED;
}

/**
 * Reads past a temp entity message (`svc_temp_entity`). Returns its type when the engine does
 * not know it (nothing after the type byte is read then), else {@link SKIPPED}.
 */
export function skipTempEntity(c: ByteCursor, esFlags: number): number {
  const type = c.u8();
  if (type === TE_STEAM) {
    const entity = c.i16();
    c.u8(); // count
    skipPos(c, esFlags);
    c.skip(1 + 1 + 2); // direction, colour, second entity
    if (entity !== -1) c.skip(4); // duration
    return SKIPPED;
  }
  const fixed = esFlags & ES_EXTENSIONS_2 ? -1 : TE_FIXED_BYTES[type];
  // One skip when it fits (a cut-short unit goes the long way, for the same error).
  if (fixed >= 0 && c.end - c.pos >= fixed) {
    c.skip(fixed);
    return SKIPPED;
  }
  return skipTempEntityByLayout(c, type, esFlags);
}

/** The long way: the type's layout field by field (positions may be coordinates of varying size). */
function skipTempEntityByLayout(c: ByteCursor, type: number, esFlags: number): number {
  const layout = TE_LAYOUTS.get(type);
  if (layout === undefined) return type;
  for (let i = 0; i < layout.length; i++) {
    const k = layout.charCodeAt(i);
    if (k === 112 /* p */) skipPos(c, esFlags);
    else c.skip(k === 115 /* s */ ? 2 : 1);
  }
  return SKIPPED;
}
