/**
 * The places around a floor sample where a player ends up pressed against the walls: the
 * standing box slid from the sample along the floor in eight directions until a wall stops it
 * (on a diagonal, on along the wall the way pmove slides, into the corner; on an axis, along
 * the wall both ways). A bot that
 * runs into a wall or a corner stands exactly there; grid samples keep their distance from
 * walls, so they alone miss the corners of small rooms (ghetto: a corner 105 units from the
 * nearest node, 45 from the nearest sample).
 *
 * The slide keeps to the sample's floor: each step may climb a stair (18 units) and must find
 * ground within a stair below; a ledge ends it like a wall.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import { STEP_SIZE, fits, supportedGround } from './box-query.js';
import type { Vec3 } from '../geometry/vec3.js';

/** Length of a slide step (the positions of a slide are this far apart). [Units: world units] */
export const SLIDE_STEP = 8;
/** How near the wall a slide ends: pmove leaves a player pressed into a wall within 1/8 unit of it (origins snap to eighths). [Units: world units] */
const LAST_STEP = 0.125;

const AXES: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAGONALS: readonly (readonly [number, number])[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** The box one step on from `p` along (dx, dy) on the floor, or null where a wall or ledge stops it. */
function step(w: BspWorld, p: Vec3, dx: number, dy: number): Vec3 | null {
  const x = p[0] + dx;
  const y = p[1] + dy;
  let z = p[2];
  if (!fits(w, x, y, z)) {
    z += STEP_SIZE;
    if (!fits(w, x, y, z)) return null;
  }
  const g = supportedGround(w, x, y, z, z - p[2] + STEP_SIZE + 0.25);
  return g === null ? null : [x, y, g];
}

/** The slide from `p` along a unit direction, at most `reach` units: every position, `p` first. */
function slide(w: BspWorld, p: Vec3, ux: number, uy: number, reach: number): Vec3[] {
  const path: Vec3[] = [p];
  let r = SLIDE_STEP;
  for (; r <= reach; r += SLIDE_STEP) {
    const next = step(w, path[path.length - 1], ux * SLIDE_STEP, uy * SLIDE_STEP);
    if (!next) break;
    path.push(next);
  }
  // Up to the wall: shorter and shorter steps, to within `LAST_STEP` of it.
  if (r <= reach) {
    let at = path[path.length - 1];
    for (let d = SLIDE_STEP / 2; d >= LAST_STEP; d /= 2) {
      const next = step(w, at, ux * d, uy * d);
      if (next) at = next;
    }
    if (at !== path[path.length - 1]) path.push(at);
  }
  return path;
}

/**
 * The slides from `origin` (a standing origin on the floor), each as the positions it passes,
 * the origin first and the place against the wall last; at most `reach` units along each
 * direction (and as far again along a wall from a diagonal). Slides that do not move are left
 * out. [reach Units: world units]
 */
export function wallSlides(w: BspWorld, origin: Vec3, reach: number): Vec3[][] {
  const out: Vec3[][] = [];
  for (const [dx, dy] of AXES) {
    const path = slide(w, origin, dx, dy, reach);
    if (path.length > 1) out.push(path);
    // Stopped by a wall or a ledge: along it both ways, half as far.
    if ((path.length - 1) * SLIDE_STEP < reach)
      for (const sign of [1, -1]) {
        const along = slide(w, path[path.length - 1], -dy * sign, dx * sign, reach / 2);
        if (along.length > 1) out.push([...path, ...along.slice(1)]);
      }
  }
  const s = Math.SQRT1_2;
  for (const [dx, dy] of DIAGONALS) {
    const path = slide(w, origin, dx * s, dy * s, reach);
    const end = path[path.length - 1];
    const left = reach - (path.length - 1) * SLIDE_STEP;
    // Stopped by a wall: on along it (either axis that still moves), into the corner.
    if (left > 0) {
      const along = slide(w, end, dx, 0, left);
      const rest = along.length > 1 ? along : slide(w, end, 0, dy, left);
      path.push(...rest.slice(1));
    }
    if (path.length > 1) out.push(path);
  }
  return out;
}
