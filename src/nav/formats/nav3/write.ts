/**
 * {@link Nav3File} → `NAV3` bytes. Refuses (with the offset the field would have) a nav that a
 * loader would refuse; what it writes reads back field for field.
 */
import { ByteWriter } from '../byte-cursor.js';
import { NAV3_EDICT_MODEL_VERSION, NAV3_LADDER_PLANE_VERSION, NAV3_MAGIC } from './layout.js';
import type { Nav3File } from './types.js';
import { nav3Sections, validateNav3 } from './validate.js';

export function encodeNav3(nav: Nav3File, file = 'nav'): Uint8Array {
  validateNav3(nav, file);
  const counts = {
    nodes: nav.nodes.length,
    links: nav.links.length,
    traversals: nav.traversals.length,
    edicts: nav.edicts.length,
  };
  const w = new ByteWriter(nav3Sections(nav, counts).end);
  w.ascii(NAV3_MAGIC);
  w.i32(nav.version);
  w.i32(counts.nodes);
  w.i32(counts.links);
  w.i32(counts.traversals);
  w.f32(nav.heuristic);
  for (const n of nav.nodes) {
    w.u16(n.flags);
    w.i16(n.linkCount);
    w.i16(n.firstLink);
    w.i16(n.radius);
  }
  for (const n of nav.nodes) w.vec3(n.origin);
  for (const l of nav.links) {
    w.i16(l.target);
    w.u8(l.type);
    w.u8(l.flags);
    w.i16(l.traversal);
  }
  for (const t of nav.traversals) {
    w.vec3(t.funnel);
    w.vec3(t.start);
    w.vec3(t.end);
    if (nav.version >= NAV3_LADDER_PLANE_VERSION) w.vec3(t.ladderPlane);
  }
  w.i32(counts.edicts);
  for (const e of nav.edicts) {
    w.i16(e.link);
    if (nav.version >= NAV3_EDICT_MODEL_VERSION) w.i32(e.model);
    w.vec3(e.mins);
    w.vec3(e.maxs);
  }
  return w.bytes();
}
