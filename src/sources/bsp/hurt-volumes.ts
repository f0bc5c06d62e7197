/**
 * Where a map hurts players by its entities: the `trigger_hurt` volumes, as the boxes the game
 * tests a player against.
 *
 * How the game hurts (AQtion's `g_trigger.c`, `g_utils.c`, and q2pro's `world.c`, `bsp.c`):
 * after each move a player's box is linked with its bounds widened by one unit, and every
 * trigger whose linked box overlaps it is touched (`G_TouchTriggers`: bounding boxes only, no
 * brush test). A trigger's linked box is its entity origin plus its inline model's bounds,
 * widened by one unit when the map is loaded and by one more when the trigger is linked.
 * `hurt_touch` then takes `dmg` (5 when the key is missing) every 0.1 s, or every second with
 * the SLOW flag: 50 a second by default, enough to kill a player crossing a volume a few
 * hundred units wide.
 *
 * Spawnflags: START_OFF (1) leaves the volume out until it is used, TOGGLE (2) lets it be used.
 * A volume that starts off and cannot be toggled never hurts; every other one may hurt at any
 * moment of a round (subway2's strip along its tracks is switched by the trains), so a node or
 * a link must keep out of all of them.
 */
import type { BspEntity } from './entities.js';
import { entityValue } from './entities.js';
import type { BspModels } from './world.js';

/** trigger_hurt spawnflags. */
const START_OFF = 1;
const TOGGLE = 2;
/** `hurt_touch`'s damage when the entity has no `dmg` key (`SP_trigger_hurt`). */
const DEFAULT_DAMAGE = 5;
/**
 * The trigger's bounds are widened by one unit when the map is loaded (`bsp.c`) and by one
 * more when it is linked (`SV_LinkEdict`). [Units: world units]
 */
const TRIGGER_WIDENING = 2;
/** A player's linked box is its box widened by this much (`SV_LinkEdict`). [Units: world units] */
export const PLAYER_LINK_WIDENING = 1;

/** One volume that hurts. */
export interface HurtVolume {
  /** Index of the entity in the map's entity list. */
  readonly entity: number;
  /** The inline model the volume is made of. */
  readonly model: number;
  /** Damage per touch (every 0.1 s, or every second with `slow`). */
  readonly damage: number;
  readonly slow: boolean;
  /** The box a player's linked box is tested against. [Units: world units] */
  readonly mins: readonly [number, number, number];
  readonly maxs: readonly [number, number, number];
}

/** The volumes of `entities` that hurt (see the module comment), in entity order. */
export function hurtVolumesOf(
  entities: readonly BspEntity[],
  models: Pick<BspModels, 'count' | 'mins' | 'maxs'>,
): HurtVolume[] {
  const out: HurtVolume[] = [];
  entities.forEach((e, entity) => {
    if (e.classname.toLowerCase() !== 'trigger_hurt') return;
    const m = /^\*(\d+)$/.exec(entityValue(e, 'model'));
    if (!m) return;
    const model = Number(m[1]);
    if (model <= 0 || model >= models.count) return;
    const flags = Number(entityValue(e, 'spawnflags')) | 0;
    if ((flags & START_OFF) !== 0 && (flags & TOGGLE) === 0) return;
    const dmg = Number(entityValue(e, 'dmg')) | 0;
    const damage = dmg === 0 ? DEFAULT_DAMAGE : dmg;
    if (damage <= 0) return; // a negative dmg heals
    const origin = e.origin ?? [0, 0, 0];
    const box = (b: Float32Array, sign: number): [number, number, number] => [
      origin[0] + b[model * 3] + sign * TRIGGER_WIDENING,
      origin[1] + b[model * 3 + 1] + sign * TRIGGER_WIDENING,
      origin[2] + b[model * 3 + 2] + sign * TRIGGER_WIDENING,
    ];
    out.push({
      entity,
      model,
      damage,
      slow: (flags & 16) !== 0,
      mins: box(models.mins, -1),
      maxs: box(models.maxs, 1),
    });
  });
  return out;
}

/**
 * The volumes as one flat array for the hot loops and for worker threads:
 * (minX, minY, minZ, maxX, maxY, maxZ) per volume, in order.
 */
export function hurtBoxes(volumes: readonly HurtVolume[]): Float64Array {
  const out = new Float64Array(volumes.length * 6);
  volumes.forEach((v, i) => {
    out.set(v.mins, i * 6);
    out.set(v.maxs, i * 6 + 3);
  });
  return out;
}

/**
 * The first volume of `boxes` ({@link hurtBoxes}) that a player with box `mins`…`maxs` at
 * `origin` touches, or -1. [Units: world units]
 */
export function hurtTouched(
  boxes: Float64Array,
  origin: ArrayLike<number>,
  mins: ArrayLike<number>,
  maxs: ArrayLike<number>,
): number {
  for (let k = 0; k < boxes.length; k += 6) {
    let apart = false;
    for (let i = 0; i < 3 && !apart; i++) {
      const lo = origin[i] + mins[i] - PLAYER_LINK_WIDENING;
      const hi = origin[i] + maxs[i] + PLAYER_LINK_WIDENING;
      // SV_AreaEdicts: boxes apart only when one's min is above the other's max.
      apart = boxes[k + i] > hi || boxes[k + 3 + i] < lo;
    }
    if (!apart) return k / 6;
  }
  return -1;
}
