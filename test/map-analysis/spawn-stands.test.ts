/** Where a spawn point's players stand: on the floor below the entity, or nowhere. */
import { describe, expect, it } from 'vitest';
import { box, syntheticWorld } from './synthetic-world.js';
import { SPAWN_MAX_DROP, spawnStands } from '../../src/map-analysis/spawn-stands.js';
import { standsAt } from '../../src/map-analysis/place-node.js';

const SOLID = 1;

describe('spawn stands', () => {
  const w = syntheticWorld([
    box([-256, -256, -32], [256, 256, 0], SOLID),
    box([100, 100, 0], [256, 256, 2000], SOLID), // a block no player fits in
    box([-256, -256, 600], [256, 256, 632], SOLID),
  ]);

  it('an entity floating above the floor stands on it; one in solid is left out, order kept', () => {
    const stands = spawnStands(w, [
      [-100, 0, 40],
      [180, 180, 1500],
      [0, -100, 24 + SPAWN_MAX_DROP - 8],
    ]);
    expect(stands).toHaveLength(2);
    expect(stands[0].slice(0, 2)).toEqual([-100, 0]);
    expect(stands[1].slice(0, 2)).toEqual([0, -100]);
    for (const s of stands) {
      expect(Math.abs(s[2] - 24)).toBeLessThan(1);
      expect(standsAt(w, ...s)).toBe(true);
    }
  });
});
