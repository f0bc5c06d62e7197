/**
 * `PM_Accelerate` and `PM_AirAccelerate`: add speed along the wish direction, at most
 * `accel · wishspeed · frametime` per frame and never beyond the wish speed (30 u/s in the air
 * with air control).
 */
import { dot, f32 } from './float32.js';
import type { PmoveContext } from './context.js';

/** Wish-speed cap of air control. [Units: u/s] */
const AIR_WISH_CAP = 30;

export function accelerate(
  pm: PmoveContext,
  wishdir: Float32Array,
  wishspeed: number,
  accel: number,
): void {
  const vel = pm.velocity;
  const addspeed = f32(wishspeed - dot(vel, wishdir));
  if (addspeed <= 0) return;
  let accelspeed = f32(f32(accel * pm.frametime) * wishspeed);
  if (accelspeed > addspeed) accelspeed = addspeed;
  for (let i = 0; i < 3; i++) vel[i] = f32(vel[i]! + f32(accelspeed * wishdir[i]!));
}

export function airAccelerate(
  pm: PmoveContext,
  wishdir: Float32Array,
  wishspeed: number,
  accel: number,
): void {
  const vel = pm.velocity;
  const capped = wishspeed > AIR_WISH_CAP ? AIR_WISH_CAP : wishspeed;
  const addspeed = f32(capped - dot(vel, wishdir));
  if (addspeed <= 0) return;
  // The acceleration uses the uncapped wish speed.
  let accelspeed = f32(f32(accel * wishspeed) * pm.frametime);
  if (accelspeed > addspeed) accelspeed = addspeed;
  for (let i = 0; i < 3; i++) vel[i] = f32(vel[i]! + f32(accelspeed * wishdir[i]!));
}
