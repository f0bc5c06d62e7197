/**
 * `PM_FlyMove`: spectators — fly friction, 3D acceleration along the view, no collision. Without
 * the fly hack a player already at or above the wish speed does not move at all this frame (the
 * original game's bug, kept for old clients).
 */
import { dot, f32, length, normalize } from './float32.js';
import { ACCELERATE, STOP_SPEED, VIEWHEIGHT_STAND } from './constants.js';
import type { PmoveContext } from './context.js';

const wishvel = new Float32Array(3);
const wishdir = new Float32Array(3);

export function flyMove(pm: PmoveContext): void {
  const vel = pm.velocity;
  pm.viewheight = VIEWHEIGHT_STAND;

  const speed = length(vel);
  if (speed < 1) {
    vel.fill(0);
  } else {
    const control = speed < STOP_SPEED ? STOP_SPEED : speed;
    const drop = f32(f32(control * pm.params.flyfriction) * pm.frametime);
    let newspeed = f32(speed - drop);
    if (newspeed < 0) newspeed = 0;
    newspeed = f32(newspeed / speed);
    for (let i = 0; i < 3; i++) vel[i] = f32(vel[i]! * newspeed);
  }

  const { forwardmove, sidemove, upmove } = pm.cmd;
  normalize(pm.forward);
  normalize(pm.right);
  for (let i = 0; i < 3; i++) {
    wishvel[i] = f32(f32(pm.forward[i]! * forwardmove) + f32(pm.right[i]! * sidemove));
  }
  wishvel[2] = f32(wishvel[2]! + upmove);
  wishdir.set(wishvel);
  let wishspeed = normalize(wishdir);
  if (wishspeed > pm.params.maxspeed) wishspeed = pm.params.maxspeed;

  const addspeed = f32(wishspeed - dot(vel, wishdir));
  if (addspeed <= 0) {
    if (!pm.params.flyhack) return;
  } else {
    let accelspeed = f32(f32(ACCELERATE * pm.frametime) * wishspeed);
    if (accelspeed > addspeed) accelspeed = addspeed;
    for (let i = 0; i < 3; i++) vel[i] = f32(vel[i]! + f32(accelspeed * wishdir[i]!));
  }
  for (let i = 0; i < 3; i++) pm.origin[i] = f32(pm.origin[i]! + f32(pm.frametime * vel[i]!));
}
