/**
 * Node types checked against the map, and nodes moved to where a player can stand. The votes
 * propose a type; the map decides:
 * - WATER where pmove's water level at the node is at least 2 (waist-deep), whatever the votes
 *   said; a water vote where the map is dry is contradicted.
 * - CROUCH where a standing box does not fit and a crouched one does, at the node or 16 units
 *   ahead (where passing needs it); a crouch vote where a standing player fits all around is
 *   contradicted, and a node where only a crouched player fits becomes CROUCH though nobody
 *   crouched there in the demos.
 * - Ladders: nodes climbed in the demos (ladder evidence, or a ladder vote) next to a ladder
 *   brush are replaced, per brush, by the pair the engine's bots climb: two LADDER nodes, one on
 *   the floor at the foot and one at the top, at the same x and y, linked both ways. The bot
 *   that runs (`BOTLIB_Wander` in `botlib_movement.c`) climbs only while its current and next
 *   nodes are both LADDER; it has no climbing for LADDER_UP / LADDER_DOWN, so a pair typed
 *   that way leaves it standing at the foot. A ladder vote with no ladder brush near is
 *   contradicted.
 * - Every other node is moved to the nearest position with the standing box free and ground
 *   within a step below (`place-node.ts`); a node with none near is removed.
 *
 * Contradictions are listed with their evidence (votes, demos, what the map said); nothing a
 * demo voted is dropped or retyped silently.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import type { DraftLink, DraftNode } from '../stage/graph-types.js';
import {
  inSolid,
  CROUCHED,
  STANDING,
  STEP_SIZE,
  fits,
  groundBelow,
  laddersTouched,
  waterLevel,
} from './box-query.js';
import { placeNode, type PlaceOptions } from './place-node.js';
import { ladderOf } from './ladders.js';
import type { Climb } from './ladder-climbs.js';

export interface ConfirmOptions extends PlaceOptions {
  /** Share of votes with ladder evidence that marks a node as climbed. [Limit: 0..1] */
  readonly ladderRatio: number;
  /** Farthest a climbed node may be from the ladder brush it climbed. [Units: world units] */
  readonly ladderReach: number;
  /** Smallest climb that makes a ladder (bottom to top). [Units: world units] */
  readonly ladderMinClimb: number;
}

export interface Contradiction {
  readonly origin: readonly number[];
  readonly votes: number;
  readonly demos: number;
  /** The type the votes gave. */
  readonly voted: string;
  /** The type the map gave. */
  readonly typed: string;
  /** What the map said. */
  readonly map: string;
}

export interface LadderPair {
  readonly brush: number;
  readonly bottom: readonly number[];
  readonly top: readonly number[];
  /** Climbed nodes the pair replaced. */
  readonly replaced: number;
  /** The evidence: climbs seen (link votes and hanging votes) and distinct demos. */
  readonly climbs: number;
  readonly demos: number;
}

export interface ConfirmStats {
  /** Nodes of each map-checked type that the map confirmed, by type. */
  readonly confirmed: Record<string, number>;
  /** Nodes the map gave a type the votes did not (e.g. WATER where nobody voted under water). */
  readonly typedByMap: Record<string, number>;
  readonly contradicted: readonly Contradiction[];
  readonly ladders: readonly LadderPair[];
  /** Nodes moved to a valid position, and the largest move. [Units: world units] */
  readonly moved: number;
  readonly maxMove: number;
  /** Nodes with no valid position within the search, removed with their links. */
  readonly removed: readonly (readonly number[])[];
}

/** What confirmation returns: the new nodes, and for each old node its new index (-1: gone). */
export interface Confirmed {
  readonly nodes: DraftNode[];
  readonly remap: Int32Array;
  /** Links between new nodes the map adds (the ladder pairs). */
  readonly links: DraftLink[];
  readonly stats: ConfirmStats;
}

const LADDER_TYPES = new Set(['LADDER', 'LADDER_UP', 'LADDER_DOWN']);
/**
 * A standing player does not fit by more than a touch: the standing box, shrunk by a unit on
 * every side, still overlaps solid (a box that only grazes a ceiling is no reason to crouch).
 */
function standingBlocked(w: BspWorld, x: number, y: number, z: number): boolean {
  return inSolid(w, x, y, z, STANDING, -1);
}

/**
 * How near the box must stay to the ladder while climbing (pmove feels 1 unit ahead, the bots
 * up to 32; 3 allows for ladders that thin out). [Units: world units]
 */
const LADDER_TOUCH = 3;
/**
 * Where passing needs a crouch: standing is blocked at the node or a step ahead of it in one of
 * eight directions (a vent's mouth: the crouch vote sits where players duck to go in).
 * [Units: world units]
 */
const CROUCH_AHEAD = 16;

function standingBlockedNear(w: BspWorld, x: number, y: number, z: number): boolean {
  if (standingBlocked(w, x, y, z)) return true;
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    const ax = x + CROUCH_AHEAD * Math.cos(a);
    const ay = y + CROUCH_AHEAD * Math.sin(a);
    // Only a low ceiling ahead counts, not a wall: the crouched box must fit there.
    if (standingBlocked(w, ax, ay, z) && fits(w, ax, ay, z, CROUCHED)) return true;
  }
  return false;
}

/** How far up a ladder is followed. [Units: world units] */
const LADDER_MAX_CLIMB = 2048;
/** How far below a ladder's foot the floor is looked for. [Units: world units] */
const LADDER_MAX_FOOT = 512;

function round8(v: number): number {
  return Math.round(v * 8) / 8;
}

export function confirmNodes(
  nodes: readonly DraftNode[],
  w: BspWorld,
  o: ConfirmOptions,
  climbs: ReadonlyMap<number, readonly Climb[]> = new Map(),
): Confirmed {
  const out: DraftNode[] = [];
  const remap = new Int32Array(nodes.length).fill(-1);
  const confirmed: Record<string, number> = {};
  const typedByMap: Record<string, number> = {};
  const contradicted: Contradiction[] = [];
  const removed: number[][] = [];
  let moved = 0;
  let maxMove = 0;
  const count = (r: Record<string, number>, t: string): void => {
    r[t] = (r[t] ?? 0) + 1;
  };
  const contradict = (n: DraftNode, typed: string, map: string): void => {
    contradicted.push({
      origin: n.origin,
      votes: n.votes,
      demos: n.demos,
      voted: n.type,
      typed,
      map,
    });
  };

  // Ladders climbed in the demos, plus ladder-typed nodes at a ladder, grouped by ladder.
  const ladder = ladderOf(w);
  const groups = new Map<
    number,
    { points: (readonly number[])[]; demos: Set<number>; climbs: number; members: number[] }
  >();
  const group = (id: number) => {
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { points: [], demos: new Set(), climbs: 0, members: [] }));
    return g;
  };
  for (const [id, list] of climbs) {
    const g = group(id);
    for (const c of list) {
      g.points.push(c.at);
      g.demos.add(c.demo);
      g.climbs++;
    }
  }
  nodes.forEach((n, i) => {
    if (n.source !== 'votes' || !LADDER_TYPES.has(n.type)) return;
    const [x, y, z] = n.origin;
    const brushes = laddersTouched(w, x, y, z, o.ladderReach);
    if (brushes.length === 0) {
      contradict(n, 'MOVE', `no ladder brush within ${o.ladderReach} units`);
      return;
    }
    const g = group(Math.min(...brushes.map((b) => ladder[b])));
    g.points.push(n.origin);
    g.members.push(i);
  });
  const ladders: LadderPair[] = [];
  const pairOf = new Map<number, [DraftNode, DraftNode]>();
  for (const [brush, g] of [...groups].sort((a, b) => a[0] - b[0])) {
    const pair = ladderPair(w, brush, g.points, g.climbs, g.demos.size, o);
    if (!pair) {
      for (const i of g.members)
        contradict(nodes[i], 'MOVE', `ladder ${brush} gives no climb of ${o.ladderMinClimb} units`);
      continue;
    }
    pairOf.set(brush, pair);
    for (const i of g.members) remap[i] = -2 - brush; // resolved below
  }

  nodes.forEach((n, i) => {
    if (remap[i] !== -1) return;
    const [x, y, z] = n.origin;
    let type = LADDER_TYPES.has(n.type) ? 'MOVE' : n.type;
    if (n.source !== 'votes') {
      remap[i] = out.push(n) - 1;
      return;
    }
    // Water: the map's water level decides.
    const level = waterLevel(w, x, y, z);
    if (level >= 2) {
      if (type === 'WATER') count(confirmed, 'WATER');
      else {
        count(typedByMap, 'WATER');
        type = 'WATER';
      }
    } else if (type === 'WATER') {
      contradict(n, 'MOVE', `water level ${level} (below waist)`);
      type = 'MOVE';
    }
    let placed =
      type === 'WATER'
        ? placeNode(w, n.origin, STANDING, false, o)
        : placeNode(w, n.origin, type === 'CROUCH' ? CROUCHED : STANDING, true, o);
    if (type === 'CROUCH' && placed) {
      const [px, py, pz] = placed.origin;
      if (!standingBlockedNear(w, px, py, pz)) {
        contradict(n, 'MOVE', 'a standing player fits');
        type = 'MOVE';
        placed = placeNode(w, n.origin, STANDING, true, o);
      } else count(confirmed, 'CROUCH');
    } else if (type !== 'WATER' && !placed) {
      // No standing position near: where only a crouched player fits, the node is a crouch.
      const low = placeNode(w, n.origin, CROUCHED, true, o);
      if (low && standingBlocked(w, low.origin[0], low.origin[1], low.origin[2])) {
        count(typedByMap, 'CROUCH');
        type = 'CROUCH';
        placed = low;
      }
    }
    if (!placed) {
      removed.push([...n.origin]);
      return;
    }
    if (placed.moved > 0) {
      moved++;
      maxMove = Math.max(maxMove, placed.moved);
    }
    remap[i] = out.push({ ...n, type, origin: placed.origin }) - 1;
  });

  // Ladder pairs go last; their climbed nodes map to the nearer end.
  const links: DraftLink[] = [];
  for (const [brush, [bottom, top]] of pairOf) {
    const b = out.push(bottom) - 1;
    const t = out.push(top) - 1;
    let replaced = 0;
    nodes.forEach((n, i) => {
      if (remap[i] !== -2 - brush) return;
      replaced++;
      const z = n.origin[2];
      remap[i] = Math.abs(z - top.origin[2]) < Math.abs(z - bottom.origin[2]) ? t : b;
    });
    count(confirmed, 'LADDER');
    const evidence = {
      weight: bottom.weight,
      demos: bottom.demos,
      votes: bottom.votes,
      airborne: 0,
      rise: 0,
    };
    // A link's type is its target's node type, as in the engine's own navs.
    links.push({ from: b, to: t, type: 'LADDER', ...evidence });
    links.push({ from: t, to: b, type: 'LADDER', ...evidence });
    // On and off: the nearest floor nodes at each end. The bot walks onto either end (a floor
    // node's next node is LADDER, no climbing yet) and walks off the top to the floor beyond.
    for (const n of nearFloorNodes(out, bottom.origin, 0, 96, STEP_SIZE)) {
      links.push({ from: b, to: n, type: out[n].type, ...evidence });
      links.push({ from: n, to: b, type: 'LADDER', ...evidence });
    }
    for (const n of nearFloorNodes(out, top.origin, 48, 128, STEP_SIZE + 8)) {
      links.push({ from: t, to: n, type: out[n].type, ...evidence });
      links.push({ from: n, to: t, type: 'LADDER', ...evidence });
    }
    ladders.push({
      brush,
      bottom: bottom.origin,
      top: top.origin,
      replaced,
      climbs: bottom.votes,
      demos: bottom.demos,
    });
  }
  return {
    nodes: out,
    remap,
    links,
    stats: {
      confirmed,
      typedByMap,
      contradicted,
      ladders,
      moved,
      maxMove: round8(maxMove),
      removed,
    },
  };
}

/**
 * The bottom and top nodes of the ladder brush `brush` that `members` climbed: one x, y where
 * the box touches the brush, the floor at its foot and the highest point the box still touches
 * it (where a climber steps off). Null when that climb is shorter than `ladderMinClimb`.
 */
function ladderPair(
  w: BspWorld,
  brush: number,
  points: readonly (readonly number[])[],
  climbs: number,
  demos: number,
  o: ConfirmOptions,
): [DraftNode, DraftNode] | null {
  if (points.length === 0) return null;
  let sx = 0;
  let sy = 0;
  let sz = 0;
  for (const m of points) {
    sx += m[0];
    sy += m[1];
    sz += m[2];
  }
  const weight = climbs;
  const votes = climbs;
  const k = points.length;
  const mz = sz / k;
  const ladder = ladderOf(w);
  const touches = (x: number, y: number, z: number): boolean =>
    fits(w, x, y, z, STANDING) &&
    laddersTouched(w, x, y, z, LADDER_TOUCH).some((b) => ladder[b] === brush);
  // The spot near the climbers' mean where the box hangs on the ladder over the longest climb
  // (ladders thin out and bend: the bots climb at one x and y, so it must touch all the way).
  const cx = Math.round(sx / k);
  const cy = Math.round(sy / k);
  let best: { x: number; y: number; foot: number; top: number } | null = null;
  const span = o.ladderReach + 16;
  for (let dx = -span; dx <= span; dx += 2)
    for (let dy = -span; dy <= span; dy += 2) {
      const x = cx + dx;
      const y = cy + dy;
      if (!touches(x, y, mz)) continue;
      const foot = groundBelow(w, x, y, mz, LADDER_MAX_FOOT);
      if (foot === null) continue;
      let low = mz;
      while (low - 2 > foot && touches(x, y, low - 2)) low -= 2;
      if (low - 2 > foot) continue; // the box leaves the ladder before the floor
      let top = mz;
      while (top - mz < LADDER_MAX_CLIMB && touches(x, y, top + 2)) top += 2;
      const better =
        !best ||
        top - foot > best.top - best.foot ||
        (top - foot === best.top - best.foot &&
          Math.hypot(dx, dy) < Math.hypot(best.x - cx, best.y - cy));
      if (better) best = { x, y, foot, top };
    }
  if (!best || best.top - best.foot < o.ladderMinClimb) return null;
  const { x, y, foot, top } = best;
  const base: DraftNode = {
    origin: [x, y, foot],
    type: 'LADDER',
    weight,
    demos,
    votes,
    underwater: 0,
    crouched: 0,
    ladder: 1,
    airborne: 0,
    vz: 0,
    dxy: 0,
    source: 'votes',
  };
  return [base, { ...base, origin: [x, y, top] }];
}

/** Up to two non-ladder nodes nearest `p` at distance minD..maxD and within `maxDz` in height. */
function nearFloorNodes(
  nodes: readonly DraftNode[],
  p: readonly number[],
  minD: number,
  maxD: number,
  maxDz: number,
): number[] {
  const near: { i: number; d: number }[] = [];
  nodes.forEach((n, i) => {
    if (LADDER_TYPES.has(n.type)) return;
    if (Math.abs(n.origin[2] - p[2]) > maxDz) return;
    const d = Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1], n.origin[2] - p[2]);
    if (d >= minD && d <= maxD) near.push({ i, d });
  });
  near.sort((a, b) => a.d - b.d || a.i - b.i);
  return near.slice(0, 2).map((e) => e.i);
}
