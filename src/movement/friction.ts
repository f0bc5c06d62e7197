/**
 * `PM_Friction`: ground friction (not on slick surfaces; also on ladders) and water friction
 * (per water level, not on ladders) take speed off, proportional to the frame time.
 */
import { f32, length } from './float32.js';
import { STOP_SPEED } from './constants.js';
import type { PmoveContext } from './context.js';
import { SURF_SLICK } from '../sources/bsp/surface-flags.js';

export function friction(pm: PmoveContext): void {
  const vel = pm.velocity;
  const speed = length(vel);
  if (speed < 1) {
    vel[0] = 0;
    vel[1] = 0;
    return;
  }
  let drop = 0;
  if ((pm.groundEntity !== null && !(pm.groundSurfaceFlags & SURF_SLICK)) || pm.ladder) {
    const control = speed < STOP_SPEED ? STOP_SPEED : speed;
    drop = f32(drop + f32(f32(control * pm.params.friction) * pm.frametime));
  }
  if (pm.waterlevel && !pm.ladder) {
    drop = f32(
      drop + f32(f32(f32(speed * pm.params.waterfriction) * pm.waterlevel) * pm.frametime),
    );
  }
  let newspeed = f32(speed - drop);
  if (newspeed < 0) newspeed = 0;
  newspeed = f32(newspeed / speed);
  vel[0] = f32(vel[0]! * newspeed);
  vel[1] = f32(vel[1]! * newspeed);
  vel[2] = f32(vel[2]! * newspeed);
}
