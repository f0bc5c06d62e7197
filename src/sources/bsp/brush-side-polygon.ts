/**
 * The polygon of one side of a brush, rebuilt from planes alone. The brushes lump stores only
 * the planes of a convex volume, not its corners; the corners of one side are where the other
 * sides' half-spaces cut that side's plane.
 *
 * Method: start from a square much larger than any map, lying in the side's plane, and clip it
 * by the back half-space of every other side (Sutherland–Hodgman against a convex set).
 */
import type { BspWorld } from './world.js';

/** Half size of the starting square, beyond any Quake 2 map. [Units: world units] */
const HUGE = 1 << 18;
/** A point this close to a clipping plane counts as on it. [Units: world units] */
const ON_PLANE = 0.01;

/**
 * Corners of side `side` (0-based within the brush) of brush `brush`, as a flat
 * `[x, y, z, x, y, z, …]` loop; empty when the side does not touch the brush (bevel sides can
 * degenerate to a line or a point). [Units: world units; Form: (x, y, z) × corners]
 */
export function brushSidePolygon(world: BspWorld, brush: number, side: number): number[] {
  const { brushes, brushSides, planes } = world;
  const first = brushes.firstSide[brush];
  const own = brushSides.plane[first + side];
  let polygon = squareOnPlane(planes.normals, planes.dists, own);
  for (let s = 0; s < brushes.sideCount[brush] && polygon.length > 0; s++) {
    const p = brushSides.plane[first + s];
    if (p !== own) polygon = keepBehind(polygon, planes.normals, planes.dists[p], p);
  }
  return polygon.length >= 9 ? polygon : [];
}

/** A square of half size {@link HUGE} centred on the plane's point nearest the origin. */
function squareOnPlane(normals: Float32Array, dists: Float32Array, plane: number): number[] {
  const nx = normals[plane * 3];
  const ny = normals[plane * 3 + 1];
  const nz = normals[plane * 3 + 2];
  // "Up" is world z unless the plane is nearly horizontal, then world x.
  let ux = 0;
  let uy = 0;
  let uz = 1;
  if (Math.abs(nz) > Math.abs(nx) && Math.abs(nz) > Math.abs(ny)) {
    ux = 1;
    uz = 0;
  }
  const along = ux * nx + uy * ny + uz * nz;
  ux -= along * nx;
  uy -= along * ny;
  uz -= along * nz;
  const len = Math.hypot(ux, uy, uz);
  ux = (ux / len) * HUGE;
  uy = (uy / len) * HUGE;
  uz = (uz / len) * HUGE;
  // right = up × normal, already HUGE long.
  const rx = uy * nz - uz * ny;
  const ry = uz * nx - ux * nz;
  const rz = ux * ny - uy * nx;
  const d = dists[plane];
  const ox = nx * d;
  const oy = ny * d;
  const oz = nz * d;
  return [
    ox - rx + ux,
    oy - ry + uy,
    oz - rz + uz,
    ox + rx + ux,
    oy + ry + uy,
    oz + rz + uz,
    ox + rx - ux,
    oy + ry - uy,
    oz + rz - uz,
    ox - rx - ux,
    oy - ry - uy,
    oz - rz - uz,
  ];
}

/** The part of a convex polygon on the back of plane `plane` (or within {@link ON_PLANE}). */
function keepBehind(
  polygon: number[],
  normals: Float32Array,
  dist: number,
  plane: number,
): number[] {
  const nx = normals[plane * 3];
  const ny = normals[plane * 3 + 1];
  const nz = normals[plane * 3 + 2];
  const n = polygon.length / 3;
  const side = (i: number) =>
    polygon[i * 3] * nx + polygon[i * 3 + 1] * ny + polygon[i * 3 + 2] * nz - dist;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const di = side(i);
    const dj = side(j);
    if (di <= ON_PLANE) out.push(polygon[i * 3], polygon[i * 3 + 1], polygon[i * 3 + 2]);
    if ((di < -ON_PLANE && dj > ON_PLANE) || (di > ON_PLANE && dj < -ON_PLANE)) {
      const t = di / (di - dj);
      for (let k = 0; k < 3; k++)
        out.push(polygon[i * 3 + k] + t * (polygon[j * 3 + k] - polygon[i * 3 + k]));
    }
  }
  return out;
}
