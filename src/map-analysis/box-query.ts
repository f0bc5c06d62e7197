/**
 * Where a player box fits in the world's brushes: the position test of the engine's collision
 * code (a box is stuck when it overlaps a brush of the mask), and the questions node checks ask
 * of it — is the standing box free here, where is the ground below, does the box touch a ladder,
 * how deep is the water.
 *
 * The test is the Minkowski one: a box at `p` overlaps a convex brush when, for every side,
 * `p` lies behind the side's plane pushed out by the box's farthest corner along the normal.
 * Brushes are found by walking the node tree with the box's bounds, and (as the engine does) a
 * leaf whose contents share no bit with the mask is skipped. The world blocks, and so do the
 * static func_walls registered for the world (`static-models.ts`); doors and platforms move, so
 * a node must not rely on them either way. Ladders are looked for in every brush model
 * (mappers make them func_walls).
 *
 * Positions are world units; the standing box is (-16 -16 -24)…(16 16 32), crouched the top is
 * at 4 (pmove's hulls).
 */
import type { BspWorld } from '../sources/bsp/world.js';
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import { CONTENTS_LADDER, MASK_LIQUID, MASK_PLAYER_SOLID } from '../sources/bsp/contents-flags.js';
import { pointContents } from '../sources/bsp/point-contents.js';
import {
  CROUCHED_MAXS,
  STANDING_MAXS,
  STANDING_MINS,
  STEP_SIZE,
  VIEWHEIGHT_STAND,
} from '../movement/constants.js';
import { staticModelsOf } from './static-models.js';

export { STEP_SIZE };

/** A box relative to an origin. [Units: world units] */
export interface Hull {
  readonly mins: ReadonlyVec3;
  readonly maxs: ReadonlyVec3;
}

export const STANDING: Hull = Object.freeze({ mins: STANDING_MINS, maxs: STANDING_MAXS });
export const CROUCHED: Hull = Object.freeze({ mins: STANDING_MINS, maxs: CROUCHED_MAXS });

/**
 * The brushes a player collides with: solid, window and player clip. (The engine's player mask
 * adds monsters, which are entities, not brushes.)
 */
export const PLAYER_BRUSHES = MASK_PLAYER_SOLID;

/**
 * Reused scratch stack for tree walks (the queries are synchronous, never nested): a typed
 * array with its own top, because emptying a JS array (`length = 0`) at every query cost a
 * tenth of the queries' time. It grows when a walk needs more (a tree deeper than 256 nodes).
 */
let stack = new Int32Array(256);

/**
 * The query each brush was last tested in (the engine's `checkcount`): a brush spans many
 * leaves, and a box overlapping several of them would test it once per leaf. Per world, so
 * worlds of different sizes never share the marks.
 */
let testedIn = new WeakMap<BspWorld, Int32Array>();
let query = 0;

function brushMarks(w: BspWorld): Int32Array {
  let marks = testedIn.get(w);
  if (!marks) {
    marks = new Int32Array(w.brushes.contents.length);
    testedIn.set(w, marks);
  }
  return marks;
}

/**
 * True when the box `hull` (grown by `grow` on every side) at (x, y, z) overlaps a world
 * brush with any of the `mask` bits. [grow Units: world units]
 */
export function boxTouches(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  hull: Hull,
  mask: number,
  grow = 0,
): boolean {
  return boxContents(w, x, y, z, hull, mask, grow, true) !== 0;
}

/**
 * OR of the contents of the world brushes with any of the `mask` bits that the box overlaps;
 * `first` stops at the first one.
 */
export function boxContents(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  hull: Hull,
  mask: number,
  grow = 0,
  first = false,
  hits: number[] | null = null,
  model = 0,
): number {
  const { nodes, planes, leaves, leafBrushes, brushes, brushSides } = w;
  const n = planes.normals;
  const lo0 = hull.mins[0] - grow;
  const lo1 = hull.mins[1] - grow;
  const lo2 = hull.mins[2] - grow;
  const hi0 = hull.maxs[0] + grow;
  const hi1 = hull.maxs[1] + grow;
  const hi2 = hull.maxs[2] + grow;
  // The box's low and high corner per axis (a box shrunk past its size turns inside out).
  const min0 = Math.min(lo0, hi0);
  const max0 = Math.max(lo0, hi0);
  const min1 = Math.min(lo1, hi1);
  const max1 = Math.max(lo1, hi1);
  const min2 = Math.min(lo2, hi2);
  const max2 = Math.max(lo2, hi2);
  let found = 0;
  // A fresh mark for this query; after 2^31 queries every world's marks start again clean.
  if (query === 0x7fffffff) {
    testedIn = new WeakMap();
    query = 0;
  }
  const marks = brushMarks(w);
  const mark = ++query;
  let top = 0;
  stack[top++] = w.models.headNode[model];
  while (top > 0) {
    const node = stack[--top];
    if (node < 0) {
      const leaf = -1 - node;
      if ((leaves.contents[leaf] & mask) === 0) continue;
      const firstBrush = leaves.firstLeafBrush[leaf];
      const end = firstBrush + leaves.leafBrushCount[leaf];
      for (let i = firstBrush; i < end; i++) {
        const b = leafBrushes[i];
        if (marks[b] === mark) continue;
        marks[b] = mark;
        const c = brushes.contents[b];
        if ((c & mask) === 0 || (hits === null && (found | c) === found)) continue;
        let inside = true;
        const s0 = brushes.firstSide[b];
        const s1 = s0 + brushes.sideCount[b];
        for (let s = s0; s < s1 && inside; s++) {
          const p = brushSides.plane[s];
          const nx = n[p * 3];
          const ny = n[p * 3 + 1];
          const nz = n[p * 3 + 2];
          // The box corner deepest behind the plane decides.
          const reach =
            nx * (nx < 0 ? hi0 : lo0) + ny * (ny < 0 ? hi1 : lo1) + nz * (nz < 0 ? hi2 : lo2);
          if (nx * x + ny * y + nz * z - (planes.dists[p] - reach) > 0) inside = false;
        }
        if (inside) {
          found |= c;
          if (hits !== null && !hits.includes(b)) hits.push(b);
          if (first) return found;
        }
      }
      continue;
    }
    const p = nodes.plane[node];
    const nx = n[p * 3];
    const ny = n[p * 3 + 1];
    const nz = n[p * 3 + 2];
    const d = nx * x + ny * y + nz * z - planes.dists[p];
    // Extent of the box along the normal, below and above the origin's distance: the corner
    // farthest along the normal, and the one farthest against it.
    const up =
      (nx > 0 ? nx * max0 : nx * min0) +
      (ny > 0 ? ny * max1 : ny * min1) +
      (nz > 0 ? nz * max2 : nz * min2);
    const down =
      (nx > 0 ? nx * min0 : nx * max0) +
      (ny > 0 ? ny * min1 : ny * max1) +
      (nz > 0 ? nz * min2 : nz * max2);
    if (top + 2 > stack.length) {
      const grown = new Int32Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    if (d + up >= 0) stack[top++] = nodes.children[node * 2];
    if (d + down < 0) stack[top++] = nodes.children[node * 2 + 1];
  }
  return found;
}

/** The box (grown by `grow`) at (x, y, z) overlaps the bounds of model `m`. */
function nearModel(
  w: BspWorld,
  m: number,
  x: number,
  y: number,
  z: number,
  hull: Hull,
  grow: number,
): boolean {
  const { mins, maxs } = w.models;
  return !(
    x + hull.maxs[0] + grow < mins[m * 3] ||
    x + hull.mins[0] - grow > maxs[m * 3] ||
    y + hull.maxs[1] + grow < mins[m * 3 + 1] ||
    y + hull.mins[1] - grow > maxs[m * 3 + 1] ||
    z + hull.maxs[2] + grow < mins[m * 3 + 2] ||
    z + hull.mins[2] - grow > maxs[m * 3 + 2]
  );
}

/**
 * The box (grown by `grow`; negative shrinks it) overlaps a brush a player collides with: the
 * world's, or one of the static func_walls registered for the world (`static-models.ts`).
 */
export function inSolid(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  hull: Hull = STANDING,
  grow = 0,
): boolean {
  if (boxTouches(w, x, y, z, hull, PLAYER_BRUSHES, grow)) return true;
  for (const m of staticModelsOf(w)) {
    if (!nearModel(w, m, x, y, z, hull, grow)) continue;
    if (boxContents(w, x, y, z, hull, PLAYER_BRUSHES, grow, true, null, m) !== 0) return true;
  }
  return false;
}

/** The box is clear of every brush a player collides with ({@link inSolid}). */
export function fits(w: BspWorld, x: number, y: number, z: number, hull: Hull = STANDING): boolean {
  return !inSolid(w, x, y, z, hull);
}

/**
 * Origin height of the box standing on the first ground below (x, y, z), searching at most
 * `depth` down, to 1/8 unit; null when the box does not fit at z or no ground is that near.
 * The box moves down in steps shorter than its height, so no floor is stepped over.
 * [depth Units: world units]
 */
export function groundBelow(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  depth: number,
  hull: Hull = STANDING,
): number | null {
  if (!fits(w, x, y, z, hull)) return null;
  const step = Math.min(16, hull.maxs[2] - hull.mins[2] - 1);
  let free = z;
  let blocked = Number.NaN;
  while (z - free < depth) {
    const next = Math.max(free - step, z - depth - 0.125);
    if (!fits(w, x, y, next, hull)) {
      blocked = next;
      break;
    }
    free = next;
  }
  if (Number.isNaN(blocked)) return null;
  while (free - blocked > 0.125) {
    const mid = (free + blocked) / 2;
    if (fits(w, x, y, mid, hull)) free = mid;
    else blocked = mid;
  }
  // The engine snaps origins to 1/8 unit: the lowest free eighth (the one at or below `free`
  // may touch the ground; the one above it is free, as everything between it and z is).
  const snapped = Math.floor(free * 8) / 8;
  return fits(w, x, y, snapped, hull) ? snapped : Math.ceil(free * 8) / 8;
}

/**
 * {@link groundBelow}, but only ground that holds more than the box's rim: the box narrowed
 * by `rim` on each horizontal side must land at nearly the same height. A box whose edge is flush
 * with a wall or a ledge's side (common on grid positions, maps are built on a grid) counts
 * as touching it in the engine's position test, and checks that measure overlap depth do not;
 * ground found only through such a flush edge is no ground.
 */
export function supportedGround(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  depth: number,
  hull: Hull = STANDING,
  rim = 1,
): number | null {
  const g = groundBelow(w, x, y, z, depth, hull);
  if (g === null) return null;
  const narrow: Hull = {
    mins: [hull.mins[0] + rim, hull.mins[1] + rim, hull.mins[2]],
    maxs: [hull.maxs[0] - rim, hull.maxs[1] - rim, hull.maxs[2]],
  };
  // On walkable slopes (normal z >= 0.7, rise/run at most about 1) the narrow box sinks at
  // most about `rim` lower; below a flush edge it falls through to the next floor.
  const low = groundBelow(w, x, y, g, 2 * rim + 0.25, narrow);
  return low !== null && g - low <= 1.25 * rim + 0.25 ? g : null;
}

/** The box touches a ladder brush within `reach` units (pmove looks 1 unit ahead). */
export function touchesLadder(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  reach = 1,
  hull: Hull = STANDING,
): boolean {
  return laddersTouched(w, x, y, z, reach, hull).length > 0;
}

/** Indices of the ladder brushes the box touches within `reach`, ascending. */
export function laddersTouched(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  reach = 1,
  hull: Hull = STANDING,
): number[] {
  // Ladder brushes are solid too, and a leaf's contents need not carry their ladder bit: walk
  // the solid brushes (as pmove's ladder trace does) and keep those with the bit.
  // Ladders are often brush entities (func_wall): their models are searched where the
  // compiler left them, as well as the world.
  const hits: number[] = [];
  for (let m = 0; m < w.models.count; m++) {
    if (m > 0 && !nearModel(w, m, x, y, z, hull, reach)) continue;
    boxContents(w, x, y, z, hull, PLAYER_BRUSHES | CONTENTS_LADDER, reach, false, hits, m);
  }
  return hits.filter((b) => (w.brushes.contents[b] & CONTENTS_LADDER) !== 0).sort((a, b) => a - b);
}

/**
 * pmove's water level for a standing box at (x, y, z): 0 dry, 1 feet, 2 waist, 3 under.
 * It samples the world's point contents at the feet, the waist and the eyes.
 */
export function waterLevel(
  w: BspWorld,
  x: number,
  y: number,
  z: number,
  hull: Hull = STANDING,
): number {
  const feet = z + hull.mins[2] + 1;
  const eyes = VIEWHEIGHT_STAND - hull.mins[2];
  if ((pointContents(w, x, y, feet) & MASK_LIQUID) === 0) return 0;
  if ((pointContents(w, x, y, z + hull.mins[2] + eyes / 2) & MASK_LIQUID) === 0) return 1;
  if ((pointContents(w, x, y, z + hull.mins[2] + eyes) & MASK_LIQUID) === 0) return 2;
  return 3;
}
