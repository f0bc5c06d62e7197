/**
 * What the mesh build asks of the map: box sweeps with the player's brush mask and point
 * contents. A small declared joint, so the build does not care whether doors or func_walls are
 * in the world (`worldFloorTracer` puts the static func_walls in, as the game's traces hit them).
 */
import type { BspEntity } from '../../sources/bsp/entities.js';
import type { CollisionModel } from '../../world/collision-model.js';
import { MASK_PLAYERSOLID } from '../../world/contents.js';
import { inlineModelObstacles, traceWithObstacles } from '../../world/inline-models.js';
import { pointContents } from '../../world/point-contents.js';
import type { TraceResult } from '../../world/trace.js';
import { staticWallModels } from '../../map-analysis/static-models.js';
import { hurtTouched } from '../../sources/bsp/hurt-volumes.js';
import { STANDING_MAXS, STANDING_MINS } from '../../player.js';

export interface FloorTracer {
  /** Sweeps the box from `start` to `end` (the engine's `trace`); returns `out`. */
  trace(
    start: ArrayLike<number>,
    mins: ArrayLike<number>,
    maxs: ArrayLike<number>,
    end: ArrayLike<number>,
    out: TraceResult,
  ): TraceResult;
  /** `CONTENTS_*` at a point. */
  pointContents(p: ArrayLike<number>): number;
  /**
   * Whether a standing player at `origin` touches a volume that hurts (`trigger_hurt`,
   * `sources/bsp/hurt-volumes.ts`). Absent: the map has none.
   */
  hurts?(origin: ArrayLike<number>): boolean;
}

/**
 * The world's brushes plus the func_walls standing from the start, with the player's mask
 * (`MASK_PLAYERSOLID`). Doors and platforms move and are left out. `staticWalls: false` leaves
 * the func_walls out too: the world the path simulator (`simulate-link.ts`) moves in.
 */
export function worldFloorTracer(
  m: CollisionModel,
  entities: readonly BspEntity[],
  staticWalls = true,
): FloorTracer {
  const walls = new Set(staticWalls ? staticWallModels(entities, m.modelCount) : []);
  const obstacles = inlineModelObstacles(m, entities).filter(
    (o) => o.classname.toLowerCase() === 'func_wall' && walls.has(o.model),
  );
  return {
    trace: (start, mins, maxs, end, out) =>
      traceWithObstacles(m, obstacles, start, end, mins, maxs, MASK_PLAYERSOLID, out),
    pointContents: (p) => pointContents(m, p, 0),
    hurts: (p) =>
      m.hurtBoxes.length > 0 && hurtTouched(m.hurtBoxes, p, STANDING_MINS, STANDING_MAXS) >= 0,
  };
}
