/**
 * The plane a ladder link climbs: the outward normal of the ladder brush's face the climber
 * touches. Ladder brushes are boxes in practice; the face is the one the climber's centre is
 * farthest outside of.
 */
import { brushBounds } from '../../map-analysis/ladders.js';
import { laddersTouched } from '../../map-analysis/box-query.js';
import type { BspWorld } from '../../sources/bsp/world.js';
import type { Vec3 } from '../../nav/types.js';

/** [Units: world units] How far from a ladder a climber still holds it (pmove looks 1 ahead). */
const REACH = 2;

/** The normal at `a` or `b` (player origins), or (0, 0, 0) when neither touches a ladder. */
export function ladderPlane(w: BspWorld, a: Vec3, b: Vec3): Vec3 {
  for (const p of [a, b]) {
    const brushes = laddersTouched(w, p[0], p[1], p[2], REACH);
    if (brushes.length === 0) continue;
    const { mins, maxs } = brushBounds(w, brushes[0]);
    let best: Vec3 = [0, 0, 0];
    let most = -Infinity;
    for (let k = 0; k < 2; k++) {
      const below = mins[k] - p[k];
      const above = p[k] - maxs[k];
      if (below > most) {
        most = below;
        best = k === 0 ? [-1, 0, 0] : [0, -1, 0];
      }
      if (above > most) {
        most = above;
        best = k === 0 ? [1, 0, 0] : [0, 1, 0];
      }
    }
    return best;
  }
  return [0, 0, 0];
}
