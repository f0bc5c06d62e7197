/**
 * The floor walk and the way back on box worlds: which floor samples a walk from the graph's
 * ground nodes and the spawn stands reaches, which unreached floor leads back onto it, and
 * running jumps across a pit only when the simulated bot makes them.
 */
import { describe, expect, it } from 'vitest';
import { box, syntheticWorld } from './synthetic-world.js';
import { sampleFloor } from '../../src/map-analysis/walkable-floor.js';
import { floorGrid, sampleOrigin } from '../../src/map-analysis/floor-grid.js';
import { walkFloor, type FloorWalkOptions } from '../../src/map-analysis/floor-walk.js';
import { wayBackFloor } from '../../src/map-analysis/way-back-floor.js';
import { traverse } from '../../src/map-analysis/walk-link.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { mapLadderClimbs } from '../../src/map-analysis/map-ladders.js';

const SOLID = 1;
const LADDER = 1 << 29;
const options: FloorWalkOptions = { maxDz: 64, maxDrop: 210, maxJump: 40, gapJumps: true };
const ground = (z: number) => ({
  origin: [-100, -100, z] as [number, number, number],
  type: 'MOVE',
});

describe('floor walk and the way back: a floor and a ledge 128 high over y >= 128', () => {
  const w = syntheticWorld([
    box([-256, -256, -32], [256, 256, 0], SOLID),
    box([-256, 128, 0], [256, 256, 128], SOLID),
    // A pillar raises the map's bounds above the ledge (the floor search starts below their top).
    box([-256, -256, 0], [-240, -240, 400], SOLID),
  ]);
  const grid = floorGrid(sampleFloor(w, 64));
  const { floor } = grid;
  const onLedge = (q: number) => floor.z[q] > 128;
  const all = Array.from(floor.z, (_, q) => q);
  const ledge = all.filter(onLedge);
  const below = all.filter((q) => !onLedge(q));
  const walk = walkFloor(w, null, grid, [ground(24.125)], [true], [], options);

  it('the world has floor on both levels', () => {
    expect(ledge.length).toBeGreaterThan(5);
    expect(below.length).toBeGreaterThan(20);
  });

  it('from a ground node: all the floor below, nothing on the ledge (no walk climbs 128)', () => {
    expect(below.every((q) => walk.reached[q] === 1)).toBe(true);
    expect(ledge.some((q) => walk.reached[q] === 1)).toBe(false);
    expect([...walk.order].sort((a, b) => a - b)).toEqual(below);
    expect(walk.spawnRooted).toEqual([]);
  });

  it('every step is the box traversal it names, between reached samples', () => {
    let count = 0;
    for (const [q, out] of walk.steps)
      for (const { r, how } of out) {
        count++;
        expect(walk.reached[r]).toBe(1);
        const a = sampleOrigin(grid, q);
        const b = sampleOrigin(grid, r);
        expect(traverse(w, a, b, options.maxDrop, options.maxJump)).toBe(how);
      }
    expect(count).toBeGreaterThan(100);
  });

  it('a node that is no ground node starts nothing', () => {
    const none = walkFloor(w, null, grid, [ground(24.125)], [false], [], options);
    expect(none.order).toEqual([]);
  });

  it('from a spawn on the ledge: the ledge, and the floor below by drops; maxDrop 0 keeps it up', () => {
    const stand: [number, number, number] = [5, 197, 152.125];
    const fromSpawn = walkFloor(w, null, grid, [], [], [stand], options);
    expect(fromSpawn.spawnRooted.length).toBeGreaterThan(0);
    expect(fromSpawn.spawnRooted.every(onLedge)).toBe(true);
    expect(all.every((q) => fromSpawn.reached[q] === 1)).toBe(true);
    const noDrops = walkFloor(w, null, grid, [], [], [stand], { ...options, maxDrop: 0 });
    expect([...noDrops.order].sort((a, b) => a - b)).toEqual(ledge);
  });

  it('the way back: the ledge, each sample stepping only onto reached or way-back floor', () => {
    const back = wayBackFloor(w, grid, walk.reached, walk.order, options);
    expect([...back.samples].sort((a, b) => a - b)).toEqual(ledge);
    const isBack = new Set(back.samples);
    let drops = 0;
    for (const q of back.samples) {
      const out = back.steps.get(q) ?? [];
      for (const { r, how } of out) {
        expect(walk.reached[r] === 1 || isBack.has(r)).toBe(true);
        if (how === 'drop') drops++;
      }
    }
    expect(drops).toBeGreaterThan(0);
    // No step of the walk leads onto it: links out only.
    for (const out of walk.steps.values()) expect(out.some((s) => isBack.has(s.r))).toBe(false);
  });

  it('no way back without drops (the ledge is higher than a jump)', () => {
    const back = wayBackFloor(w, grid, walk.reached, walk.order, { ...options, maxDrop: 0 });
    expect(back.samples).toEqual([]);
  });
});

describe('floor walk: running jumps across a pit 80 wide and 200 deep', () => {
  const w = syntheticWorld([
    box([-320, -96, -32], [-40, 96, 0], SOLID),
    box([40, -96, -32], [320, 96, 0], SOLID),
    box([-320, -96, -232], [320, 96, -200], SOLID),
    box([-320, -96, 300], [320, 96, 332], SOLID),
  ]);
  const grid = floorGrid(sampleFloor(w, 64));
  const far = (walk: { reached: Uint8Array }) =>
    Array.from(grid.floor.z, (_, q) => q).filter(
      (q) => walk.reached[q] === 1 && sampleOrigin(grid, q)[0] > 40 && grid.floor.z[q] > 0,
    ).length;
  const start = [{ origin: [-200, 5, 24.125] as [number, number, number], type: 'MOVE' }];
  const noDrops = { ...options, maxDrop: 0 };

  it('without the simulated bot, or with gap jumps off, the far side stays unreached', () => {
    expect(far(walkFloor(w, null, grid, start, [true], [], noDrops))).toBe(0);
    const model = buildCollisionModel(w);
    expect(far(walkFloor(w, model, grid, start, [true], [], { ...noDrops, gapJumps: false }))).toBe(
      0,
    );
  });

  it('with them, the far side is reached by JUMP steps two columns across', () => {
    const walk = walkFloor(w, buildCollisionModel(w), grid, start, [true], [], noDrops);
    expect(far(walk)).toBeGreaterThan(3);
    const across = [...walk.steps].flatMap(([q, out]) =>
      out
        .filter(({ r }) => sampleOrigin(grid, q)[0] < -40 !== sampleOrigin(grid, r)[0] < -40)
        .map(({ r, how }) => ({ q, r, how })),
    );
    expect(across.length).toBeGreaterThan(0);
    for (const { q, r, how } of across) {
      expect(how).toBe('jump');
      expect(Math.abs(grid.floor.i[r] - grid.floor.i[q])).toBe(2);
    }
  });
});

describe('floor walk: from the top of a ladder the simulated bot decides', () => {
  // The ledge of the first world, reached only by a ladder on its face at x ∈ [-16, 16] whose
  // rungs stand 40 above the ledge: its top hangs over the ledge, no ground within a step.
  const w = syntheticWorld([
    box([-256, -256, -32], [256, 256, 0], SOLID),
    box([-256, 128, 0], [256, 256, 128], SOLID),
    box([-16, 124, 0], [16, 128, 168], SOLID | LADDER),
    box([-256, -256, 0], [-240, -240, 400], SOLID),
  ]);
  const grid = floorGrid(sampleFloor(w, 64));
  const [climb] = mapLadderClimbs(w, 40);
  const top = { origin: [climb.x, climb.y, climb.top] as [number, number, number], type: 'LADDER' };
  // Walks only: the box could otherwise drop onto the ledge from the top of the rungs.
  const walksOnly = { ...options, maxDrop: 0 };
  const onLedge = (walk: { order: readonly number[] }) =>
    walk.order.filter((q) => Math.abs(grid.floor.z[q] - 152.125) < 1).length;

  it('the box walk alone does not step off a ladder top over nothing', () => {
    expect(climb.top).toBeGreaterThan(168);
    expect(onLedge(walkFloor(w, null, grid, [top], [true], [], walksOnly))).toBe(0);
  });

  it('the simulated bot steps off onto the ledge, and the walk covers it', () => {
    const walk = walkFloor(w, buildCollisionModel(w), grid, [top], [true], [], walksOnly);
    expect(onLedge(walk)).toBeGreaterThan(5);
  });

  it('a MOVE node at the same place is no ladder end: no simulation', () => {
    const move = { ...top, type: 'MOVE' };
    const walk = walkFloor(w, buildCollisionModel(w), grid, [move], [true], [], walksOnly);
    expect(onLedge(walk)).toBe(0);
  });
});
