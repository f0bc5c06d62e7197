/**
 * Where the players of each spawn point stand. A spawn entity floats above the floor in the
 * BSPs (the game drops the player onto it), so the standing box is lowered from the entity onto
 * the floor below, or moved to the nearest standing position (`place-node.ts`). `fill` walks the
 * floor from these as from demo nodes: every player starts at one.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import { STANDING, groundBelow } from './box-query.js';
import { placeNode } from './place-node.js';
import type { Vec3 } from '../geometry/vec3.js';

/** Deepest floor search below a spawn entity (as the spawn-points stage). [Units: world units] */
export const SPAWN_MAX_DROP = 256;

/** The standing origin of each spawn (in order); spawns with no place to stand are left out. */
export function spawnStands(w: BspWorld, spawns: readonly (readonly number[])[]): Vec3[] {
  const out: Vec3[] = [];
  for (const [x, y, z] of spawns) {
    const g = groundBelow(w, x, y, z, SPAWN_MAX_DROP);
    const placed = placeNode(w, [x, y, g ?? z], STANDING, true);
    if (placed) out.push([placed.origin[0], placed.origin[1], placed.origin[2]]);
  }
  return out;
}
