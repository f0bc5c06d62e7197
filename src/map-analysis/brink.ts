/**
 * Whether a place stands on the brink of a fall that hurts: within `clearance` units of it,
 * the standing box finds no ground within `depth` below the place's height.
 *
 * Why a node there is a trap: the AQtion bot counts a node reached up to 37 units away and
 * runs at it at 300 units/s, and it turns onto its next link only then; momentum it brought
 * from the other side of the node carries it on for tens of units (pmove's ground friction
 * takes a few tenths of a second to stop a run). On city, `fill` put nodes on a grid row that
 * ran along a roof's edge 400 units above the street (origins 5–12 units from where the box
 * loses the roof): bots that came across the roof towards them ran over the edge, 12–21
 * deaths per 240-s trial against 2–3 on the engine's own nav, whose flooded nodes keep 48
 * units from that edge.
 *
 * The probe: 16 directions, out to `clearance` in `PROBE_STEP` steps; a direction ends at a
 * wall (the box fits neither at the place's height nor a stair step up), which is what stops
 * a bot there. A probe whose box falls more than `depth` is the brink.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import { STEP_SIZE } from '../movement/constants.js';
import { fits } from './box-query.js';

/** Distance between probes along a direction. [Units: world units] */
const PROBE_STEP = 8;
/**
 * Steps of the box down a column: less than the box's 56-unit height, so consecutive boxes
 * overlap and no floor between them is missed. [Units: world units]
 */
const FALL_STEP = 48;
const DIRECTIONS: readonly (readonly [number, number])[] = Array.from({ length: 16 }, (_, k) => {
  const a = (k * Math.PI) / 8;
  return [Math.cos(a), Math.sin(a)] as const;
});

/**
 * Whether the box falls more than `depth` at (x, y) from height z: it fits at every height
 * down to z − depth (the boxes overlap, so nothing between them holds it).
 */
function fallsDeep(w: BspWorld, x: number, y: number, z: number, depth: number): boolean {
  for (let d = FALL_STEP; ; d += FALL_STEP) {
    const h = z - Math.min(d, depth);
    if (!fits(w, x, y, h)) return false;
    if (d >= depth) return true;
  }
}

/**
 * Whether the standing box at `origin` has, within `clearance` units horizontally, a place
 * where it would fall more than `depth` units (see the file comment).
 * [clearance, depth Units: world units] [clearance Limit: >= 0]
 */
export function onBrink(
  w: BspWorld,
  origin: readonly number[],
  clearance: number,
  depth: number,
): boolean {
  if (clearance <= 0) return false;
  const [x, y, z] = origin;
  for (const [dx, dy] of DIRECTIONS) {
    for (let r = PROBE_STEP; r <= clearance; r += PROBE_STEP) {
      const px = x + dx * r;
      const py = y + dy * r;
      // On up a stair step where the floor rises; a wall ends the direction.
      let pz = z;
      if (!fits(w, px, py, pz)) {
        pz = z + STEP_SIZE;
        if (!fits(w, px, py, pz)) break;
      }
      if (fallsDeep(w, px, py, pz, depth)) return true;
    }
  }
  return false;
}
