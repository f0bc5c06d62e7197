/**
 * The extent of a map: the bounding box the compiler stored for model 0, the world. Everything
 * a player can reach lies inside it, so it frames pictures and sanity-checks node positions.
 */
import type { BspWorld, ReadonlyVec3 } from './world.js';

export interface Bounds {
  /** [Units: world units] */
  readonly mins: ReadonlyVec3;
  readonly maxs: ReadonlyVec3;
}

/** Bounds of the world model. */
export function mapBounds(world: BspWorld): Bounds {
  const { mins, maxs } = world.models;
  return { mins: [mins[0], mins[1], mins[2]], maxs: [maxs[0], maxs[1], maxs[2]] };
}

/** True when `p` lies inside `bounds` (edges included), widened by `margin` on every side. */
export function insideBounds(bounds: Bounds, p: ReadonlyVec3, margin = 0): boolean {
  for (let k = 0; k < 3; k++) {
    if (p[k] < bounds.mins[k] - margin || p[k] > bounds.maxs[k] + margin) return false;
  }
  return true;
}
