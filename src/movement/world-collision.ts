/**
 * The game's pmove callbacks with only the world colliding: box sweeps against the world BSP
 * with the content mask the game would use (MASK_PLAYERSOLID alive, MASK_DEADSOLID dead) and
 * the world's point contents. No players, doors, platforms or other entities.
 */
import type { CollisionModel } from '../world/collision-model.js';
import { boxTrace, pointContents } from '../world/trace.js';
import type { PmoveCollision } from './types.js';

export function worldCollision(m: CollisionModel, mask: number): PmoveCollision {
  return {
    trace: (start, mins, maxs, end, out) => boxTrace(m, start, end, mins, maxs, 0, mask, out),
    pointContents: (p) => pointContents(m, p, 0),
  };
}
