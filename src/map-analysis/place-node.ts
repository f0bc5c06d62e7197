/**
 * Moves a node to the nearest position the engine accepts for a player: the box (crouched for
 * crouch nodes) clear of solid and standing on ground within a step below. A cluster centroid
 * is a mean of positions, and a mean of positions on a stair, a slope or along a wall can lie
 * in the step or in the wall; the engine's bots steer to the origin and stop there.
 *
 * Candidates lie on square rings around the node every `grid` units out to `maxShift`; at
 * each, the box is lowered from a step above the node onto the ground. The nearest candidate
 * (3-D distance; ties: the earlier ring position) wins, so the result depends only on the map
 * and the node. Water nodes need no ground, only a free box.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import { CROUCHED, STANDING, STEP_SIZE, fits, supportedGround, type Hull } from './box-query.js';

export interface PlaceOptions {
  /** Farthest horizontal move. [Units: world units] */
  readonly maxShift: number;
  /** Spacing of candidate positions. [Units: world units] [Limit: > 0] */
  readonly grid: number;
}

export const placeDefaults: PlaceOptions = Object.freeze({ maxShift: 48, grid: 4 });

export interface Placement {
  readonly origin: ReadonlyVec3;
  /** How far the node moved. [Units: world units] */
  readonly moved: number;
}

/** A standing (or crouched) position at (x, y, z): ground within a step below, box free. */
export function standsAt(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  hull: Hull = STANDING,
): boolean {
  return supportedGround(w, x, y, z, STEP_SIZE + 0.25, hull) !== null;
}

/** The height the box settles at on the ground near (x, y, z), or null. */
function settle(w: BspWorld, x: number, y: number, z: number, hull: Hull): number | null {
  for (const start of [z + STEP_SIZE, z]) {
    if (!fits(w, x, y, start, hull)) continue;
    const g = supportedGround(w, x, y, start, 2 * STEP_SIZE + 1, hull);
    if (g !== null) return g;
  }
  return null;
}

/**
 * The nearest valid position for a node at `origin`; `ground` false for nodes that float (water).
 * Null when none lies within `maxShift`.
 */
export function placeNode(
  w: BspWorld,
  origin: readonly number[],
  hull: Hull,
  ground: boolean,
  o: PlaceOptions = placeDefaults,
): Placement | null {
  const [x0, y0, z0] = origin;
  const at = (x: number, y: number): number | null => {
    if (!ground) return fits(w, x, y, z0, hull) ? z0 : null;
    return settle(w, x, y, z0, hull);
  };
  let best: Placement | null = null;
  for (let r = 0; r <= o.maxShift; r += o.grid) {
    if (best && r > best.moved) break;
    const steps = r === 0 ? 1 : (8 * r) / o.grid;
    for (let i = 0; i < steps; i++) {
      const [dx, dy] = ringOffset(r, i, o.grid);
      const z = at(x0 + dx, y0 + dy);
      if (z === null) continue;
      const moved = Math.hypot(dx, dy, z - z0);
      if (!best || moved < best.moved) best = { origin: [x0 + dx, y0 + dy, z], moved };
    }
  }
  return best;
}

/** Position `i` on the square ring of half-size `r`, counter-clockwise from (r, -r). */
function ringOffset(r: number, i: number, grid: number): [number, number] {
  if (r === 0) return [0, 0];
  const side = (2 * r) / grid;
  const k = Math.floor(i / side);
  const t = (i % side) * grid;
  if (k === 0) return [r, -r + t];
  if (k === 1) return [r - t, r];
  if (k === 2) return [-r, r - t];
  return [-r + t, -r];
}

export { CROUCHED, STANDING };
