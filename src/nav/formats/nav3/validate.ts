/**
 * Everything about a {@link Nav3File} that either loader refuses (or would crash on), with the
 * byte offset of the field at fault in the file it is or would be. One set of rules for the
 * reader (after parsing) and the writer (before encoding). The loader line that makes each rule
 * is named beside it: "PR" is q2pro PR #310's `Nav_Load`, "ng" q2pro-ng's.
 */
import { NavFormatError } from '../format-error.js';
import {
  NAV3_EDICT_MODEL_VERSION,
  NAV3_HEADER_BYTES,
  NAV3_LINK_BYTES,
  NAV3_MAX_EDICTS,
  NAV3_MAX_INDEX,
  NAV3_MAX_LINKS,
  NAV3_NODE_BYTES,
  NAV3_OLDEST_VERSION,
  NAV3_ORIGIN_BYTES,
  NAV3_VERSION,
  nav3EdictBytes,
  nav3TraversalBytes,
} from './layout.js';
import type { Nav3File } from './types.js';

/** Where each section starts in the file of `nav`. [Units: bytes] */
export function nav3Sections(nav: Pick<Nav3File, 'version'>, counts: Nav3Counts) {
  const nodes = NAV3_HEADER_BYTES;
  const origins = nodes + counts.nodes * NAV3_NODE_BYTES;
  const links = origins + counts.nodes * NAV3_ORIGIN_BYTES;
  const traversals = links + counts.links * NAV3_LINK_BYTES;
  const edictCount = traversals + counts.traversals * nav3TraversalBytes(nav.version);
  const edicts = edictCount + 4;
  const end = edicts + counts.edicts * nav3EdictBytes(nav.version);
  return { nodes, origins, links, traversals, edictCount, edicts, end };
}

export interface Nav3Counts {
  nodes: number;
  links: number;
  traversals: number;
  edicts: number;
}

const isInt = (v: number, lo: number, hi: number) => Number.isInteger(v) && v >= lo && v <= hi;

/**
 * The header's rules, which the loaders check before reading any record (so the reader checks
 * them first too, and a bad count is reported at the count, not where the records run out).
 */
export function validateNav3Header(
  version: number,
  counts: Omit<Nav3Counts, 'edicts'>,
  file: string,
): void {
  const fail = (code: NavFormatError['code'], reason: string, offset: number): never => {
    throw new NavFormatError(code, reason, file, offset);
  };
  // ng: "Bad version" outside 2..6; PR: "bad version" above 6.
  if (!isInt(version, NAV3_OLDEST_VERSION, NAV3_VERSION)) {
    fail(
      'BAD_VERSION',
      `version ${version}; the loaders read ${NAV3_OLDEST_VERSION}..${NAV3_VERSION}`,
      4,
    );
  }
  // ng: "No nodes" / "No links"; PR: 0 nodes is "out of memory". PR keeps node ids in int16.
  if (counts.nodes < 1 || counts.nodes > NAV3_MAX_INDEX) {
    fail('BAD_COUNT', `${counts.nodes} nodes; the loaders need 1..${NAV3_MAX_INDEX}`, 8);
  }
  if (counts.links < 1 || counts.links > NAV3_MAX_LINKS) {
    fail('BAD_COUNT', `${counts.links} links; the loaders need 1..${NAV3_MAX_LINKS}`, 12);
  }
  // PR reads traversal indices as int16 (-1 none): more are unreachable.
  if (counts.traversals > NAV3_MAX_INDEX) {
    fail('BAD_COUNT', `${counts.traversals} traversals; at most ${NAV3_MAX_INDEX}`, 16);
  }
}

/** Throws a {@link NavFormatError} for the first rule `nav` breaks; `file` names it. */
export function validateNav3(nav: Nav3File, file: string): void {
  const fail = (code: NavFormatError['code'], reason: string, offset: number): never => {
    throw new NavFormatError(code, reason, file, offset);
  };
  const counts = {
    nodes: nav.nodes.length,
    links: nav.links.length,
    traversals: nav.traversals.length,
    edicts: nav.edicts.length,
  };
  validateNav3Header(nav.version, counts, file);
  if (!Number.isFinite(nav.heuristic) || Math.fround(nav.heuristic) !== nav.heuristic) {
    fail('BAD_VALUE', `heuristic ${nav.heuristic} is not a float32 value`, 20);
  }
  const at = nav3Sections(nav, counts);
  const vec = (v: readonly number[], what: string, offset: number) => {
    v.forEach((c, i) => {
      if (!Number.isFinite(c) || Math.fround(c) !== c) {
        fail('BAD_VALUE', `${what}[${i}] ${c} is not a finite float32 value`, offset + 4 * i);
      }
    });
  };
  nav.nodes.forEach((n, i) => {
    const o = at.nodes + i * NAV3_NODE_BYTES;
    if (!isInt(n.flags, 0, 0xffff)) fail('BAD_VALUE', `node ${i}: flags ${n.flags} not u16`, o);
    // PR: `first_link >= 0 && first_link + num_links <= num_links` ("bad node link extents");
    // ng reads both unsigned ("Bad node links").
    if (!isInt(n.linkCount, 0, NAV3_MAX_INDEX) || !isInt(n.firstLink, 0, NAV3_MAX_INDEX)) {
      fail('BAD_NODE_LINKS', `node ${i}: first link ${n.firstLink}, ${n.linkCount} links`, o + 2);
    }
    if (n.firstLink + n.linkCount > counts.links) {
      fail(
        'BAD_NODE_LINKS',
        `node ${i}: first link ${n.firstLink} + ${n.linkCount} links pass the ${counts.links} links`,
        o + 4,
      );
    }
    // PR stores the radius as int16, ng as uint16: both agree on 0..32767.
    if (!isInt(n.radius, 0, NAV3_MAX_INDEX)) {
      fail('BAD_VALUE', `node ${i}: radius ${n.radius} not in 0..${NAV3_MAX_INDEX}`, o + 6);
    }
    vec(n.origin, `node ${i} origin`, at.origins + i * NAV3_ORIGIN_BYTES);
  });
  nav.links.forEach((l, i) => {
    const o = at.links + i * NAV3_LINK_BYTES;
    // PR: "bad link target" unless 0 <= target < nodes; ng: "Bad link target".
    if (!isInt(l.target, 0, counts.nodes - 1)) {
      fail(
        'BAD_LINK_TARGET',
        `link ${i}: target ${l.target} is not a node (0..${counts.nodes - 1})`,
        o,
      );
    }
    if (!isInt(l.type, 0, 255)) fail('BAD_VALUE', `link ${i}: type ${l.type} not u8`, o + 2);
    if (!isInt(l.flags, 0, 255)) fail('BAD_VALUE', `link ${i}: flags ${l.flags} not u8`, o + 3);
    // PR: -1 or < traversals ("bad link traversal"); ng: 0xffff or < traversals.
    if (l.traversal !== -1 && !isInt(l.traversal, 0, counts.traversals - 1)) {
      fail(
        'BAD_TRAVERSAL',
        `link ${i}: traversal ${l.traversal} is neither -1 nor one of the ${counts.traversals}`,
        o + 4,
      );
    }
  });
  const tb = nav3TraversalBytes(nav.version);
  nav.traversals.forEach((t, i) => {
    const o = at.traversals + i * tb;
    vec(t.funnel, `traversal ${i} funnel`, o);
    vec(t.start, `traversal ${i} start`, o + 12);
    vec(t.end, `traversal ${i} end`, o + 24);
    vec(t.ladderPlane, `traversal ${i} ladder plane`, o + 36);
  });
  // ng: "Too many edicts" above MAX_EDICTS.
  if (counts.edicts > NAV3_MAX_EDICTS) {
    fail('BAD_COUNT', `${counts.edicts} edicts; q2pro-ng holds ${NAV3_MAX_EDICTS}`, at.edictCount);
  }
  const eb = nav3EdictBytes(nav.version);
  const hasModel = nav.version >= NAV3_EDICT_MODEL_VERSION;
  nav.edicts.forEach((e, i) => {
    const o = at.edicts + i * eb;
    // PR: int16, "bad edict link" unless 0 <= link < links; ng: "Bad edict link".
    if (!isInt(e.link, 0, Math.min(counts.links - 1, NAV3_MAX_INDEX))) {
      fail('BAD_EDICT_LINK', `edict ${i}: link ${e.link} is not one of the ${counts.links}`, o);
    }
    if (!isInt(e.model, -0x80000000, 0x7fffffff)) {
      fail('BAD_VALUE', `edict ${i}: model ${e.model} not i32`, o + 2);
    }
    const v = o + (hasModel ? 6 : 2);
    vec(e.mins, `edict ${i} mins`, v);
    vec(e.maxs, `edict ${i} maxs`, v + 12);
  });
}
