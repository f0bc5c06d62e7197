/**
 * Brush entities a player collides with as if they were the world: `func_wall`s that stand
 * from the start (not "trigger spawn" unless also "start on"). They never move, the game's
 * traces hit them, and mappers build ladders, pillars and railings from them. Doors and
 * platforms move and are left out (a node must not rely on them either way).
 *
 * The decoded world does not know its entities, so the models are registered per world when
 * the map is loaded (`map-source.ts`); a world nobody registered (a test's box world) has none.
 */
import type { BspEntity } from '../sources/bsp/entities.js';
import type { BspWorld } from '../sources/bsp/world.js';

/** func_wall spawnflags: 1 trigger spawn, 4 start on. */
const TRIGGER_SPAWN = 1;
const START_ON = 4;

/** Inline model numbers of the func_walls standing from the start, ascending. */
export function staticWallModels(entities: readonly BspEntity[], modelCount: number): number[] {
  const out = new Set<number>();
  for (const e of entities) {
    if (e.classname.toLowerCase() !== 'func_wall') continue;
    let model = '';
    let flags = 0;
    for (const [k, v] of e.keyValues) {
      if (k.toLowerCase() === 'model') model = v;
      else if (k.toLowerCase() === 'spawnflags') flags = Number(v) | 0;
    }
    const m = /^\*(\d+)$/.exec(model);
    if (!m) continue;
    const n = Number(m[1]);
    if (n <= 0 || n >= modelCount) continue;
    if ((flags & TRIGGER_SPAWN) === 0 || (flags & START_ON) !== 0) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

const registry = new WeakMap<BspWorld, readonly number[]>();

/** Records the static solid models of `world` (see the module comment). */
export function registerStaticModels(world: BspWorld, models: readonly number[]): void {
  registry.set(world, Object.freeze([...models]));
}

/** The static solid models registered for `world`; none if nobody registered them. */
export function staticModelsOf(world: BspWorld): readonly number[] {
  return registry.get(world) ?? [];
}
