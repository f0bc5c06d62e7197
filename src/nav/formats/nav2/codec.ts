/**
 * `NAV2` bytes ↔ {@link Nav2File}: the reader refuses what FTEQW's loader refuses (with file and
 * byte offset), the writer refuses what it could not read back.
 */
import { ByteCursor, ByteWriter } from '../byte-cursor.js';
import { NavFormatError } from '../format-error.js';
import { magicText, opensWith, readNavBytes } from '../nav-bytes.js';
import {
  NAV2_HEURISTIC_VERSION,
  NAV2_LINK_BYTES,
  NAV2_MAGIC,
  NAV2_NEWEST_VERSION,
  NAV2_NO_TRAVERSAL,
  NAV2_NODE_BYTES,
  NAV2_OLDEST_VERSION,
  NAV2_ORIGIN_BYTES,
  NAV2_TRAVERSAL_BYTES,
  nav2EdictBytes,
  nav2HeaderBytes,
} from './layout.js';
import type { Nav2Edict, Nav2File, Nav2Link, Nav2Node, Nav2Traversal } from './types.js';

export function isNav2(bytes: Uint8Array): boolean {
  return opensWith(bytes, NAV2_MAGIC);
}

export async function readNav2File(path: string): Promise<Nav2File> {
  return decodeNav2(await readNavBytes(path), path);
}

export function decodeNav2(bytes: Uint8Array, file: string): Nav2File {
  const c = new ByteCursor(bytes, file);
  if (!isNav2(bytes)) {
    c.fail('BAD_MAGIC', `magic ${JSON.stringify(magicText(bytes))}, not "NAV2"`, 0);
  }
  c.at = 4;
  const version = c.i32('the version');
  if (version < NAV2_OLDEST_VERSION || version > NAV2_NEWEST_VERSION) {
    c.fail(
      'BAD_VERSION',
      `version ${version}; FTE reads ${NAV2_OLDEST_VERSION}..${NAV2_NEWEST_VERSION}`,
      4,
    );
  }
  const count = (what: string, size: number) => {
    const at = c.at;
    const n = c.i32(`the ${what} count`);
    if (n < 0 || n * size > bytes.length)
      c.fail('BAD_COUNT', `${n} ${what}: the file holds ${bytes.length} bytes`, at);
    return n;
  };
  const nodeCount = count('nodes', NAV2_NODE_BYTES + NAV2_ORIGIN_BYTES);
  const linkCount = count('links', NAV2_LINK_BYTES);
  const traversalCount = count('traversals', NAV2_TRAVERSAL_BYTES);
  const heuristic = version >= NAV2_HEURISTIC_VERSION ? c.f32('the heuristic') : 0;
  const nodes: Nav2Node[] = [];
  for (let i = 0; i < nodeCount; i++) {
    const at = c.at;
    const what = `node ${i}`;
    const node = {
      flags: c.u16(what),
      linkCount: c.u16(what),
      firstLink: c.u16(what),
      radius: c.u16(what),
      origin: [0, 0, 0] as Nav2Node['origin'],
    };
    if (node.firstLink + node.linkCount > linkCount) {
      c.fail(
        'BAD_NODE_LINKS',
        `node ${i}: first link ${node.firstLink} + ${node.linkCount} links pass the ${linkCount} links`,
        at + 4,
      );
    }
    nodes.push(node);
  }
  for (const n of nodes) n.origin = c.vec3('a node origin');
  const links: Nav2Link[] = [];
  for (let i = 0; i < linkCount; i++) {
    const at = c.at;
    const what = `link ${i}`;
    const target = c.u16(what);
    const type = c.u16(what);
    const raw = c.u16(what);
    if (target >= nodeCount)
      c.fail(
        'BAD_LINK_TARGET',
        `link ${i}: target ${target} is not a node (0..${nodeCount - 1})`,
        at,
      );
    if (raw !== NAV2_NO_TRAVERSAL && raw >= traversalCount) {
      c.fail(
        'BAD_TRAVERSAL',
        `link ${i}: traversal ${raw} is neither 0xffff nor one of the ${traversalCount}`,
        at + 4,
      );
    }
    links.push({ target, type, traversal: raw === NAV2_NO_TRAVERSAL ? -1 : raw });
  }
  const traversals: Nav2Traversal[] = [];
  for (let i = 0; i < traversalCount; i++) {
    const what = `traversal ${i}`;
    traversals.push({ funnel: c.vec3(what), start: c.vec3(what), end: c.vec3(what) });
  }
  const edictCount = count('edicts', nav2EdictBytes(version));
  const edicts: Nav2Edict[] = [];
  for (let i = 0; i < edictCount; i++) {
    const at = c.at;
    const what = `edict ${i}`;
    const link = c.u16(what);
    if (link >= linkCount)
      c.fail('BAD_EDICT_LINK', `edict ${i}: link ${link} is not one of the ${linkCount}`, at);
    const e: Nav2Edict = {
      link,
      mins: c.vec3(what),
      maxs: c.vec3(what),
      targetname: 0,
      classname: 0,
      entity: 0,
    };
    if (version === 14) {
      e.targetname = c.i32(what);
      e.classname = c.i32(what);
    } else if (version >= 15) e.entity = c.i32(what);
    edicts.push(e);
  }
  // FTE reads one byte more and refuses the file if that read succeeds ("trailing junk").
  if (c.remaining > 0) c.fail('TRAILING_BYTES', `${c.remaining} bytes after the last edict`, c.at);
  return { version, heuristic, nodes, links, traversals, edicts };
}

/** The bytes of `nav`; throws a {@link NavFormatError} for a field its slot cannot hold. */
export function encodeNav2(nav: Nav2File, file = 'nav'): Uint8Array {
  const fail = (reason: string): never => {
    throw new NavFormatError('BAD_VALUE', reason, file, 0);
  };
  const u16 = (v: number, what: string) => {
    if (!Number.isInteger(v) || v < 0 || v > 0xffff) fail(`${what} ${v} is not a u16`);
    return v;
  };
  if (
    !Number.isInteger(nav.version) ||
    nav.version < NAV2_OLDEST_VERSION ||
    nav.version > NAV2_NEWEST_VERSION
  ) {
    throw new NavFormatError(
      'BAD_VERSION',
      `version ${nav.version}; FTE reads ${NAV2_OLDEST_VERSION}..${NAV2_NEWEST_VERSION}`,
      file,
      4,
    );
  }
  const w = new ByteWriter(
    nav2HeaderBytes(nav.version) + nav.nodes.length * 20 + nav.links.length * 6,
  );
  w.ascii(NAV2_MAGIC);
  w.i32(nav.version);
  w.i32(nav.nodes.length);
  w.i32(nav.links.length);
  w.i32(nav.traversals.length);
  if (nav.version >= NAV2_HEURISTIC_VERSION) w.f32(nav.heuristic);
  nav.nodes.forEach((n, i) => {
    if (n.firstLink + n.linkCount > nav.links.length)
      fail(`node ${i}: its links pass the ${nav.links.length} links`);
    w.u16(u16(n.flags, `node ${i} flags`));
    w.u16(u16(n.linkCount, `node ${i} link count`));
    w.u16(u16(n.firstLink, `node ${i} first link`));
    w.u16(u16(n.radius, `node ${i} radius`));
  });
  for (const n of nav.nodes) w.vec3(n.origin);
  nav.links.forEach((l, i) => {
    if (l.target >= nav.nodes.length) fail(`link ${i}: target ${l.target} is not a node`);
    if (l.traversal < -1 || l.traversal >= nav.traversals.length)
      fail(`link ${i}: traversal ${l.traversal} out of range`);
    w.u16(u16(l.target, `link ${i} target`));
    w.u16(u16(l.type, `link ${i} type`));
    w.u16(l.traversal === -1 ? NAV2_NO_TRAVERSAL : l.traversal);
  });
  for (const t of nav.traversals) {
    w.vec3(t.funnel);
    w.vec3(t.start);
    w.vec3(t.end);
  }
  w.i32(nav.edicts.length);
  nav.edicts.forEach((e, i) => {
    if (e.link >= nav.links.length) fail(`edict ${i}: link ${e.link} is not a link`);
    w.u16(u16(e.link, `edict ${i} link`));
    w.vec3(e.mins);
    w.vec3(e.maxs);
    if (nav.version === 14) {
      w.i32(e.targetname);
      w.i32(e.classname);
    } else if (nav.version >= 15) w.i32(e.entity);
  });
  return w.bytes();
}
