/**
 * What a top-down picture needs from a map, extracted once from a {@link BspMap}: floor
 * polygons, liquid areas, ladder boxes, the volumes that hurt (`trigger_hurt`) and spawn points. Plain data, in map order, so that the
 * same map always draws the same way.
 *
 * Floors are the upward faces of the world model (model 0). Faces of brush entities (doors,
 * lifts) are left out: a brush entity's faces may be stored relative to its origin, and where a
 * door stands depends on the game. Liquids and ladders come from the brushes lump, which holds
 * the brushes of every model: ladders are `SOLID | LADDER` brushes that on some maps belong to
 * brush entities, not to model 0.
 */
import { brushVolumes, type BrushVolumes } from '../../sources/bsp/brush-volumes.js';
import {
  CONTENTS_LADDER,
  CONTENTS_LAVA,
  CONTENTS_SLIME,
  MASK_LIQUID,
} from '../../sources/bsp/contents-flags.js';
import { classifyFaces, FaceClass } from '../../sources/bsp/face-classes.js';
import { facePolygons } from '../../sources/bsp/face-polygons.js';
import { readBsp, type BspMap } from '../../sources/bsp/read-bsp.js';
import { spawnPointsOf, type SpawnPoint } from '../../sources/bsp/spawn-points.js';
import { hurtVolumesOf } from '../../sources/bsp/hurt-volumes.js';
import { coversPoint, floorPlane, heightOn } from './floor-polygon.js';
import { standingHeight } from './height-band.js';

export type LiquidKind = 'water' | 'slime' | 'lava';

/** A liquid brush seen from above. */
export interface LiquidArea {
  readonly kind: LiquidKind;
  /** Top face of the brush, or its bounding rectangle when no side faces up. [Units: world units; Form: (x, y, z) × corners] */
  readonly top: readonly number[];
  /** Height range of the brush. [Units: world units] */
  readonly minZ: number;
  readonly maxZ: number;
}

/** A ladder brush's bounding box (ladders are thin upright boxes: the box is a fair outline). */
export interface LadderBox {
  /** [Units: world units] */
  readonly minX: number;
  readonly minY: number;
  readonly minZ: number;
  readonly maxX: number;
  readonly maxY: number;
  readonly maxZ: number;
}

/** A volume that hurts (`sources/bsp/hurt-volumes.ts`), drawn as its box. */
export interface HurtArea extends LadderBox {
  /** Damage per touch. */
  readonly damage: number;
  /** Index of the trigger_hurt entity. */
  readonly entity: number;
}

/** A spawn point and the floor it stands on. */
export interface MapSpawn extends SpawnPoint {
  /**
   * Height of the highest floor under the spawn, at most {@link SPAWN_FLOOR_REACH} below its
   * origin; origin z − 24 when there is none. Mappers place spawns at various heights above the
   * floor (the game drops the player), so the origin alone does not say which panel a spawn is
   * in. [Units: world units]
   */
  readonly floorZ: number;
}

/** How far below a spawn's origin its floor is looked for. [Units: world units] */
export const SPAWN_FLOOR_REACH = 256;

export interface RenderMap {
  /** The map file, for titles. */
  readonly file: string;
  readonly floorCount: number;
  /** Floor `i` is corners `[floorStart[i], floorStart[i + 1])` of `floorPositions`. [Length: floorCount + 1] */
  readonly floorStart: Uint32Array;
  /** Convex floor polygons. [Units: world units; Form: (x, y, z) × floorStart[floorCount]] */
  readonly floorPositions: Float32Array;
  readonly liquids: readonly LiquidArea[];
  readonly ladders: readonly LadderBox[];
  readonly hurts: readonly HurtArea[];
  readonly spawns: readonly MapSpawn[];
}

function liquidKind(contents: number): LiquidKind {
  if ((contents & CONTENTS_LAVA) !== 0) return 'lava';
  if ((contents & CONTENTS_SLIME) !== 0) return 'slime';
  return 'water';
}

function liquidAreas(v: BrushVolumes): LiquidArea[] {
  const out: LiquidArea[] = [];
  for (let i = 0; i < v.count; i++) {
    const [x0, y0, z0] = [v.mins[i * 3], v.mins[i * 3 + 1], v.mins[i * 3 + 2]];
    const [x1, y1, z1] = [v.maxs[i * 3], v.maxs[i * 3 + 1], v.maxs[i * 3 + 2]];
    let top = Array.from(v.topPositions.subarray(v.topStart[i] * 3, v.topStart[i + 1] * 3));
    if (top.length < 9) top = [x0, y0, z1, x1, y0, z1, x1, y1, z1, x0, y1, z1];
    out.push({ kind: liquidKind(v.contents[i]), top, minZ: z0, maxZ: z1 });
  }
  return out;
}

function ladderBoxes(v: BrushVolumes): LadderBox[] {
  const out: LadderBox[] = [];
  for (let i = 0; i < v.count; i++) {
    out.push({
      minX: v.mins[i * 3],
      minY: v.mins[i * 3 + 1],
      minZ: v.mins[i * 3 + 2],
      maxX: v.maxs[i * 3],
      maxY: v.maxs[i * 3 + 1],
      maxZ: v.maxs[i * 3 + 2],
    });
  }
  return out;
}

/** The floor under each spawn (see {@link MapSpawn.floorZ}). */
function spawnsOnFloors(
  spawns: readonly SpawnPoint[],
  floorStart: Uint32Array,
  floorPositions: Float32Array,
): MapSpawn[] {
  return spawns.map((s) => {
    const [x, y, z] = s.origin;
    let floorZ = -Infinity;
    for (let f = 0; f + 1 < floorStart.length; f++) {
      const start = floorStart[f];
      const end = floorStart[f + 1];
      if (!coversPoint(floorPositions, start, end, x, y)) continue;
      const plane = floorPlane(floorPositions, start, end);
      if (plane === null) continue;
      const h = heightOn(plane, x, y);
      if (h <= z + 1 && h >= z - SPAWN_FLOOR_REACH && h > floorZ) floorZ = h;
    }
    return { ...s, floorZ: floorZ === -Infinity ? standingHeight(s.origin) : floorZ };
  });
}

/** Extracts the drawable parts of a map already read. */
export function renderMapOf(map: BspMap): RenderMap {
  const polygons = facePolygons(map.world, 0);
  const classes = classifyFaces(polygons);
  const starts: number[] = [0];
  const positions: number[] = [];
  for (let i = 0; i < polygons.count; i++) {
    if (classes[i] !== FaceClass.floor) continue;
    const from = polygons.loopStart[i] * 3;
    const to = polygons.loopStart[i + 1] * 3;
    for (let k = from; k < to; k++) positions.push(polygons.positions[k]);
    starts.push(positions.length / 3);
  }
  const floorStart = Uint32Array.from(starts);
  const floorPositions = Float32Array.from(positions);
  return {
    file: map.file,
    floorCount: starts.length - 1,
    floorStart,
    floorPositions,
    liquids: liquidAreas(brushVolumes(map.world, MASK_LIQUID)),
    ladders: ladderBoxes(brushVolumes(map.world, CONTENTS_LADDER)),
    hurts: hurtVolumesOf(map.entities, map.world.models).map((v) => ({
      minX: v.mins[0],
      minY: v.mins[1],
      minZ: v.mins[2],
      maxX: v.maxs[0],
      maxY: v.maxs[1],
      maxZ: v.maxs[2],
      damage: v.damage,
      entity: v.entity,
    })),
    spawns: spawnsOnFloors(spawnPointsOf(map.entities, map.file), floorStart, floorPositions),
  };
}

/** Reads a BSP file and extracts what pictures need (throws `BspError` naming the file). */
export async function readRenderMap(path: string): Promise<RenderMap> {
  return renderMapOf(await readBsp(path));
}
