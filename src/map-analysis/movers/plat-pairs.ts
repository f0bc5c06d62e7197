/**
 * A lift (`func_plat`) as a pair of PLATFORM nodes: one on its top surface where it rests at the
 * bottom and one straight above where that surface stops at the top, at the centre of its
 * footprint (inside its trigger, which sends it up when a player stands in it). The bottom node
 * is linked both ways with up to `maxLinks` nodes on the floor around the bottom, the pair
 * bottom → top (the ride), and the top node to up to `maxLinks` nodes on the floor around the top.
 *
 * Why it works for the engine's bots: the bot library steers towards the next node's horizontal
 * direction only (`BOTLIB_Wander`: `hordir` is the walk direction with z cleared), so with the
 * next node straight above it stands still on the lift, which carries it up until its box touches
 * the top node (`BOTLIB_FollowPath` advances by touching nodes). No link leads onto the top node:
 * the lift is down unless someone just rode it, and a bot walking there would fall down the
 * shaft. The bottom node is also where the lift stands while it is up (a pillar), so a bot
 * arriving then waits beside it until it comes down (3 s after the last rider left it).
 *
 * A floor node joins an end when it stands within a step of the lift's surface there, within
 * `reach` of the footprint across, and the standing box passes from it to the end node in a
 * straight line (the lift itself is not in the world model, so the way is checked only for
 * walls). A lift with no floor node at either end gets no pair.
 */
import type { BspWorld } from '../../sources/bsp/world.js';
import type { ReadonlyVec3 } from '../../geometry/vec3.js';
import type { DraftGraph, DraftLink, DraftNode } from '../../stage/graph-types.js';
import { NO_LINK_EVIDENCE, nodeWithoutVotes } from '../../stage/graph-types.js';
import { STANDING, STEP_SIZE, inSolid } from '../box-query.js';
import type { PlatLift } from './mover-volumes.js';

export interface PlatPairOptions {
  /** Farthest a floor node may stand from the lift's footprint. [Units: world units] */
  readonly reach: number;
  /** Most floor nodes linked at each end. [Limit: 1..8] */
  readonly maxLinks: number;
}

export interface PlatPairReport {
  readonly bottom: ReadonlyVec3;
  readonly top: ReadonlyVec3;
  /** Floor nodes linked at each end; 0 at either end means no pair was added. */
  readonly bottomLinks: number;
  readonly topLinks: number;
}

/** Player origin height above the surface it stands on. [Units: world units] */
const STANDING_HEIGHT = 24;
/** Step of the straight-line box test. [Units: world units] */
const LINE_STEP = 8;

/** The graph with a PLATFORM pair for each lift that has floor nodes at both ends. */
export function addPlatPairs(
  graph: DraftGraph,
  lifts: readonly PlatLift[],
  world: BspWorld,
  o: PlatPairOptions,
): { graph: DraftGraph; pairs: PlatPairReport[] } {
  const nodes: DraftNode[] = [...graph.nodes];
  const links: DraftLink[] = [...graph.links];
  const pairs: PlatPairReport[] = [];
  for (const lift of lifts) {
    const cx = (lift.mins[0] + lift.maxs[0]) / 2;
    const cy = (lift.mins[1] + lift.maxs[1]) / 2;
    const bottom = [cx, cy, lift.bottomZ + STANDING_HEIGHT] as const;
    const top = [cx, cy, lift.topZ + STANDING_HEIGHT] as const;
    const atBottom = floorNodes(graph.nodes, lift, bottom, world, o);
    const atTop = floorNodes(graph.nodes, lift, top, world, o);
    pairs.push({ bottom, top, bottomLinks: atBottom.length, topLinks: atTop.length });
    if (atBottom.length === 0 || atTop.length === 0) continue;
    const b = nodes.push(nodeWithoutVotes(bottom, 'PLATFORM', 'map')) - 1;
    const t = nodes.push(nodeWithoutVotes(top, 'PLATFORM', 'map')) - 1;
    const link = (from: number, to: number): void => {
      links.push({ from, to, type: nodes[to].type, ...NO_LINK_EVIDENCE, fromMap: true });
    };
    for (const n of atBottom) {
      link(n, b);
      link(b, n);
    }
    link(b, t);
    for (const n of atTop) link(t, n);
  }
  return { graph: { nodes, links }, pairs };
}

/** Up to `maxLinks` nodes on the floor around `end`, nearest first (ties: lower index). */
function floorNodes(
  nodes: readonly DraftNode[],
  lift: PlatLift,
  end: ReadonlyVec3,
  world: BspWorld,
  o: PlatPairOptions,
): number[] {
  const near: { i: number; d: number }[] = [];
  nodes.forEach((n, i) => {
    const [x, y, z] = n.origin;
    if (Math.abs(z - end[2]) > STEP_SIZE) return;
    const dx = Math.max(lift.mins[0] - x, 0, x - lift.maxs[0]);
    const dy = Math.max(lift.mins[1] - y, 0, y - lift.maxs[1]);
    if (Math.hypot(dx, dy) > o.reach) return;
    if (!clearLine(world, n.origin, end)) return;
    near.push({ i, d: Math.hypot(x - end[0], y - end[1], z - end[2]) });
  });
  near.sort((p, q) => p.d - q.d || p.i - q.i);
  return near.slice(0, o.maxLinks).map((p) => p.i);
}

/**
 * The standing box (less a unit all round, so the floor it stands on is no wall) is clear all
 * along the straight line from `a` to `b`.
 */
function clearLine(world: BspWorld, a: readonly number[], b: readonly number[]): boolean {
  const steps = Math.max(
    1,
    Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]) / LINE_STEP),
  );
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    // Both ends at the higher of the two heights, so a step up on the way is not a wall.
    const z = Math.max(a[2], b[2]);
    const x = a[0] + t * (b[0] - a[0]);
    const y = a[1] + t * (b[1] - a[1]);
    if (inSolid(world, x, y, z, STANDING, -1)) return false;
  }
  return true;
}
