/**
 * The map's hurt volumes (`sources/bsp/hurt-volumes.ts`) for the box queries of the map
 * analysis, which work on the decoded world: a floor sample or a box walk step where a standing
 * player touches one is no place for a node or a link, as lava is not.
 *
 * The decoded world does not know its entities, so the volumes are registered per world when
 * the map is loaded (`map-source.ts`), as the static func_walls are (`static-models.ts`); a
 * world nobody registered (a test's box world) has none.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import { hurtTouched } from '../sources/bsp/hurt-volumes.js';
import { STANDING, type Hull } from './box-query.js';

const registry = new WeakMap<BspWorld, Float64Array>();

/** Records the hurt boxes (`hurtBoxes`) of `world`. */
export function registerHurtBoxes(world: BspWorld, boxes: Float64Array): void {
  registry.set(world, boxes);
}

/** Whether a player with box `hull` at (x, y, z) touches a hurt volume of `w`. */
export function touchesHurt(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  hull: Hull = STANDING,
): boolean {
  const boxes = registry.get(w);
  return (
    boxes !== undefined &&
    boxes.length > 0 &&
    hurtTouched(boxes, [x, y, z], hull.mins, hull.maxs) >= 0
  );
}
