/**
 * What the wide walkability sweep (`npm run bench:navmesh-walk`) found on fresh seeds, kept as
 * checks that fail when the rule behind each fix goes:
 * - urbanjungle's crouch duct: cells where not even a crouched player fits by the engine's
 *   position test (the sweeps pass there; pmove's final snap puts the player back) are no floor;
 * - beer and jungle1: a drop whose take-off the player already touches from the corner before
 *   it starts at that corner (walked to from rest, the take-off was overshot over the edge).
 * The meshes are built in the simulator's world (world brushes only), as the sweep builds them.
 */
import { expect, it } from 'vitest';
import { buildNavMeshForMap } from '../../src/navmesh/build-from-map.js';
import { createNavQuery, findPath } from '../../src/navmesh/query/find-path.js';
import { walkPath } from '../../src/navmesh/walk-path.js';
import { loadCollision } from '../../src/map-analysis/map-source.js';
import { playerCollision } from '../../src/navtest/simulate-link.js';
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
