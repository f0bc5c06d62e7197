/**
 * Whether a player walks from one node to another on the ground: the standing box is moved in
 * steps of at most `STEP` units horizontally (less than its width, so no wall is skipped); at
 * each step it may climb a stair of up to 18 units (pmove's step) and must find ground within
 * 18 units below (pmove keeps a walker on the ground that far down). Leaving the ground — a
 * ledge, a gap, a slope too steep to hold — fails, and so does walking into lava, slime or a
 * hurt volume (`hurt-places.ts`).
 * The walk ends within a unit of the target's height.
 *
 * This is the box-trace approximation of pmove's ground movement (no friction, no sliding
 * along walls): a link it accepts is one a player can walk straight; some walkable links with
 * a bend are refused, which costs a link, never a fall.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import { CONTENTS_LAVA, CONTENTS_SLIME } from '../sources/bsp/contents-flags.js';
import { pointContents } from '../sources/bsp/point-contents.js';
import { STEP_SIZE, fits, supportedGround } from './box-query.js';
import { touchesHurt } from './hurt-places.js';

/** Longest horizontal step of the walk. [Units: world units] */
const STEP = 8;
const HURTS = CONTENTS_LAVA | CONTENTS_SLIME;

/** How a traversal goes: on the ground all the way, with a jump up a ledge, or a fall off one. */
export type Traversal = 'walk' | 'jump' | 'drop';

/**
 * Whether a player gets from `a` to `b` by walking, letting one ledge drop them at most
 * `maxDrop` units (0: walking only) onto ground that does not hurt, and jumping once onto a
 * ledge at most `maxJump` units up (0: no jumps; a standing jump rises about 45). The fall is straight down
 * where the ground ends (a walker leaving an edge moves on as it falls, so real landings lie a
 * little farther; the walk goes on from the landing to `b` and must still arrive).
 */
export function traverse(
  w: BspWorld,
  a: readonly number[],
  b: readonly number[],
  maxDrop = 0,
  maxJump = 0,
): Traversal | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy) / STEP));
  let z = a[2];
  let fell = false;
  let jumped = false;
  let px = a[0];
  let py = a[1];
  for (let i = 1; i <= steps; i++) {
    const x = a[0] + (dx * i) / steps;
    const y = a[1] + (dy * i) / steps;
    let start = z;
    if (!fits(w, x, y, start)) {
      start = z + STEP_SIZE;
      if (!fits(w, x, y, start)) {
        // A ledge higher than a step: one jump, with the head room to make it.
        if (jumped || maxJump <= STEP_SIZE) return null;
        start = z + maxJump;
        if (!fits(w, px, py, start) || !fits(w, x, y, start)) return null;
        jumped = true;
      }
    }
    px = x;
    py = y;
    let g = supportedGround(w, x, y, start, start - z + STEP_SIZE + 0.25);
    if (g === null) {
      if (fell || maxDrop <= 0) return null;
      g = supportedGround(w, x, y, start, start - z + maxDrop);
      if (g === null) return null;
      fell = true;
    }
    if ((pointContents(w, x, y, g - 23) & HURTS) !== 0 || touchesHurt(w, x, y, g)) return null;
    z = g;
  }
  if (Math.abs(z - b[2]) > 1) return null;
  return jumped ? 'jump' : fell ? 'drop' : 'walk';
}

export function walks(w: BspWorld, a: readonly number[], b: readonly number[]): boolean {
  return traverse(w, a, b, 0) === 'walk';
}
