/**
 * `PM_ClampAngles`: view angles from the command angles plus the state's delta angles (wrapped to
 * int16, pitch clamped to ±89°; a teleport pause keeps only the unwrapped yaw), then the angle
 * vectors of the full view.
 */
import { angleVectors, PITCH, ROLL, YAW } from './angle-vectors.js';
import { clampf, f32, toInt16 } from './float32.js';
import type { PmoveContext } from './context.js';
import { PMF_TIME_TELEPORT } from './types.js';

/** `SHORT2ANGLE` factor: exact in float. */
export const SHORT_TO_DEGREES = 360 / 65536;
/** Steepest view pitch. [Units: °] */
const MAX_PITCH = 89;

export function clampAngles(pm: PmoveContext): void {
  const va = pm.viewangles;
  const a = pm.cmd.angles;
  const d = pm.s.deltaAngles;
  if (pm.s.pmFlags & PMF_TIME_TELEPORT) {
    va[YAW] = f32((a[YAW] + d[YAW]) * SHORT_TO_DEGREES);
    va[PITCH] = 0;
    va[ROLL] = 0;
  } else {
    for (let i = 0; i < 3; i++) va[i] = f32(toInt16(a[i]! + d[i]!) * SHORT_TO_DEGREES);
    va[PITCH] = clampf(va[PITCH]!, -MAX_PITCH, MAX_PITCH);
  }
  angleVectors(va, pm.forward, pm.right, pm.up);
}
