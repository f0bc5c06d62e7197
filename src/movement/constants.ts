/**
 * Hard-wired constants of the engine's pmove (not part of the per-client parameters). Float ones
 * are the float32 values the C source's `f` literals compile to.
 */
import { f32 } from './float32.js';

export { STEP_SIZE, STANDING_MINS, STANDING_MAXS, CROUCHED_MAXS } from '../player.js';
/** Friction treats slower speeds as this. [Units: u/s] */
export const STOP_SPEED = 100;
/** Top wish speed while crouched. [Units: u/s] */
export const DUCK_SPEED = 100;
export const ACCELERATE = 10;
export const WATER_ACCELERATE = 10;
/** Push of water currents. [Units: u/s] */
export const WATER_SPEED = 400;
/** Velocity components closer to 0 than this are zeroed after clipping. [Units: u/s] */
export const STOP_EPSILON = f32(0.1);
/** Lowest normal z of a surface that counts as ground (or can be stepped onto). */
export const MIN_STEP_NORMAL = f32(0.7);
export const OVERBOUNCE = f32(1.01);
export const MAX_BUMPS = 4;
export const MAX_CLIP_PLANES = 5;
/** `0.001f`: milliseconds to seconds. */
export const MSEC_TO_SEC = f32(0.001);
/** Ground probe depth. [Units: u] */
export const GROUND_PROBE = f32(0.25);
/** Upward speed above which the player cannot be on ground (ramps). [Units: u/s] */
export const GROUND_MAX_UP_SPEED = 180;
/** Standing and crouched view heights. [Units: u] */
export const VIEWHEIGHT_STAND = 22;
export const VIEWHEIGHT_CROUCH = 8;
