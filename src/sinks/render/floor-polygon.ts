/**
 * Questions about one convex floor polygon seen from above: does it cover a point, and how high
 * is it there. Floors are stored as flat `(x, y, z)` corner runs (`render-map.ts`); these work
 * on a run `[start, end)` of corners in place, without copying.
 */

/** Whether (x, y) lies inside or on the polygon's top-down outline (either winding). */
export function coversPoint(
  p: ArrayLike<number>,
  start: number,
  end: number,
  x: number,
  y: number,
): boolean {
  let sign = 0;
  for (let v = start; v < end; v++) {
    const w = v + 1 < end ? v + 1 : start;
    const cross =
      (p[w * 3] - p[v * 3]) * (y - p[v * 3 + 1]) - (p[w * 3 + 1] - p[v * 3 + 1]) * (x - p[v * 3]);
    if (cross === 0) continue;
    const side = cross > 0 ? 1 : -1;
    if (sign === 0) sign = side;
    else if (side !== sign) return false;
  }
  return true;
}

/** The plane `nx x + ny y + nz z = d` of a polygon. [Units: d in world units × |n|] */
export interface FloorPlane {
  readonly nx: number;
  readonly ny: number;
  readonly nz: number;
  readonly d: number;
}

/** The polygon's plane (Newell's normal, not normalised), or null when it stands upright or has no area. */
export function floorPlane(p: ArrayLike<number>, start: number, end: number): FloorPlane | null {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let v = start; v < end; v++) {
    const w = v + 1 < end ? v + 1 : start;
    nx += (p[v * 3 + 1] - p[w * 3 + 1]) * (p[v * 3 + 2] + p[w * 3 + 2]);
    ny += (p[v * 3 + 2] - p[w * 3 + 2]) * (p[v * 3] + p[w * 3]);
    nz += (p[v * 3] - p[w * 3]) * (p[v * 3 + 1] + p[w * 3 + 1]);
  }
  if (Math.abs(nz) < 1e-6) return null;
  return { nx, ny, nz, d: nx * p[start * 3] + ny * p[start * 3 + 1] + nz * p[start * 3 + 2] };
}

/** Height of `plane` above (x, y). [Units: world units] */
export function heightOn(plane: FloorPlane, x: number, y: number): number {
  return (plane.d - plane.nx * x - plane.ny * y) / plane.nz;
}
