/**
 * navgen's own mesh file (`--mesh FILE`, `.ngmesh`): the `NavMesh` arrays as they are, little
 * endian, so a mesh reads back identical (same queries, same Source export). Layout (all
 * counts and offsets from the header; every array starts on a 4-byte boundary):
 *
 * | field | type |
 * |---|---|
 * | magic `NGNM` | 4 bytes |
 * | format version (3) | u32 |
 * | cellSize, originX, originY | f32 × 3 |
 * | bspSize, areaCount, connectionCount, ladderCount, linkCount, linkPointCount | u32 × 6 |
 * | areaFlags, areaLayer | u32 × areaCount, each |
 * | areaCells | i32 × 4·areaCount |
 * | areaZ | f32 × 4·areaCount |
 * | connStart | u32 × (4·areaCount + 1) |
 * | connTarget | u32 × connectionCount |
 * | connKind | u8 × connectionCount, then zeros to a 4-byte boundary |
 * | connLanding | u8 × connectionCount, then zeros to a 4-byte boundary |
 * | connPortal | f32 × 3·connectionCount |
 * | ladderSpan | f32 × 4·ladderCount |
 * | ladderDir | u8 × ladderCount, then zeros to a 4-byte boundary |
 * | ladderAreas | u32 × 2·ladderCount |
 * | ladderExit | f32 × 3·ladderCount |
 * | linkPointStart | u32 × (linkCount + 1) |
 * | linkPoints | f32 × 3·linkPointCount |
 * | linkStepMove | u8 × linkPointCount, then zeros to a 4-byte boundary |
 * | linkAreas | u32 × 2·linkCount |
 *
 * Version 3 added the off-mesh links (version 2 files: build the mesh again).
 *
 * Area ids are 1…areaCount in area order and are not stored.
 */
import { CROSS_LADDER, CROSS_LINK, LINK_MOVES, type NavMesh } from '../mesh.js';
import { ByteReader } from './byte-reader.js';
import { ByteWriter } from './byte-writer.js';

export const NATIVE_MESH_MAGIC = 'NGNM';
export const NATIVE_MESH_VERSION = 3;

export function encodeNativeMesh(m: NavMesh): Uint8Array {
  const w = new ByteWriter();
  w.ascii(NATIVE_MESH_MAGIC);
  w.u32(NATIVE_MESH_VERSION);
  w.f32(m.cellSize);
  w.f32(m.originX);
  w.f32(m.originY);
  w.u32(m.bspSize);
  w.u32(m.areaCount);
  w.u32(m.connTarget.length);
  w.u32(m.ladderCount);
  w.u32(m.linkCount);
  w.u32(m.linkStepMove.length);
  for (const v of m.areaFlags) w.u32(v);
  for (const v of m.areaLayer) w.u32(v);
  for (const v of m.areaCells) w.i32(v);
  for (const v of m.areaZ) w.f32(v);
  for (const v of m.connStart) w.u32(v);
  for (const v of m.connTarget) w.u32(v);
  for (const v of m.connKind) w.u8(v);
  w.align4();
  for (const v of m.connLanding) w.u8(v);
  w.align4();
  for (const v of m.connPortal) w.f32(v);
  for (const v of m.ladderSpan) w.f32(v);
  for (const v of m.ladderDir) w.u8(v);
  w.align4();
  for (const v of m.ladderAreas) w.u32(v);
  for (const v of m.ladderExit) w.f32(v);
  for (const v of m.linkPointStart) w.u32(v);
  for (const v of m.linkPoints) w.f32(v);
  for (const v of m.linkStepMove) w.u8(v);
  w.align4();
  for (const v of m.linkAreas) w.u32(v);
  return w.finish();
}

/** Whether `bytes` start with the native mesh magic. */
export function isNativeMesh(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && String.fromCharCode(...bytes.subarray(0, 4)) === NATIVE_MESH_MAGIC;
}

/** Reads a native mesh file; throws `MeshFileError` (file, offset) on anything that does not fit. */
export function decodeNativeMesh(bytes: Uint8Array, file: string): NavMesh {
  const r = new ByteReader(bytes, file);
  if (!isNativeMesh(bytes))
    r.fail(`not a navgen mesh file (magic should be "${NATIVE_MESH_MAGIC}")`, 0);
  r.skip(4, 'magic');
  const version = r.u32('format version');
  if (version !== NATIVE_MESH_VERSION)
    r.fail(`format version ${version}, this navgen reads ${NATIVE_MESH_VERSION}`, 4);
  const cellSize = r.f32('cell size');
  const originX = r.f32('origin x');
  const originY = r.f32('origin y');
  const bspSize = r.u32('bsp size');
  const n = r.u32('area count');
  const c = r.u32('connection count');
  const l = r.u32('ladder count');
  const k = r.u32('link count');
  const kp = r.u32('link point count');
  // Where each array starts, by what it holds: a check of its values names the value's offset.
  const starts = new Map<string, number>();
  const from = <T>(what: string, read: () => T): T => {
    starts.set(what, r.offset);
    return read();
  };
  const u32s = (k: number, what: string) =>
    from(what, () => Uint32Array.from({ length: k }, () => r.u32(what)));
  const f32s = (k: number, what: string) =>
    from(what, () => Float32Array.from({ length: k }, () => r.f32(what)));
  const u8s = (k: number, what: string) =>
    from(what, () => Uint8Array.from({ length: k }, () => r.u8(what)));
  /** Offset of value `i` (of `bytes` each) of the array holding `what`. */
  const at = (what: string, i: number, bytes: number) => starts.get(what)! + i * bytes;
  const size =
    4 * (2 * n + 8 * n + 4 * n + 1 + c + 3 * c + 4 * l + 2 * l + 3 * l + k + 1 + 3 * kp + 2 * k) +
    2 * c +
    l +
    kp;
  r.need(size, 'mesh arrays');
  const areaFlags = u32s(n, 'area flags');
  const areaLayer = u32s(n, 'area layer');
  const areaCells = Int32Array.from({ length: 4 * n }, () => r.i32('area cells'));
  const areaZ = f32s(4 * n, 'area heights');
  const connStart = u32s(4 * n + 1, 'connection start');
  const connTarget = u32s(c, 'connection target');
  const connKind = u8s(c, 'connection kind');
  r.align4();
  const connLanding = u8s(c, 'connection landing');
  r.align4();
  const connPortal = f32s(3 * c, 'connection portal');
  const ladderSpan = f32s(4 * l, 'ladder span');
  const ladderDir = u8s(l, 'ladder direction');
  r.align4();
  const ladderAreas = u32s(2 * l, 'ladder areas');
  const ladderExit = f32s(3 * l, 'ladder exit');
  const linkPointStart = u32s(k + 1, 'link point start');
  const linkPoints = f32s(3 * kp, 'link points');
  const linkStepMove = u8s(kp, 'link step move');
  r.align4();
  const linkAreas = u32s(2 * k, 'link areas');
  if (r.left !== 0) r.fail(`${r.left} bytes after the last array`);
  if (connStart[4 * n] !== c)
    r.fail(
      `connection starts end at ${connStart[4 * n]}, not ${c}`,
      at('connection start', 4 * n, 4),
    );
  for (let i = 0; i < c; i++) {
    if (connTarget[i] >= n)
      r.fail(
        `connection ${i} leads to area ${connTarget[i]} of ${n}`,
        at('connection target', i, 4),
      );
    // Ladder and link connections name their ladder or link by index in the portal.
    const of = connKind[i] === CROSS_LADDER ? l : connKind[i] === CROSS_LINK ? k : -1;
    const index = connPortal[i * 3 + 2];
    if (of >= 0 && !(Number.isInteger(index) && index >= 0 && index < of))
      r.fail(
        `connection ${i} names ${connKind[i] === CROSS_LADDER ? 'ladder' : 'link'} ${index} of ${of}`,
        at('connection portal', i * 3 + 2, 4),
      );
  }
  for (let i = 0; i < 2 * l; i++)
    if (ladderAreas[i] >= n)
      r.fail(`ladder ${i >> 1} touches area ${ladderAreas[i]} of ${n}`, at('ladder areas', i, 4));
  if (linkPointStart[0] !== 0 || linkPointStart[k] !== kp)
    r.fail(
      `link points run from ${linkPointStart[0]} to ${linkPointStart[k]}, not 0 to ${kp}`,
      at('link point start', linkPointStart[0] !== 0 ? 0 : k, 4),
    );
  for (let i = 0; i < k; i++) {
    if (linkPointStart[i + 1] < linkPointStart[i] + 2)
      r.fail(
        `link ${i} has ${linkPointStart[i + 1] - linkPointStart[i]} points, not 2 or more`,
        at('link point start', i + 1, 4),
      );
    for (let e = 0; e < 2; e++)
      if (linkAreas[2 * i + e] >= n)
        r.fail(
          `link ${i} joins areas ${linkAreas[2 * i]}, ${linkAreas[2 * i + 1]} of ${n}`,
          at('link areas', 2 * i + e, 4),
        );
  }
  for (let i = 0; i < kp; i++)
    if (linkStepMove[i] >= LINK_MOVES.length)
      r.fail(`link point ${i} has move ${linkStepMove[i]}`, at('link step move', i, 1));
  return {
    cellSize,
    originX,
    originY,
    bspSize,
    areaCount: n,
    areaId: Uint32Array.from({ length: n }, (_, a) => a + 1),
    areaFlags,
    areaLayer,
    areaCells,
    areaZ,
    connStart,
    connTarget,
    connKind,
    connLanding,
    connPortal,
    ladderCount: l,
    ladderSpan,
    ladderDir,
    ladderAreas,
    ladderExit,
    linkCount: k,
    linkPointStart,
    linkPoints,
    linkStepMove,
    linkAreas,
  };
}
