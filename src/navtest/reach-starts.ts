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
  freeStart,
  playerCollision,
  simulateLink,
  type LinkResult,
  type LinkToSimulate,
  type SimulateLinkOptions,
} from './simulate-link.js';
import type { Vec3 } from '../geometry/vec3.js';

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

const MINS = [-16, -16, -24];
const MAXS = [16, 16, 32];
/** A start nearer the origin than this is the origin's. [Units: u] */
const MIN_SHIFT = 8;
/** How far below a start its ground may be (a stair step). [Units: u] */
const GROUND_DEPTH = 18;
/** Lowest normal z of ground a player stands on. */
const FLOOR_NORMAL_Z = 0.7;

/**
 * The places around `origin` (a ground node's origin, at standing height) where a bot on
 * that floor may count the node reached: each `REACH_OFFSET` out, or where the standing box
 * moving there from the origin in a straight line meets a wall (at least `MIN_SHIFT` out),
 * kept when it has ground under it within a step. Deterministic order (`DIRECTIONS`).
 */
export function reachStarts(c: PmoveCollision, origin: readonly number[]): Vec3[] {
  const tr = newTraceResult();
  const out: Vec3[] = [];
  // Where the simulated player would start at the node (origins often touch a wall or floor).
  const o = freeStart(c, origin, { tr });
  if (!o) return out;
  for (const [dx, dy] of DIRECTIONS) {
    const target = [o[0] + dx * REACH_OFFSET, o[1] + dy * REACH_OFFSET, o[2]];
    const way = c.trace(o, MINS, MAXS, target, tr);
    if (way.startsolid) continue;
    // Against a wall on the way, the bot stands where the wall stops it: still within reach,
    // and the spot real bots got pinned in (bwcity: 64 s in two runs against a wall 9 units
    // from a node's reach corner).
    const p: Vec3 = [way.endpos[0], way.endpos[1], way.endpos[2]];
    if (Math.hypot(p[0] - o[0], p[1] - o[1]) < MIN_SHIFT) continue;
    const below = [p[0], p[1], origin[2] - GROUND_DEPTH];
    const ground = c.trace(p, MINS, MAXS, below, tr);
    if (ground.fraction >= 1 || ground.normal[2] < FLOOR_NORMAL_Z) continue;
    out.push(p);
  }
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
 * or the origin's result. A drop must also land with room to stop (`landing-room.ts`).
 */
export function simulateLinkFromReach(
  model: CollisionModel,
  link: LinkToSimulate,
  options: Partial<SimulateLinkOptions> = {},
): LinkResult {
  const r = simulateLink(model, link, options);
  if (
    r.passed &&
    linkKind(link.linkType, link.fromType, link.toType) === 'drop' &&
    !landingHasRoom(playerCollision(model), link.from, link.to)
  )
    return {
      ...r,
      passed: false,
      reason: 'fell',
      detail: `no room to land: the floor past the target ends within ${LANDING_ROOM} units, and a bot landing with speed flies off it`,
    };
  if (!r.passed || !checkedFromReach(link)) return r;
  for (const start of reachStarts(playerCollision(model), link.from)) {
    const q = simulateLink(model, { ...link, start }, options);
    if (!q.passed)
      return { ...q, detail: `from ${fmt(start)}, within reach of the source: ${q.detail}` };
  }
  return r;
}
