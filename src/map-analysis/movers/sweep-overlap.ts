/**
 * Whether a player's box, moved in a straight line, ever shares space with a mover's swept box,
 * the two motions taken independently (any moment of one against any moment of the other): the
 * player may be anywhere on the path when the mover is anywhere on its leg.
 *
 * With the player at a + σ·w (σ ∈ [0, 1]) and the mover's box at its start + τ·v (τ ∈ [0, 1]),
 * the boxes overlap exactly when, on every axis k, the open interval test
 *   lo_k < σ·w_k − τ·v_k < hi_k
 * holds, with lo = start.mins − hull.maxs − a and hi = start.maxs − hull.mins − a. That is the
 * unit square of (σ, τ) cut by six half-planes; it is kept when something of it is left. Exact
 * for boxes, no sampling; boxes that only touch (a player standing on a mover's top face, a wall
 * beside the path) do not overlap.
 */
import type { MoverSweep } from './mover-volumes.js';

/** Overlaps thinner than this are touches. [Units: world units] */
const TOUCH = 1 / 32;

type Point = readonly [sigma: number, tau: number];

/**
 * True when the box `hullMins`..`hullMaxs` around a point moving from `a` to `b` overlaps
 * `sweep` at some pair of moments (a = b: a box standing still).
 */
export function pathMeetsSweep(
  a: readonly number[],
  b: readonly number[],
  hullMins: readonly number[],
  hullMaxs: readonly number[],
  sweep: MoverSweep,
): boolean {
  let polygon: Point[] = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ];
  for (let k = 0; k < 3 && polygon.length > 0; k++) {
    const w = b[k] - a[k];
    const v = sweep.move[k];
    const lo = sweep.mins[k] - hullMaxs[k] - a[k] + TOUCH;
    const hi = sweep.maxs[k] - hullMins[k] - a[k] - TOUCH;
    if (lo > hi) return false;
    // σ·w − τ·v ≥ lo, and −σ·w + τ·v ≥ −hi.
    polygon = clip(polygon, w, -v, lo);
    polygon = clip(polygon, -w, v, -hi);
  }
  return polygon.length > 0;
}

/** The part of the convex polygon where c1·σ + c2·τ ≥ d (Sutherland–Hodgman, one edge). */
function clip(polygon: readonly Point[], c1: number, c2: number, d: number): Point[] {
  const out: Point[] = [];
  const f = (p: Point) => c1 * p[0] + c2 * p[1] - d;
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i];
    const q = polygon[(i + 1) % polygon.length];
    const fp = f(p);
    const fq = f(q);
    if (fp >= 0) out.push(p);
    if (fp >= 0 !== fq >= 0) {
      const t = fp / (fp - fq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  }
  return out;
}
