/**
 * Every place a bot can stand has a node the bot picks up (`pick-up.ts`): `fill`'s last step.
 * The places are the floor samples the walk reached and where the box slides from each into
 * the walls and corners around it (`stand-places.ts`); where the engine's pick-up finds no
 * node, a MOVE node goes on the slide a little back from the wall, linked both ways by straight
 * walks to the ground nodes nearest it, and it stays only when the simulated bot makes at least
 * one link each way (`link-check.ts`). Why: a bot with no node to pick up stands still until
 * it is shot (`pick-up.ts`).
 *
 * Places are taken in sample order and each new node joins the search at once, so one node
 * covers the corner it was made for and the places around it; deterministic.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import type { CollisionModel } from '../world/collision-model.js';
import {
  NO_LINK_EVIDENCE,
  nodeWithoutVotes,
  type DraftLink,
  type DraftNode,
} from '../stage/graph-types.js';
import type { Vec3 } from '../geometry/vec3.js';
import { addToPickUpIndex, pickUpIndex, pickUpNode, PICK_UP_RANGE } from './pick-up.js';
import { SLIDE_STEP, wallSlides } from './stand-places.js';
import { traverse } from './walk-link.js';
import { checkLinks } from './link-check.js';
import { FILLED_LINK_TYPE } from './floor-links.js';
import { GROUND_TYPES } from './ground-types.js';
import { SAME_FLOOR } from './node-buckets.js';
import { runToEnd, type Steps } from '../pausing/run-steps.js';

export interface WithinReachOptions {
  /** How far the box slides from each sample towards the walls. [Units: world units] */
  readonly slideReach: number;
  /** How far back from the wall the new node stands, along the slide. [Units: world units] */
  readonly wallGap: number;
  /** Farthest ground node a new node links to. [Units: world units] */
  readonly linkRadius: number;
  /** Most links each way per new node (nearest first). */
  readonly maxLinks: number;
  /** Whether a node may stand at a place (the brink rule); null: anywhere. */
  readonly mayStand: ((origin: Vec3) => boolean) | null;
}

export interface WithinReach {
  /** The new nodes, to be appended to the graph's (indices from its length on). */
  readonly nodes: DraftNode[];
  readonly links: DraftLink[];
  readonly stats: {
    readonly placesChecked: number;
    /** Places with no node to pick up before this step. */
    readonly placesUncovered: number;
    readonly nodesAdded: number;
    /** Places still without one (no spot for a node, or no link the bot makes). */
    readonly placesLeft: number;
  };
}

/** Most passes over the places left without a node. */
const MAX_PASSES = 8;

/** Ground nodes within `radius` of `p` on its floor, nearest first (ties: lower index). */
function groundNear(
  origins: readonly (readonly number[])[],
  ground: readonly boolean[],
  p: readonly number[],
  radius: number,
): number[] {
  const out: { n: number; d: number }[] = [];
  origins.forEach((o, n) => {
    if (!ground[n] || Math.abs(o[2] - p[2]) > SAME_FLOOR) return;
    const dx = o[0] - p[0];
    const dy = o[1] - p[1];
    if (Math.abs(dx) > radius || Math.abs(dy) > radius) return;
    const d = Math.hypot(dx, dy, o[2] - p[2]);
    if (d <= radius && d > 0) out.push({ n, d });
  });
  return out.sort((a, b) => a.d - b.d || a.n - b.n).map((e) => e.n);
}

/** Samples, or open places, between two pauses of {@link coverWithinReachSteps}. */
export const PLACES_PER_STEP = 256;

/** {@link coverWithinReachSteps} run to the end at once. */
export function coverWithinReach(...args: Parameters<typeof coverWithinReachSteps>): WithinReach {
  return runToEnd(coverWithinReachSteps(...args));
}

/**
 * The nodes and links that put every stand place around `samples` (standing origins, in
 * order) within a bot's pick-up of a node; `nodes` and `links` are the graph's so far. Pauses
 * every `PLACES_PER_STEP` samples and open places (urbanjungle: about 5 s in all).
 */
export function* coverWithinReachSteps(
  m: CollisionModel,
  w: BspWorld,
  nodes: readonly DraftNode[],
  samples: readonly Vec3[],
  o: WithinReachOptions,
): Steps<WithinReach> {
  const all: DraftNode[] = [...nodes];
  const index = pickUpIndex(nodes.map((n) => n.origin));
  const ground = nodes.map((n) => GROUND_TYPES.has(n.type));
  const added: DraftNode[] = [];
  const links: DraftLink[] = [];
  let checked = 0;
  const origins = index.origins;
  const back = Math.max(0, Math.round(o.wallGap / SLIDE_STEP));

  const tryNode = (place: Vec3, path: readonly Vec3[]): boolean => {
    // From `wallGap` back from the wall towards the sample: the first spot a node may stand on.
    for (let k = Math.max(0, path.length - 1 - back); k >= 0; k--) {
      const at = path[k];
      if (Math.hypot(at[0] - place[0], at[1] - place[1], at[2] - place[2]) >= PICK_UP_RANGE) break;
      if (o.mayStand && !o.mayStand(at)) continue;
      const n = all.length;
      const near = groundNear(origins, ground, at, o.linkRadius);
      const out: DraftLink[] = [];
      const into: DraftLink[] = [];
      for (const c of near) {
        if (out.length < o.maxLinks && traverse(w, at, origins[c]) === 'walk')
          out.push({
            from: n,
            to: c,
            type: FILLED_LINK_TYPE.walk,
            ...NO_LINK_EVIDENCE,
            fromMap: true,
          });
        if (into.length < o.maxLinks && traverse(w, origins[c], at) === 'walk')
          into.push({
            from: c,
            to: n,
            type: FILLED_LINK_TYPE.walk,
            ...NO_LINK_EVIDENCE,
            fromMap: true,
          });
        if (out.length >= o.maxLinks && into.length >= o.maxLinks) break;
      }
      if (out.length === 0 || into.length === 0) continue;
      const node = nodeWithoutVotes([at[0], at[1], at[2]], 'MOVE', 'map');
      const kept = checkLinks(m, [...all, node], [...out, ...into], 0, false).kept;
      if (!kept.some((l) => l.from === n) || !kept.some((l) => l.to === n)) continue;
      all.push(node);
      added.push(node);
      ground.push(true);
      addToPickUpIndex(index, node.origin);
      links.push(...kept);
      return pickUpNode(m, index, place) >= 0;
    }
    return false;
  };

  // The places with no node to pick up, in sample order.
  let open: { place: Vec3; path: readonly Vec3[] }[] = [];
  for (const [k, s] of samples.entries()) {
    if (k > 0 && k % PLACES_PER_STEP === 0) yield;
    const places: { place: Vec3; path: readonly Vec3[] }[] = [{ place: s, path: [s] }];
    for (const path of wallSlides(w, s, o.slideReach))
      places.push({ place: path[path.length - 1], path });
    for (const p of places) {
      checked++;
      if (pickUpNode(m, index, p.place) < 0) open.push(p);
    }
  }
  const uncovered = open.length;
  // Passes until one adds nothing: in a stretch with no node at all, a node at its rim lets the
  // next pass link the places beyond it. [Limit: passes]
  for (let pass = 0; pass < MAX_PASSES && open.length > 0; pass++) {
    const before = added.length;
    const still: typeof open = [];
    for (const [k, p] of open.entries()) {
      if (k > 0 && k % PLACES_PER_STEP === 0) yield;
      if (pickUpNode(m, index, p.place) < 0 && !tryNode(p.place, p.path)) still.push(p);
    }
    open = still;
    if (added.length === before) break;
  }
  const left = open.filter((p) => pickUpNode(m, index, p.place) < 0).length;
  return {
    nodes: added,
    links,
    stats: {
      placesChecked: checked,
      placesUncovered: uncovered,
      nodesAdded: added.length,
      placesLeft: left,
    },
  };
}
