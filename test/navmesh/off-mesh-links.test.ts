/**
 * Off-mesh links on a mesh made by hand (`helpers/rooms-mesh.ts`: D is a ledge 40 units above B
 * that no connection reaches): put on by `addOffMeshLinks`, taken by the path query through the
 * places they pass, written and read back by the native mesh file, written into a Source `.nav`
 * as connections, and a damaged link refused naming the offset.
 */
import { describe, expect, it } from 'vitest';
import {
  CROSS_LINK,
  LINK_DROP,
  LINK_JUMP,
  LINK_WALK,
  connectionCount,
  type NavMesh,
} from '../../src/navmesh/mesh.js';
import { addOffMeshLinks, type OffMeshLink } from '../../src/navmesh/build/off-mesh-links.js';
import { createNavQuery, findPath } from '../../src/navmesh/query/find-path.js';
import { buildAreaIndex, nearestArea } from '../../src/navmesh/query/area-index.js';
import { decodeNativeMesh, encodeNativeMesh } from '../../src/navmesh/io/native-mesh.js';
import { encodeSourceNav, readSourceNav } from '../../src/navmesh/io/source-nav.js';
import { MeshFileError } from '../../src/navmesh/io/byte-reader.js';
import { roomsMesh } from '../helpers/rooms-mesh.js';

const A = 0;
const B = 1;
const D = 3;
/** B up onto D: a jump from B's floor to a point over the ledge, then a step onto it. */
const upToD: OffMeshLink = {
  from: B,
  to: D,
  points: [
    [88, 40, 24],
    [88, 64, 70],
    [88, 80, 64],
  ],
  moves: [LINK_JUMP, LINK_WALK],
};
/** D down to B: one drop. */
const downToB: OffMeshLink = {
  from: D,
  to: B,
  points: [
    [104, 72, 64],
    [104, 40, 24],
  ],
  moves: [LINK_DROP],
};

function linked(): NavMesh {
  return addOffMeshLinks(roomsMesh(), [upToD, downToB]).mesh;
}

describe('addOffMeshLinks', () => {
  it('joins the two areas one way each, as CROSS_LINK connections of the area left', () => {
    const before = roomsMesh();
    const { mesh, added } = addOffMeshLinks(before, [upToD, downToB]);
    expect(added).toBe(2);
    expect(mesh.linkCount).toBe(2);
    expect(connectionCount(mesh)).toBe(connectionCount(before) + 2);
    const out = (a: number) => {
      const list: [number, number][] = [];
      for (let c = mesh.connStart[a * 4]; c < mesh.connStart[a * 4 + 4]; c++)
        list.push([mesh.connTarget[c], mesh.connKind[c]]);
      return list;
    };
    expect(out(B)).toContainEqual([D, CROSS_LINK]);
    expect(out(D)).toEqual([[B, CROSS_LINK]]);
    expect(Array.from(mesh.linkPointStart)).toEqual([0, 3, 5]);
    expect(Array.from(mesh.linkAreas)).toEqual([B, D, D, B]);
  });

  it('takes no link between areas a connection joins already, nor a second one', () => {
    const walk: OffMeshLink = {
      from: A,
      to: B,
      points: [
        [40, 40, 24],
        [72, 40, 24],
      ],
      moves: [LINK_WALK],
    };
    expect(addOffMeshLinks(roomsMesh(), [walk]).added).toBe(0);
    expect(addOffMeshLinks(roomsMesh(), [upToD, upToD]).added).toBe(1);
    expect(addOffMeshLinks(roomsMesh(), [{ ...upToD, to: B }]).added).toBe(0);
  });
});

describe('a path over an off-mesh link', () => {
  it('has none without the link, and goes through every place the link passes with it', () => {
    const from = [8, 8, 24];
    const to = [120, 88, 64];
    const none = findPath(createNavQuery(roomsMesh()), from, to);
    expect(none.ok).toBe(false);
    const r = findPath(createNavQuery(linked()), from, to);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // The link's start, the place over the ledge, its end: corners, crossed as the link says.
    for (const p of upToD.points) expect(r.points).toContainEqual(p);
    const k = r.points.findIndex((p) => p[0] === 88 && p[1] === 40);
    expect(r.moves.slice(k, k + 2)).toEqual(['jump', 'walk']);
    expect(r.areas).toEqual([1, 2, 4]);
    const back = findPath(createNavQuery(linked()), to, from);
    expect(back.ok && back.moves).toContain('drop');
  });
});

describe('nearestArea', () => {
  it('puts a point beside every area on the nearest one within the snap, and no further', () => {
    const m = roomsMesh();
    const ix = buildAreaIndex(m);
    // Over A: A itself. West of A's cells by 10 units: A (its nearest free point is 18 away).
    expect(nearestArea(m, ix, 30, 30, 24, 40)).toBe(A);
    expect(nearestArea(m, ix, -10, 30, 24, 40)).toBe(A);
    expect(nearestArea(m, ix, -10, 30, 24, 10)).toBe(-1);
    expect(nearestArea(m, ix, -60, 30, 24, 40)).toBe(-1);
  });

  it('lets a path start beside the floor: at the nearest free point of the area', () => {
    const r = findPath(createNavQuery(roomsMesh()), [-10, 30, 24], [100, 30, 24]);
    expect(r.ok && r.points[0]).toEqual([8, 30, 24]);
  });
});

describe('off-mesh links in files', () => {
  it('read back from the native mesh file as they were written', () => {
    const m = linked();
    const back = decodeNativeMesh(encodeNativeMesh(m), 'rooms.ngnm');
    expect(back).toEqual(m);
  });

  it('are connections of the Source .nav, and the area a jump leaves is a jump area', () => {
    const areas: Parameters<typeof readSourceNav>[2] = [];
    const plain = readSourceNav(encodeSourceNav(roomsMesh()), 'rooms.nav');
    const s = readSourceNav(encodeSourceNav(linked()), 'rooms.nav', areas);
    expect(s.connections).toBe(plain.connections + 2);
    expect(areas.filter((a) => a.flags & 0x2).map((a) => a.id)).toEqual([B + 1]);
  });

  it('a link a connection names that is not there: refused, naming the file', () => {
    const bytes = encodeNativeMesh(linked());
    // Damage the link index of the last connection's portal (the last float of connPortal).
    const m = linked();
    const c = connectionCount(m);
    const tail =
      4 * (m.linkPointStart.length + m.linkPoints.length + m.linkAreas.length) +
      Math.ceil(m.linkStepMove.length / 4) * 4;
    const portalEnd = bytes.length - tail;
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getFloat32(portalEnd - 4, true)).toBe(m.connPortal[c * 3 - 1]);
    view.setFloat32(portalEnd - 4, 7, true);
    expect(() => decodeNativeMesh(bytes, 'rooms.ngnm')).toThrow(MeshFileError);
    // The offset named is the damaged value's.
    const where = `rooms.ngnm@0x${(portalEnd - 4).toString(16)}: `;
    expect(() => decodeNativeMesh(bytes, 'rooms.ngnm')).toThrow(`${where}connection `);
    expect(() => decodeNativeMesh(bytes, 'rooms.ngnm')).toThrow(/names link 7 of 2/);
  });
});
