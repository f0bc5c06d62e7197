/**
 * A brush-level judge of navs, written apart from the code it judges: it reads the map's raw
 * brushes (planes and contents from the BSP decoder) and tests boxes against them one brush at
 * a time. It does not use the project's collision model (src/world), its traces, the BSP tree
 * point queries or the classify / fill stages, so a bug there cannot hide itself here.
 *
 * ## Definitions
 * - **Brush**: the convex set `{x : n·x ≤ d}` over its side planes (n outward). The brushes of
 *   the world model (model 0, the brushes its leaves list) count, and those of `func_wall`
 *   entities that are there from the start (not spawnflag 1 "trigger spawn" without 4 "start on"):
 *   a func_wall never moves and the game's traces hit it (wizs builds its ladders that way).
 *   Doors, platforms and other brush entities move or open and are left out.
 * - **Penetration depth** of an axis-aligned box B into a brush K: the smallest overlap along the
 *   candidate separating directions, the brush's side normals and the three world axes:
 *   for a side (n, d): `d − min_{x∈B} n·x` (B's support point against n, i.e. the brush's planes
 *   pushed out by the box, a Minkowski sum); for axis k: `min(B.max_k − K.min_k, K.max_k − B.min_k)`
 *   with K's bounds from its corners. Depth ≤ 0 means a separating plane exists among those
 *   (box and brush do not overlap, or only touch). Quake 2 compilers add axial bevel sides to
 *   every brush, so for map brushes these directions decide overlap as the engine's box traces do.
 * - {@link boxInSolid}: depth > `depth` (default 1 unit) into some world brush whose contents
 *   share a bit with MASK_PLAYERSOLID = SOLID | WINDOW | PLAYERCLIP | MONSTER = 33619971.
 * - {@link touchesLadder}: the box grown by `margin` (default 4 units) on every side has
 *   depth > 0 into a brush with CONTENTS_LADDER. A player climbing presses against the ladder
 *   (the engine's ladder test reaches 1 unit ahead, the bots' up to 32); 4 units leaves room for
 *   float rounding and the 1/8-unit origin grid without counting a node a step away.
 * - {@link standingBlocked}: the standing box (−16, −16, −24)…(16, 16, 32) is in solid (> 1 unit)
 *   and the crouched box (same, maxs z 4) is not (PM_CheckDuck in pmove/template.c: mins z −24,
 *   maxs z 32 standing, 4 ducked; viewheight 22 / 8).
 * - {@link waterLevel}: 0..3 as PM_CategorizePosition counts it, from three points above the
 *   origin: feet `z + mins.z + 1`, waist `z + mins.z + (viewheight − mins.z) / 2`, eyes
 *   `z + viewheight` (standing: z − 23, z − 1, z + 22); each level needs the lower ones. A point
 *   is in liquid when it is strictly inside (n·p < d for every side) a world brush with WATER,
 *   SLIME or LAVA contents (a point on a plane is on its front, as the engine's tree walk puts it).
 * - {@link ladderClimbs}: a ladder is a group of ladder brushes whose bounds touch (within 2
 *   units); a player (pm_type normal, not the MVD dummy) climbs it in a frame when the standing box
 *   touches one of its brushes (margin 4) and the origin moved ≥ 8 units vertically and ≤ 16
 *   horizontally since the player's previous frame (climbing is 200 u/s: 20 units a frame).
 * - {@link groundBelow}: the box moved down by `step` (default 18, the engine's step height)
 *   would be in solid (depth > 0) where the box itself is not: there is something to stand on
 *   within a step.
 *
 * Brute force over brushes with an AABB test first: a few thousand brushes × a few thousand
 * nodes is milliseconds.
 */
import { readFile } from 'node:fs/promises';
import { brushVolumes } from '../../src/sources/bsp/brush-volumes.js';
import type { BspEntity } from '../../src/sources/bsp/entities.js';
import { parseBsp } from '../../src/sources/bsp/read-bsp.js';
import type { BspWorld } from '../../src/sources/bsp/world.js';
import { readLtk } from '../../src/sources/ltk/read-ltk.js';
import { readDemo } from '../../src/sources/demo/read-demo.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import type { NavFile } from '../../src/nav/types.js';

export const CONTENTS_SOLID = 1;
export const CONTENTS_WINDOW = 2;
export const CONTENTS_LAVA = 8;
export const CONTENTS_SLIME = 16;
export const CONTENTS_WATER = 32;
export const CONTENTS_PLAYERCLIP = 1 << 16;
export const CONTENTS_MONSTER = 1 << 25;
export const CONTENTS_LADDER = 1 << 29;
/** Written out here rather than imported: it is one of the facts this checker checks. */
export const MASK_PLAYERSOLID =
  CONTENTS_SOLID | CONTENTS_WINDOW | CONTENTS_PLAYERCLIP | CONTENTS_MONSTER;
export const MASK_WATER = CONTENTS_WATER | CONTENTS_LAVA | CONTENTS_SLIME;

export type V3 = readonly [number, number, number];
export const STAND_MINS: V3 = [-16, -16, -24];
export const STAND_MAXS: V3 = [16, 16, 32];
export const CROUCH_MAXS: V3 = [16, 16, 4];
export const STAND_VIEWHEIGHT = 22;
export const CROUCH_VIEWHEIGHT = 8;
/** The engine's step height (STEPSIZE in pmove). [Units: world units] */
export const STEP = 18;

/** One convex brush: side planes and corner bounds. */
export interface CheckBrush {
  contents: number;
  /** Model the brush belongs to: 0 = the world, n = inline model `*n` (a func_wall). */
  model?: number;
  /** Outward unit normals. [Form: (x, y, z) × sides] */
  normals: number[];
  /** [Length: sides] */
  dists: number[];
  mins: V3;
  maxs: V3;
}

export interface CheckMap {
  brushes: CheckBrush[];
  /**
   * The boxes a player touching a `trigger_hurt` is hurt in (triggers are touched by bounding
   * box): the union of its brushes' bounds, plus the engine's widening of a trigger (1 at load,
   * 1 when linked) and of a player (1 when linked), so a player's plain box overlapping one
   * is hurt. Volumes that start off and cannot be switched on are left out.
   */
  hurt?: { mins: V3; maxs: V3 }[];
}

/** The hurt boxes of a map (see {@link CheckMap.hurt}), from its brushes. */
export function hurtBoxesOf(
  world: BspWorld,
  entities: readonly BspEntity[],
): NonNullable<CheckMap['hurt']> {
  const volumes = brushVolumes(world, -1);
  const boundsOf = new Map<number, number>();
  for (let i = 0; i < volumes.count; i++) boundsOf.set(volumes.brush[i], i);
  const out: NonNullable<CheckMap['hurt']> = [];
  for (const e of entities) {
    if (e.classname.toLowerCase() !== 'trigger_hurt') continue;
    const value = (key: string) => e.keyValues.findLast(([k]) => k.toLowerCase() === key)?.[1];
    const model = /^\*(\d+)$/.exec(value('model') ?? '');
    const flags = Number(value('spawnflags') ?? 0) | 0;
    if (!model || ((flags & 1) !== 0 && (flags & 2) === 0)) continue;
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (const b of modelBrushes(world, Number(model[1]))) {
      const i = boundsOf.get(b);
      if (i === undefined) continue;
      for (let k = 0; k < 3; k++) {
        lo[k] = Math.min(lo[k], volumes.mins[i * 3 + k]);
        hi[k] = Math.max(hi[k], volumes.maxs[i * 3 + k]);
      }
    }
    if (!(lo[0] <= hi[0])) continue;
    const o = e.origin ?? [0, 0, 0];
    const grow = 3;
    out.push({
      mins: [o[0] + lo[0] - grow, o[1] + lo[1] - grow, o[2] + lo[2] - grow],
      maxs: [o[0] + hi[0] + grow, o[1] + hi[1] + grow, o[2] + hi[2] + grow],
    });
  }
  return out;
}

/** A player's box at `origin` overlaps one of the map's hurt boxes. */
export function inHurt(map: CheckMap, origin: V3, mins: V3, maxs: V3): boolean {
  return (map.hurt ?? []).some((h) =>
    [0, 1, 2].every((k) => origin[k] + mins[k] <= h.maxs[k] && origin[k] + maxs[k] >= h.mins[k]),
  );
}

/** Indices of the brushes that the leaves under a model's head node list. */
function modelBrushes(world: BspWorld, model: number): Set<number> {
  const out = new Set<number>();
  const stack = [world.models.headNode[model]];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n < 0) {
      const leaf = -1 - n;
      const first = world.leaves.firstLeafBrush[leaf];
      for (let i = 0; i < world.leaves.leafBrushCount[leaf]; i++)
        out.add(world.leafBrushes[first + i]);
      continue;
    }
    stack.push(world.nodes.children[n * 2], world.nodes.children[n * 2 + 1]);
  }
  return out;
}

/** Inline models of the func_walls that stand from the start (see the module comment). */
export function staticWallModels(entities: readonly BspEntity[]): number[] {
  const models: number[] = [];
  for (const e of entities) {
    if (e.classname.toLowerCase() !== 'func_wall') continue;
    const value = (key: string) => e.keyValues.findLast(([k]) => k.toLowerCase() === key)?.[1];
    const model = /^\*(\d+)$/.exec(value('model') ?? '');
    const flags = Number(value('spawnflags') ?? 0) | 0;
    if (model && ((flags & 1) === 0 || (flags & 4) !== 0)) models.push(Number(model[1]));
  }
  return models;
}

/** Brushes of the world model and of `models` (inline model numbers), as plain planes and bounds. */
export function checkMapFromWorld(world: BspWorld, models: readonly number[] = []): CheckMap {
  const owner = new Map<number, number>();
  for (const m of [...models].reverse()) {
    if (m > 0 && m < world.models.count) for (const b of modelBrushes(world, m)) owner.set(b, m);
  }
  for (const b of modelBrushes(world, 0)) owner.set(b, 0);
  const volumes = brushVolumes(world, -1);
  const brushes: CheckBrush[] = [];
  for (let i = 0; i < volumes.count; i++) {
    const b = volumes.brush[i];
    const model = owner.get(b);
    if (model === undefined) continue;
    const normals: number[] = [];
    const dists: number[] = [];
    for (let s = 0; s < world.brushes.sideCount[b]; s++) {
      const p = world.brushSides.plane[world.brushes.firstSide[b] + s];
      normals.push(
        world.planes.normals[p * 3],
        world.planes.normals[p * 3 + 1],
        world.planes.normals[p * 3 + 2],
      );
      dists.push(world.planes.dists[p]);
    }
    brushes.push({
      contents: world.brushes.contents[b],
      model,
      normals,
      dists,
      mins: [volumes.mins[i * 3], volumes.mins[i * 3 + 1], volumes.mins[i * 3 + 2]],
      maxs: [volumes.maxs[i * 3], volumes.maxs[i * 3 + 1], volumes.maxs[i * 3 + 2]],
    });
  }
  return { brushes };
}

/**
 * Reads a map: the world and its standing func_walls, or with `worldOnly` the world model alone
 * (what the engine's world traces, headnode 0, test).
 */
export async function loadCheckMap(bspPath: string, worldOnly = false): Promise<CheckMap> {
  const bsp = parseBsp(await readFile(bspPath), bspPath);
  return {
    ...checkMapFromWorld(bsp.world, worldOnly ? [] : staticWallModels(bsp.entities)),
    hurt: hurtBoxesOf(bsp.world, bsp.entities),
  };
}

/** An axis-aligned box brush (six sides), for synthetic maps in tests. */
export function boxBrush(mins: V3, maxs: V3, contents: number): CheckBrush {
  return {
    contents,
    normals: [1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1],
    dists: [maxs[0], -mins[0], maxs[1], -mins[1], maxs[2], -mins[2]],
    mins,
    maxs,
  };
}

/**
 * Penetration depth of the box `[lo, hi]` into `b` (see the module comment); ≤ 0 = apart.
 * [Units: world units]
 */
export function boxDepth(b: CheckBrush, lo: V3, hi: V3): number {
  let depth = Infinity;
  for (let k = 0; k < 3; k++) depth = Math.min(depth, hi[k] - b.mins[k], b.maxs[k] - lo[k]);
  if (depth <= 0) return depth;
  for (let s = 0; s < b.dists.length; s++) {
    const nx = b.normals[s * 3];
    const ny = b.normals[s * 3 + 1];
    const nz = b.normals[s * 3 + 2];
    const support =
      nx * (nx < 0 ? hi[0] : lo[0]) + ny * (ny < 0 ? hi[1] : lo[1]) + nz * (nz < 0 ? hi[2] : lo[2]);
    depth = Math.min(depth, b.dists[s] - support);
    if (depth <= 0) return depth;
  }
  return depth;
}

/** Largest penetration of the box at `origin` into a brush whose contents meet `mask`. */
export function maxDepth(
  map: CheckMap,
  origin: V3,
  mins: V3,
  maxs: V3,
  mask: number,
  grow = 0,
): number {
  const lo: V3 = [
    origin[0] + mins[0] - grow,
    origin[1] + mins[1] - grow,
    origin[2] + mins[2] - grow,
  ];
  const hi: V3 = [
    origin[0] + maxs[0] + grow,
    origin[1] + maxs[1] + grow,
    origin[2] + maxs[2] + grow,
  ];
  let best = -Infinity;
  for (const b of map.brushes) {
    if ((b.contents & mask) === 0) continue;
    // Touching boxes are kept (depth 0): callers decide whether touching counts.
    if (lo[0] > b.maxs[0] || hi[0] < b.mins[0] || lo[1] > b.maxs[1] || hi[1] < b.mins[1]) continue;
    if (lo[2] > b.maxs[2] || hi[2] < b.mins[2]) continue;
    best = Math.max(best, boxDepth(b, lo, hi));
  }
  return best;
}

/** The box at `origin` is more than `depth` units into player-solid world brushes. */
export function boxInSolid(map: CheckMap, origin: V3, mins: V3, maxs: V3, depth = 1): boolean {
  return maxDepth(map, origin, mins, maxs, MASK_PLAYERSOLID) > depth;
}

/** The box grown by `margin` overlaps a ladder brush. */
export function touchesLadder(map: CheckMap, origin: V3, mins: V3, maxs: V3, margin = 4): boolean {
  return maxDepth(map, origin, mins, maxs, CONTENTS_LADDER, margin) > 0;
}

/** A standing player does not fit at `origin` (> `depth` into solid), a crouched one does. */
export function standingBlocked(map: CheckMap, origin: V3, depth = 1): boolean {
  return (
    boxInSolid(map, origin, STAND_MINS, STAND_MAXS, depth) &&
    !boxInSolid(map, origin, STAND_MINS, CROUCH_MAXS, depth)
  );
}

/**
 * Contents bits (within `mask`) of the world brushes that hold the point: n·p < d for every side,
 * where a point exactly on an axis-aligned side counts as on the side's +axis half, as the
 * engine's tree walk puts it (a point on a node plane goes to its front, and the compiler's
 * axial node planes face +axis). So a point on the shared face of two water brushes is in
 * water, one on the water's top face is not.
 */
export function brushContentsAt(map: CheckMap, x: number, y: number, z: number, mask = -1): number {
  let contents = 0;
  for (const b of map.brushes) {
    if ((b.contents & mask & ~contents) === 0) continue;
    if (x < b.mins[0] || x > b.maxs[0] || y < b.mins[1] || y > b.maxs[1]) continue;
    if (z < b.mins[2] || z > b.maxs[2]) continue;
    let inside = true;
    for (let s = 0; s < b.dists.length && inside; s++) {
      const nx = b.normals[s * 3];
      const ny = b.normals[s * 3 + 1];
      const nz = b.normals[s * 3 + 2];
      const v = nx * x + ny * y + nz * z - b.dists[s];
      inside = v < 0 || (v === 0 && (nx === -1 || ny === -1 || nz === -1));
    }
    if (inside) contents |= b.contents & mask;
  }
  return contents;
}

function pointInLiquid(map: CheckMap, x: number, y: number, z: number): boolean {
  return brushContentsAt(map, x, y, z, MASK_WATER) !== 0;
}

/** The engine's water level (0..3) of a player at `origin`; `crouched` uses the ducked view height. */
export function waterLevel(map: CheckMap, origin: V3, crouched = false): number {
  const minsZ = STAND_MINS[2];
  const eyes = (crouched ? CROUCH_VIEWHEIGHT : STAND_VIEWHEIGHT) - minsZ;
  const samples = [1, eyes / 2, eyes];
  let level = 0;
  for (const h of samples) {
    if (!pointInLiquid(map, origin[0], origin[1], origin[2] + minsZ + h)) break;
    level++;
  }
  return level;
}

/** Something solid lies under the box within `step` units (see the module comment). */
export function groundBelow(map: CheckMap, origin: V3, mins: V3, maxs: V3, step = STEP): boolean {
  const lowered: V3 = [mins[0], mins[1], mins[2] - step];
  return maxDepth(map, origin, lowered, [maxs[0], maxs[1], mins[2]], MASK_PLAYERSOLID) > 0;
}

/** Share of the nodes in the largest component of the undirected link graph (0 for no nodes). */
export function largestComponentShare(nav: NavFile): number {
  const n = nav.nodes.length;
  if (n === 0) return 0;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  nav.nodes.forEach((node, i) => {
    for (const l of node.links) parent[find(i)] = find(l.target);
  });
  const sizes = new Map<number, number>();
  for (let i = 0; i < n; i++) sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1);
  return Math.max(...sizes.values()) / n;
}

/** Share of the points (flat x, y, z) that have a nav node within `radius` (3D). */
export function coverage(points: ArrayLike<number>, nav: NavFile, radius = 64): number {
  const count = points.length / 3;
  if (count === 0) return 0;
  let near = 0;
  for (let i = 0; i < count; i++) {
    const x = points[i * 3];
    const y = points[i * 3 + 1];
    const z = points[i * 3 + 2];
    if (
      nav.nodes.some((n) => Math.hypot(n.origin[0] - x, n.origin[1] - y, n.origin[2] - z) <= radius)
    )
      near++;
  }
  return near / count;
}

/** One row of the map-check table (`npm run measure:map-checks`) for a nav on a map. */
export interface NavMeasure {
  nodes: number;
  /** LADDER, LADDER_UP, LADDER_DOWN nodes; confirmed = standing box touches a ladder brush. */
  ladder: { total: number; confirmed: number };
  /**
   * CROUCH nodes; confirmed = standing blocked at the node; `near` also counts a node where
   * standing is blocked 16 units away horizontally (one of 8 directions), a vent's mouth.
   */
  crouch: { total: number; confirmed: number; near: number };
  /** WATER nodes; confirmed = water level ≥ 2 (waist) at the node. */
  water: { total: number; confirmed: number };
  /** Nodes whose box (crouched for CROUCH nodes) is > 1 unit into solid. */
  inSolid: number;
  /** Nodes where a player touches a hurt volume ({@link CheckMap.hurt}). */
  inHurt: number;
  /** Nodes other than WATER and ladder types with no ground within a step below. */
  noGround: number;
  /** Share of nodes in the largest undirected component. */
  largestComponent: number;
  /** Share of LTK waypoints within 64 units of a node; null without an LTK file. */
  ltkCoverage: number | null;
}

/** Measures a nav (read with the project's reader) against a map's brushes. */
export function measureNavOn(
  map: CheckMap,
  nav: NavFile,
  ltkOrigins: ArrayLike<number> | null,
): NavMeasure {
  const T = defaultNodeTypes;
  const ladderTypes = new Set([T.LADDER, T.LADDER_UP, T.LADDER_DOWN]);
  const m: NavMeasure = {
    nodes: nav.nodes.length,
    ladder: { total: 0, confirmed: 0 },
    crouch: { total: 0, confirmed: 0, near: 0 },
    water: { total: 0, confirmed: 0 },
    inSolid: 0,
    inHurt: 0,
    noGround: 0,
    largestComponent: largestComponentShare(nav),
    ltkCoverage: ltkOrigins ? coverage(ltkOrigins, nav) : null,
  };
  for (const node of nav.nodes) {
    const o = node.origin as V3;
    const crouch = node.type === T.CROUCH;
    const maxs = crouch ? CROUCH_MAXS : STAND_MAXS;
    if (boxInSolid(map, o, STAND_MINS, maxs)) m.inSolid++;
    if (inHurt(map, o, STAND_MINS, maxs)) m.inHurt++;
    if (ladderTypes.has(node.type)) {
      m.ladder.total++;
      if (touchesLadder(map, o, STAND_MINS, STAND_MAXS)) m.ladder.confirmed++;
    } else if (node.type !== T.WATER && !groundBelow(map, o, STAND_MINS, maxs)) m.noGround++;
    if (crouch) {
      m.crouch.total++;
      if (standingBlocked(map, o)) m.crouch.confirmed++;
      let near = false;
      for (let k = 0; k < 9 && !near; k++) {
        const a = (k * Math.PI) / 4;
        const p: V3 = k === 8 ? o : [o[0] + 16 * Math.cos(a), o[1] + 16 * Math.sin(a), o[2]];
        near = standingBlocked(map, p);
      }
      if (near) m.crouch.near++;
    }
    if (node.type === T.WATER) {
      m.water.total++;
      if (waterLevel(map, o) >= 2) m.water.confirmed++;
    }
  }
  return m;
}

/** {@link measureNavOn} from files: the map, the nav, and optionally the map's LTK waypoints. */
export async function measureNav(
  bspPath: string,
  navPath: string,
  ltkPath?: string,
): Promise<NavMeasure> {
  const map = await loadCheckMap(bspPath);
  const nav = (await readNavFile(navPath)).nav;
  const ltk = ltkPath ? (await readLtk(ltkPath)).origins : null;
  return measureNavOn(map, nav, ltk);
}

/** A ladder (touching ladder brushes) and how often demos show players climbing it. */
export interface LadderClimbs {
  /** Indices into `map.brushes`. */
  brushes: number[];
  mins: V3;
  maxs: V3;
  /** Frames in which some player climbed it. */
  frames: number;
  /** Distinct demos with at least one such frame. */
  demos: number;
}

/** Groups of touching ladder brushes (see the module comment), in brush order. */
export function ladders(map: CheckMap): number[][] {
  const idx = map.brushes.flatMap((b, i) => ((b.contents & CONTENTS_LADDER) !== 0 ? [i] : []));
  const parent = new Map(idx.map((i) => [i, i]));
  const find = (i: number): number => {
    while (parent.get(i) !== i) i = parent.get(i)!;
    return i;
  };
  const near = (a: CheckBrush, b: CheckBrush) =>
    [0, 1, 2].every((k) => a.mins[k] <= b.maxs[k] + 2 && b.mins[k] <= a.maxs[k] + 2);
  for (let x = 0; x < idx.length; x++)
    for (let y = x + 1; y < idx.length; y++)
      if (near(map.brushes[idx[x]], map.brushes[idx[y]])) parent.set(find(idx[y]), find(idx[x]));
  const groups = new Map<number, number[]>();
  for (const i of idx) {
    const r = find(i);
    if (!groups.has(r)) groups.set(r, []);
    groups.get(r)!.push(i);
  }
  return [...groups.values()];
}

/** Which ladder the standing box at `origin` touches (margin 4), or -1. */
function ladderAt(map: CheckMap, groups: number[][], origin: V3): number {
  const lo: V3 = [origin[0] - 20, origin[1] - 20, origin[2] - 28];
  const hi: V3 = [origin[0] + 20, origin[1] + 20, origin[2] + 36];
  for (let g = 0; g < groups.length; g++)
    for (const i of groups[g]) if (boxDepth(map.brushes[i], lo, hi) > 0) return g;
  return -1;
}

/** Climbs seen in demos (MVD2, segments on `mapName` only), per ladder of the map. */
export async function ladderClimbs(
  map: CheckMap,
  mapName: string,
  demos: readonly string[],
): Promise<LadderClimbs[]> {
  const groups = ladders(map);
  const out: LadderClimbs[] = groups.map((brushes) => {
    const mins = [Infinity, Infinity, Infinity];
    const maxs = [-Infinity, -Infinity, -Infinity];
    for (const i of brushes)
      for (let k = 0; k < 3; k++) {
        mins[k] = Math.min(mins[k], map.brushes[i].mins[k]);
        maxs[k] = Math.max(maxs[k], map.brushes[i].maxs[k]);
      }
    return {
      brushes,
      mins: mins as unknown as V3,
      maxs: maxs as unknown as V3,
      frames: 0,
      demos: 0,
    };
  });
  for (const path of demos) {
    const seen = new Set<number>();
    let dummy = -1;
    let onMap = false;
    const last = new Map<number, V3>();
    await readDemo(path).forEach((e) => {
      if (e.kind === 'segment') {
        dummy = e.clientNum;
        onMap = e.map === mapName;
        last.clear();
        return;
      }
      if (e.kind !== 'frame' || !onMap) return;
      for (const p of e.players) {
        if (p.slot === dummy || p.pmType !== 0) {
          last.delete(p.slot);
          continue;
        }
        const prev = last.get(p.slot);
        last.set(p.slot, p.origin);
        if (!prev) continue;
        const dz = Math.abs(p.origin[2] - prev[2]);
        const dxy = Math.hypot(p.origin[0] - prev[0], p.origin[1] - prev[1]);
        if (dz < 8 || dxy > 16) continue;
        const g = ladderAt(map, groups, p.origin);
        if (g < 0) continue;
        out[g].frames++;
        seen.add(g);
      }
    });
    for (const g of seen) out[g].demos++;
  }
  return out;
}

/** Nodes of a ladder type whose standing box touches (margin 4) a brush of `ladder`. */
export function ladderNodesAt(map: CheckMap, nav: NavFile, ladder: LadderClimbs): number {
  const T = defaultNodeTypes;
  const sub: CheckMap = { brushes: ladder.brushes.map((i) => map.brushes[i]) };
  return nav.nodes.filter(
    (n) =>
      (n.type === T.LADDER || n.type === T.LADDER_UP || n.type === T.LADDER_DOWN) &&
      touchesLadder(sub, n.origin as V3, STAND_MINS, STAND_MAXS),
  ).length;
}
