/**
 * Seeded pseudo-random re-release navs (`Nav3File`) for the loader fuzz test: every field drawn
 * across what navgen's NAV3 writer allows (1 to 32,767 nodes, up to 65,535 links, a node with
 * the 32,767 links an int16 count holds, link runs shared by several nodes, any link type and
 * flag byte, traversals and edicts up to their limits, coordinates out to the float32 limits,
 * subnormals and -0, versions 2 to 6), and for a minority of graphs one field put just outside
 * what a loader takes (a fault, one graph in eight), with the reason the writer must give when it refuses it.
 *
 * The same seed gives the same graph on every machine (`SeededRandom`, not `Math.random`).
 */
import type { NavFormatErrorCode } from '../../src/nav/formats/format-error.js';
import {
  NAV3_LADDER_PLANE_VERSION,
  NAV3_LINK_TYPES,
  NAV3_MAX_EDICTS,
  NAV3_MAX_INDEX,
  NAV3_MAX_LINKS,
  NAV3_OLDEST_VERSION,
  NAV3_VERSION,
} from '../../src/nav/formats/nav3/layout.js';
import type {
  Nav3Edict,
  Nav3File,
  Nav3Link,
  Nav3Node,
  Nav3Traversal,
} from '../../src/nav/formats/nav3/types.js';
import type { Vec3 } from '../../src/nav/types.js';
import { SeededRandom } from '../../tools/mvd2-writer/seeded-random.js';

/** A field put outside what a loader takes, and how the writer must say so. */
export interface Nav3Fault {
  readonly name: string;
  readonly code: NavFormatErrorCode;
  /** What the writer's message must say (after the file and offset). */
  readonly reason: RegExp;
}

export interface RandomNav3 {
  readonly nav: Nav3File;
  /** Null: a nav both loaders must load. */
  readonly fault: Nav3Fault | null;
}

/** The largest finite float32. */
export const FLT_MAX = 3.4028234663852886e38;
/** The smallest positive float32 (a subnormal). */
const FLT_TRUE_MIN = 1.401298464324817e-45;
/** The smallest positive normal float32. */
const FLT_MIN = 1.1754943508222875e-38;
const EXTREMES = [FLT_MAX, -FLT_MAX, FLT_TRUE_MIN, -FLT_TRUE_MIN, FLT_MIN, -0, 0];

/**
 * Every this many graphs, one carries a fault (a minority, so that most graphs test the
 * loaders), the kinds in turn: a run of this times the kinds' number has each of them.
 */
export const NAV3_FAULT_EVERY = 8;

/** A float32 coordinate: mostly inside a map, sometimes at the limits of the type. */
function coordinate(rnd: SeededRandom): number {
  if (rnd.chance(0.06)) return EXTREMES[rnd.int(0, EXTREMES.length - 1)];
  if (rnd.chance(0.02)) return Math.fround(rnd.range(-1, 1) * FLT_MAX);
  if (rnd.chance(0.3)) return rnd.int(-8192, 8192);
  return Math.fround(rnd.range(-8192, 8192));
}

const vec3 = (rnd: SeededRandom): Vec3 => [coordinate(rnd), coordinate(rnd), coordinate(rnd)];

/** How many nodes: one, a few, a map's worth, or up to the int16 limit; rarely exactly it. */
function nodeCount(rnd: SeededRandom): number {
  const p = rnd.next();
  if (p < 0.1) return 1;
  if (p < 0.7) return rnd.int(2, 64);
  if (p < 0.95) return rnd.int(65, 2000);
  if (p < 0.98) return rnd.int(2001, NAV3_MAX_INDEX);
  return NAV3_MAX_INDEX;
}

/** Links of one node: mostly a few, sometimes many. */
function linkCount(rnd: SeededRandom): number {
  const p = rnd.next();
  if (p < 0.1) return 0;
  if (p < 0.8) return rnd.int(1, 4);
  if (p < 0.97) return rnd.int(5, 32);
  return rnd.int(33, 300);
}

/** A count of traversals or edicts: none, some, or up to `max`; rarely exactly `max`. */
function recordCount(rnd: SeededRandom, max: number): number {
  const p = rnd.next();
  if (p < 0.4) return 0;
  if (p < 0.9) return rnd.int(1, 64);
  if (p < 0.98) return rnd.int(65, max);
  return max;
}

/**
 * Link runs: laid one after the other while a run can start at an int16 index; the nodes after
 * that share runs inside the first 32,767 links (both loaders only check each run's bounds).
 * With `maxNode`, one node holds the most links an int16 count allows.
 */
function linkRuns(rnd: SeededRandom, n: number, maxNode: number | null): Nav3Node[] {
  const nodes: Nav3Node[] = [];
  let next = 0;
  const shared: number[] = [];
  for (let i = 0; i < n; i++) {
    const count = i === maxNode ? NAV3_MAX_INDEX : linkCount(rnd);
    const node = { flags: 0, linkCount: 0, firstLink: 0, radius: 0, origin: [0, 0, 0] as Vec3 };
    if (next <= NAV3_MAX_INDEX && next + count <= NAV3_MAX_LINKS) {
      node.firstLink = next;
      node.linkCount = count;
      next += count;
    } else shared.push(i);
    nodes.push(node);
  }
  // At least one link, which the loaders need: node 0's, to itself if it is alone.
  if (next === 0) {
    nodes[0].linkCount = 1;
    next = 1;
  }
  for (const i of shared) {
    nodes[i].firstLink = rnd.int(0, Math.min(NAV3_MAX_INDEX, next - 1));
    nodes[i].linkCount = rnd.int(0, Math.min(32, next - nodes[i].firstLink));
  }
  return nodes;
}

function link(rnd: SeededRandom, n: number, traversals: number): Nav3Link {
  return {
    target: rnd.int(0, n - 1),
    type: rnd.chance(0.85) ? rnd.int(0, NAV3_LINK_TYPES.length - 1) : rnd.int(0, 255),
    flags: rnd.chance(0.7) ? 0 : rnd.int(0, 255),
    traversal: traversals > 0 && rnd.chance(0.3) ? rnd.int(0, traversals - 1) : -1,
  };
}

/** A graph both loaders must load: see the file comment. */
function validNav3(rnd: SeededRandom): Nav3File {
  const version = rnd.chance(0.7) ? NAV3_VERSION : rnd.int(NAV3_OLDEST_VERSION, NAV3_VERSION - 1);
  const n = nodeCount(rnd);
  // One of the first nodes, so that its run starts at an int16 index.
  const maxNode = rnd.chance(0.04) ? rnd.int(0, Math.min(n - 1, 16)) : null;
  const nodes = linkRuns(rnd, n, maxNode);
  for (const node of nodes) {
    node.flags = rnd.chance(0.6) ? 0 : rnd.int(0, 0xffff);
    node.radius = rnd.chance(0.1) ? [0, NAV3_MAX_INDEX][rnd.int(0, 1)] : rnd.int(0, 64);
    node.origin = vec3(rnd);
  }
  const runEnd = nodes.reduce((end, x) => Math.max(end, x.firstLink + x.linkCount), 0);
  // Sometimes links no node's run holds, up to the most q2pro-ng takes (half of the time).
  const room = NAV3_MAX_LINKS - runEnd;
  const orphans = rnd.chance(0.04) ? (rnd.chance(0.5) ? room : rnd.int(1, room)) : 0;
  const traversalCount = recordCount(rnd, NAV3_MAX_INDEX);
  const links = Array.from({ length: runEnd + orphans }, () => link(rnd, n, traversalCount));
  const traversals = Array.from({ length: traversalCount }, (): Nav3Traversal => ({
    funnel: vec3(rnd),
    start: vec3(rnd),
    end: vec3(rnd),
    // Versions before 4 do not store the plane: zero, so the nav reads back as it was.
    ladderPlane: version >= NAV3_LADDER_PLANE_VERSION ? vec3(rnd) : [0, 0, 0],
  }));
  const edicts = Array.from({ length: recordCount(rnd, NAV3_MAX_EDICTS) }, (): Nav3Edict => ({
    link: rnd.int(0, Math.min(links.length - 1, NAV3_MAX_INDEX)),
    model: rnd.chance(0.1) ? [-0x80000000, 0x7fffffff][rnd.int(0, 1)] : rnd.int(0, 255),
    mins: vec3(rnd),
    maxs: vec3(rnd),
  }));
  const heuristic = rnd.chance(0.5) ? 1 : coordinate(rnd);
  return { version, heuristic, nodes, links, traversals, edicts };
}

/** One fault: its name, the writer's code and reason, and how to put it into a valid graph. */
interface FaultMaker extends Nav3Fault {
  apply(nav: Nav3File, rnd: SeededRandom): void;
}

const pick = <T>(rnd: SeededRandom, list: readonly T[]): T => list[rnd.int(0, list.length - 1)];
const emptyNode = (): Nav3Node => ({
  flags: 0,
  linkCount: 0,
  firstLink: 0,
  radius: 0,
  origin: [0, 0, 0],
});

/** One of the graph's edicts, or a new one when it has none. */
function anEdict(nav: Nav3File, rnd: SeededRandom): Nav3Edict {
  if (nav.edicts.length === 0)
    nav.edicts.push({ link: 0, model: 1, mins: [0, 0, 0], maxs: [1, 1, 1] });
  return pick(rnd, nav.edicts);
}

const FAULTS: readonly FaultMaker[] = [
  {
    name: 'a link to a node past the last',
    code: 'BAD_LINK_TARGET',
    reason: /link \d+: target \d+ is not a node \(0\.\.\d+\)/,
    apply: (nav, rnd) => (pick(rnd, nav.links).target = nav.nodes.length + rnd.int(0, 3)),
  },
  {
    name: 'a negative link target',
    code: 'BAD_LINK_TARGET',
    reason: /link \d+: target -\d+ is not a node/,
    apply: (nav, rnd) => (pick(rnd, nav.links).target = -rnd.int(1, NAV3_MAX_INDEX + 1)),
  },
  {
    name: 'a traversal index past the traversals',
    code: 'BAD_TRAVERSAL',
    reason: /link \d+: traversal \d+ is neither -1 nor one of the \d+/,
    apply: (nav, rnd) => (pick(rnd, nav.links).traversal = nav.traversals.length),
  },
  {
    name: 'an edict on a link past the last',
    code: 'BAD_EDICT_LINK',
    reason: /edict \d+: link \d+ is not one of the \d+/,
    apply: (nav, rnd) => (anEdict(nav, rnd).link = nav.links.length),
  },
  {
    name: "a node's links past the link array",
    code: 'BAD_NODE_LINKS',
    reason: /node \d+: first link \d+/,
    apply: (nav, rnd) => {
      const node = pick(rnd, nav.nodes);
      node.firstLink = Math.min(nav.links.length, NAV3_MAX_INDEX);
      node.linkCount = nav.links.length - node.firstLink + 1;
    },
  },
  {
    name: 'a coordinate that is no float32',
    code: 'BAD_VALUE',
    reason: /origin\[\d\] 0\.1 is not a finite float32 value/,
    apply: (nav, rnd) => (pick(rnd, nav.nodes).origin[rnd.int(0, 2)] = 0.1),
  },
  {
    name: 'a coordinate beyond the float32 range',
    code: 'BAD_VALUE',
    reason: /(Infinity|NaN|1e\+39) is not a finite float32 value/,
    apply: (nav, rnd) => {
      const v = pick(rnd, [Infinity, -Infinity, NaN, 1e39, -1e39]);
      const t = nav.traversals.length > 0 && rnd.chance(0.5) ? pick(rnd, nav.traversals) : null;
      if (t) t.end[rnd.int(0, 2)] = v;
      else pick(rnd, nav.nodes).origin[rnd.int(0, 2)] = v;
    },
  },
  {
    name: 'a heuristic that is not a number',
    code: 'BAD_VALUE',
    reason: /heuristic NaN is not a float32 value/,
    apply: (nav) => (nav.heuristic = NaN),
  },
  {
    name: 'a radius past int16',
    code: 'BAD_VALUE',
    reason: /node \d+: radius 32768 not in 0\.\.32767/,
    apply: (nav, rnd) => (pick(rnd, nav.nodes).radius = NAV3_MAX_INDEX + 1),
  },
  {
    name: 'node flags past u16',
    code: 'BAD_VALUE',
    reason: /node \d+: flags 65536 not u16/,
    apply: (nav, rnd) => (pick(rnd, nav.nodes).flags = 0x10000),
  },
  {
    name: 'a link type past u8',
    code: 'BAD_VALUE',
    reason: /link \d+: type 256 not u8/,
    apply: (nav, rnd) => (pick(rnd, nav.links).type = 256),
  },
  {
    name: 'an edict model past int32',
    code: 'BAD_VALUE',
    reason: /edict \d+: model 2147483648 not i32/,
    apply: (nav, rnd) => (anEdict(nav, rnd).model = 0x80000000),
  },
  {
    name: 'a version the loaders do not read',
    code: 'BAD_VERSION',
    reason: /version (1|7); the loaders read 2\.\.6/,
    apply: (nav, rnd) => (nav.version = pick(rnd, [1, 7])),
  },
  {
    name: 'no links',
    code: 'BAD_COUNT',
    reason: /0 links; the loaders need 1\.\.65535/,
    apply: (nav) => (nav.links = []),
  },
  {
    name: 'more links than q2pro-ng holds',
    code: 'BAD_COUNT',
    reason: /65536 links; the loaders need 1\.\.65535/,
    apply: (nav) => {
      while (nav.links.length <= NAV3_MAX_LINKS)
        nav.links.push({ target: 0, type: 0, flags: 0, traversal: -1 });
    },
  },
  {
    name: 'more nodes than an int16 numbers',
    code: 'BAD_COUNT',
    reason: /32768 nodes; the loaders need 1\.\.32767/,
    apply: (nav) => {
      while (nav.nodes.length <= NAV3_MAX_INDEX) nav.nodes.push(emptyNode());
    },
  },
  {
    name: 'more edicts than q2pro-ng holds',
    code: 'BAD_COUNT',
    reason: /8193 edicts; q2pro-ng holds 8192/,
    apply: (nav) => {
      while (nav.edicts.length <= NAV3_MAX_EDICTS)
        nav.edicts.push({ link: 0, model: 1, mins: [0, 0, 0], maxs: [1, 1, 1] });
    },
  },
];

/** The names of the faults, for the test's tally. */
export const NAV3_FAULT_NAMES: readonly string[] = FAULTS.map((f) => f.name);

/** Graph `index` of the run seeded `seed`: the same pair gives the same graph. */
export function randomNav3(seed: number, index: number): RandomNav3 {
  const rnd = new SeededRandom((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const nav = validNav3(rnd);
  if (index % NAV3_FAULT_EVERY !== NAV3_FAULT_EVERY - 1) return { nav, fault: null };
  const maker = FAULTS[Math.floor(index / NAV3_FAULT_EVERY) % FAULTS.length];
  maker.apply(nav, rnd);
  return { nav, fault: { name: maker.name, code: maker.code, reason: maker.reason } };
}
