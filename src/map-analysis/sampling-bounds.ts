/**
 * The box the floor sampling walks: the world model's compiled bounds, clamped to the empty
 * space of the map (the union of the world's non-solid leaves that have a visibility cluster)
 * widened by {@link EMPTY_SPACE_MARGIN}.
 *
 * Why: the bounds a compiler writes for model 0 are usually the outer walls' extent, but some
 * maps carry placeholder bounds (kumanru: ±99999 on every axis), and sampling such a box column
 * by column would take days. The empty leaves bound every place a player can be. The margin is
 * wide enough that on maps with honest bounds the clamp changes nothing (the fourteen fixture
 * maps with demos have at most 441 units between their model bounds and their empty space), so
 * their grid, their top sample height and so their floors stay exactly as they were.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import type { ReadonlyVec3, Vec3 } from '../geometry/vec3.js';

/** [Units: world units] Empty space widened by this much before it clamps the model bounds. */
export const EMPTY_SPACE_MARGIN = 1024;

const CONTENTS_SOLID = 1;

export interface SamplingBounds {
  /** [Units: world units; Form: (x, y, z)] */
  readonly mins: ReadonlyVec3;
  readonly maxs: ReadonlyVec3;
}

export function samplingBounds(w: BspWorld): SamplingBounds {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  const { leaves } = w;
  for (let l = 0; l < leaves.count; l++) {
    if (leaves.contents[l] & CONTENTS_SOLID || leaves.cluster[l] < 0) continue;
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k], leaves.mins[l * 3 + k]);
      hi[k] = Math.max(hi[k], leaves.maxs[l * 3 + k]);
    }
  }
  const mins = [0, 1, 2].map((k) =>
    lo[k] === Infinity ? w.models.mins[k] : Math.max(w.models.mins[k], lo[k] - EMPTY_SPACE_MARGIN),
  );
  const maxs = [0, 1, 2].map((k) =>
    hi[k] === -Infinity ? w.models.maxs[k] : Math.min(w.models.maxs[k], hi[k] + EMPTY_SPACE_MARGIN),
  );
  return {
    mins: mins as Vec3,
    maxs: maxs as Vec3,
  };
}
