/**
 * Exact answers on the hand-built mini map (`mini-map.ts`): decoding, face polygons and
 * classes, brush volumes, point contents and the brush query with a radius.
 */
import { describe, expect, it } from 'vitest';
import { brushVolumes } from '../../../src/sources/bsp/brush-volumes.js';
import {
  CONTENTS_LADDER,
  CONTENTS_SOLID,
  CONTENTS_WATER,
  MASK_LIQUID,
} from '../../../src/sources/bsp/contents-flags.js';
import { classifyFaces, FaceClass } from '../../../src/sources/bsp/face-classes.js';
import { facePolygons } from '../../../src/sources/bsp/face-polygons.js';
import { mapBounds } from '../../../src/sources/bsp/map-bounds.js';
import {
  brushContentsNear,
  pointContents,
  pointLeaf,
} from '../../../src/sources/bsp/point-contents.js';
import { parseBsp } from '../../../src/sources/bsp/read-bsp.js';
import { spawnPointsOf } from '../../../src/sources/bsp/spawn-points.js';
import { SURF_SKY } from '../../../src/sources/bsp/surface-flags.js';
import { miniMap } from './mini-map.js';

const map = parseBsp(miniMap(), 'mini.bsp');
const { world } = map;

/** Corners of polygon `i` of a loop set, as [x, y, z] triples. */
function loop(start: Uint32Array, positions: Float32Array, i: number): number[][] {
  const out: number[][] = [];
  for (let v = start[i]; v < start[i + 1]; v++) out.push([...positions.subarray(v * 3, v * 3 + 3)]);
  return out;
}

describe('mini map: decoding', () => {
  it('reads every lump with its counts', () => {
    expect(world.planes.count).toBe(13);
    expect(world.vertices.length / 3).toBe(8);
    expect(world.edges.length / 2).toBe(13);
    expect(world.faces.count).toBe(3);
    expect(world.leaves.count).toBe(3);
    expect(world.nodes.count).toBe(2);
    expect(world.brushes.count).toBe(2);
    expect(world.brushSides.count).toBe(12);
    expect(world.models.count).toBe(1);
    expect(world.texinfo.texture).toEqual(['e1u1/floor', 'e1u1/sky']);
    expect([...world.texinfo.flags]).toEqual([0, SURF_SKY]);
    expect([...world.nodes.children]).toEqual([1, -1, -2, -3]);
  });

  it('reads the entities and the spawn point', () => {
    expect(map.entities.map((e) => e.classname)).toEqual(['worldspawn', 'info_player_deathmatch']);
    expect(spawnPointsOf(map.entities, map.file)).toEqual([
      { classname: 'info_player_deathmatch', origin: [32, 32, 64], angle: 90, entity: 1 },
    ]);
  });

  it('takes the map bounds from model 0', () => {
    expect(mapBounds(world)).toEqual({ mins: [0, 0, 0], maxs: [128, 64, 128] });
  });
});

describe('mini map: faces', () => {
  const polygons = facePolygons(world);

  it('walks surface edges into vertex loops, a negative edge backwards', () => {
    expect(polygons.count).toBe(3);
    expect([...polygons.loopStart]).toEqual([0, 4, 8, 12]);
    expect(loop(polygons.loopStart, polygons.positions, 0)).toEqual([
      [0, 0, 0],
      [64, 0, 0],
      [64, 64, 0],
      [0, 64, 0],
    ]);
  });

  it('flips the normal of a back-side face', () => {
    expect([...polygons.normals]).toEqual([0, 0, 1, 1, 0, 0, 0, 0, -1]);
  });

  it('classifies floor, wall and sky (sky wins over the downward normal)', () => {
    expect([...classifyFaces(polygons)]).toEqual([FaceClass.floor, FaceClass.wall, FaceClass.sky]);
  });
});

describe('mini map: volumes and point queries', () => {
  it('rebuilds the water box and its top face from the side planes', () => {
    const water = brushVolumes(world, MASK_LIQUID);
    expect(water.count).toBe(1);
    expect([...water.brush]).toEqual([0]);
    expect([...water.mins]).toEqual([0, 0, 0]);
    expect([...water.maxs]).toEqual([64, 64, 32]);
    const top = loop(water.topStart, water.topPositions, 0);
    expect(top).toHaveLength(4);
    for (const corner of top) expect(corner[2]).toBeCloseTo(32, 6);
    expect(new Set(top.map(([x, y]) => `${Math.round(x)},${Math.round(y)}`))).toEqual(
      new Set(['0,0', '64,0', '64,64', '0,64']),
    );
  });

  it('finds the ladder brush by its contents bit', () => {
    const ladders = brushVolumes(world, CONTENTS_LADDER);
    expect([...ladders.brush]).toEqual([1]);
    expect([...ladders.mins]).toEqual([100, 0, 0]);
    expect([...ladders.maxs]).toEqual([104, 64, 128]);
  });

  it('walks the tree to the leaf of a point', () => {
    expect(pointLeaf(world, 10, 10, -5)).toBe(0);
    expect(pointLeaf(world, 10, 10, 50)).toBe(1);
    expect(pointLeaf(world, 10, 10, 16)).toBe(2);
    expect(pointContents(world, 10, 10, -5)).toBe(CONTENTS_SOLID);
    expect(pointContents(world, 10, 10, 50)).toBe(0);
    expect(pointContents(world, 10, 10, 16)).toBe(CONTENTS_WATER);
  });

  it('finds brushes that contain a point, or come within a radius of it', () => {
    expect(brushContentsNear(world, 32, 32, 16)).toBe(CONTENTS_WATER);
    expect(brushContentsNear(world, 102, 32, 64)).toBe(CONTENTS_SOLID | CONTENTS_LADDER);
    // 10 units in front of the ladder face at x = 100.
    expect(brushContentsNear(world, 90, 32, 64, 8)).toBe(0);
    expect(brushContentsNear(world, 90, 32, 64, 16)).toBe(CONTENTS_SOLID | CONTENTS_LADDER);
    expect(brushContentsNear(world, 300, 32, 64, 16)).toBe(0);
  });
});
