/**
 * The rotation the engine applies to sweeps against rotated brush models (`AnglesToAxis`,
 * `RotatePoint`, `TransposeAxis` in q2pro's `inc/shared/shared.h`), in float32 and in the
 * engine's order of operations.
 *
 * Sines and cosines are glibc's `sinf`/`cosf` (not correctly rounded; the port in
 * `src/geometry/glibc-sincosf.ts`, checked by the pmove golden test). No recorded sweep had a
 * rotated model (every inline model of the five fixture maps rests at angles 0 0 0), so this
 * path is checked by unit tests only, not against the engine.
 */
import { cosf, sinf } from '../geometry/glibc-sincosf.js';

const fround = Math.fround;
/** The engine's degrees-to-radians factor: π in float32, divided by 180 in float32. */
const DEG2RAD = fround(fround(Math.PI) / 180);

/**
 * Writes the rotation of `angles` (pitch, yaw, roll in degrees) into `axis`: rows forward,
 * left (the engine's "right" negated) and up. [Form: 3 rows × (x, y, z)]
 */
export function anglesToAxis(angles: ArrayLike<number>, axis: Float64Array): void {
  let a = fround(fround(angles[1]) * DEG2RAD);
  const sy = sinf(a);
  const cy = cosf(a);
  a = fround(fround(angles[0]) * DEG2RAD);
  const sp = sinf(a);
  const cp = cosf(a);
  a = fround(fround(angles[2]) * DEG2RAD);
  const sr = sinf(a);
  const cr = cosf(a);

  axis[0] = fround(cp * cy);
  axis[1] = fround(cp * sy);
  axis[2] = -sp;
  const nsr = fround(-1 * sr);
  const ncr = fround(-1 * cr);
  const srsp = fround(nsr * sp);
  axis[3] = -fround(fround(srsp * cy) + fround(ncr * -sy));
  axis[4] = -fround(fround(srsp * sy) + fround(ncr * cy));
  axis[5] = -fround(nsr * cp);
  const crsp = fround(cr * sp);
  axis[6] = fround(fround(crsp * cy) + fround(-sr * -sy));
  axis[7] = fround(fround(crsp * sy) + fround(-sr * cy));
  axis[8] = fround(cr * cp);
}

/** Swaps rows and columns of a 3×3 rotation (its inverse). */
export function transposeAxis(axis: Float64Array): void {
  let t = axis[1];
  axis[1] = axis[3];
  axis[3] = t;
  t = axis[2];
  axis[2] = axis[6];
  axis[6] = t;
  t = axis[5];
  axis[5] = axis[7];
  axis[7] = t;
}

/** Rotates `v` in place: each component becomes the dot product with one row of `axis`. */
export function rotatePoint(v: Float32Array | Float64Array, axis: Float64Array): void {
  const x = v[0],
    y = v[1],
    z = v[2];
  for (let r = 0; r < 3; r++) {
    v[r] = fround(
      fround(fround(x * axis[r * 3]) + fround(y * axis[r * 3 + 1])) + fround(z * axis[r * 3 + 2]),
    );
  }
}
