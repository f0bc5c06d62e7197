/**
 * Whether a straight line lies on the mesh's floor (in the spirit of Detour's `raycast`, over
 * the cells rather than a corridor): the string is pulled through one corridor of areas, and a
 * straight line that leaves that corridor may still be floor a player walks.
 *
 * An area's free region is the hull of its cell centres (`find-path.ts`), so the line is on the
 * floor when every square of four neighbouring cell centres it passes over has floor in all four
 * cells, each within a step of the floor the line is on there, of areas that are walked between
 * (one area, or a walk connection between the two), and none of them crouch-only or in water.
 */
import {
  AREA_CROUCH,
  AREA_WATER,
  CROSS_WALK,
  EAST,
  SOUTH,
  areaHeightAt,
  type NavMesh,
} from '../mesh.js';
import { locateArea, type AreaIndex } from './area-index.js';
import { STEP_SIZE } from '../../player.js';

/** Highest step between neighbouring cells on the line (pmove's). [Units: world units] */
const STEP = STEP_SIZE;
/** Spacing of the points tested along the line, in cells. */
const PROBE = 0.25;
/** A point this near a row or column of centres (in cells) lies on it. */
const EDGE = 1e-3;

/**
 * The area covering cell (i, j) (absolute cell coordinates) whose height at the cell's centre is
 * nearest z, within `STEP`; -1 for none. [Units: world units]
 */
function cellArea(m: NavMesh, ix: AreaIndex, i: number, j: number, z: number): number {
  const x = m.originX + (i + 0.5) * m.cellSize;
  const y = m.originY + (j + 0.5) * m.cellSize;
  return locateArea(m, ix, x, y, z, STEP);
}

/** Areas a and b are one, or a walk connection joins them in direction d (either way). */
function walked(m: NavMesh, a: number, b: number, d: number): boolean {
  if (a === b) return true;
  const back = (d + 2) & 3;
  for (let c = m.connStart[a * 4 + d]; c < m.connStart[a * 4 + d + 1]; c++)
    if (m.connTarget[c] === b && m.connKind[c] === CROSS_WALK) return true;
  for (let c = m.connStart[b * 4 + back]; c < m.connStart[b * 4 + back + 1]; c++)
    if (m.connTarget[c] === a && m.connKind[c] === CROSS_WALK) return true;
  return false;
}

/**
 * Follows the line from s (floor height zs there) to e over the squares of cell centres: the
 * floor height reached at e, or NaN where the line leaves the floor. [Units: world units]
 */
function followLine(
  m: NavMesh,
  ix: AreaIndex,
  s: readonly number[],
  zs: number,
  e: readonly number[],
): number {
  const cs = m.cellSize;
  const len = Math.hypot(e[0] - s[0], e[1] - s[1]);
  const n = Math.max(1, Math.ceil(len / (cs * PROBE)));
  let z = zs;
  const quad = [0, 0, 0, 0];
  // The square last checked (probes are closer than a square: each is checked once in a row).
  let last = Number.NaN;
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const x = s[0] + (e[0] - s[0]) * t;
    const y = s[1] + (e[1] - s[1]) * t;
    // The square of cell centres around (x, y) (a side or a centre of it when the point lies
    // on a row or column of centres).
    const fx = (x - m.originX) / cs - 0.5;
    const fy = (y - m.originY) / cs - 0.5;
    const i = Math.floor(fx);
    const j = Math.floor(fy);
    const i0 = fx - i > 1 - EDGE ? i + 1 : i;
    const i1 = fx - i < EDGE ? i : i + 1;
    const j0 = fy - j > 1 - EDGE ? j + 1 : j;
    const j1 = fy - j < EDGE ? j : j + 1;
    const square = (((i0 + 32768) * 65536 + (j0 + 32768)) * 2 + i1 - i0) * 2 + j1 - j0;
    if (square !== last) {
      last = square;
      for (let c = 0; c < 4; c++) {
        const a = cellArea(m, ix, c & 1 ? i1 : i0, c >> 1 ? j1 : j0, z);
        if (a < 0 || m.areaFlags[a] & (AREA_CROUCH | AREA_WATER)) return Number.NaN;
        quad[c] = a;
      }
      if (
        !walked(m, quad[0], quad[1], EAST) ||
        !walked(m, quad[2], quad[3], EAST) ||
        !walked(m, quad[0], quad[2], SOUTH) ||
        !walked(m, quad[1], quad[3], SOUTH)
      )
        return Number.NaN;
    }
    // The floor under the point: the nearest of the square's (the cell the point is in).
    z = areaHeightAt(m, quad[(fy - j0 >= 0.5 ? 2 : 0) + (fx - i0 >= 0.5 ? 1 : 0)], x, y);
  }
  return z;
}

/**
 * Whether the straight line from p to q (standing origins) lies on the floor; see the module
 * comment. `near` (a standing origin on the floor, e.g. the corner the line would replace) is
 * where the line is looked at first: the line is followed from its point nearest `near`, at the
 * floor height of `near`, to both ends (a line cutting a corner leaves the floor there, found in
 * a square or two). [Units: world units]
 */
export function lineOnFloor(
  m: NavMesh,
  ix: AreaIndex,
  p: readonly number[],
  q: readonly number[],
  near: readonly number[] = p,
): boolean {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const l2 = dx * dx + dy * dy;
  const t =
    l2 > 0 ? Math.min(1, Math.max(0, ((near[0] - p[0]) * dx + (near[1] - p[1]) * dy) / l2)) : 0;
  const s = [p[0] + dx * t, p[1] + dy * t];
  const toQ = followLine(m, ix, s, near[2], q);
  if (!(Math.abs(toQ - q[2]) <= STEP)) return false;
  const toP = followLine(m, ix, s, near[2], p);
  return Math.abs(toP - p[2]) <= STEP;
}
