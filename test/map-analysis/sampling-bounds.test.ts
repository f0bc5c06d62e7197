import { expect, it } from 'vitest';
import { samplingBounds } from '../../src/map-analysis/sampling-bounds.js';
import { readBsp } from '../../src/sources/bsp/read-bsp.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

describeFixtures('floor sampling bounds', () => {
  it('are the compiled model bounds on a map whose bounds are honest (wizs)', async () => {
    const { world } = await readBsp(fixture('maps', 'wizs.bsp'));
    const b = samplingBounds(world);
    expect(b.mins).toEqual(Array.from(world.models.mins.subarray(0, 3)));
    expect(b.maxs).toEqual(Array.from(world.models.maxs.subarray(0, 3)));
  });

  it('clamp placeholder bounds (kumanru: ±99999) to the empty space plus the margin', async () => {
    const { world } = await readBsp(fixture('maps', 'kumanru.bsp'));
    expect(world.models.mins[0]).toBeLessThan(-90_000);
    const b = samplingBounds(world);
    for (let k = 0; k < 3; k++) {
      expect(b.mins[k]).toBeGreaterThan(-8192);
      expect(b.maxs[k]).toBeLessThan(8192);
      expect(b.maxs[k] - b.mins[k]).toBeGreaterThan(2048);
    }
    // Every spawn point lies inside.
    const { entities } = await readBsp(fixture('maps', 'kumanru.bsp'));
    const spawns = entities.filter((e) => e.classname === 'info_player_deathmatch' && e.origin);
    expect(spawns.length).toBeGreaterThan(0);
    for (const s of spawns)
      for (let k = 0; k < 3; k++) {
        expect(s.origin![k]).toBeGreaterThan(b.mins[k]);
        expect(s.origin![k]).toBeLessThan(b.maxs[k]);
      }
  });
});
