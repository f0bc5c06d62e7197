/**
 * What the wide walkability sweep (`npm run bench:navmesh-walk`) found on fresh seeds, kept as
 * checks that fail when the rule behind each fix goes:
 * - urbanjungle's crouch duct: cells where not even a crouched player fits by the engine's
 *   position test (the sweeps pass there; pmove's final snap puts the player back) are no floor;
 * - beer and jungle1: a drop whose take-off the player already touches from the corner before
 *   it starts at that corner (walked to from rest, the take-off was overshot over the edge);
 * - city: a curb's edge inside an area (a box held by the curb's edge next to the road below is
 *   not one area with it): a line along the curb caught its corner;
 * - monastery: a drop off the side of a ramp a running bot flies down is no connection;
 * - monastery: walk corners on a descent, which the bot passes in flight and lands beyond, go
 *   where the straight line lies on the floor;
 * - jungle1, museum: a take-off or the goal less than a think's run from the corner before it
 *   (walked to from rest, overshot off a ledge or down a stair);
 * - monastery: a swim to a point far below along a pool's sloping floor (the bot crawls).
 * The meshes are built in the simulator's world (world brushes only), as the sweep builds them.
 */
import { expect, it } from 'vitest';
import { buildNavMeshForMap } from '../../src/navmesh/build-from-map.js';
import { createNavQuery, findPath } from '../../src/navmesh/query/find-path.js';
import { walkPath } from '../../src/navmesh/walk-path.js';
import { CROSS_DROP, EAST } from '../../src/navmesh/mesh.js';
import { buildAreaIndex, locateArea } from '../../src/navmesh/query/area-index.js';
import { loadCollision } from '../../src/map-analysis/map-source.js';
import { playerCollision } from '../../src/simulated-bot/simulate-link.js';
import { newTraceResult } from '../../src/world/trace.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

describeFixtures('navmesh floor on urbanjungle', () => {
  it('has no cell where not even a crouched player fits (the position test)', async () => {
    const bsp = fixture('maps', 'urbanjungle.bsp');
    const { mesh } = await buildNavMeshForMap(bsp, { staticWalls: false });
    const c = playerCollision(await loadCollision(bsp));
    const tr = newTraceResult();
    const mins = [-16, -16, -24];
    const crouched = [16, 16, 4];
    const solid: string[] = [];
    let cells = 0;
    const cs = mesh.cellSize;
    for (let a = 0; a < mesh.areaCount; a++) {
      const [i0, j0, i1, j1] = mesh.areaCells.subarray(a * 4, a * 4 + 4);
      // The corner cells' heights are the area's own samples (areaZ).
      const corners = [
        [i0, j0, 0],
        [i1, j0, 1],
        [i0, j1, 2],
        [i1, j1, 3],
      ];
      for (const [i, j, k] of corners) {
        const p = [
          mesh.originX + (i + 0.5) * cs,
          mesh.originY + (j + 0.5) * cs,
          mesh.areaZ[a * 4 + k],
        ];
        cells++;
        if (c.trace(p, mins, crouched, p, tr).startsolid)
          solid.push(`area ${mesh.areaId[a]} (${p.map(Math.round).join(', ')})`);
      }
    }
    expect(cells).toBeGreaterThan(1000);
    expect(solid).toEqual([]);
  }, 60_000);
});

/** Start and goal of paths whose drop take-off was overshot, as the sweep printed them. */
const TAKEOFFS: { map: string; from: number[]; to: number[] }[] = [
  { map: 'beer', from: [-267, -787, 215], to: [-339, 173, 24] },
  { map: 'jungle1', from: [-131, -99, -122], to: [-235, -731, -168] },
];
for (const { map, from, to } of TAKEOFFS) {
  describeFixtures(`a drop's take-off next to the corner before it on ${map}`, () => {
    it('is not walked to: the drop starts at that corner, and every segment is walked', async () => {
      const bsp = fixture('maps', `${map}.bsp`);
      const { mesh } = await buildNavMeshForMap(bsp, { staticWalls: false });
      const r = findPath(createNavQuery(mesh), from, to);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const drop = r.moves.indexOf('drop');
      expect(drop).toBeGreaterThanOrEqual(0);
      const failures = walkPath(await loadCollision(bsp), r.points, r.moves).map(
        (f) => `segment ${f.segment} ${f.move} ${f.result.reason}: ${f.result.detail}`,
      );
      expect(failures).toEqual([]);
    }, 60_000);
  });
}

/** Paths the sweep found unwalkable (start, goal as it printed them), per kind of failure. */
const WALKED: { what: string; map: string; pairs: { from: number[]; to: number[] }[] }[] = [
  {
    what: 'a line along a curb (seed 6)',
    map: 'city',
    pairs: [{ from: [-1571, -899, 24], to: [677, 157, 24] }],
  },
  {
    what: 'corners on a ramp (seed 10)',
    map: 'monastery',
    pairs: [
      { from: [-435, -603, 18], to: [285, -843, -232] },
      { from: [309, -723, -51], to: [637, -595, -232] },
      { from: [-1459, -1955, -88], to: [-1027, -2291, -344] },
    ],
  },
  {
    what: 'take-offs a short walk from the corner before (seeds 3, 7)',
    map: 'jungle1',
    pairs: [
      { from: [-67, -115, -130], to: [-403, -915, -168] },
      { from: [-99, -91, -122], to: [-435, -451, -168] },
    ],
  },
  {
    what: 'a goal on a stair a short walk from the corner before (seed 3)',
    map: 'museum',
    pairs: [{ from: [-755, 261, 344], to: [-835, 1765, 136] }],
  },
  {
    what: 'a goal on the slope down to a ledge (seed 7)',
    map: 'monastery',
    pairs: [{ from: [-1059, -3395, -104], to: [-27, -2123, -248] }],
  },
  {
    what: 'a swim down a sloping pool floor (seed 3)',
    map: 'monastery',
    pairs: [{ from: [741, -1011, -264], to: [717, -611, -359] }],
  },
];
for (const { what, map, pairs } of WALKED) {
  describeFixtures(`${what} on ${map}`, () => {
    it('is walked, every segment', async () => {
      const bsp = fixture('maps', `${map}.bsp`);
      const { mesh } = await buildNavMeshForMap(bsp, { staticWalls: false });
      const model = await loadCollision(bsp);
      const q = createNavQuery(mesh);
      for (const { from, to } of pairs) {
        const r = findPath(q, from, to);
        expect(r.ok).toBe(true);
        if (!r.ok) continue;
        const failures = walkPath(model, r.points, r.moves).map(
          (f) => `segment ${f.segment} ${f.move} ${f.result.reason}: ${f.result.detail}`,
        );
        expect(failures).toEqual([]);
      }
    }, 60_000);
  });
}

describeFixtures('the monastery ramp a path dropped off sideways (seeds 7, 8, 10)', () => {
  it('has no drop off its side, and the path down it is walked', async () => {
    const bsp = fixture('maps', 'monastery.bsp');
    const { mesh } = await buildNavMeshForMap(bsp, { staticWalls: false });
    // The ramp's east edge where the drop took off (z: a standing origin on the ramp).
    const a = locateArea(mesh, buildAreaIndex(mesh), -427, -891, -147, 4);
    expect(a).toBeGreaterThanOrEqual(0);
    const drops: number[] = [];
    for (let c = mesh.connStart[a * 4 + EAST]; c < mesh.connStart[a * 4 + EAST + 1]; c++)
      if (mesh.connKind[c] === CROSS_DROP) drops.push(mesh.areaId[mesh.connTarget[c]]);
    expect(drops).toEqual([]);
    const r = findPath(createNavQuery(mesh), [-435, -603, 18], [637, -707, -340]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const failures = walkPath(await loadCollision(bsp), r.points, r.moves).map(
      (f) => `segment ${f.segment} ${f.move} ${f.result.reason}: ${f.result.detail}`,
    );
    expect(failures).toEqual([]);
  }, 60_000);
});
