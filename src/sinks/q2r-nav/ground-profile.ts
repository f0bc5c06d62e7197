/**
 * Where a jump, drop or climb between two nodes leaves the ground and where it lands, from the
 * ground under the straight line between them: the standing box is lowered onto the first
 * supported ground at each step (`box-query.ts`, the engine's position test on the map's
 * brushes). The take-off is the last point, from the source, still on the source's floor (within
 * a step of its height); the landing the first point after it on the target's floor.
 */
import type { BspWorld } from '../../sources/bsp/world.js';
import { STEP_SIZE, fits, supportedGround } from '../../map-analysis/box-query.js';
import type { Vec3 } from '../../nav/types.js';

/** [Units: world units] Spacing of the ground samples (a quarter of the box's width). */
const SAMPLE = 8;
/** [Units: world units] How far below the lower node the ground is looked for. */
const BELOW = 64;

export interface TakeOff {
  /** Player origins (not ground points). [Units: world units] */
  start: Vec3;
  end: Vec3;
}

/** Take-off and landing between player origins `a` and `b`; null when the line has no ground. */
export function takeOffAndLanding(w: BspWorld, a: Vec3, b: Vec3): TakeOff | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy) / SAMPLE));
  const top = Math.max(a[2], b[2]) + STEP_SIZE;
  const depth = top - Math.min(a[2], b[2]) + BELOW;
  const ground: (number | null)[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = a[0] + (dx * i) / steps;
    const y = a[1] + (dy * i) / steps;
    // Under a low ceiling the box does not fit above the higher node: start at the lower one.
    const from = fits(w, x, y, top) ? top : Math.min(a[2], b[2]) + 1;
    ground.push(supportedGround(w, x, y, from, depth));
  }
  const near = (g: number | null, z: number) => g !== null && Math.abs(g - z) <= STEP_SIZE;
  let s = 0;
  while (s < steps && near(ground[s + 1], a[2])) s++;
  let e = s + 1;
  while (e < steps && !near(ground[e], b[2])) e++;
  if (e > steps) e = steps;
  const at = (i: number, z: number): Vec3 => [a[0] + (dx * i) / steps, a[1] + (dy * i) / steps, z];
  const landing = ground[e];
  return {
    start: at(s, ground[s] ?? a[2]),
    end: at(e, landing !== null && near(landing, b[2]) ? landing : b[2]),
  };
}
