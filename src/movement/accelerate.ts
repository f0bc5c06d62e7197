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
  const addspeed = f32(wishspeed - dot(pm.velocity, wishdir));
  if (addspeed <= 0) return;
  push(pm.velocity, wishdir, f32(f32(accel * pm.frametime) * wishspeed), addspeed);
}

export function airAccelerate(
  pm: PmoveContext,
  wishdir: Float32Array,
  wishspeed: number,
  accel: number,
): void {
  const capped = wishspeed > AIR_WISH_CAP ? AIR_WISH_CAP : wishspeed;
  const addspeed = f32(capped - dot(pm.velocity, wishdir));
  if (addspeed <= 0) return;
  // The acceleration uses the uncapped wish speed (and multiplies in the other order).
  push(pm.velocity, wishdir, f32(f32(accel * wishspeed) * pm.frametime), addspeed);
}

/** Adds `accelspeed` (at most `addspeed`) along `wishdir` to `vel`. */
function push(
  vel: Float32Array,
  wishdir: Float32Array,
  accelspeed: number,
  addspeed: number,
): void {
  const s = accelspeed > addspeed ? addspeed : accelspeed;
  for (let i = 0; i < 3; i++) vel[i] = f32(vel[i]! + f32(s * wishdir[i]!));
}
