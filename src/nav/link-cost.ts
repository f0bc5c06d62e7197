/**
 * A link's cost as the engine computes it: the Euclidean distance between two origins in
 * single precision (`VectorSubtract`, then `VectorLength`, i.e. `sqrtf` of the float dot
 * product, evaluated left to right).
 *
 * Every float operation is done in double and rounded with `Math.fround`. For +, -, * and sqrt
 * of float32 operands, double carries more than twice the float precision plus two bits, so the
 * rounded result is exactly the float32 result (no double-rounding error). Measured: this gives
 * every one of the 60 723 link costs of the five engine-written fixture navs bit for bit, while
 * the double distance rounded once misses 557 of them by an ulp.
 */
import type { Vec3 } from './types.js';

const f32 = Math.fround;

/** [Units: world units] Float32 distance between float32 origins `a` and `b`. */
export function linkCost(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  const dx = f32(a[0] - b[0]);
  const dy = f32(a[1] - b[1]);
  const dz = f32(a[2] - b[2]);
  return f32(Math.sqrt(f32(f32(f32(dx * dx) + f32(dy * dy)) + f32(dz * dz))));
}
