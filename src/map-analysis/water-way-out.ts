/**
 * The way out of the water: WATER nodes on the map's water positions (`water-volume.ts`),
 * swims between them, and swims out onto the graph's floor nodes, each kept only when the
 * simulated bot makes it (`simulateLink`: the bot's swim — straight at the target in three
 * dimensions, up with a push of 200 u/s when the target is above — through pmove's water
 * move, currents and water jump). No link leads into the water: bots should not choose to
 * swim, but one that fell in, was carried in by a current or blasted in then finds a node
 * (within the 96 units and 60 of height the bot looks) and a way out. On monastery, bots
 * drowned 11 times in four trials deep in underwater channels where navgen's nav had no node,
 * none on the engine's nav, whose water nodes lead them out.
 *
 * `fill` removes afterwards the nodes from which no chain of these links leads out
 * (`notLeadingOut`), and `connect` joins what is left to the main component.
 */
import type { CollisionModel } from '../world/collision-model.js';
import { newTraceResult } from '../world/trace.js';
import type { ReadonlyVec3, Vec3 } from '../geometry/vec3.js';
import {
  NO_LINK_EVIDENCE,
  nodeWithoutVotes,
  type DraftLink,
  type DraftNode,
} from '../stage/graph-types.js';
import { playerCollision, simulateLink } from '../simulated-bot/simulate-link.js';
import { STANDING_MAXS, STANDING_MINS } from '../movement/constants.js';
import type { WaterColumn } from './water-volume.js';
import { runToEnd, type Steps } from '../pausing/run-steps.js';

export interface WaterWayOutOptions {
  /** Largest height between two water positions swum between. [Units: world units] */
  readonly waterLayer: number;
  /** Farthest floor node (horizontally) a swim out is tried to. [Units: world units] */
  readonly waterExitReach: number;
  /** Most swims out kept per water node (nearest first). */
  readonly waterExits: number;
}

/** The link type of every swim: the bot swims only on WATER links (`link-kind.ts`). */
const SWIM = 'WATER';
/** Nearest floor nodes tried per water node. */
const EXIT_TRIES = 4;
/** Highest a floor node may stand above a water node for a swim out to be tried (a water jump clears about 40 units above the surface). [Units: world units] */
const EXIT_RISE = 120;
/** Lowest it may stand below one (the shallow edge of a pool). [Units: world units] */
const EXIT_FALL = 24;

/** How far below a floor node's origin a player is on its level (a stair step). [Units: world units] */
const ON_LEVEL = 18;

export interface WaterWayOut {
  /** The WATER nodes, to append after `nodes`. */
  readonly nodes: DraftNode[];
  /** Swims between them and out, indexed with the new nodes after `nodes`. */
  readonly links: DraftLink[];
  readonly stats: {
    readonly waterPositions: number;
    readonly swimsProposed: number;
    readonly swimsKept: number;
    readonly exitsTried: number;
    readonly exitsKept: number;
  };
}

const swimLink = (from: number, to: number): DraftLink => ({
  from,
  to,
  type: SWIM,
  ...NO_LINK_EVIDENCE,
  fromMap: true,
});

/** Water columns, or water positions, between two pauses of {@link waterWayOutSteps}. */
export const WATER_PER_STEP = 256;

/** {@link waterWayOutSteps} run to the end at once. */
export function waterWayOut(...args: Parameters<typeof waterWayOutSteps>): WaterWayOut {
  return runToEnd(waterWayOutSteps(...args));
}

/**
 * WATER nodes at the `columns`' positions with the swims among them and out onto the
 * non-water nodes of `nodes` that the simulated bot makes. Deterministic: columns in order,
 * neighbours in a fixed order, exits nearest first (ties: lower index). Pauses every
 * `WATER_PER_STEP` columns and positions (a map of much water: seconds).
 */
export function* waterWayOutSteps(
  model: CollisionModel,
  nodes: readonly DraftNode[],
  columns: readonly WaterColumn[],
  o: WaterWayOutOptions,
): Steps<WaterWayOut> {
  const c = playerCollision(model);
  const tr = newTraceResult();
  const first = nodes.length;
  const origins: Vec3[] = [];
  const byColumn = new Map<string, number[]>();
  for (const col of columns) {
    const list: number[] = [];
    for (const p of col.origins) list.push(origins.push(p) - 1);
    byColumn.set(`${col.i},${col.j}`, list);
  }
  const clear = (a: Vec3, b: Vec3) => {
    const t = c.trace(a, STANDING_MINS, STANDING_MAXS, b, tr);
    return t.fraction === 1 && !t.startsolid && !t.allsolid;
  };
  const swims = (a: ReadonlyVec3, b: ReadonlyVec3, toType: string) =>
    simulateLink(model, { from: a, to: b, linkType: SWIM, fromType: SWIM, toType }).passed;
  // Out of the water: the bot counts a floor node reached as soon as its box touches the node's
  // (61 units of height), so the swim often "arrives" floating below the ledge; it is out only
  // if, walking on at the node from there (its next link leads on from the node), it gets onto
  // the node's level (pmove's water jump).
  const climbsOut = (a: ReadonlyVec3, b: ReadonlyVec3, toType: string) => {
    const swim = simulateLink(model, { from: a, to: b, linkType: SWIM, fromType: SWIM, toType });
    if (!swim.passed) return false;
    if (swim.end[2] >= b[2] - ON_LEVEL) return true;
    return simulateLink(model, { from: swim.end, to: b, linkType: 'MOVE', fromType: SWIM, toType })
      .passed;
  };

  // Swims between water positions: the column's own and the eight columns around, within a
  // layer of height, where the standing box passes straight.
  const links: DraftLink[] = [];
  let proposed = 0;
  for (const [k, col] of columns.entries()) {
    if (k > 0 && k % WATER_PER_STEP === 0) yield;
    const mine = byColumn.get(`${col.i},${col.j}`)!;
    for (const a of mine)
      for (let di = -1; di <= 1; di++)
        for (let dj = -1; dj <= 1; dj++)
          for (const b of byColumn.get(`${col.i + di},${col.j + dj}`) ?? []) {
            if (b === a || Math.abs(origins[b][2] - origins[a][2]) > o.waterLayer) continue;
            if (!clear(origins[a], origins[b])) continue;
            proposed++;
            if (swims(origins[a], origins[b], SWIM)) links.push(swimLink(first + a, first + b));
          }
  }
  const swimsKept = links.length;

  // Swims out: to the nearest floor nodes around and above, nearest first.
  const floor = nodes.flatMap((n, k) => (n.type === SWIM ? [] : [k]));
  let tried = 0;
  for (const [a, p] of origins.entries()) {
    if (a % WATER_PER_STEP === 0) yield;
    const near = floor
      .map((n) => {
        const q = nodes[n].origin;
        const dz = q[2] - p[2];
        const across = Math.hypot(q[0] - p[0], q[1] - p[1]);
        return { n, across, dz, d: Math.hypot(across, dz) };
      })
      .filter((e) => e.across <= o.waterExitReach && e.dz <= EXIT_RISE && e.dz >= -EXIT_FALL)
      .sort((x, y) => x.d - y.d || x.n - y.n)
      .slice(0, EXIT_TRIES);
    let kept = 0;
    for (const e of near) {
      if (kept >= o.waterExits) break;
      tried++;
      if (climbsOut(p, nodes[e.n].origin, nodes[e.n].type)) {
        links.push(swimLink(first + a, e.n));
        kept++;
      }
    }
  }

  return {
    nodes: origins.map((p) => nodeWithoutVotes(p, SWIM, 'map')),
    links,
    stats: {
      waterPositions: origins.length,
      swimsProposed: proposed,
      swimsKept,
      exitsTried: tried,
      exitsKept: links.length - swimsKept,
    },
  };
}
