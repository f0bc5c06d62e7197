/**
 * The map a build's graph stages share: the BSP is read and decoded once per file version
 * (path, size and modification time), whichever stage asks first, and every stage gets the same
 * plain-data world (with its static func_walls registered as solid, `static-models.ts`, and
 * its hurt volumes, `hurt-places.ts`), and the collision model built from it once (hurt volumes
 * included). A rebuild in watch mode after
 * the map changed reads it again.
 */
import { stat } from 'node:fs/promises';
import { readBsp, type BspMap } from '../sources/bsp/read-bsp.js';
import { collisionModelOf, type CollisionModel } from '../world/collision-model.js';
import { registerStaticModels, staticWallModels } from './static-models.js';
import { registerHurtBoxes } from './hurt-places.js';
import { hurtBoxes, hurtVolumesOf } from '../sources/bsp/hurt-volumes.js';

const loaded = new Map<string, Promise<BspMap>>();

/** The decoded map of `bsp` (shared; do not modify). */
export async function loadMap(bsp: string): Promise<BspMap> {
  const s = await stat(bsp).catch(() => null);
  // A file that cannot be read gets the BSP reader's own error (file, offset, what was expected).
  if (!s) return readBsp(bsp);
  const key = `${bsp}\u0000${s.size}\u0000${s.mtimeMs}`;
  let map = loaded.get(key);
  if (!map) {
    for (const k of loaded.keys()) if (k.startsWith(`${bsp}\u0000`)) loaded.delete(k);
    map = readBsp(bsp).then((m) => {
      registerStaticModels(m.world, staticWallModels(m.entities, m.world.models.count));
      registerHurtBoxes(m.world, hurtBoxes(hurtVolumesOf(m.entities, m.world.models)));
      return m;
    });
    loaded.set(key, map);
    map.catch(() => loaded.delete(key));
  }
  return map;
}

const models = new WeakMap<BspMap, CollisionModel>();

/** The engine's collision model of `bsp`'s world, built once per decoded map. */
export async function loadCollision(bsp: string): Promise<CollisionModel> {
  const map = await loadMap(bsp);
  let model = models.get(map);
  if (!model) {
    model = collisionModelOf(map);
    models.set(map, model);
  }
  return model;
}
