/**
 * Movers' swept volumes from small entity lists: trains along their path_corners (teleports,
 * dead ends, elevators), lifts, doors and rotating models, as AQtion's g_func.c moves them.
 */
import { describe, expect, it } from 'vitest';
import type { BspEntity } from '../../../src/sources/bsp/entities.js';
import { moversOf, type ModelBounds } from '../../../src/map-analysis/movers/mover-volumes.js';

let line = 0;
function ent(pairs: Record<string, string>): BspEntity {
  const origin = pairs.origin
    ? (pairs.origin.split(' ').map(Number) as [number, number, number])
    : null;
  return {
    classname: pairs.classname ?? '',
    origin,
    angle: pairs.angle ? Number(pairs.angle) : 0,
    keyValues: Object.entries(pairs),
    line: ++line,
    offset: 0,
  };
}

/** Model 1: a 64 × 32 × 16 box at the world origin corner; model 2: a 128-unit cube about 0. */
const models: ModelBounds = {
  count: 3,
  mins: [0, 0, 0, 0, 0, 0, -64, -64, -64],
  maxs: [0, 0, 0, 64, 32, 16, 64, 64, 64],
};

const corner = (name: string, origin: string, target?: string, flags?: number) =>
  ent({
    classname: 'path_corner',
    targetname: name,
    origin,
    ...(target ? { target } : {}),
    ...(flags ? { spawnflags: String(flags) } : {}),
  });

describe('func_train', () => {
  it('sweeps each leg of a closed path from the box its mins put at each corner', () => {
    const [m] = moversOf(
      [
        ent({ classname: 'func_train', model: '*1', target: 'a' }),
        corner('a', '100 0 0', 'b'),
        corner('b', '300 0 0', 'c'),
        corner('c', '300 200 0', 'a'),
      ],
      models,
    );
    expect(m.kind).toBe('train');
    expect(m.sweeps).toEqual([
      { mins: [101, 1, 1], maxs: [165, 33, 17], move: [200, 0, 0] },
      { mins: [301, 1, 1], maxs: [365, 33, 17], move: [0, 200, 0] },
      { mins: [301, 201, 1], maxs: [365, 233, 17], move: [-200, -200, 0] },
    ]);
  });

  it('does not sweep a jump to a teleport corner, nor the parking spot it jumps from', () => {
    const [m] = moversOf(
      [
        ent({ classname: 'func_train', model: '*1', target: 'park' }),
        corner('park', '-5000 0 0', 'jump'),
        corner('jump', '0 0 0', 'up', 1),
        corner('up', '0 0 240', 'down'),
        corner('down', '0 0 0', 'up'),
      ],
      models,
    );
    expect(m.sweeps.every((s) => s.mins[0] > -100)).toBe(true);
    expect(m.sweeps).toContainEqual({ mins: [1, 1, 1], maxs: [65, 33, 17], move: [0, 0, 240] });
    expect(m.sweeps).toContainEqual({ mins: [1, 1, 241], maxs: [65, 33, 257], move: [0, 0, -240] });
  });

  it('stands at the last corner of an open path, and where it was drawn without one', () => {
    const [open, none] = moversOf(
      [
        ent({ classname: 'func_train', model: '*1', target: 'a' }),
        corner('a', '0 0 0', 'b'),
        corner('b', '0 100 0'),
        ent({ classname: 'func_train', model: '*2' }),
      ],
      models,
    );
    expect(open.sweeps).toEqual([
      { mins: [1, 1, 1], maxs: [65, 33, 17], move: [0, 100, 0] },
      { mins: [1, 101, 1], maxs: [65, 133, 17], move: [0, 0, 0] },
    ]);
    expect(none.sweeps).toEqual([{ mins: [-64, -64, -64], maxs: [64, 64, 64], move: [0, 0, 0] }]);
  });

  it('an elevator goes between every stop its buttons name', () => {
    const [m] = moversOf(
      [
        ent({ classname: 'func_train', model: '*1', target: 'p1', targetname: 'car' }),
        ent({ classname: 'trigger_elevator', target: 'car', targetname: 'lift' }),
        ent({ classname: 'func_button', model: '*2', target: 'lift', pathtarget: 'p2' }),
        ent({ classname: 'func_button', model: '*2', target: 'lift', pathtarget: 'p1' }),
        corner('p1', '0 0 0'),
        corner('p2', '0 0 300'),
      ],
      models,
    );
    expect(m.sweeps).toContainEqual({ mins: [1, 1, 1], maxs: [65, 33, 17], move: [0, 0, 300] });
    expect(m.sweeps).toContainEqual({ mins: [1, 1, 301], maxs: [65, 33, 317], move: [0, 0, -300] });
    expect(m.sweeps).toHaveLength(3);
  });
});

describe('func_plat', () => {
  it('travels its height minus lip below where it is drawn (the server box is a unit wider each end)', () => {
    const [m] = moversOf([ent({ classname: 'func_plat', model: '*2' })], models);
    // 128 + 2 − 8 = 122 units down.
    expect(m.sweeps).toEqual([{ mins: [-64, -64, -64], maxs: [64, 64, 64], move: [0, 0, -122] }]);
    expect(m.lift).toEqual({ mins: [-64, -64], maxs: [64, 64], bottomZ: -58, topZ: 64 });
  });

  it('travels `height` when it is set; lip 0 is the default 8', () => {
    const [m] = moversOf(
      [ent({ classname: 'func_plat', model: '*2', height: '512', lip: '0', origin: '10 0 0' })],
      models,
    );
    expect(m.lift).toEqual({ mins: [-54, -64], maxs: [74, 64], bottomZ: -448, topZ: 64 });
    const [lipped] = moversOf([ent({ classname: 'func_plat', model: '*2', lip: '0' })], models);
    expect(lipped.lift?.bottomZ).toBe(64 - 122);
  });
});

describe('doors and rotating models', () => {
  it('a func_door moves along its angle by its size there minus lip', () => {
    const [side, up] = moversOf(
      [
        ent({ classname: 'func_door', model: '*1', angle: '90', lip: '2' }),
        ent({ classname: 'func_door', model: '*1', angle: '-1' }),
      ],
      models,
    );
    expect(side.kind).toBe('door');
    expect(side.sweeps[0].move[1]).toBeCloseTo(32 + 2 - 2);
    expect(Math.abs(side.sweeps[0].move[0])).toBeLessThan(1e-9);
    expect(up.sweeps[0].move).toEqual([0, 0, 16 + 2 - 8]);
  });

  it('a turning func_rotating covers the circle of its farthest corner about its axis', () => {
    const [z, x, still] = moversOf(
      [
        ent({ classname: 'func_rotating', model: '*2', spawnflags: '1', origin: '0 0 100' }),
        ent({ classname: 'func_rotating', model: '*2', spawnflags: '5', origin: '0 0 100' }),
        ent({ classname: 'func_rotating', model: '*2', origin: '0 0 100' }),
      ],
      models,
    );
    const r = Math.hypot(64, 64);
    expect(z.sweeps[0].mins).toEqual([-r, -r, 36]);
    expect(z.sweeps[0].maxs).toEqual([r, r, 164]);
    expect(x.sweeps[0].mins).toEqual([-64, -r, 100 - r]);
    // Neither on nor usable: it stands.
    expect(still.sweeps[0]).toEqual({ mins: [-64, -64, 36], maxs: [64, 64, 164], move: [0, 0, 0] });
  });

  it('leaves out entities not in deathmatch, world models and what is not a mover', () => {
    expect(
      moversOf(
        [
          ent({ classname: 'func_train', model: '*1', spawnflags: '2048' }),
          ent({ classname: 'func_door', model: '*0' }),
          ent({ classname: 'func_door', model: '*7' }),
          ent({ classname: 'func_wall', model: '*1' }),
          ent({ classname: 'func_plat' }),
        ],
        models,
      ),
    ).toEqual([]);
  });
});
