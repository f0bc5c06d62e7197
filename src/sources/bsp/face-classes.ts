/**
 * Sorts faces into what a top-down picture draws differently: floors a player can stand on,
 * walls, ceilings, sky, liquid surfaces and faces that are never drawn.
 *
 * A floor is a face whose normal points up at least as steeply as the engine's walkable limit
 * (`normal.z >= 0.7`, the ground test of player movement). Surface flags come first: a sky or
 * no-draw face is never a floor, and a warped face is the surface of water, slime or lava.
 */
import type { FacePolygons } from './face-polygons.js';
import { SURF_NODRAW, SURF_SKY, SURF_WARP } from './surface-flags.js';

/** Face classes, as stored in the array {@link classifyFaces} returns. */
export const FaceClass = {
  floor: 1,
  wall: 2,
  ceiling: 3,
  sky: 4,
  liquid: 5,
  /** Never drawn (`SURF_NODRAW`). */
  hidden: 6,
} as const;
export type FaceClass = (typeof FaceClass)[keyof typeof FaceClass];

/** Smallest normal z of walkable ground (and, negated, of a ceiling). */
export const FLOOR_MIN_NORMAL_Z = 0.7;

/** The class of each polygon. [Length: polygons.count] */
export function classifyFaces(polygons: FacePolygons): Uint8Array {
  const out = new Uint8Array(polygons.count);
  for (let i = 0; i < polygons.count; i++) {
    const flags = polygons.surfaceFlags[i];
    const nz = polygons.normals[i * 3 + 2];
    let c: FaceClass;
    if ((flags & SURF_SKY) !== 0) c = FaceClass.sky;
    else if ((flags & SURF_NODRAW) !== 0) c = FaceClass.hidden;
    else if ((flags & SURF_WARP) !== 0) c = FaceClass.liquid;
    else if (nz >= FLOOR_MIN_NORMAL_Z) c = FaceClass.floor;
    else if (nz <= -FLOOR_MIN_NORMAL_Z) c = FaceClass.ceiling;
    else c = FaceClass.wall;
    out[i] = c;
  }
  return out;
}
