/** `PM_DeadMove`: a corpse on ground loses 20 u/s of speed per call. */
import { f32, length, normalize } from './float32.js';
import type { PmoveContext } from './context.js';

/** [Units: u/s per call] */
const DEAD_FRICTION = 20;

export function deadMove(pm: PmoveContext): void {
  if (pm.groundEntity === null) return;
  const vel = pm.velocity;
  const speed = f32(length(vel) - DEAD_FRICTION);
  if (speed <= 0) {
    vel.fill(0);
  } else {
    normalize(vel);
    for (let i = 0; i < 3; i++) vel[i] = f32(vel[i]! * speed);
  }
}
