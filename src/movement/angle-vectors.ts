/**
 * The engine's `AngleVectors`: forward, right and up unit vectors of pitch/yaw/roll angles in
 * degrees, with glibc's own float sine and cosine and the float degree-to-radian factor.
 */
import { cosf, sinf } from '../geometry/glibc-sincosf.js';
import { f32 } from './float32.js';

/** `M_PIf / 180` evaluated in float. */
export const DEG2RAD = f32(f32(Math.PI) / 180);

export const PITCH = 0;
export const YAW = 1;
export const ROLL = 2;

export function angleVectors(
  angles: ArrayLike<number>,
  forward: Float32Array,
  right: Float32Array,
  up: Float32Array,
): void {
  let a = f32(angles[YAW]! * DEG2RAD);
  const sy = sinf(a);
  const cy = cosf(a);
  a = f32(angles[PITCH]! * DEG2RAD);
  const sp = sinf(a);
  const cp = cosf(a);
  a = f32(angles[ROLL]! * DEG2RAD);
  const sr = sinf(a);
  const cr = cosf(a);

  forward[0] = f32(cp * cy);
  forward[1] = f32(cp * sy);
  forward[2] = -sp;
  // The C source multiplies by -1 first; negation is exact, so only the sign placement matters
  // (it decides the sign of zero results).
  right[0] = f32(f32(f32(-sr * sp) * cy) + f32(-cr * -sy));
  right[1] = f32(f32(f32(-sr * sp) * sy) + f32(-cr * cy));
  right[2] = f32(-sr * cp);
  up[0] = f32(f32(f32(cr * sp) * cy) + f32(-sr * -sy));
  up[1] = f32(f32(f32(cr * sp) * sy) + f32(-sr * cy));
  up[2] = f32(cr * cp);
}
