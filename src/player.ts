/**
 * The player's box and step, the facts of pmove every layer measures with: the nav formats (a
 * jump is a climb of more than a step), the collision queries, the movement itself, the
 * simulated bot and the navmesh. One home, below all of them; `movement/constants.ts` re-exports
 * them beside pmove's other constants.
 */

/** Highest step walked up without jumping (pmove's `STEPSIZE`). [Units: world units] */
export const STEP_SIZE = 18;
/** The player's box, standing and crouched (pmove's `PM_CheckDuck`). [Units: world units] */
export const STANDING_MINS: readonly [number, number, number] = Object.freeze([-16, -16, -24]);
export const STANDING_MAXS: readonly [number, number, number] = Object.freeze([16, 16, 32]);
export const CROUCHED_MAXS: readonly [number, number, number] = Object.freeze([16, 16, 4]);
