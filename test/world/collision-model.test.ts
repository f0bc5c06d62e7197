/**
 * The collision model on the hand-built mini map (test/sources/bsp/mini-map.ts), where every
 * answer is known: a water box x, y ∈ [0, 64], z ∈ [0, 32]; a ladder brush (SOLID | LADDER)
 * x ∈ [100, 104], y ∈ [0, 64], z ∈ [0, 128]; solid below z = 0 (a leaf without brushes).
 * The engine only clips the brushes of leaves whose contents meet the mask, so the leaf above
 * the water (which lists the ladder brush) gets the ladder's contents here, as a compiler
 * would give them.
 * Plus the inline-model obstacles of the fixture maps against the engine's own records.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readBspEntities } from '../../src/sources/bsp/read-bsp.js';
import { decodeWorld } from '../../src/sources/bsp/decode-world.js';
import { readBspHeader } from '../../src/sources/bsp/header.js';
import { buildCollisionModel, loadCollisionModel } from '../../src/world/collision-model.js';
import {
  CONTENTS_LADDER,
  CONTENTS_MONSTER,
  CONTENTS_SOLID,
  CONTENTS_WATER,
  MASK_PLAYERSOLID,
  MASK_SOLID,
  MASK_WATER,
} from '../../src/world/contents.js';
import { inlineModelObstacles, traceWithObstacles } from '../../src/world/inline-models.js';
import {
  boxTrace,
  headnodeForBox,
  newTraceResult,
  pointContents,
  surfaceName,
  transformedBoxTrace,
  transformedPointContents,
} from '../../src/world/trace.js';
import { angleVectors } from '../../src/movement/angle-vectors.js';
import { anglesToAxis } from '../../src/world/rotation.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { assembleBsp, miniMapLumps } from '../sources/bsp/mini-map.js';
import { Lump } from '../../src/sources/bsp/lumps.js';

/** Leaf 1 (above the water) carries the ladder brush's contents. */
function mini() {
  const lumps = miniMapLumps();
  new DataView(lumps[Lump.leaves].buffer).setInt32(28, CONTENTS_SOLID | CONTENTS_LADDER, true);
  const bytes = assembleBsp(lumps);
  return buildCollisionModel(decodeWorld(bytes, readBspHeader(bytes, 'mini.bsp'), 'mini.bsp'));
}
const POINT = [0, 0, 0];
const PLAYER_MINS = [-16, -16, -24];
const PLAYER_MAXS = [16, 16, 32];
const LADDER = CONTENTS_SOLID | CONTENTS_LADDER;

describe('collision model: mini map', () => {
  const m = mini();
  const tr = newTraceResult();

  it('appends the box hull and computes plane types as the engine does', () => {
    // 13 map planes + 12; 2 nodes + 6; 3 leaves + 2; 2 brushes + 1.
    expect([m.planeCount, m.nodeCount, m.leafCount, m.brushCount]).toEqual([25, 8, 5, 3]);
    // +Z is axial (2); -X is not (6), with sign bit 1.
    expect(m.planeType[0]).toBe(2);
    expect(m.planeType[2]).toBe(6);
    expect(m.planeSignbits[2]).toBe(1);
    // The world model's bounds are widened by one unit.
    expect(Array.from(m.modelMins.subarray(0, 3))).toEqual([-1, -1, -1]);
    expect(Array.from(m.modelMaxs.subarray(0, 3))).toEqual([129, 65, 129]);
  });

  it('point contents: the contents of the leaf holding the point', () => {
    expect(pointContents(m, [32, 32, 16])).toBe(CONTENTS_WATER);
    expect(pointContents(m, [32, 32, 64])).toBe(LADDER);
    expect(pointContents(m, [32, 32, -5])).toBe(CONTENTS_SOLID);
    // A point on the plane z = 32 is on its front side (d = 0 is not < 0).
    expect(pointContents(m, [32, 32, 32])).toBe(LADDER);
    expect(pointContents(m, [32, 32, Math.fround(32 - 1 / 1024)])).toBe(CONTENTS_WATER);
  });

  it('a point sweep stops 1/32 unit before the ladder brush', () => {
    boxTrace(m, [0, 32, 64], [200, 32, 64], POINT, POINT, 0, MASK_SOLID, tr);
    expect(tr.fraction).toBe(Math.fround((100 - 0.03125) / 200));
    expect(tr.endpos[0]).toBe(99.96875);
    expect(Array.from(tr.normal)).toEqual([-1, 0, 0]);
    expect(tr.dist).toBe(-100);
    expect(tr.contents).toBe(LADDER);
    expect([tr.startsolid, tr.allsolid]).toEqual([false, false]);
    expect(surfaceName(m, tr.surface)).toBe('e1u1/floor');
  });

  it('a player box stops with its maxs 1/32 unit before the brush', () => {
    boxTrace(m, [0, 32, 64], [200, 32, 64], PLAYER_MINS, PLAYER_MAXS, 0, MASK_PLAYERSOLID, tr);
    expect(tr.fraction).toBe(Math.fround((84 - 0.03125) / 200));
    expect(tr.endpos[0]).toBeCloseTo(83.96875, 4);
    expect(tr.dist).toBe(-100);
  });

  it('the mask decides what stops a sweep', () => {
    // Water does not stop a solid mask...
    boxTrace(m, [32, 32, 64], [32, 32, 16], POINT, POINT, 0, MASK_SOLID, tr);
    expect(tr.fraction).toBe(1);
    expect(Array.from(tr.endpos)).toEqual([32, 32, 16]);
    // ...but stops a water mask at its top face.
    boxTrace(m, [32, 32, 64], [32, 32, 16], POINT, POINT, 0, MASK_WATER, tr);
    expect(tr.fraction).toBe(Math.fround((32 - 0.03125) / 48));
    expect(tr.contents).toBe(CONTENTS_WATER);
    expect(Array.from(tr.normal)).toEqual([0, 0, 1]);
  });

  it('position test inside a brush: start and all solid, fraction 0', () => {
    boxTrace(m, [102, 32, 64], [102, 32, 64], POINT, POINT, 0, MASK_SOLID, tr);
    expect([tr.startsolid, tr.allsolid, tr.fraction, tr.contents]).toEqual([true, true, 0, LADDER]);
    boxTrace(m, [50, 32, 64], [50, 32, 64], PLAYER_MINS, PLAYER_MAXS, 0, MASK_SOLID, tr);
    expect([tr.startsolid, tr.allsolid, tr.fraction]).toEqual([false, false, 1]);
  });

  it('map_allsolid_bug: a sweep inside a brush keeps fraction 1 and no contents', () => {
    boxTrace(m, [101, 10, 64], [103, 50, 64], POINT, POINT, 0, MASK_SOLID, tr);
    expect([tr.startsolid, tr.allsolid, tr.fraction, tr.contents]).toEqual([true, true, 1, 0]);
    // Starting inside and leaving: start solid only.
    boxTrace(m, [102, 32, 64], [150, 32, 64], POINT, POINT, 0, MASK_SOLID, tr);
    expect([tr.startsolid, tr.allsolid, tr.fraction]).toEqual([true, false, 1]);
  });

  it('box hull: a bounding-box entity is a MONSTER brush without a surface', () => {
    const head = headnodeForBox(m, PLAYER_MINS, PLAYER_MAXS);
    const origin = [500, 0, 0];
    transformedBoxTrace(
      m,
      [300, 0, 0],
      [700, 0, 0],
      POINT,
      POINT,
      head,
      MASK_PLAYERSOLID,
      origin,
      [0, 90, 0],
      tr,
    );
    // Box hulls are never rotated: the hit is the -X face at x = 484.
    expect(tr.fraction).toBe(Math.fround((184 - 0.03125) / 400));
    expect(Array.from(tr.normal)).toEqual([-1, 0, 0]);
    expect(tr.dist).toBe(16); // in the hull's frame
    expect([tr.contents, tr.surface, surfaceName(m, tr.surface)]).toEqual([
      CONTENTS_MONSTER,
      -1,
      '',
    ]);
    expect(transformedPointContents(m, [500, 10, 20], head, origin, [0, 0, 0])).toBe(
      CONTENTS_MONSTER,
    );
    expect(transformedPointContents(m, [500, 10, 40], head, origin, [0, 0, 0])).toBe(0);
    // The mask must name MONSTER for the hull to count.
    transformedBoxTrace(
      m,
      [300, 0, 0],
      [700, 0, 0],
      POINT,
      POINT,
      head,
      MASK_SOLID,
      origin,
      [0, 0, 0],
      tr,
    );
    expect(tr.fraction).toBe(1);
  });

  it('rotated models: a model turned 90° about Z is hit on its rotated face', () => {
    // The world tree as a "model" at origin 0 turned by yaw 90: the ladder brush (x 100–104,
    // y 0–64) lies at x -64–0, y 100–104 in the world.
    transformedBoxTrace(
      m,
      [-32, 0, 64],
      [-32, 200, 64],
      POINT,
      POINT,
      0,
      MASK_SOLID,
      [0, 0, 0],
      [0, 90, 0],
      tr,
    );
    expect(tr.fraction).toBeCloseTo((100 - 0.03125) / 200, 5);
    expect(tr.normal[1]).toBeCloseTo(-1, 6);
    expect(tr.contents).toBe(LADDER);
  });
});

describe('collision model: rotation', () => {
  it('axis rows are the engine angle vectors forward, -right, up, bit for bit', () => {
    const axis = new Float64Array(9);
    const f = new Float32Array(3),
      r = new Float32Array(3),
      u = new Float32Array(3);
    for (const angles of [
      [0, 90, 0],
      [0, 33.75, 0],
      [10.5, 200.25, -3],
      [-45, 359.9, 12.125],
      [0.0109863281, 85.6713867, 0],
    ]) {
      const a = angles.map(Math.fround);
      anglesToAxis(a, axis);
      angleVectors(a, f, r, u);
      expect(Array.from(axis)).toEqual([...f, ...Array.from(r, (x) => -x), ...u]);
    }
  });
});

describeFixtures('collision model: inline models of the fixture maps', () => {
  // How fast it loads is a benchmark's business (bench/), not a unit test's.
  it('loads every fixture map, the box hull after the map\u2019s own records', async () => {
    for (const map of ['wizs', 'city', 'urbanjungle', 'simplicity', 'beer']) {
      const m = await loadCollisionModel(fixture('maps', `${map}.bsp`));
      expect(m.brushCount, map).toBeGreaterThan(100);
      // The box brush is the last brush and the last leaf-brush entry (CM_InitBoxHull).
      expect(m.leafBrushes[m.leafBrushes.length - 1], map).toBe(m.brushCount - 1);
      expect(m.brushSideCount[m.brushCount - 1], map).toBe(6);
      expect(m.modelCount, map).toBeGreaterThanOrEqual(1);
    }
  });

  it('places the inline models where the engine traced them, and clips against them', async () => {
    let nearer = 0;
    for (const map of ['wizs', 'simplicity', 'city']) {
      const m = await loadCollisionModel(fixture('maps', `${map}.bsp`));
      const obstacles = inlineModelObstacles(
        m,
        await readBspEntities(fixture('maps', `${map}.bsp`)),
      );
      const placed = new Set(
        obstacles.map((o) => `${o.headnode} ${Array.from(o.origin)} ${Array.from(o.angles)}`),
      );
      const lines = gunzipSync(readFileSync(fixture('trace', `${map}.trace.jsonl.gz`)))
        .toString('utf8')
        .split('\n')
        .filter((l) => l.includes('"kind":"bmodel"'))
        .map((l) => JSON.parse(l));
      expect(lines.length).toBeGreaterThan(0);
      const world = newTraceResult();
      const both = newTraceResult();
      for (const l of lines) {
        expect(placed).toContain(`${l.headnode} ${l.origin} ${l.angles}`);
        // Where the recorded model hit is nearer than the world's, the combined trace
        // must stop exactly there.
        boxTrace(m, l.start, l.end, l.mins, l.maxs, 0, l.brushmask, world);
        if (l.fraction === 1 || world.fraction <= Math.fround(l.fraction)) continue;
        traceWithObstacles(m, obstacles, l.start, l.end, l.mins, l.maxs, l.brushmask, both);
        expect(both.fraction).toBe(Math.fround(l.fraction));
        expect(Array.from(both.endpos)).toEqual(l.endpos.map(Math.fround));
        nearer++;
      }
    }
    expect(nearer).toBe(67); // 27 on wizs, 40 on simplicity
  });
});
