/**
 * A link run from everywhere the bot may be when it turns onto it, not only from its source
 * node's origin.
 *
 * The engine's bot counts a node reached as soon as its box touches the node's box grown by 4
 * units (`node-reached.ts`): up to 37 units from the origin on each horizontal axis. From that
 * spot it turns to the next node and runs straight at it. A link that clears a pillar's corner
 * from the source's origin can run into that corner from a spot 30 units aside, and the bot
 * then stands pinned in it: on ghetto, bots stood 67 s (two runs: 199 s) in the corner of a
 * pillar beside a spawn point, the link leaving a node 36 units west of them, where the
 * engine's 48-unit grid has no link that cuts the corner.
 *
 * So a walking link holds only if it holds from the source's origin and from each of the
 * places around it, `REACH_OFFSET` out along the axes and diagonals, that a bot standing on
 * the source's floor can get to (as far as a straight line from the origin goes before a
 * wall, with ground under it).
 * Jumps, drops, ladders and swims keep their single start: their take-off is where the bot
 * code lines them up.
 */
import type { CollisionModel } from '../world/collision-model.js';
import { newTraceResult } from '../world/trace.js';
import type { PmoveCollision } from '../movement/types.js';
import { linkKind, startsOnGround } from './link-kind.js';
import { LANDING_ROOM, landingHasRoom } from './landing-room.js';
import {
  LANDING_SPREAD,
  MISS_FALL,
  missFallOf,
  pitBesideLanding,
  pitUnderDrop,
} from './drop-flight.js';
import {
  freeStart,
  playerCollision,
  simulateLink,
  simulateLinkDefaults,
  simulateLinkDirect,
  asStored,
  type LinkResult,
  type LinkToSimulate,
  type SimulateLinkOptions,
} from './simulate-link.js';
import type { Vec3 } from '../geometry/vec3.js';
import { STANDING_MAXS, STANDING_MINS, STEP_SIZE } from '../movement/constants.js';
import { verdictKey, verdictsOf } from './verdict-table.js';

/**
 * How far from the origin the other starts lie, per axis: inside the 37-unit reach, so the
 * bot has touched the node there. [Units: u]
 */
export const REACH_OFFSET = 32;

/** Directions of the starts around the origin: the four diagonals, then the four axes. */
const DIRECTIONS: readonly (readonly [number, number])[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/** A start nearer the origin than this is the origin's. [Units: u] */
const MIN_SHIFT = 8;
/** Lowest normal z of ground a player stands on. */
const FLOOR_NORMAL_Z = 0.7;

/**
 * The places around `origin` (a ground node's origin, at standing height) where a bot on
 * that floor may count the node reached: each `REACH_OFFSET` out, or where the standing box
 * moving there from the origin in a straight line meets a wall (at least `MIN_SHIFT` out),
 * kept when it has ground under it within a step; then the places a straight line cannot
 * reach but a walk can (`roundCornerStarts`). Deterministic order (`DIRECTIONS`).
 * Computed once per origin and collision model.
 */
export function reachStarts(c: PmoveCollision, origin: readonly number[]): Vec3[] {
  let memo = startsMemo.get(c);
  if (!memo) {
    memo = new Map();
    startsMemo.set(c, memo);
  }
  const key = `${origin[0]},${origin[1]},${origin[2]}`;
  let starts = memo.get(key);
  if (!starts) {
    starts = computeReachStarts(c, origin);
    memo.set(key, starts);
  }
  return starts.map((p) => [p[0], p[1], p[2]] as Vec3);
}

const startsMemo = new WeakMap<PmoveCollision, Map<string, Vec3[]>>();

function computeReachStarts(c: PmoveCollision, origin: readonly number[]): Vec3[] {
  const tr = newTraceResult();
  const out: Vec3[] = [];
  // Where the simulated player would start at the node (origins often touch a wall or floor).
  const o = freeStart(c, origin, { tr });
  if (!o) return out;
  const reached: number[] = [];
  for (const [dx, dy] of DIRECTIONS) {
    const target = [o[0] + dx * REACH_OFFSET, o[1] + dy * REACH_OFFSET, o[2]];
    const way = c.trace(o, STANDING_MINS, STANDING_MAXS, target, tr);
    if (way.startsolid) {
      reached.push(0);
      continue;
    }
    // Against a wall on the way, the bot stands where the wall stops it: still within reach,
    // and the spot real bots got pinned in (bwcity: 64 s in two runs against a wall 9 units
    // from a node's reach corner).
    const p: Vec3 = [way.endpos[0], way.endpos[1], way.endpos[2]];
    reached.push(((p[0] - o[0]) * dx + (p[1] - o[1]) * dy) / Math.hypot(dx, dy));
    if (Math.hypot(p[0] - o[0], p[1] - o[1]) < MIN_SHIFT) continue;
    if (!hasGround(c, p, origin[2], tr)) continue;
    out.push(p);
  }
  out.push(...roundCornerStarts(c, [o[0], o[1], o[2]], origin[2], reached, tr));
  return out;
}

function hasGround(
  c: PmoveCollision,
  p: readonly number[],
  originZ: number,
  tr: ReturnType<typeof newTraceResult>,
): boolean {
  const ground = c.trace(p, STANDING_MINS, STANDING_MAXS, [p[0], p[1], originZ - STEP_SIZE], tr);
  return ground.fraction < 1 && ground.normal[2] >= FLOOR_NORMAL_Z;
}

/**
 * Half the side of the square `roundCornerStarts` walks over: the bot counts a node reached
 * up to 37 units out on each axis (`node-reached.ts`). [Units: u]
 */
const FLOOD_REACH = 36;
/** Cells per half side of that square (9-unit cells). */
const FLOOD_CELLS = 4;

/**
 * Places within reach of the node that a bot gets to by walking round a corner, not in a
 * straight line from the origin: a node in a doorway is touched from the room on either side
 * of the wall, beside the door. On ghetto a bot coming through a door touched the node in it
 * from 30 units aside, turned to the next node straight through the wall, slid into the
 * corner of the wall and a pillar and stood there 125 s of a 240-s trial (both floors had the
 * same door and the same stand); the straight-line starts stopped at the door's jamb.
 *
 * A walk over the square of `FLOOD_REACH` around the origin in `FLOOD_CELLS` cells a side (the
 * standing box moves cell to cell, ground under every cell); for each direction of
 * `DIRECTIONS`, the cell furthest out along it becomes a start when it lies `MIN_SHIFT`
 * beyond where the straight line got (`reached`, per direction).
 */
function roundCornerStarts(
  c: PmoveCollision,
  o: Vec3,
  originZ: number,
  reached: readonly number[],
  tr: ReturnType<typeof newTraceResult>,
): Vec3[] {
  const n = FLOOD_CELLS;
  const step = FLOOD_REACH / FLOOD_CELLS;
  const side = 2 * n + 1;
  const seen = new Uint8Array(side * side);
  const queue: number[] = [n * side + n];
  seen[n * side + n] = 1;
  const at = (cell: number): Vec3 => [
    o[0] + ((cell % side) - n) * step,
    o[1] + (Math.floor(cell / side) - n) * step,
    o[2],
  ];
  for (let q = 0; q < queue.length; q++) {
    const cell = queue[q];
    const i = cell % side;
    const j = Math.floor(cell / side);
    const from = at(cell);
    for (const [di, dj] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const ni = i + di;
      const nj = j + dj;
      if (ni < 0 || nj < 0 || ni >= side || nj >= side) continue;
      const next = nj * side + ni;
      if (seen[next]) continue;
      const to = at(next);
      const way = c.trace(from, STANDING_MINS, STANDING_MAXS, to, tr);
      if (way.startsolid || way.fraction < 1) continue;
      if (!hasGround(c, to, originZ, tr)) continue;
      seen[next] = 1;
      queue.push(next);
    }
  }
  const out: Vec3[] = [];
  DIRECTIONS.forEach(([dx, dy], k) => {
    const len = Math.hypot(dx, dy);
    let best = -1;
    let bestAlong = -Infinity;
    let bestAside = Infinity;
    for (const cell of queue) {
      const ox = ((cell % side) - n) * step;
      const oy = (Math.floor(cell / side) - n) * step;
      const along = (ox * dx + oy * dy) / len;
      const aside = Math.abs(ox * dy - oy * dx) / len;
      if (along > bestAlong || (along === bestAlong && aside < bestAside)) {
        best = cell;
        bestAlong = along;
        bestAside = aside;
      }
    }
    if (best >= 0 && bestAlong >= reached[k] + MIN_SHIFT) out.push(at(best));
  });
  return out;
}

/** Whether a link of this kind is checked from the places around its source (see above). */
export function checkedFromReach(link: LinkToSimulate): boolean {
  const kind = linkKind(link.linkType, link.fromType, link.toType);
  return (kind === 'walk' || kind === 'crouch') && startsOnGround(link.fromType);
}

const fmt = (v: readonly number[]) => `(${v.map((x) => Math.round(x)).join(', ')})`;

/**
 * `simulateLink` from the source's origin and, for a walking link that passes from there,
 * from every place of {@link reachStarts}; the first failure, its detail naming the start,
 * or the origin's result. A drop must also land with room to stop (`landing-room.ts`), a
 * bot falling short of it must survive the fall, and so must one landing a little off the line
 * (`drop-flight.ts`).
 */
export function simulateLinkFromReach(
  model: CollisionModel,
  navLink: LinkToSimulate,
  options: Partial<SimulateLinkOptions> = {},
): LinkResult {
  const link = asStored(navLink);
  const table = verdictsOf(model);
  if (!table) return simulateLinkFromReachDirect(model, link, options);
  const o = { ...simulateLinkDefaults, ...options };
  return (
    table.twinVerdict('reach', link, o) ??
    table.verdict(verdictKey('reach', link, o), () => simulateLinkFromReachDirect(model, link, o))
  );
}

/**
 * {@link simulateLinkFromReach} past the verdict table (its runs from the source's origin still
 * consult it): what the verdict pool's threads run.
 */
export function simulateLinkFromReachDirect(
  model: CollisionModel,
  navLink: LinkToSimulate,
  options: Partial<SimulateLinkOptions>,
): LinkResult {
  const link = asStored(navLink);
  const r = simulateLink(model, link, options);
  if (r.passed && linkKind(link.linkType, link.fromType, link.toType) === 'drop') {
    const c = playerCollision(model);
    if (!landingHasRoom(c, link.from, link.to))
      return {
        ...r,
        passed: false,
        reason: 'fell',
        detail: `no room to land: the floor past the target ends within ${LANDING_ROOM} units, and a bot landing with speed flies off it`,
      };
    const pit = pitUnderDrop(c, link.from, link.to);
    if (pit)
      return {
        ...r,
        passed: false,
        reason: 'fell',
        detail: `a pit under the drop at ${fmt(pit)}: a bot that falls short of the target falls more than ${missFallOf(link.from, link.to)} units`,
      };
    const beside = pitBesideLanding(c, link.to);
    if (beside)
      return {
        ...r,
        passed: false,
        reason: 'fell',
        detail: `a pit beside the target at ${fmt(beside)}: a bot landing within ${LANDING_SPREAD} units of the target falls more than ${MISS_FALL} units`,
      };
  }
  if (!r.passed || !checkedFromReach(link)) return r;
  const o = { ...simulateLinkDefaults, ...options };
  // The bot stood still in some run so far (`LinkResult.stalled`, for the whole result).
  let stalled = r.stalled;
  for (const start of reachStarts(playerCollision(model), link.from)) {
    const q = simulateLinkDirect(model, { ...link, start }, o);
    stalled ||= q.stalled;
    if (!q.passed)
      return {
        ...q,
        detail: `from ${fmt(start)}, within reach of the source: ${q.detail}`,
        stalled,
      };
  }
  return stalled === r.stalled ? r : { ...r, stalled };
}
