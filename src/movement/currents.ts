/**
 * `PM_AddCurrents`: what the surroundings add to the wish velocity — ladder climbing (vertical
 * wish of ±200 u/s from pitch or jump/crouch, horizontal wish clamped to ±25), water currents
 * (400 u/s, halved when wading on ground) and conveyor ground (100 u/s).
 */
import { clampf, f32 } from './float32.js';
import { WATER_SPEED } from './constants.js';
import type { PmoveContext } from './context.js';
import { PITCH } from './angle-vectors.js';
import {
  CONTENTS_CURRENT_0,
  CONTENTS_CURRENT_180,
  CONTENTS_CURRENT_270,
  CONTENTS_CURRENT_90,
  CONTENTS_CURRENT_DOWN,
  CONTENTS_CURRENT_UP,
} from '../world/contents.js';

/** Ladder climbing speed and the pitch that turns "forward" into up or down. [Units: u/s, °] */
const LADDER_SPEED = 200;
const LADDER_PITCH = 15;
const LADDER_SIDE_CAP = 25;
/** Conveyor speed (the engine's stand-in for the ground entity's speed). [Units: u/s] */
const CONVEYOR_SPEED = 100;

const MASK_CURRENT =
  CONTENTS_CURRENT_0 |
  CONTENTS_CURRENT_90 |
  CONTENTS_CURRENT_180 |
  CONTENTS_CURRENT_270 |
  CONTENTS_CURRENT_UP |
  CONTENTS_CURRENT_DOWN;

const dir = new Float32Array(3);

function currentDirection(contents: number): Float32Array {
  dir.fill(0);
  if (contents & CONTENTS_CURRENT_0) dir[0] = f32(dir[0]! + 1);
  if (contents & CONTENTS_CURRENT_90) dir[1] = f32(dir[1]! + 1);
  if (contents & CONTENTS_CURRENT_180) dir[0] = f32(dir[0]! - 1);
  if (contents & CONTENTS_CURRENT_270) dir[1] = f32(dir[1]! - 1);
  if (contents & CONTENTS_CURRENT_UP) dir[2] = f32(dir[2]! + 1);
  if (contents & CONTENTS_CURRENT_DOWN) dir[2] = f32(dir[2]! - 1);
  return dir;
}

function addScaled(wishvel: Float32Array, scale: number, v: Float32Array): void {
  for (let i = 0; i < 3; i++) wishvel[i] = f32(wishvel[i]! + f32(scale * v[i]!));
}

export function addCurrents(pm: PmoveContext, wishvel: Float32Array): void {
  if (pm.ladder && Math.abs(pm.velocity[2]!) <= LADDER_SPEED) {
    const pitch = pm.viewangles[PITCH]!;
    if (pitch <= -LADDER_PITCH && pm.cmd.forwardmove > 0) wishvel[2] = LADDER_SPEED;
    else if (pitch >= LADDER_PITCH && pm.cmd.forwardmove > 0) wishvel[2] = -LADDER_SPEED;
    else if (pm.cmd.upmove > 0) wishvel[2] = LADDER_SPEED;
    else if (pm.cmd.upmove < 0) wishvel[2] = -LADDER_SPEED;
    else wishvel[2] = 0;
    wishvel[0] = clampf(wishvel[0]!, -LADDER_SIDE_CAP, LADDER_SIDE_CAP);
    wishvel[1] = clampf(wishvel[1]!, -LADDER_SIDE_CAP, LADDER_SIDE_CAP);
  }

  if (pm.watertype & MASK_CURRENT) {
    const v = currentDirection(pm.watertype);
    let s = WATER_SPEED;
    if (pm.waterlevel === 1 && pm.groundEntity !== null) s = f32(s / 2);
    addScaled(wishvel, s, v);
  }

  if (pm.groundEntity !== null) {
    addScaled(wishvel, CONVEYOR_SPEED, currentDirection(pm.groundContents));
  }
}
