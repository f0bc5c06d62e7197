/**
 * Where the map's moving brush entities go: for each train, platform, door and rotating model,
 * the boxes its model sweeps through over its whole motion, from the entity lump and the inline
 * models' bounds alone. Plain data; the build decides what to do with it (`avoid-movers.ts`,
 * `plat-pairs.ts`).
 *
 * How each class moves, from AQtion's game code (`src/action/g_func.c`):
 * - `func_train` (`SP_func_train`, `func_train_find`, `train_next`): it starts at the
 *   `path_corner` its `target` names and goes corner to corner by their `target`s, each corner
 *   giving the position of the model's *mins* (origin = corner − mins, so the brushes span
 *   corner + 1 … corner + 1 + size; the server's bounds are one unit wider than the compiled
 *   ones). A corner with spawnflag 1 is a teleport: the train jumps there without sweeping and
 *   moves on to that corner's target. `wait` and `speed` only say when: the volume is the same.
 *   Several corners with one name: the game picks one at random, so every one is followed. A
 *   train a `trigger_elevator` drives (`trigger_elevator_use`) also goes from any corner to
 *   any corner named as `pathtarget` by the entities that use the elevator (its buttons).
 * - `func_plat` (`SP_func_plat`): drawn at the top (its origin); it moves down by `height`, or by
 *   its height (one unit wider on each end) minus `lip` (0 or unset: 8), and rests at the bottom
 *   unless targeted. A player in its trigger (the model's footprint shrunk by 25 on each side)
 *   sends it up; it waits 3 s at the top and comes down again.
 * - `func_door` (`SP_func_door`): moves along its `angle` (-1 up, -2 down, else the yaw) by its
 *   size along that axis (one unit wider on each end) minus `lip` (default 8); START_OPEN only
 *   swaps the ends. `func_door_rotating` turns about its origin (spawnflags 64 X, 128 Y, else Z);
 *   its volume here is the whole turn's.
 * - `func_rotating` (`SP_func_rotating`): turns about its origin (spawnflags 4 X, 8 Y, else Z)
 *   when START_ON (1) or once something uses it (it has a targetname); otherwise it stands.
 * Entities with NOT_IN_DEATHMATCH (spawnflag 2048) are left out, as in a deathmatch game.
 */
import { entityValue, type BspEntity } from '../../sources/bsp/entities.js';
import type { Vec3 } from '../../geometry/vec3.js';

/** A box moving in a straight line: it covers every box from `mins`..`maxs` to that plus `move`. */
export interface MoverSweep {
  /** Where the box starts. [Units: world units] */
  readonly mins: Vec3;
  readonly maxs: Vec3;
  /** How far it goes; zero for a box the model only stands in. [Units: world units] */
  readonly move: Vec3;
}

export type MoverKind = 'train' | 'plat' | 'door' | 'rotating';

/** A lift's top surface at both ends of its travel. */
export interface PlatLift {
  /** Footprint of the top surface. [Units: world units; Form: (x, y)] */
  readonly mins: readonly [number, number];
  readonly maxs: readonly [number, number];
  /** Height of the top surface at the bottom and at the top of the travel. [Units: world units] */
  readonly bottomZ: number;
  readonly topZ: number;
}

export interface Mover {
  readonly classname: string;
  /** Inline model number (`*N`). */
  readonly model: number;
  readonly kind: MoverKind;
  /** Line of the entity in the entity text, for reports. */
  readonly line: number;
  /** The model's volume over its whole motion is the union of these. */
  readonly sweeps: readonly MoverSweep[];
  /** For a `func_plat`: where a rider stands at each end. */
  readonly lift: PlatLift | null;
}

/** The inline models' bounds as compiled (the BSP's model lump). */
export interface ModelBounds {
  readonly count: number;
  /** [Units: world units; Form: (x, y, z) × count] */
  readonly mins: ArrayLike<number>;
  readonly maxs: ArrayLike<number>;
}

const NOT_IN_DEATHMATCH = 2048;
const TELEPORT_CORNER = 1;
const ROTATING_START_ON = 1;
const ROTATING_X_AXIS = 4;
const ROTATING_Y_AXIS = 8;
const DOOR_X_AXIS = 64;
const DOOR_Y_AXIS = 128;
/** The game's lip when `lip` is 0 or unset (plats and doors). [Units: world units] */
const DEFAULT_LIP = 8;

/** The moving brush entities of `entities`, in entity order. */
export function moversOf(entities: readonly BspEntity[], models: ModelBounds): Mover[] {
  const corners = cornersByName(entities);
  const out: Mover[] = [];
  for (const e of entities) {
    const kind = KINDS.get(e.classname.toLowerCase());
    if (!kind) continue;
    const model = inlineModel(e, models.count);
    if (model === null) continue;
    const flags = Number(entityValue(e, 'spawnflags')) | 0;
    if (flags & NOT_IN_DEATHMATCH) continue;
    const mins: Vec3 = [
      models.mins[model * 3],
      models.mins[model * 3 + 1],
      models.mins[model * 3 + 2],
    ];
    const maxs: Vec3 = [
      models.maxs[model * 3],
      models.maxs[model * 3 + 1],
      models.maxs[model * 3 + 2],
    ];
    const origin: Vec3 = e.origin ? [e.origin[0], e.origin[1], e.origin[2]] : [0, 0, 0];
    const base = { classname: e.classname, model, kind, line: e.line };
    switch (e.classname.toLowerCase()) {
      case 'func_train':
        out.push({
          ...base,
          sweeps: trainSweeps(e, mins, maxs, corners, elevatorStops(e, entities, corners)),
          lift: null,
        });
        break;
      case 'func_plat': {
        const { sweep, lift } = platSweep(e, origin, mins, maxs);
        out.push({ ...base, sweeps: [sweep], lift });
        break;
      }
      case 'func_door':
        out.push({ ...base, sweeps: [doorSweep(e, origin, mins, maxs)], lift: null });
        break;
      case 'func_door_rotating':
        out.push({ ...base, sweeps: [turnBox(origin, mins, maxs, doorAxis(flags))], lift: null });
        break;
      case 'func_rotating': {
        const turns = (flags & ROTATING_START_ON) !== 0 || entityValue(e, 'targetname') !== '';
        const sweep = turns
          ? turnBox(origin, mins, maxs, rotatingAxis(flags))
          : { mins: add(origin, mins), maxs: add(origin, maxs), move: [0, 0, 0] as Vec3 };
        out.push({ ...base, sweeps: [sweep], lift: null });
        break;
      }
    }
  }
  return out;
}

const KINDS: ReadonlyMap<string, MoverKind> = new Map([
  ['func_train', 'train'],
  ['func_plat', 'plat'],
  ['func_door', 'door'],
  ['func_door_rotating', 'door'],
  ['func_rotating', 'rotating'],
]);

function inlineModel(e: BspEntity, count: number): number | null {
  const m = /^\*(\d+)$/.exec(entityValue(e, 'model'));
  if (!m) return null;
  const n = Number(m[1]);
  return n > 0 && n < count ? n : null;
}

/** path_corners by lower-cased targetname (the game's `G_Find` compares case-insensitively). */
function cornersByName(entities: readonly BspEntity[]): Map<string, BspEntity[]> {
  const byName = new Map<string, BspEntity[]>();
  for (const e of entities) {
    if (e.classname.toLowerCase() !== 'path_corner' || !e.origin) continue;
    const name = entityValue(e, 'targetname').toLowerCase();
    if (name === '') continue;
    const list = byName.get(name);
    if (list) list.push(e);
    else byName.set(name, [e]);
  }
  return byName;
}

/**
 * Every leg of the train's path, visiting each corner once in path order, and the box at every
 * corner where it stops for good; a train without a path stands where it was drawn. A jump to a
 * teleport corner sweeps nothing, so a first corner the train teleports away from at once (a
 * train parked outside the map until its first move) adds nothing either.
 */
function trainSweeps(
  train: BspEntity,
  mins: Vec3,
  maxs: Vec3,
  corners: Map<string, BspEntity[]>,
  stops: readonly BspEntity[],
): MoverSweep[] {
  const size = sub(maxs, mins);
  const at = (corner: BspEntity): { mins: Vec3; maxs: Vec3 } => {
    const lo = add(corner.origin as Vec3, [1, 1, 1]);
    return { mins: lo, maxs: add(lo, size) };
  };
  const next = (e: BspEntity) => corners.get(entityValue(e, 'target').toLowerCase()) ?? [];
  const first = next(train);
  if (first.length === 0 && stops.length === 0) return [{ mins, maxs, move: [0, 0, 0] }];
  const sweeps: MoverSweep[] = [];
  const seen = new Set<BspEntity>(first);
  const queue = [...first];
  const leg = (from: BspEntity, to: BspEntity) => {
    if (Number(entityValue(to, 'spawnflags')) & TELEPORT_CORNER) return;
    sweeps.push({ ...at(from), move: sub(to.origin as Vec3, from.origin as Vec3) });
  };
  for (let i = 0; i < queue.length; i++) {
    const from = queue[i];
    const after = next(from);
    if (after.length === 0) sweeps.push({ ...at(from), move: [0, 0, 0] });
    for (const to of after) {
      leg(from, to);
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  // An elevator goes from wherever it is to any stop a button names.
  for (const from of [...queue, ...stops.filter((s) => !seen.has(s))]) {
    for (const to of stops) if (to !== from) leg(from, to);
  }
  return sweeps;
}

/**
 * The corners a `trigger_elevator` may send `train` to: the `pathtarget`s of the entities that
 * use the elevator (`trigger_elevator_use` moves the train to the user's pathtarget).
 */
function elevatorStops(
  train: BspEntity,
  entities: readonly BspEntity[],
  corners: Map<string, BspEntity[]>,
): BspEntity[] {
  const name = entityValue(train, 'targetname').toLowerCase();
  if (name === '') return [];
  const elevators = new Set(
    entities
      .filter(
        (e) =>
          e.classname.toLowerCase() === 'trigger_elevator' &&
          entityValue(e, 'target').toLowerCase() === name,
      )
      .map((e) => entityValue(e, 'targetname').toLowerCase())
      .filter((n) => n !== ''),
  );
  const stops = new Set<BspEntity>();
  for (const e of entities) {
    if (!elevators.has(entityValue(e, 'target').toLowerCase())) continue;
    for (const c of corners.get(entityValue(e, 'pathtarget').toLowerCase()) ?? []) stops.add(c);
  }
  return [...stops];
}

function platSweep(
  e: BspEntity,
  origin: Vec3,
  mins: Vec3,
  maxs: Vec3,
): { sweep: MoverSweep; lift: PlatLift } {
  const height = Number(entityValue(e, 'height')) || 0;
  const lip = Number(entityValue(e, 'lip')) || DEFAULT_LIP;
  // The server's bounds are one unit wider on each end than the compiled ones.
  const travel = height !== 0 ? height : maxs[2] - mins[2] + 2 - lip;
  const top = { mins: add(origin, mins), maxs: add(origin, maxs) };
  return {
    sweep: { ...top, move: [0, 0, -travel] },
    lift: {
      mins: [top.mins[0], top.mins[1]],
      maxs: [top.maxs[0], top.maxs[1]],
      bottomZ: top.maxs[2] - travel,
      topZ: top.maxs[2],
    },
  };
}

function doorSweep(e: BspEntity, origin: Vec3, mins: Vec3, maxs: Vec3): MoverSweep {
  const dir: Vec3 =
    e.angle === -1
      ? [0, 0, 1]
      : e.angle === -2
        ? [0, 0, -1]
        : [Math.cos((e.angle * Math.PI) / 180), Math.sin((e.angle * Math.PI) / 180), 0];
  const lip = Number(entityValue(e, 'lip')) || DEFAULT_LIP;
  const size = add(sub(maxs, mins), [2, 2, 2]);
  const distance =
    Math.abs(dir[0]) * size[0] + Math.abs(dir[1]) * size[1] + Math.abs(dir[2]) * size[2] - lip;
  return {
    mins: add(origin, mins),
    maxs: add(origin, maxs),
    move: [dir[0] * distance, dir[1] * distance, dir[2] * distance],
  };
}

/** Axis index a rotating model turns about: 0 x, 1 y, 2 z. */
type Axis = 0 | 1 | 2;

function rotatingAxis(flags: number): Axis {
  return flags & ROTATING_X_AXIS ? 0 : flags & ROTATING_Y_AXIS ? 1 : 2;
}

function doorAxis(flags: number): Axis {
  return flags & DOOR_X_AXIS ? 0 : flags & DOOR_Y_AXIS ? 1 : 2;
}

/**
 * The box a model turning all the way round `axis` through `origin` stays in: along the axis its
 * own extent, across it the circle through its farthest corner.
 */
function turnBox(origin: Vec3, mins: Vec3, maxs: Vec3, axis: Axis): MoverSweep {
  const [u, v] = ([0, 1, 2] as const).filter((k) => k !== axis);
  let radius = 0;
  for (const a of [mins[u], maxs[u]]) {
    for (const b of [mins[v], maxs[v]]) radius = Math.max(radius, Math.hypot(a, b));
  }
  const lo: Vec3 = [0, 0, 0];
  const hi: Vec3 = [0, 0, 0];
  for (const k of [0, 1, 2] as const) {
    lo[k] = origin[k] + (k === axis ? mins[k] : -radius);
    hi[k] = origin[k] + (k === axis ? maxs[k] : radius);
  }
  return { mins: lo, maxs: hi, move: [0, 0, 0] };
}

function add(a: readonly number[], b: readonly number[]): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

function sub(a: readonly number[], b: readonly number[]): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
