/**
 * `PM_AirMove`: walking, falling and ladder climbing — horizontal wish velocity (plus the
 * ladder's vertical wish), capped at the max speed (100 u/s crouched), then ground acceleration,
 * ladder acceleration with gravity braking, or weak air acceleration plus gravity.
 */
import { f32, normalize } from './float32.js';
import { ACCELERATE, DUCK_SPEED } from './constants.js';
import type { PmoveContext } from './context.js';
import { addCurrents } from './currents.js';
import { accelerate, airAccelerate } from './accelerate.js';
import { stepSlideMove } from './step-slide-move.js';
import { PMF_DUCKED } from './types.js';

const wishvel = new Float32Array(3);
const wishdir = new Float32Array(3);

export function airMove(pm: PmoveContext): void {
  const vel = pm.velocity;
  const fmove = pm.cmd.forwardmove;
  const smove = pm.cmd.sidemove;
  for (let i = 0; i < 2; i++) {
    wishvel[i] = f32(f32(pm.forward[i]! * fmove) + f32(pm.right[i]! * smove));
  }
  wishvel[2] = 0;

  addCurrents(pm, wishvel);

  wishdir.set(wishvel);
  let wishspeed = normalize(wishdir);
  const maxspeed = pm.s.pmFlags & PMF_DUCKED ? DUCK_SPEED : pm.params.maxspeed;
  if (wishspeed > maxspeed) {
    const scale = f32(maxspeed / wishspeed);
    for (let i = 0; i < 3; i++) wishvel[i] = f32(wishvel[i]! * scale);
    wishspeed = maxspeed;
  }

  const gravityStep = f32(pm.s.gravity * pm.frametime);
  if (pm.ladder) {
    accelerate(pm, wishdir, wishspeed, ACCELERATE);
    if (!wishvel[2]) {
      // No climb input: gravity brakes any vertical speed towards 0.
      if (vel[2]! > 0) {
        vel[2] = f32(vel[2]! - gravityStep);
        if (vel[2]! < 0) vel[2] = 0;
      } else {
        vel[2] = f32(vel[2]! + gravityStep);
        if (vel[2]! > 0) vel[2] = 0;
      }
    }
    stepSlideMove(pm);
  } else if (pm.groundEntity !== null) {
    vel[2] = 0;
    accelerate(pm, wishdir, wishspeed, ACCELERATE);
    if (pm.s.gravity > 0) vel[2] = 0;
    else vel[2] = f32(vel[2]! - gravityStep);
    if (!vel[0] && !vel[1]) return;
    stepSlideMove(pm);
  } else {
    if (pm.params.airaccelerate) airAccelerate(pm, wishdir, wishspeed, ACCELERATE);
    else accelerate(pm, wishdir, wishspeed, 1);
    vel[2] = f32(vel[2]! - gravityStep);
    stepSlideMove(pm);
  }
}
