/**
 * The rotation the engine applies to sweeps against rotated brush models (`AnglesToAxis`,
 * `RotatePoint`, `TransposeAxis` in q2pro's `inc/shared/shared.h`), in float32 and in the
 * engine's order of operations.
 *
 * Limit: the engine takes sines and cosines with glibc's `sinf`/`cosf`, which are not correctly
 * rounded; this uses the correctly rounded value (`fround(Math.sin(x))`), which differs by one
 * unit in the last place for a small share of angles. None of the recorded sweeps had a rotated
 * model (every inline model of the five fixture maps rests at angles 0 0 0), so this path is
 * not checked against the engine.
 */
const fround = Math.fround;
/** The engine's degrees-to-radians factor: π in float32, divided by 180 in float32. */
const DEG2RAD = fround(fround(Math.PI) / 180);

/**
 * Writes the rotation of `angles` (pitch, yaw, roll in degrees) into `axis`: rows forward,
 * left (the engine's "right" negated) and up. [Form: 3 rows × (x, y, z)]
 */
export function anglesToAxis(angles: ArrayLike<number>, axis: Float64Array): void {
  let a = fround(fround(angles[1]) * DEG2RAD);
  const sy = fround(Math.sin(a));
  const cy = fround(Math.cos(a));
  a = fround(fround(angles[0]) * DEG2RAD);
  const sp = fround(Math.sin(a));
  const cp = fround(Math.cos(a));
  a = fround(fround(angles[2]) * DEG2RAD);
  const sr = fround(Math.sin(a));
  const cr = fround(Math.cos(a));

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
