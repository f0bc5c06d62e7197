/**
 * A link's cost as the engine computes it: the Euclidean distance between two origins in
 * single precision (`VectorSubtract`, then `VectorLength`, i.e. `sqrtf` of the float dot
 * product, evaluated left to right).
 *
 * Every float operation is done in double and rounded with `Math.fround`. For +, -, * and sqrt
 * of float32 operands, double carries more than twice the float precision plus two bits, so the
 * rounded result is exactly the float32 result (no double-rounding error). Measured: this gives
 * every one of the 60 723 link costs of the five engine-written fixture navs bit for bit, while
 * the double distance rounded once misses 557 of them by an ulp.
 */
import type { Vec3 } from './types.js';

const f32 = Math.fround;

/** [Units: world units] Float32 distance between float32 origins `a` and `b`. */
export function linkCost(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  const dx = f32(a[0] - b[0]);
  const dy = f32(a[1] - b[1]);
  const dz = f32(a[2] - b[2]);
  return f32(Math.sqrt(f32(f32(f32(dx * dx) + f32(dy * dy)) + f32(dz * dz))));
}

/**
 * What a link into a ladder node from any other node adds to its cost. [Units: world units]
 *
 * The engine's bot turns to look for the ladder (and stops following its path) whenever its
 * current or next node is a LADDER node, so a path that merely walks past a ladder's foot
 * through its node costs bots their way: on simplicity they paced for minutes beside the
 * ladder at the spawn room, through which the shortest ground paths ran. The bot's path search
 * adds up the costs in the file as they are (`BOTLIB_LoadNavCompressed` copies them), so this
 * keeps ladder nodes on the paths that climb and off the ones that only pass by.
 */
export const LADDER_ENTRY_COST = 512;

/**
 * A link's cost in the files navgen writes: {@link linkCost}, plus {@link LADDER_ENTRY_COST}
 * (added in single precision) when the link enters a ladder node from a node that is not one.
 */
export function navLinkCost(a: Readonly<Vec3>, b: Readonly<Vec3>, entersLadder: boolean): number {
  const d = linkCost(a, b);
  return entersLadder ? f32(d + LADDER_ENTRY_COST) : d;
}
