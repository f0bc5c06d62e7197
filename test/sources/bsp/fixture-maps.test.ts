/**
 * Every real fixture map (`../shared/fixtures/maps`) parses, has its spawn points inside the map
 * and out of solid, and has sane geometry: floors, faces on their planes, water where the
 * fixtures README says there is deep water (urbanjungle) and ladders where it says there are
 * many (simplicity).
 */
import { readdirSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { brushVolumes, type BrushVolumes } from '../../../src/sources/bsp/brush-volumes.js';
import {
  CONTENTS_LADDER,
  CONTENTS_PLAYERCLIP,
  CONTENTS_SOLID,
  CONTENTS_WATER,
} from '../../../src/sources/bsp/contents-flags.js';
import { classifyFaces, FaceClass } from '../../../src/sources/bsp/face-classes.js';
import { facePolygons } from '../../../src/sources/bsp/face-polygons.js';
import { insideBounds, mapBounds } from '../../../src/sources/bsp/map-bounds.js';
import { brushContentsNear, pointContents } from '../../../src/sources/bsp/point-contents.js';
import { readBsp, type BspMap } from '../../../src/sources/bsp/read-bsp.js';
import { readSpawnPoints, spawnPointsOf } from '../../../src/sources/bsp/spawn-points.js';
import type { BspWorld } from '../../../src/sources/bsp/world.js';
import { describeFixtures, fixture, HAVE_FIXTURES } from '../../helpers/fixtures.js';

/** Spawn points per map and classname, counted in the maps' entity text. */
const SPAWNS: Record<string, Record<string, number>> = {
  asylum: { info_player_deathmatch: 27, info_player_start: 3 },
  beer: { info_player_deathmatch: 6 },
  bwcity2: { info_player_deathmatch: 4 },
  city: { info_player_start: 1, info_player_deathmatch: 6 },
  simplicity: { info_player_start: 1, info_player_deathmatch: 4 },
  storm: { info_player_deathmatch: 40 },
  tequila: { info_player_deathmatch: 6 },
  terminal: { info_player_start: 1, info_player_deathmatch: 8 },
  urbanjungle: { info_player_deathmatch: 4 },
  wfall: { info_player_deathmatch: 5 },
  wizs: { info_player_deathmatch: 30 },
};

const names = HAVE_FIXTURES
  ? readdirSync(fixture('maps'))
      .filter((f) => f.endsWith('.bsp'))
      .map((f) => f.slice(0, -4))
      .sort()
  : [];
const maps = new Map<string, BspMap>();

/** Centroid of top face `i`, `drop` units lower: a point just inside the brush. */
function underTop(v: BrushVolumes, i: number, drop: number): [number, number, number] {
  const c = [0, 0, 0];
  const n = v.topStart[i + 1] - v.topStart[i];
  for (let p = v.topStart[i]; p < v.topStart[i + 1]; p++) {
    for (let k = 0; k < 3; k++) c[k] += v.topPositions[p * 3 + k] / n;
  }
  return [c[0], c[1], c[2] - drop];
}

/** Brush contents at a point over every model, the world and the brush entities. */
function anyModelContents(world: BspWorld, [x, y, z]: [number, number, number]): number {
  let contents = 0;
  for (let m = 0; m < world.models.count; m++) contents |= brushContentsNear(world, x, y, z, 0, m);
  return contents;
}

describeFixtures('BSP fixture maps', () => {
  beforeAll(async () => {
    for (const name of names) maps.set(name, await readBsp(fixture('maps', `${name}.bsp`)));
  });

  // The maps whose spawn points are counted here must be there; further maps are welcome (every
  // map present is parsed and checked by the tests below that go over all of them).
  it('has the maps whose spawn points are counted here', () => {
    expect(names).toEqual(expect.arrayContaining(Object.keys(SPAWNS)));
  });

  it('finds no info_player_* classnames beyond start, deathmatch and intermission', () => {
    const seen = new Set<string>();
    for (const map of maps.values()) {
      for (const e of map.entities)
        if (e.classname.startsWith('info_player_')) seen.add(e.classname);
    }
    expect([...seen].sort()).toEqual([
      'info_player_deathmatch',
      'info_player_intermission',
      'info_player_start',
    ]);
  });

  for (const name of Object.keys(SPAWNS)) {
    it(`${name}: parses into a non-empty world with solid outside`, () => {
      const { world, entities } = maps.get(name)!;
      expect(entities[0].classname).toBe('worldspawn');
      expect(world.faces.count).toBeGreaterThan(1000);
      expect(world.leaves.contents[0]).toBe(CONTENTS_SOLID);
      const { mins, maxs } = mapBounds(world);
      for (let k = 0; k < 3; k++) expect(maxs[k]).toBeGreaterThan(mins[k]);
      expect(pointContents(world, 1e5, 1e5, 1e5) & CONTENTS_SOLID).not.toBe(0);
    });

    it(`${name}: spawn points are counted, inside the map and in non-solid leaves`, async () => {
      const map = maps.get(name)!;
      const spawns = spawnPointsOf(map.entities, map.file);
      const counts: Record<string, number> = {};
      for (const s of spawns) counts[s.classname] = (counts[s.classname] ?? 0) + 1;
      expect(counts).toEqual(SPAWNS[name]);

      const bounds = mapBounds(map.world);
      for (const s of spawns) {
        expect(insideBounds(bounds, s.origin), `${s.classname} at ${s.origin}`).toBe(true);
        expect(pointContents(map.world, ...s.origin) & CONTENTS_SOLID, `${s.origin}`).toBe(0);
      }
      expect(await readSpawnPoints(map.file)).toEqual(spawns);
    });

    it(`${name}: floors exist and faces lie on their planes`, () => {
      const { world } = maps.get(name)!;
      const polygons = facePolygons(world);
      const classes = classifyFaces(polygons);
      expect(classes.filter((c) => c === FaceClass.floor).length).toBeGreaterThan(100);
      expect(classes.filter((c) => c === FaceClass.wall).length).toBeGreaterThan(100);

      // A few faces of real maps (0.7 % on tequila, mostly slivers) are stored off their plane
      // by the compiler that built them; all the others are within half a unit.
      let offPlane = 0;
      for (let i = 0; i < polygons.count; i++) {
        const plane = world.faces.plane[polygons.face[i]];
        const [nx, ny, nz] = world.planes.normals.subarray(plane * 3, plane * 3 + 3);
        expect(Math.hypot(nx, ny, nz)).toBeCloseTo(1, 3);
        for (let v = polygons.loopStart[i]; v < polygons.loopStart[i + 1]; v++) {
          const p = polygons.positions.subarray(v * 3, v * 3 + 3);
          if (Math.abs(nx * p[0] + ny * p[1] + nz * p[2] - world.planes.dists[plane]) > 0.5) {
            offPlane++;
            break;
          }
        }
      }
      expect(offPlane / polygons.count).toBeLessThan(0.01);
    });
  }

  it('urbanjungle: deep water volumes, water just under each top face', () => {
    const { world } = maps.get('urbanjungle')!;
    const water = brushVolumes(world, CONTENTS_WATER);
    expect(water.count).toBeGreaterThanOrEqual(10);
    let deepest = 0;
    let inWaterLeaf = 0;
    for (let i = 0; i < water.count; i++) {
      deepest = Math.max(deepest, water.maxs[i * 3 + 2] - water.mins[i * 3 + 2]);
      const p = underTop(water, i, 0.5);
      expect(brushContentsNear(world, ...p) & CONTENTS_WATER).not.toBe(0);
      if (pointContents(world, ...p) & CONTENTS_WATER) inWaterLeaf++;
    }
    // Deeper than a standing player (56 units): swimming, not wading.
    expect(deepest).toBeGreaterThan(56);
    // Where a water brush reaches into a wall, solid wins the leaf.
    expect(inWaterLeaf).toBeGreaterThan(water.count / 2);
  });

  it('simplicity: many ladder brushes, each found by the brush query', () => {
    const { world } = maps.get('simplicity')!;
    const ladders = brushVolumes(world, CONTENTS_LADDER);
    expect(ladders.count).toBeGreaterThanOrEqual(50);
    for (let i = 0; i < ladders.count; i++) {
      expect(anyModelContents(world, underTop(ladders, i, 0.5)) & CONTENTS_LADDER).not.toBe(0);
    }
  });

  it('bwcity2: a leaf carries clip bits where no clip brush reaches (a spawn point)', () => {
    const { world } = maps.get('bwcity2')!;
    const spawn: [number, number, number] = [2512, 1992, 416];
    expect(pointContents(world, ...spawn) & CONTENTS_PLAYERCLIP).not.toBe(0);
    expect(brushContentsNear(world, ...spawn)).toBe(0);
  });

  it('terminal: no liquids and no ladders', () => {
    const { world } = maps.get('terminal')!;
    expect(brushVolumes(world, CONTENTS_WATER | CONTENTS_LADDER).count).toBe(0);
  });
});
