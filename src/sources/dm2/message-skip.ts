/**
 * The server messages a client demo carries that navgen does not use (sounds, temp entities),
 * read past by their format so that the next message starts where the engine's would. The
 * decoder (`decoder.ts`) calls these from its command switch; an error is the decoder's to
 * raise (it knows the message's offset), so these return what was wrong instead of throwing.
 */
import type { ByteCursor } from '../demo/cursor.js';
import * as q2Protocol from '../demo/q2-protocol.js';
import { skipPos } from './entity-state.js';
import * as protocol from './protocol.js';

/** Module constants, not imported bindings (see the note in `decoder.ts`). */
const { SND_INDEX16, SND_ATTENUATION, SND_ENT, SND_OFFSET, SND_POS, SND_VOLUME } = q2Protocol;
const { ES_EXTENSIONS_2, TE_LAYOUTS, TE_STEAM } = protocol;

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
 * Reads past a sound message. Returns the entity it names when that is at or above
 * `maxEdicts` (an error), else -1. `extended`: the extended configstring layout (16-bit
 * sound indexes).
 */
export function skipSound(
  c: ByteCursor,
  esFlags: number,
  extended: boolean,
  maxEdicts: number,
): number {
  const flags = c.u8();
  if (extended && flags & SND_INDEX16) c.u16();
  else c.u8(); // sound index
  if (flags & SND_VOLUME) c.u8();
  if (flags & SND_ATTENUATION) c.u8();
  if (flags & SND_OFFSET) c.u8();
  if (flags & SND_ENT) {
    const entity = c.u16() >> 3;
    if (entity >= maxEdicts) return entity;
  }
  if (flags & SND_POS) skipPos(c, esFlags);
  return -1;
}

/** Reads past a temp entity message. Returns its type when the engine does not know it, else -1. */
export function skipTempEntity(c: ByteCursor, esFlags: number): number {
  const type = c.u8();
  if (type === TE_STEAM) {
    const entity = c.i16();
    c.u8(); // count
    skipPos(c, esFlags);
    c.skip(1 + 1 + 2); // direction, colour, second entity
    if (entity !== -1) c.skip(4); // duration
    return -1;
  }
  const fixed = esFlags & ES_EXTENSIONS_2 ? -1 : TE_FIXED_BYTES[type];
  // One skip when it fits (a cut-short unit goes the long way, for the same error).
  if (fixed >= 0 && c.end - c.pos >= fixed) {
    c.skip(fixed);
    return -1;
  }
  const layout = TE_LAYOUTS.get(type);
  if (layout === undefined) return type;
  for (let i = 0; i < layout.length; i++) {
    const k = layout.charCodeAt(i);
    if (k === 112 /* p */) skipPos(c, esFlags);
    else c.skip(k === 115 /* s */ ? 2 : 1);
  }
  return -1;
}
