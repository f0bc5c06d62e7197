/**
 * The mesh of real maps: deterministic, areas within the quadtree article's limits, connections that
 * agree with the areas, and paths the simulated player walks (every segment, with the
 * engine's pmove driven as the AQtion bot drives it).
 */
import { beforeAll, expect, it } from 'vitest';
import { buildNavMeshForMap } from '../../src/navmesh/build-from-map.js';
import { encodeNativeMesh, decodeNativeMesh } from '../../src/navmesh/io/native-mesh.js';
import {
  CROSS_LADDER,
  CROSS_WALK,
  areaBounds,
  connectionCount,
  type NavMesh,
} from '../../src/navmesh/mesh.js';
import { createNavQuery, findPath } from '../../src/navmesh/query/find-path.js';
import { walkPath } from '../../src/navmesh/walk-path.js';
import { loadCollision } from '../../src/map-analysis/map-source.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { lcg, randomAreaPoint } from '../../tools/navmesh-samples.js';

describeFixtures('navmesh on wizs', () => {
  const bsp = fixture('maps', 'wizs.bsp');
  let mesh: NavMesh;
  beforeAll(async () => {
    mesh = (await buildNavMeshForMap(bsp)).mesh;
  }, 60_000);

  it('builds the same bytes twice', async () => {
    const again = (await buildNavMeshForMap(bsp)).mesh;
    expect(Buffer.from(encodeNativeMesh(again)).equals(Buffer.from(encodeNativeMesh(mesh)))).toBe(
      true,
    );
  }, 60_000);

  it('reads its native file back identical', () => {
    const bytes = encodeNativeMesh(mesh);
    const back = decodeNativeMesh(bytes, 'wizs.ngmesh');
    expect(Buffer.from(encodeNativeMesh(back)).equals(Buffer.from(bytes))).toBe(true);
    expect(() => decodeNativeMesh(bytes.subarray(0, bytes.length - 3), 'cut.ngmesh')).toThrow(
      /cut\.ngmesh@0x/,
    );
  });

  it('has areas within 2:1 that do not overlap on one floor level, ids 1…n', () => {
    expect(mesh.areaCount).toBeGreaterThan(100);
    const seen = new Map<string, number>();
    for (let a = 0; a < mesh.areaCount; a++) {
      expect(mesh.areaId[a]).toBe(a + 1);
      const [i0, j0, i1, j1] = mesh.areaCells.subarray(a * 4, a * 4 + 4);
      const w = i1 - i0 + 1;
      const h = j1 - j0 + 1;
      // Quadtree leaves are squares; merged rectangles keep 2:1.
      expect(Math.max(w, h)).toBeLessThanOrEqual(2 * Math.min(w, h));
      for (let j = j0; j <= j1; j++)
        for (let i = i0; i <= i1; i++) {
          const key = `${mesh.areaLayer[a]}:${i}:${j}`;
          expect(seen.has(key)).toBe(false);
          seen.set(key, a);
        }
    }
  });

  it('connects areas across their sides, walk connections both ways', () => {
    expect(connectionCount(mesh)).toBeGreaterThan(mesh.areaCount);
    let walks = 0;
    let back = 0;
    for (let a = 0; a < mesh.areaCount; a++)
      for (let d = 0; d < 4; d++)
        for (let c = mesh.connStart[a * 4 + d]; c < mesh.connStart[a * 4 + d + 1]; c++) {
          const b = mesh.connTarget[c];
          expect(b).not.toBe(a);
          if (mesh.connKind[c] === CROSS_LADDER) continue;
          // The portal lies on the side of `a` in direction d.
          const [x0, y0, x1, y1] = areaBounds(mesh, a);
          const side = [y0, x1, y1, x0][d];
          expect(mesh.connPortal[c * 3]).toBeCloseTo(side, 3);
          if (mesh.connKind[c] !== CROSS_WALK) continue;
          walks++;
          const o = (d + 2) & 3;
          for (let k = mesh.connStart[b * 4 + o]; k < mesh.connStart[b * 4 + o + 1]; k++)
            if (mesh.connTarget[k] === a) back++;
        }
    // Nearly every walk crossing is walkable back (a few one-way where a slope's step differs).
    expect(back / walks).toBeGreaterThan(0.97);
  });

  it('answers no path with the reason', () => {
    const q = createNavQuery(mesh);
    const r = findPath(q, [100000, 0, 0], randomAreaPoint(mesh, lcg(1)));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('start-off-mesh');
    const g = findPath(q, randomAreaPoint(mesh, lcg(1)), [0, 0, 100000]);
    expect(!g.ok && g.reason).toBe('goal-off-mesh');
  });
});

/**
 * Random start/goal pairs; every segment of every path is walked by the simulated player.
 * The mesh is built in the simulator's world (the world's brushes: the simulator has no
 * func_walls), so a failure is the mesh's. museum has drops over ledge bands into rooms under
 * the ledge and a player-wide ladder shaft; midtown such a drop and a crate a jump once led
 * onto; colt's paths climb ladders (`ladders: 'up'`). The wide sweep over all fourteen fixture
 * maps is `npm run bench:navmesh-walk`.
 */
const WALKED: { map: string; ladders?: 'up' }[] = [
  { map: 'wizs' },
  { map: 'city' },
  { map: 'beer' },
  { map: 'museum' },
  { map: 'midtown' },
  { map: 'colt', ladders: 'up' },
];
for (const { map, ladders } of WALKED) {
  describeFixtures(`paths on ${map} are walked by the simulated player`, () => {
    const bsp = fixture('maps', `${map}.bsp`);
    it(`walks every segment of paths between random areas (ladders ${ladders ?? 'none'})`, async () => {
      const { mesh } = await buildNavMeshForMap(bsp, { staticWalls: false });
      const model = await loadCollision(bsp);
      const q = createNavQuery(mesh, ladders ? { ladders } : {});
      const rnd = lcg(map.length * 7919);
      let found = 0;
      let segments = 0;
      const moves = new Set<string>();
      const failures: string[] = [];
      for (let k = 0; k < 24; k++) {
        const r = findPath(q, randomAreaPoint(mesh, rnd), randomAreaPoint(mesh, rnd));
        if (!r.ok) {
          expect(r.reason).toBe('no-connection');
          continue;
        }
        found++;
        segments += r.points.length - 1;
        for (const m of r.moves) moves.add(m);
        expect(r.length).toBeGreaterThan(0);
        for (const f of walkPath(model, r.points, r.moves))
          failures.push(
            `pair ${k} segment ${f.segment} ${f.move} ${f.result.reason}: ${f.result.detail}`,
          );
      }
      expect(failures).toEqual([]);
      expect(found).toBeGreaterThanOrEqual(8);
      expect(segments).toBeGreaterThan(found);
      if (ladders) expect(moves.has('ladder')).toBe(true);
    }, 120_000);
  });
}
