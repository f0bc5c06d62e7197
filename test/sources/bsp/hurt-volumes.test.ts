/**
 * The map's hurt volumes: which trigger_hurt entities hurt, the boxes the game touches them by,
 * and what the map analysis and the simulated bot make of them (no step of a box walk and no
 * link run through one). subway2's strip along its tracks is the real case.
 */
import { describe, expect, it } from 'vitest';
import type { BspEntity } from '../../../src/sources/bsp/entities.js';
import { hurtBoxes, hurtTouched, hurtVolumesOf } from '../../../src/sources/bsp/hurt-volumes.js';
import { readBsp } from '../../../src/sources/bsp/read-bsp.js';
import { buildCollisionModel } from '../../../src/world/collision-model.js';
import { simulateLink } from '../../../src/simulated-bot/simulate-link.js';
import { traverse } from '../../../src/map-analysis/walk-link.js';
import { registerHurtBoxes } from '../../../src/map-analysis/hurt-places.js';
import { box, syntheticWorld } from '../../map-analysis/synthetic-world.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';
import { renderMapOf } from '../../../src/sinks/render/render-map.js';
import { renderNavSvg } from '../../../src/sinks/render/render-svg.js';
import { readNavFile } from '../../../src/nav/formats/aqtion/read-nav.js';

const hurt = (
  pairs: [string, string][],
  origin: [number, number, number] | null = null,
): BspEntity => ({
  classname: 'trigger_hurt',
  origin,
  angle: 0,
  keyValues: [['classname', 'trigger_hurt'], ...pairs],
  line: 1,
  offset: 0,
});

// Model 1 spans (0 0 0)…(100 50 10) as compiled.
const models = {
  count: 2,
  mins: new Float32Array([0, 0, 0, 0, 0, 0]),
  maxs: new Float32Array([0, 0, 0, 100, 50, 10]),
};

describe('which trigger_hurt volumes hurt', () => {
  it('keeps a volume with its damage (5 without dmg), its box widened by the game’s two units', () => {
    const [v] = hurtVolumesOf([hurt([['model', '*1']])], models);
    expect(v).toMatchObject({ entity: 0, model: 1, damage: 5, slow: false });
    expect(v.mins).toEqual([-2, -2, -2]);
    expect(v.maxs).toEqual([102, 52, 12]);
    const [w] = hurtVolumesOf(
      [
        hurt(
          [
            ['model', '*1'],
            ['dmg', '50'],
            ['spawnflags', '16'],
          ],
          [10, 0, -5],
        ),
      ],
      models,
    );
    expect(w).toMatchObject({ damage: 50, slow: true });
    expect(w.mins).toEqual([8, -2, -7]);
  });

  it('leaves out a volume that starts off and cannot be switched on, one that heals, and other entities', () => {
    const ents = [
      hurt([
        ['model', '*1'],
        ['spawnflags', '1'],
      ]),
      hurt([
        ['model', '*1'],
        ['dmg', '-10'],
      ]),
      { ...hurt([['model', '*1']]), classname: 'trigger_multiple' },
      hurt([['model', '*7']]),
      hurt([
        ['model', '*1'],
        ['spawnflags', '3'],
      ]),
    ];
    expect(hurtVolumesOf(ents, models).map((v) => v.entity)).toEqual([4]);
  });

  it('touches a player whose linked box (one unit wider) overlaps, as the game’s area query does', () => {
    const boxes = hurtBoxes(hurtVolumesOf([hurt([['model', '*1']])], models));
    const mins = [-16, -16, -24];
    const maxs = [16, 16, 32];
    // The volume's box ends at x = 102; the player's linked box starts at x - 17.
    expect(hurtTouched(boxes, [119, 20, 0], mins, maxs)).toBe(0);
    expect(hurtTouched(boxes, [119.5, 20, 0], mins, maxs)).toBe(-1);
    // Standing on a floor at z = 12 + 25 above the volume's top: apart.
    expect(hurtTouched(boxes, [50, 20, 37.5], mins, maxs)).toBe(-1);
    expect(hurtTouched(boxes, [50, 20, 37], mins, maxs)).toBe(0);
  });
});

describe('the box walk and the simulated bot keep out of hurt volumes', () => {
  const SOLID = 1;
  // A floor at z = 0, a hurt strip across it at x ∈ [100, 200] from the floor up to z = 16.
  const w = syntheticWorld([box([-512, -512, -32], [512, 512, 0], SOLID)]);
  const strip = hurtVolumesOf(
    [
      hurt([
        ['model', '*1'],
        ['dmg', '50'],
      ]),
    ],
    {
      count: 2,
      mins: new Float32Array([0, 0, 0, 100, -512, 0]),
      maxs: new Float32Array([0, 0, 0, 200, 512, 16]),
    },
  );
  const a: [number, number, number] = [0, 0, 24.125];
  const b: [number, number, number] = [300, 0, 24.125];
  const run = { from: a, to: b, linkType: 'MOVE', fromType: 'MOVE', toType: 'MOVE' };

  it('a walk across the strip is made without it and dies in it', () => {
    expect(simulateLink(buildCollisionModel(w), run).passed).toBe(true);
    const r = simulateLink(buildCollisionModel(w, strip), run);
    expect(r.passed).toBe(false);
    expect(r.reason).toBe('died');
    expect(r.detail).toMatch(/^trigger_hurt \(entity 0\) at /);
    expect(r.end[0]).toBeGreaterThan(60);
    expect(r.end[0]).toBeLessThan(110);
  });

  it('the box walk refuses a step into the strip', () => {
    const plain = syntheticWorld([box([-512, -512, -32], [512, 512, 0], SOLID)]);
    expect(traverse(plain, a, b)).toBe('walk');
    registerHurtBoxes(plain, hurtBoxes(strip));
    expect(traverse(plain, a, b)).toBeNull();
    expect(traverse(plain, a, [60, 0, 24.125])).toBe('walk');
  });
});

describeFixtures('subway2’s hurt strip', () => {
  it('is one volume along the tracks, 50 damage every tenth of a second, switched by the map', async () => {
    const m = await readBsp(fixture('maps', 'subway2.bsp'));
    const volumes = hurtVolumesOf(m.entities, m.world.models);
    expect(volumes).toHaveLength(1);
    expect(volumes[0]).toMatchObject({ damage: 50, slow: false });
    expect(volumes[0].mins).toEqual([510, -450, 62]);
    expect(volumes[0].maxs).toEqual([770, 2434, 82]);
  });

  it('is drawn in the map pictures, and the legend names it', async () => {
    const map = renderMapOf(await readBsp(fixture('maps', 'subway2.bsp')));
    expect(map.hurts).toHaveLength(1);
    const nav = (await readNavFile(fixture('nav', 'subway2.autogen.nav'))).nav;
    const svg = renderNavSvg({ nav, title: 'subway2', map });
    expect(svg).toContain('class="hurt" data-entity="');
    expect(svg).toContain('hurts (trigger_hurt)');
  });
});
