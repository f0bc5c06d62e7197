/**
 * Brush entities as optional obstacles: doors, platforms, buttons and walls made of an inline
 * model (`"model" "*N"`), placed where the game puts them when the map starts, and a trace
 * that clips against the world and then each of them, as the server's `SV_Trace` does.
 *
 * Where the game code puts each class at rest (AQtion's `g_func.c` / `g_misc.c`):
 * - `func_door`, `func_button`, `func_door_secret`, `func_water`, `func_conveyor`: at the
 *   entity origin, angles cleared (the `angle` key is a move direction); a door with
 *   START_OPEN (spawnflag 1) rests open: moved by its size along the move direction minus
 *   `lip` (default 8);
 * - `func_door_rotating`: angles cleared, or turned by `distance` (default 90) degrees about
 *   its axis (spawnflags 64 X, 128 Y, else Z; 2 reverses) when it starts open;
 * - `func_plat`: an untargeted platform rests at the bottom, `height` (or its height minus
 *   `lip`, default 8) below its origin; a targeted one at the top;
 * - `func_wall`: solid unless trigger-spawned (spawnflags 1, 2 or 4), then only with START_ON
 *   (4); `func_object` only with spawnflags 0; `func_explosive` unless trigger-spawned (1);
 * - `func_rotating`: at its origin and spawn angles (it may spin in the game);
 * - entities with NOT_IN_DEATHMATCH (spawnflag 2048) are left out, as in a deathmatch game.
 * Left out: `func_train` (always moving), triggers (never solid to traces), players and items.
 * Nothing here moves: a door is where it rests, whatever happens in a game.
 */
import { entityValue as value, type BspEntity } from '../sources/bsp/entities.js';
import type { Vec3 } from '../geometry/vec3.js';
import type { CollisionModel } from './collision-model.js';
import { boxTrace, newTraceResult, transformedBoxTrace, type TraceResult } from './trace.js';

/** One brush entity at rest. Plain data. */
export interface Obstacle {
  readonly classname: string;
  /** Inline model number (`*N`). */
  readonly model: number;
  /** Its head node in the collision model. */
  readonly headnode: number;
  /** [Units: world units] */
  readonly origin: Float32Array;
  /** Pitch, yaw, roll. [Units: degrees] */
  readonly angles: Float32Array;
  /** World bounds, one unit wider than the model, as the server links it. [Units: world units] */
  readonly absMins: Float32Array;
  readonly absMaxs: Float32Array;
}

const SPAWNFLAG_NOT_DEATHMATCH = 2048;
const DOOR_START_OPEN = 1;
const DOOR_REVERSE = 2;
const DOOR_X_AXIS = 64;
const DOOR_Y_AXIS = 128;
const AT_ORIGIN = new Set([
  'func_door',
  'func_button',
  'func_door_secret',
  'func_water',
  'func_conveyor',
  'func_door_rotating',
  'func_plat',
  'func_wall',
  'func_object',
  'func_explosive',
  'func_rotating',
]);

/** The solid brush entities of `entities` at rest, in entity order. */
export function inlineModelObstacles(
  m: CollisionModel,
  entities: readonly BspEntity[],
): Obstacle[] {
  const out: Obstacle[] = [];
  for (const e of entities) {
    if (!AT_ORIGIN.has(e.classname)) continue;
    const modelKey = value(e, 'model');
    if (!modelKey.startsWith('*')) continue;
    const model = Number(modelKey.slice(1));
    if (!Number.isInteger(model) || model <= 0 || model >= m.modelCount) continue;
    const flags = Number(value(e, 'spawnflags')) | 0;
    if (flags & SPAWNFLAG_NOT_DEATHMATCH) continue;
    if (!solidAtStart(e.classname, flags)) continue;

    const origin = Float32Array.from(e.origin ?? [0, 0, 0]);
    const angles = new Float32Array(3);
    const mins = m.modelMins.subarray(model * 3, model * 3 + 3);
    const maxs = m.modelMaxs.subarray(model * 3, model * 3 + 3);
    const lip = numberOr(value(e, 'lip'), 8);
    switch (e.classname) {
      case 'func_door':
      case 'func_water':
        if (flags & DOOR_START_OPEN) {
          const dir = moveDirection(e.angle);
          const distance =
            Math.abs(dir[0]) * (maxs[0] - mins[0]) +
            Math.abs(dir[1]) * (maxs[1] - mins[1]) +
            Math.abs(dir[2]) * (maxs[2] - mins[2]) -
            lip;
          for (let k = 0; k < 3; k++) origin[k] += distance * dir[k];
        }
        break;
      case 'func_door_rotating':
        if (flags & DOOR_START_OPEN) {
          const axis = flags & DOOR_X_AXIS ? 2 : flags & DOOR_Y_AXIS ? 0 : 1;
          const turn = numberOr(value(e, 'distance'), 90);
          angles[axis] = flags & DOOR_REVERSE ? -turn : turn;
        }
        break;
      case 'func_plat':
        if (value(e, 'targetname') === '') {
          const height = numberOr(value(e, 'height'), 0);
          origin[2] -= height !== 0 ? height : maxs[2] - mins[2] - lip;
        }
        break;
      case 'func_rotating':
        angles.set(spawnAngles(e));
        break;
    }
    out.push({
      classname: e.classname,
      model,
      headnode: m.modelHeadnode[model],
      origin,
      angles,
      ...linkBounds(origin, angles, mins, maxs),
    });
  }
  return out;
}

function solidAtStart(classname: string, flags: number): boolean {
  switch (classname) {
    case 'func_wall':
      return (flags & 7) === 0 || (flags & 4) !== 0;
    case 'func_object':
      return flags === 0;
    case 'func_explosive':
      return (flags & 1) === 0;
    default:
      return true;
  }
}

/** The server's link box: model bounds at the origin (a sphere's box when rotated), ±1. */
function linkBounds(
  origin: Float32Array,
  angles: Float32Array,
  mins: Float32Array,
  maxs: Float32Array,
): { absMins: Float32Array; absMaxs: Float32Array } {
  const absMins = new Float32Array(3);
  const absMaxs = new Float32Array(3);
  const rotated = angles[0] !== 0 || angles[1] !== 0 || angles[2] !== 0;
  let radius = 0;
  for (let k = 0; k < 3; k++) radius = Math.max(radius, Math.abs(mins[k]), Math.abs(maxs[k]));
  for (let k = 0; k < 3; k++) {
    absMins[k] = (rotated ? origin[k] - radius : origin[k] + mins[k]) - 1;
    absMaxs[k] = (rotated ? origin[k] + radius : origin[k] + maxs[k]) + 1;
  }
  return { absMins, absMaxs };
}

/** The game's move direction from a yaw: -1 up, -2 down, else horizontal. */
function moveDirection(yaw: number): Vec3 {
  if (yaw === -1) return [0, 0, 1];
  if (yaw === -2) return [0, 0, -1];
  const a = (yaw * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a), 0];
}

function spawnAngles(e: BspEntity): Vec3 {
  const text = value(e, 'angles');
  if (text !== '') {
    const v = text.trim().split(/\s+/).map(Number);
    if (v.length === 3 && v.every(Number.isFinite)) return [v[0], v[1], v[2]];
  }
  return [0, e.angle, 0];
}

function numberOr(text: string, fallback: number): number {
  const n = Number(text);
  return text === '' || !Number.isFinite(n) || n === 0 ? fallback : n;
}

const entityTrace = newTraceResult();

/**
 * Sweeps against the world, then against each obstacle whose link box meets the sweep's box,
 * keeping the nearest hit (`SV_Trace` with these obstacles as the only entities): a world hit
 * at fraction 0 ends it; solid flags accumulate; the contents of every nearer hit are ORed in.
 * Ties between obstacles keep the earlier one in `obstacles` order (the server's order is its
 * area-link order).
 */
export function traceWithObstacles(
  m: CollisionModel,
  obstacles: readonly Obstacle[],
  start: ArrayLike<number>,
  end: ArrayLike<number>,
  mins: ArrayLike<number>,
  maxs: ArrayLike<number>,
  brushmask: number,
  out: TraceResult,
): TraceResult {
  boxTrace(m, start, end, mins, maxs, 0, brushmask, out);
  if (out.fraction === 0 || obstacles.length === 0) return out;

  for (const o of obstacles) {
    if (out.allsolid) return out;
    let apart = false;
    for (let k = 0; k < 3 && !apart; k++) {
      const lo = Math.fround(Math.min(start[k], end[k]) + mins[k] - 1);
      const hi = Math.fround(Math.max(start[k], end[k]) + maxs[k] + 1);
      apart = o.absMins[k] > hi || o.absMaxs[k] < lo;
    }
    if (apart) continue;
    const t = transformedBoxTrace(
      m,
      start,
      end,
      mins,
      maxs,
      o.headnode,
      brushmask,
      o.origin,
      o.angles,
      entityTrace,
    );
    out.allsolid ||= t.allsolid;
    out.startsolid ||= t.startsolid;
    if (t.fraction < out.fraction) {
      out.fraction = t.fraction;
      out.endpos.set(t.endpos);
      out.normal.set(t.normal);
      out.dist = t.dist;
      out.surface = t.surface;
      out.surfaceFlags = t.surfaceFlags;
      out.surfaceValue = t.surfaceValue;
      out.contents |= t.contents;
    }
  }
  return out;
}
