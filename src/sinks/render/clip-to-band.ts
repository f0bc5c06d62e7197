/**
 * The part of a convex polygon between two heights, so that a ramp crossing a band's edge is
 * drawn half in each panel instead of whole in one. Sutherland–Hodgman against the planes
 * `z = from` and `z = to`; infinite bounds clip nothing.
 */
import type { HeightBand } from './height-band.js';

/** Keeps the corners on the `keep` side of `z = level`, adding the crossings. [Form: (x, y, z) × corners] */
function clipAt(polygon: number[], level: number, keepAbove: boolean): number[] {
  const n = polygon.length / 3;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const zi = polygon[i * 3 + 2];
    const zj = polygon[j * 3 + 2];
    const inI = keepAbove ? zi >= level : zi <= level;
    const inJ = keepAbove ? zj >= level : zj <= level;
    if (inI) out.push(polygon[i * 3], polygon[i * 3 + 1], zi);
    if (inI !== inJ) {
      const t = (level - zi) / (zj - zi);
      out.push(
        polygon[i * 3] + t * (polygon[j * 3] - polygon[i * 3]),
        polygon[i * 3 + 1] + t * (polygon[j * 3 + 1] - polygon[i * 3 + 1]),
        level,
      );
    }
  }
  return out.length >= 9 ? out : [];
}

/**
 * Corners `[start, end)` of `positions`, clipped to `band`; empty when nothing is left.
 * [Units: world units; Form: (x, y, z) × corners]
 */
export function clipToBand(
  positions: ArrayLike<number>,
  start: number,
  end: number,
  band: HeightBand,
): number[] {
  let polygon: number[] = [];
  let below = false;
  let above = false;
  for (let v = start; v < end; v++) {
    const z = positions[v * 3 + 2];
    polygon.push(positions[v * 3], positions[v * 3 + 1], z);
    if (z < band.from) below = true;
    if (z > band.to) above = true;
  }
  if (below) polygon = clipAt(polygon, band.from, true);
  if (above && polygon.length > 0) polygon = clipAt(polygon, band.to, false);
  return polygon;
}
