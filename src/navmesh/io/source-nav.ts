/**
 * The Source engine's navigation mesh file (`.nav`, magic 0xFEEDFACE), version 16 subversion 0:
 * the base layout of Source SDK 2013's `CNavMesh::Save` / `CNavArea::Save` / `CNavLadder::Save`,
 * which the base engine, Garry's Mod and TF2 load. What we write: areas (corners, the two
 * implicit corner heights, connections per direction, ladder ids up and down, attribute
 * flags), ladders, the BSP's size; no places, hiding spots, encounter paths, approach spots or
 * visibility; occupy times 0 and light intensities 1.
 *
 * Heights are floor heights (our origin heights − 24). Corners: north-west is (min x, min y).
 * Walk, drop and jump connections are the area's `m_connect` lists (drops and jumps listed
 * only from the area they leave); ladder connections are ladders; an off-mesh link is a
 * connection from the area it leaves to the area it reaches (Source has no off-mesh links; its
 * bots jump or drop across such a connection as the area's attributes say). An area a jump
 * (or a link with a jump in it) leaves from carries `NAV_MESH_JUMP`. Layout notes and the spec
 * slips: docs/navmesh.md.
 */
import {
  AREA_JUMP,
  CROSS_JUMP,
  CROSS_LADDER,
  CROSS_LINK,
  DIRECTIONS,
  LINK_JUMP,
  ORIGIN_ABOVE_FLOOR,
  areaBounds,
  type NavMesh,
} from '../mesh.js';
import { ByteWriter } from './byte-writer.js';
import { ByteReader } from './byte-reader.js';

export const SOURCE_NAV_MAGIC = 0xfeedface;
export const SOURCE_NAV_VERSION = 16;
/** Width written for every ladder (the player box's). [Units: world units] */
const LADDER_WIDTH = 32;

/** Whether the off-mesh link of connection `c` has a jump among its steps. */
function linkJumps(m: NavMesh, c: number): boolean {
  const L = m.connPortal[c * 3 + 2];
  for (let p = m.linkPointStart[L]; p < m.linkPointStart[L + 1] - 1; p++)
    if (m.linkStepMove[p] === LINK_JUMP) return true;
  return false;
}

export function encodeSourceNav(m: NavMesh): Uint8Array {
  const w = new ByteWriter();
  w.u32(SOURCE_NAV_MAGIC);
  w.u32(SOURCE_NAV_VERSION);
  w.u32(0); // subversion: the base layout
  w.u32(m.bspSize);
  w.u8(0); // not analysed (no hiding spots, encounter paths or visibility)
  w.u16(0); // place directory: no names
  w.u8(m.areaCount > 0 ? 1 : 0); // every area is unnamed
  w.u32(m.areaCount);
  // Ladder ids per area: climbing up from its foot, down from its top.
  const up: number[][] = Array.from({ length: m.areaCount }, () => []);
  const down: number[][] = Array.from({ length: m.areaCount }, () => []);
  for (let L = 0; L < m.ladderCount; L++) {
    up[m.ladderAreas[L * 2]].push(L + 1);
    down[m.ladderAreas[L * 2 + 1]].push(L + 1);
  }
  for (let a = 0; a < m.areaCount; a++) {
    let flags = m.areaFlags[a];
    for (let c = m.connStart[a * 4]; c < m.connStart[a * 4 + 4]; c++)
      if (m.connKind[c] === CROSS_JUMP || (m.connKind[c] === CROSS_LINK && linkJumps(m, c)))
        flags |= AREA_JUMP;
    const [x0, y0, x1, y1] = areaBounds(m, a);
    const z = (k: number) => m.areaZ[a * 4 + k] - ORIGIN_ABOVE_FLOOR;
    w.u32(m.areaId[a]);
    w.u32(flags);
    w.f32(x0);
    w.f32(y0);
    w.f32(z(0)); // north-west
    w.f32(x1);
    w.f32(y1);
    w.f32(z(3)); // south-east
    w.f32(z(1)); // north-east height
    w.f32(z(2)); // south-west height
    for (let d = 0; d < DIRECTIONS; d++) {
      const ids: number[] = [];
      for (let c = m.connStart[a * 4 + d]; c < m.connStart[a * 4 + d + 1]; c++)
        if (m.connKind[c] !== CROSS_LADDER) ids.push(m.areaId[m.connTarget[c]]);
      w.u32(ids.length);
      for (const id of ids) w.u32(id);
    }
    w.u8(0); // hiding spots
    w.u32(0); // encounter paths
    w.u16(0); // place: none
    for (const list of [up[a], down[a]]) {
      w.u32(list.length);
      for (const id of list) w.u32(id);
    }
    w.f32(0); // earliest occupy time, team 1
    w.f32(0); // team 2
    for (let k = 0; k < 4; k++) w.f32(1); // light intensity per corner
    w.u32(0); // potentially visible areas
    w.u32(0); // inherit visibility from: none
  }
  w.u32(m.ladderCount);
  for (let L = 0; L < m.ladderCount; L++) {
    const x = m.ladderSpan[L * 4];
    const y = m.ladderSpan[L * 4 + 1];
    const bottom = m.ladderSpan[L * 4 + 2] - ORIGIN_ABOVE_FLOOR;
    const top = m.ladderSpan[L * 4 + 3] - ORIGIN_ABOVE_FLOOR;
    w.u32(L + 1);
    w.f32(LADDER_WIDTH);
    w.f32(x);
    w.f32(y);
    w.f32(top);
    w.f32(x);
    w.f32(y);
    w.f32(bottom);
    w.f32(top - bottom);
    w.u32(m.ladderDir[L]);
    w.u32(m.areaId[m.ladderAreas[L * 2 + 1]]); // top forward area
    w.u32(0); // top left
    w.u32(0); // top right
    w.u32(0); // top behind
    w.u32(m.areaId[m.ladderAreas[L * 2]]); // bottom area
  }
  return w.finish();
}

/** What `navgen inspect` prints of a Source `.nav`. */
export interface SourceNavSummary {
  readonly version: number;
  readonly subversion: number;
  readonly bspSize: number;
  readonly analyzed: boolean;
  readonly places: number;
  readonly areas: number;
  /** Entries of the areas' connection lists. */
  readonly connections: number;
  /** Entries of the areas' ladder lists. */
  readonly areaLadderLinks: number;
  readonly ladders: number;
  readonly hidingSpots: number;
  readonly encounterPaths: number;
  /** Areas per attribute bit that occurs, e.g. { crouch: 3 }. */
  readonly attributes: Record<string, number>;
}

const ATTRIBUTE_NAMES: Record<number, string> = {
  0x1: 'crouch',
  0x2: 'jump',
  0x4: 'precise',
  0x8: 'no-jump',
  0x10: 'stop',
  0x20: 'run',
  0x40: 'walk',
  0x80: 'avoid',
  0x100: 'transient',
  0x200: 'dont-hide',
  0x400: 'stand',
  0x800: 'no-hostages',
  0x1000: 'stairs',
  0x2000: 'no-merge',
  0x4000: 'obstacle-top',
  0x8000: 'cliff',
  0x10000: 'water (navgen)',
};

/** One area of a Source `.nav` as drawn: its rectangle, corner floor heights and attributes. */
export interface SourceNavArea {
  readonly id: number;
  readonly flags: number;
  /** North-west (min x, min y) and south-east (max x, max y) corners. [Units: world units] */
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** Floor heights at the north-west, north-east, south-west, south-east corners. [Units: world units] */
  readonly z: readonly [number, number, number, number];
}

/**
 * Reads a Source `.nav` the way Source SDK 2013's loader does (any version up to 16,
 * subversion 0) and counts what is in it; throws `MeshFileError` naming the offset of the
 * first field that does not fit. `areasOut`, when given, receives every area's rectangle.
 */
export function readSourceNav(
  bytes: Uint8Array,
  file: string,
  areasOut?: SourceNavArea[],
): SourceNavSummary {
  const r = new ByteReader(bytes, file);
  const magic = r.u32('magic');
  if (magic !== SOURCE_NAV_MAGIC)
    r.fail(`not a Source .nav (magic 0x${magic.toString(16)}, want 0xfeedface)`, 0);
  const version = r.u32('version');
  if (version < 1 || version > SOURCE_NAV_VERSION) r.fail(`version ${version} is not 1 – 16`, 4);
  const subversion = version >= 10 ? r.u32('subversion') : 0;
  if (subversion !== 0)
    r.fail(
      `subversion ${subversion}: a game's own layout (only the base layout, subversion 0, is read)`,
      8,
    );
  const bspSize = version >= 4 ? r.u32('bsp size') : 0;
  const analyzed = version >= 14 ? r.u8('analyzed') !== 0 : false;
  let places = 0;
  if (version >= 5) {
    places = r.u16('place count');
    for (let p = 0; p < places; p++) r.skip(r.u16(`place ${p} name length`), `place ${p} name`);
    if (version >= 12) r.u8('has unnamed areas');
  }
  const areas = r.u32('area count');
  let connections = 0;
  let areaLadderLinks = 0;
  let hidingSpots = 0;
  let encounterPaths = 0;
  const attributes: Record<string, number> = {};
  for (let a = 0; a < areas; a++) {
    const at = `area ${a}`;
    const id = r.u32(`${at} id`);
    const flags =
      version <= 8
        ? r.u8(`${at} flags`)
        : version < 13
          ? r.u16(`${at} flags`)
          : r.u32(`${at} flags`);
    for (let bit = 1; bit !== 0 && bit <= 0x10000; bit <<= 1)
      if (flags & bit) {
        const name = ATTRIBUTE_NAMES[bit] ?? `0x${bit.toString(16)}`;
        attributes[name] = (attributes[name] ?? 0) + 1;
      }
    const nw = [r.f32(`${at} nw x`), r.f32(`${at} nw y`), r.f32(`${at} nw z`)];
    const se = [r.f32(`${at} se x`), r.f32(`${at} se y`), r.f32(`${at} se z`)];
    const ne = r.f32(`${at} ne z`);
    const sw = r.f32(`${at} sw z`);
    areasOut?.push({
      id,
      flags,
      x0: nw[0],
      y0: nw[1],
      x1: se[0],
      y1: se[1],
      z: [nw[2], ne, sw, se[2]],
    });
    for (let d = 0; d < DIRECTIONS; d++) {
      const n = r.u32(`${at} connection count`);
      r.skip(n * 4, `${at} connections`);
      connections += n;
    }
    const spots = r.u8(`${at} hiding spot count`);
    hidingSpots += spots;
    if (version === 1) r.skip(spots * 12, `${at} hiding spots`);
    else r.skip(spots * (version >= 2 ? 17 : 12), `${at} hiding spots`);
    if (version < 15) {
      const approach = r.u8(`${at} approach count`);
      r.skip(approach * 14, `${at} approach spots`);
    }
    const paths = r.u32(`${at} encounter path count`);
    encounterPaths += paths;
    for (let p = 0; p < paths; p++) {
      r.skip(10, `${at} encounter path ${p}`);
      const n = r.u8(`${at} encounter path ${p} spot count`);
      r.skip(n * 5, `${at} encounter path ${p} spots`);
    }
    if (version >= 5) r.u16(`${at} place`);
    if (version >= 7)
      for (let k = 0; k < 2; k++) {
        const n = r.u32(`${at} ladder count`);
        r.skip(n * 4, `${at} ladders`);
        areaLadderLinks += n;
      }
    if (version >= 8) r.skip(8, `${at} earliest occupy times`);
    if (version >= 11) r.skip(16, `${at} light intensity`);
    if (version >= 16) {
      const vis = r.u32(`${at} visible area count`);
      r.skip(vis * 5, `${at} visible areas`);
      r.u32(`${at} inherit visibility`);
    }
  }
  const ladders = version >= 6 ? r.u32('ladder count') : 0;
  r.skip(ladders * 60, 'ladders');
  if (r.left !== 0) r.fail(`${r.left} bytes after the last ladder`);
  return {
    version,
    subversion,
    bspSize,
    analyzed,
    places,
    areas,
    connections,
    areaLadderLinks,
    ladders,
    hidingSpots,
    encounterPaths,
    attributes,
  };
}
