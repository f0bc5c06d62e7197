/**
 * A tiny hand-built BSP whose every answer is known, for exact-value tests and as the base of
 * the malformed-file tests (each corrupts one field of it).
 *
 * The map: a floor at z = 0 (below it, solid leaf 0); a 64 × 64 × 32 box of water on the floor
 * at x, y ∈ [0, 64]; a ladder brush (SOLID | LADDER) at x ∈ [100, 104], y ∈ [0, 64],
 * z ∈ [0, 128]. Tree: node 0 splits at z = 0 (front: node 1, back: leaf 0); node 1 splits at
 * z = 32 (front: leaf 1, empty; back: leaf 2, water). Faces: the floor square (one edge
 * walked backwards), the wall at x = 64 and a sky face at z = 32 looking down.
 */
import {
  CONTENTS_LADDER,
  CONTENTS_SOLID,
  CONTENTS_WATER,
} from '../../../src/sources/bsp/contents-flags.js';
import { Lump } from '../../../src/sources/bsp/lumps.js';
import { SURF_SKY } from '../../../src/sources/bsp/surface-flags.js';

/** Little-endian byte sink. */
class Writer {
  private bytes: number[] = [];
  u8(v: number) {
    this.bytes.push(v & 0xff);
    return this;
  }
  u16(v: number) {
    return this.u8(v).u8(v >> 8);
  }
  i32(v: number) {
    return this.u16(v).u16(v >> 16);
  }
  f32(v: number) {
    const b = new Uint8Array(new Float32Array([v]).buffer);
    b.forEach((x) => this.u8(x));
    return this;
  }
  text(s: string, size: number) {
    for (let i = 0; i < size; i++) this.u8(i < s.length ? s.charCodeAt(i) : 0);
    return this;
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

type V3 = [number, number, number];
const box = (lo: V3, hi: V3): [V3, number][] => [
  [[1, 0, 0], hi[0]],
  [[-1, 0, 0], -lo[0]],
  [[0, 1, 0], hi[1]],
  [[0, -1, 0], -lo[1]],
  [[0, 0, 1], hi[2]],
  [[0, 0, -1], -lo[2]],
];

const MINI_ENTITIES =
  '{\n"classname" "worldspawn"\n}\n{\n"classname" "info_player_deathmatch"\n"origin" "32 32 64"\n"angle" "90"\n}\n';

/** The lumps of the mini map, one byte array per lump number. */
export function miniMapLumps(): Uint8Array[] {
  const planes: [V3, number][] = [
    [[0, 0, 1], 0],
    ...box([0, 0, 0], [64, 64, 32]),
    ...box([100, 0, 0], [104, 64, 128]),
  ];
  const vertices: V3[] = [
    [0, 0, 0],
    [64, 0, 0],
    [64, 64, 0],
    [0, 64, 0],
    [64, 64, 32],
    [64, 0, 32],
    [0, 0, 32],
    [0, 64, 32],
  ];
  // [plane, side, texinfo, vertex loop]; the floor's last edge is stored backwards.
  const faces: [number, number, number, number[]][] = [
    [0, 0, 0, [0, 1, 2, 3]],
    [1, 0, 0, [1, 2, 4, 5]],
    [5, 1, 1, [6, 5, 4, 7]],
  ];
  const edges: [number, number][] = [[0, 0]]; // edge 0 is never used: -0 = 0.
  const surfEdges: number[] = [];
  for (const [f, [, , , loop]] of faces.entries()) {
    loop.forEach((v, i) => {
      const w = loop[(i + 1) % loop.length];
      const backwards = f === 0 && i === loop.length - 1;
      edges.push(backwards ? [w, v] : [v, w]);
      surfEdges.push(backwards ? -(edges.length - 1) : edges.length - 1);
    });
  }

  const lumps: Uint8Array[] = [];
  lumps[Lump.entities] = new Writer().text(MINI_ENTITIES, MINI_ENTITIES.length + 1).done();
  const w = new Writer();
  for (const [n, d] of planes) w.f32(n[0]).f32(n[1]).f32(n[2]).f32(d).i32(0);
  lumps[Lump.planes] = w.done();
  const vw = new Writer();
  for (const v of vertices) vw.f32(v[0]).f32(v[1]).f32(v[2]);
  lumps[Lump.vertices] = vw.done();
  // node: plane, front child, back child, mins, maxs, first/count faces. Plane 0 is the
  // floor, plane 5 the top of the water box.
  const nw = new Writer();
  for (const [plane, front, back] of [
    [0, 1, -1],
    [5, -2, -3],
  ]) {
    nw.i32(plane).i32(front).i32(back).text('', 12).u16(0).u16(0);
  }
  lumps[Lump.nodes] = nw.done();
  const tw = new Writer();
  for (const [flags, name] of [
    [0, 'e1u1/floor'],
    [SURF_SKY, 'e1u1/sky'],
  ] as const) {
    tw.text('', 32).i32(flags).i32(0).text(name, 32).i32(-1);
  }
  lumps[Lump.texinfo] = tw.done();
  const fw = new Writer();
  let first = 0;
  for (const [plane, side, texinfo, loop] of faces) {
    fw.u16(plane).u16(side).i32(first).u16(loop.length).u16(texinfo).i32(-1).i32(-1);
    first += loop.length;
  }
  lumps[Lump.faces] = fw.done();
  // leaf: contents, cluster, area, mins, maxs, first/count leaf faces, first/count leaf brushes
  const leaf = (lw: Writer, contents: number, faces: [number, number], brushes: [number, number]) =>
    lw
      .i32(contents)
      .u16(0)
      .u16(0)
      .text('', 12)
      .u16(faces[0])
      .u16(faces[1])
      .u16(brushes[0])
      .u16(brushes[1]);
  const lw = new Writer();
  leaf(lw, CONTENTS_SOLID, [0, 0], [0, 0]);
  leaf(lw, 0, [0, 3], [0, 1]);
  leaf(lw, CONTENTS_WATER, [0, 0], [1, 2]);
  lumps[Lump.leaves] = lw.done();
  lumps[Lump.leafFaces] = new Writer().u16(0).u16(1).u16(2).done();
  lumps[Lump.leafBrushes] = new Writer().u16(1).u16(0).u16(1).done();
  const ew = new Writer();
  for (const [a, b] of edges) ew.u16(a).u16(b);
  lumps[Lump.edges] = ew.done();
  const sw = new Writer();
  for (const e of surfEdges) sw.i32(e);
  lumps[Lump.surfEdges] = sw.done();
  const mw = new Writer();
  for (const v of [0, 0, 0, 128, 64, 128, 0, 0, 0]) mw.f32(v);
  lumps[Lump.models] = mw.i32(0).i32(0).i32(faces.length).done();
  // brush: first side, side count, contents
  const brushWriter = new Writer();
  for (const [first, count, contents] of [
    [0, 6, CONTENTS_WATER],
    [6, 6, CONTENTS_SOLID | CONTENTS_LADDER],
  ]) {
    brushWriter.i32(first).i32(count).i32(contents);
  }
  lumps[Lump.brushes] = brushWriter.done();
  const bw = new Writer();
  for (let s = 0; s < 12; s++) bw.u16(1 + s).u16(0);
  lumps[Lump.brushSides] = bw.done();
  for (let l = 0; l < 19; l++) lumps[l] ??= new Uint8Array(0);
  return lumps;
}

/** Lays lumps out after the header, in lump order, and returns the file bytes. */
export function assembleBsp(lumps: Uint8Array[]): Uint8Array {
  const header = new Writer().text('IBSP', 4).i32(38);
  let offset = 8 + 19 * 8;
  for (const l of lumps) {
    header.i32(offset).i32(l.length);
    offset += l.length;
  }
  const out = new Uint8Array(offset);
  out.set(header.done(), 0);
  let at = 8 + 19 * 8;
  for (const l of lumps) {
    out.set(l, at);
    at += l.length;
  }
  return out;
}

/** File offset of lump `lump` in a file made by {@link assembleBsp}. */
export function lumpOffset(bytes: Uint8Array, lump: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(8 + lump * 8, true);
}

export function miniMap(): Uint8Array {
  return assembleBsp(miniMapLumps());
}
