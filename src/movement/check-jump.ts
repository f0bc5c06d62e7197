/**
 * `PM_CheckJump`: a jump needs the jump key newly pressed (upmove ≥ 10), no land timer, a live
 * player and ground: +270 u/s up (at least 270). Swimmers instead get a fixed upward push that
 * depends on the liquid (unless the water hack is on).
 */
import { f32 } from './float32.js';
import type { PmoveContext } from './context.js';
import { CONTENTS_SLIME, CONTENTS_WATER } from '../world/contents.js';
import { PM_DEAD, PMF_JUMP_HELD, PMF_ON_GROUND, PMF_TIME_LAND } from './types.js';

/** Smallest upmove that counts as holding jump. */
const JUMP_THRESHOLD = 10;
/** [Units: u/s] */
const JUMP_SPEED = 270;
/** Swimmers sinking faster than this get no push. [Units: u/s] */
const SWIM_PUSH_MIN_VZ = -300;

export function checkJump(pm: PmoveContext): void {
  const s = pm.s;
  if (s.pmFlags & PMF_TIME_LAND) return;
  if (pm.cmd.upmove < JUMP_THRESHOLD) {
    s.pmFlags &= ~PMF_JUMP_HELD;
    return;
  }
  if (s.pmFlags & PMF_JUMP_HELD) return;
  if (s.pmType === PM_DEAD) return;

  if (pm.waterlevel >= 2) {
    pm.groundEntity = null;
    if (pm.params.waterhack) return;
    if (pm.velocity[2]! <= SWIM_PUSH_MIN_VZ) return;
    // Compared with the whole contents value, as the engine does.
    if (pm.watertype === CONTENTS_WATER) pm.velocity[2] = 100;
    else if (pm.watertype === CONTENTS_SLIME) pm.velocity[2] = 80;
    else pm.velocity[2] = 50;
    return;
  }
  if (pm.groundEntity === null) return;

  s.pmFlags |= PMF_JUMP_HELD;
  pm.groundEntity = null;
  s.pmFlags &= ~PMF_ON_GROUND;
  pm.velocity[2] = f32(pm.velocity[2]! + JUMP_SPEED);
  if (pm.velocity[2]! < JUMP_SPEED) pm.velocity[2] = JUMP_SPEED;
}
