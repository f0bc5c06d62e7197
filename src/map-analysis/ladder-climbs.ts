/**
 * Ladder climbs seen in the demos. A vote carries the ladder flag when the span of frames
 * that led to it climbed (EV_LADDER_STEP, or steady vertical motion without gravity). Two
 * kinds of evidence name a ladder:
 * - a link vote into a flagged vote that rises or falls at least `minClimb` and passes a
 *   ladder brush on the way (votes are taken on the ground, so a whole climb is one link
 *   from the floor at the foot to the floor at the top);
 * - a flagged vote whose player box is within `reach` of a ladder brush (the climber stepped
 *   off, or paused, at the ladder);
 * - any vote within `reach` of a ladder brush with no ground a step below it: the voter was
 *   hanging on the ladder (vertical speed on a ladder can be too slow for the flag).
 * A flagged vote far from any ladder brush (a steep stair, a lift) names none.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import type { ReadonlyVec3, Vec3 } from '../geometry/vec3.js';
import type { VotePool } from '../stage/vote-pool.js';
import { VOTE_LADDER } from '../stage/nav-events.js';
import { STEP_SIZE, laddersTouched, supportedGround } from './box-query.js';
import { ladderOf } from './ladders.js';

export interface Climb {
  /** Ground position before and after the climb. [Units: world units] */
  readonly from: ReadonlyVec3;
  readonly to: ReadonlyVec3;
  /** The point of the straight path nearest the ladder (where the box touches it). */
  readonly at: ReadonlyVec3;
  readonly demo: number;
}

/** Climbs by ladder (lowest brush index of the ladder), in link-vote order. */
export function ladderClimbs(
  pool: VotePool,
  w: BspWorld,
  minClimb: number,
  reach: number,
): Map<number, Climb[]> {
  const ladder = ladderOf(w);
  const out = new Map<number, Climb[]>();
  const p = pool.positions;
  for (let k = 0; k < pool.linkCount; k++) {
    const a = pool.linkFrom[k];
    const b = pool.linkTo[k];
    if ((pool.flags[b] & VOTE_LADDER) === 0) continue;
    const from: Vec3 = [p[a * 3], p[a * 3 + 1], p[a * 3 + 2]];
    const to: Vec3 = [p[b * 3], p[b * 3 + 1], p[b * 3 + 2]];
    if (Math.abs(to[2] - from[2]) < minClimb) continue;
    const steps = Math.max(
      2,
      Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]) / 8),
    );
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      const at: Vec3 = [
        from[0] + (to[0] - from[0]) * t,
        from[1] + (to[1] - from[1]) * t,
        from[2] + (to[2] - from[2]) * t,
      ];
      const hit = laddersTouched(w, at[0], at[1], at[2], reach);
      if (hit.length === 0) continue;
      const id = Math.min(...hit.map((h) => ladder[h]));
      const list = out.get(id) ?? [];
      list.push({ from, to, at, demo: pool.demo[b] });
      out.set(id, list);
      break;
    }
  }
  for (let v = 0; v < pool.count; v++) {
    const at: Vec3 = [p[v * 3], p[v * 3 + 1], p[v * 3 + 2]];
    const hit = laddersTouched(w, at[0], at[1], at[2], reach);
    if (hit.length === 0) continue;
    // Unflagged votes count when the voter hung on the ladder: no ground within a step.
    if (
      (pool.flags[v] & VOTE_LADDER) === 0 &&
      supportedGround(w, at[0], at[1], at[2], STEP_SIZE + 0.25) !== null
    )
      continue;
    const id = Math.min(...hit.map((h) => ladder[h]));
    const list = out.get(id) ?? [];
    list.push({ from: at, to: at, at, demo: pool.demo[v] });
    out.set(id, list);
  }
  return out;
}
