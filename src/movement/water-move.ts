/** `PM_WaterMove`: swimming — full 3D wish velocity, slow sinking when idle, half speed. */
import { f32, normalize } from './float32.js';
import { WATER_ACCELERATE } from './constants.js';
import type { PmoveContext } from './context.js';
import { addCurrents } from './currents.js';
import { accelerate } from './accelerate.js';
import { stepSlideMove } from './step-slide-move.js';

/** Sinking wish speed of an idle swimmer. [Units: u/s] */
const SINK_SPEED = 60;

const wishvel = new Float32Array(3);
const wishdir = new Float32Array(3);

export function waterMove(pm: PmoveContext): void {
  const { forwardmove, sidemove, upmove } = pm.cmd;
  for (let i = 0; i < 3; i++) {
    wishvel[i] = f32(f32(pm.forward[i]! * forwardmove) + f32(pm.right[i]! * sidemove));
  }
  if (!forwardmove && !sidemove && !upmove) wishvel[2] = f32(wishvel[2]! - SINK_SPEED);
  else wishvel[2] = f32(wishvel[2]! + upmove);

  addCurrents(pm, wishvel);

  wishdir.set(wishvel);
  let wishspeed = normalize(wishdir);
  const max = pm.params.maxspeed;
  if (wishspeed > max) wishspeed = max;
  wishspeed = f32(wishspeed * pm.params.watermult);

  accelerate(pm, wishdir, wishspeed, WATER_ACCELERATE);
  stepSlideMove(pm);
}
