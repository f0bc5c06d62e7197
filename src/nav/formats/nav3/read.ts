/**
 * `NAV3` bytes → {@link Nav3File}. Refuses, with file and byte offset, every file either loader
 * refuses ({@link validateNav3}); bytes after the last edict, which both loaders ignore, come
 * back as a warning.
 */
import { ByteCursor } from '../byte-cursor.js';
import { magicText, opensWith, readNavBytes } from '../nav-bytes.js';
import {
  NAV3_EDICT_MODEL_VERSION,
  NAV3_LADDER_PLANE_VERSION,
  NAV3_MAGIC,
  NAV3_MIN_FILE_BYTES,
  NAV3_NODE_BYTES,
  NAV3_ORIGIN_BYTES,
  NAV3_LINK_BYTES,
  nav3EdictBytes,
  nav3TraversalBytes,
} from './layout.js';
import type { Nav3Edict, Nav3File, Nav3Link, Nav3Node, Nav3Traversal } from './types.js';
import { validateNav3, validateNav3Header } from './validate.js';

export interface DecodedNav3 {
  nav: Nav3File;
  /** Loadable oddities (trailing bytes). */
  warnings: string[];
}

/** Whether `bytes` open with the `NAV3` magic. */
export function isNav3(bytes: Uint8Array): boolean {
  return opensWith(bytes, NAV3_MAGIC);
}

export async function readNav3File(path: string): Promise<DecodedNav3> {
  return decodeNav3(await readNavBytes(path), path);
}

export function decodeNav3(bytes: Uint8Array, file: string): DecodedNav3 {
  const c = new ByteCursor(bytes, file);
  if (!isNav3(bytes)) {
    c.fail('BAD_MAGIC', `magic ${JSON.stringify(magicText(bytes))}, not "NAV3"`, 0);
  }
  // ng: "File too small" below the header and edict count.
  if (bytes.length < NAV3_MIN_FILE_BYTES) {
    c.fail(
      'TRUNCATED',
      `${bytes.length} bytes; q2pro-ng needs at least ${NAV3_MIN_FILE_BYTES}`,
      bytes.length,
    );
  }
  c.at = 4;
  const version = c.i32('the version');
  const count = (what: string, size: number) => {
    const at = c.at;
    const n = c.i32(`the ${what} count`);
    // A negative or absurd count is a fatal allocator assertion in PR #310.
    if (n < 0 || n * size > bytes.length) {
      c.fail('BAD_COUNT', `${n} ${what}: the file holds ${bytes.length} bytes`, at);
    }
    return n;
  };
  const nodeCount = count('nodes', NAV3_NODE_BYTES + NAV3_ORIGIN_BYTES);
  const linkCount = count('links', NAV3_LINK_BYTES);
  const traversalCount = count('traversals', nav3TraversalBytes(version));
  const heuristic = c.f32('the heuristic');
  validateNav3Header(
    version,
    { nodes: nodeCount, links: linkCount, traversals: traversalCount },
    file,
  );
  const nodes: Nav3Node[] = [];
  for (let i = 0; i < nodeCount; i++) {
    const what = `node ${i}`;
    nodes.push({
      flags: c.u16(what),
      linkCount: c.i16(what),
      firstLink: c.i16(what),
      radius: c.i16(what),
      origin: [0, 0, 0],
    });
  }
  for (const n of nodes) n.origin = c.vec3('a node origin');
  const links: Nav3Link[] = [];
  for (let i = 0; i < linkCount; i++) {
    const what = `link ${i}`;
    links.push({
      target: c.i16(what),
      type: c.u8(what),
      flags: c.u8(what),
      traversal: c.i16(what),
    });
  }
  const traversals: Nav3Traversal[] = [];
  for (let i = 0; i < traversalCount; i++) {
    const what = `traversal ${i}`;
    traversals.push({
      funnel: c.vec3(what),
      start: c.vec3(what),
      end: c.vec3(what),
      ladderPlane: version >= NAV3_LADDER_PLANE_VERSION ? c.vec3(what) : [0, 0, 0],
    });
  }
  const edictCount = count('edicts', nav3EdictBytes(version));
  const edicts: Nav3Edict[] = [];
  for (let i = 0; i < edictCount; i++) {
    const what = `edict ${i}`;
    edicts.push({
      link: c.i16(what),
      model: version >= NAV3_EDICT_MODEL_VERSION ? c.i32(what) : 0,
      mins: c.vec3(what),
      maxs: c.vec3(what),
    });
  }
  const nav: Nav3File = { version, heuristic, nodes, links, traversals, edicts };
  validateNav3(nav, file);
  const warnings =
    c.remaining > 0
      ? [`${file}: ${c.remaining} bytes after the last edict (the loaders ignore them)`]
      : [];
  return { nav, warnings };
}
