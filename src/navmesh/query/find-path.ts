/**
 * A path query (Detour's `findPath` + `findStraightPath`): the start and goal are put on the
 * mesh (the area under each whose height is nearest), A* finds the corridor of areas, and the
 * string is pulled through its portals; ladders split the corridor (the climb's foot, top and
 * exit are corners), and so do off-mesh links (their start and end). Each segment of the result says how it is crossed.
 *
 * ```ts
 * const q = createNavQuery(mesh);
 * const r = findPath(q, [x0, y0, z0], [x1, y1, z1]);
 * if (r.ok) r.points; // [[x, y, z], …] origins of a standing player
 * ```
 */
import { buildReachIndex, mayReach, type ReachIndex } from './reach-index.js';
import {
  AREA_CROUCH,
  AREA_WATER,
  CROSS_DROP,
  CROSS_JUMP,
  CROSS_LADDER,
  CROSS_LINK,
  DIR_DI,
  DIR_DJ,
  EAST,
  LINK_MOVES,
  SOUTH,
  WEST,
  areaBounds,
  areaHeightAt,
  linkPoint,
  type NavMesh,
} from '../mesh.js';
import {
  findAreaPath,
  newSearchScratch,
  pathCostDefaults,
  type PathCosts,
  type SearchScratch,
} from './astar.js';
import {
  buildAreaIndex,
  locateArea,
  nearestArea,
  nearestInArea,
  type AreaIndex,
} from './area-index.js';
import { pullString } from './funnel.js';
import { connectionDirection, portalPoints } from './portal.js';
import { lineOnFloor } from './floor-line.js';
import { nodeReached } from '../../simulated-bot/node-reached.js';
import { STANDING_MAXS, STANDING_MINS, STEP_SIZE } from '../../player.js';

/** The standing player's box. [Units: world units] */
const STAND_MINS = STANDING_MINS;
const STAND_MAXS = STANDING_MAXS;

export interface NavQueryOptions extends PathCosts {
  /** How far above or below its area's floor a start or goal may be. [Units: world units] [Limit: ≥ 0] */
  readonly maxSnap: number;
  /** Portal ends are pulled in by this much (away from walls). [Units: world units] [Limit: ≥ 0] */
  readonly portalMargin: number;
}

export const navQueryDefaults: NavQueryOptions = Object.freeze({
  ...pathCostDefaults,
  maxSnap: 40,
  portalMargin: 2,
});

export interface NavQuery {
  readonly mesh: NavMesh;
  readonly index: AreaIndex;
  /** Which areas lead to which at all: a query with no connection ends before the search. */
  readonly reach: ReachIndex;
  readonly scratch: SearchScratch;
  readonly options: NavQueryOptions;
}

/** How a segment of a path is crossed. */
export type PathMove = 'walk' | 'crouch' | 'swim' | 'drop' | 'jump' | 'ladder';

export type PathResult =
  | {
      readonly ok: true;
      /** Corners, start and goal included. [Units: world units] */
      readonly points: number[][];
      /** Per segment (points.length − 1). */
      readonly moves: PathMove[];
      /** Area ids of the corridor, start first. */
      readonly areas: number[];
      /** Sum of the segments' lengths. [Units: world units] */
      readonly length: number;
    }
  | {
      readonly ok: false;
      readonly reason: 'start-off-mesh' | 'goal-off-mesh' | 'no-connection';
      readonly detail: string;
    };

export function createNavQuery(mesh: NavMesh, options: Partial<NavQueryOptions> = {}): NavQuery {
  const o = { ...navQueryDefaults, ...options };
  return {
    mesh,
    index: buildAreaIndex(mesh),
    reach: buildReachIndex(mesh, o.ladders),
    scratch: newSearchScratch(mesh),
    options: o,
  };
}

const fmt = (p: readonly number[]) => `(${p.map((v) => Math.round(v)).join(', ')})`;

export function findPath(q: NavQuery, from: readonly number[], to: readonly number[]): PathResult {
  const m = q.mesh;
  const o = q.options;
  const a0 = nearestArea(m, q.index, from[0], from[1], from[2], o.maxSnap);
  if (a0 < 0) return offMesh('start', from, o.maxSnap);
  const a1 = nearestArea(m, q.index, to[0], to[1], to[2], o.maxSnap);
  if (a1 < 0) return offMesh('goal', to, o.maxSnap);
  const start = pointOn(m, a0, from);
  const goal = pointOn(m, a1, to);
  const corridor = mayReach(q.reach, a0, a1)
    ? findAreaPath(m, q.scratch, a0, start, a1, goal, o)
    : null;
  if (!corridor)
    return {
      ok: false,
      reason: 'no-connection',
      detail: `area ${m.areaId[a0]} at the start does not lead to area ${m.areaId[a1]} at the goal`,
    };
  const corners = new PathCorners(m, corridor.areas, corridor.via, o.portalMargin);
  corners.follow(start, goal);
  const points = corners.points;
  const moves = corners.moves();
  // Corners a bot does not need, or cannot stop at, go; deep swims are cut.
  dropCollinear(points, moves);
  dropDescentCorners(m, q.index, points, moves);
  splitDeepSwims(m, q.index, points, moves);
  const areas = corridor.areas.map((a) => m.areaId[a]);
  return { ok: true, points, moves, areas, length: pathLength(points) };
}

/** The point of area `a` nearest `p` (`p` itself where it is over the area), on its floor. */
function pointOn(m: NavMesh, a: number, p: readonly number[]): number[] {
  const [x0, y0, x1, y1] = areaBounds(m, a);
  const q = [p[0], p[1]];
  if (p[0] < x0 || p[0] > x1 || p[1] < y0 || p[1] > y1) nearestInArea(m, a, p[0], p[1], q);
  return [q[0], q[1], areaHeightAt(m, a, q[0], q[1])];
}

function offMesh(end: 'start' | 'goal', p: readonly number[], maxSnap: number): PathResult {
  return {
    ok: false,
    reason: end === 'start' ? 'start-off-mesh' : 'goal-off-mesh',
    detail: `no area within ${maxSnap} u of the ${end} ${fmt(p)}`,
  };
}

/** Sum of the segments' lengths. [Units: world units] */
function pathLength(points: readonly (readonly number[])[]): number {
  let length = 0;
  for (let s = 0; s + 1 < points.length; s++) {
    const p = points[s];
    const r = points[s + 1];
    length += Math.hypot(r[0] - p[0], r[1] - p[1], r[2] - p[2]);
  }
  return length;
}

/**
 * The corners of a path along a corridor of areas (`areas[k]` entered by connection `via[k]`),
 * in order: the string pulled through the portals between the places where the corridor splits
 * (a jump, a drop, a ladder, an off-mesh link), and those places' own corners. Each point keeps the corridor index
 * of the area it is entered into; each segment whether it is a climb and, for a jump or a drop,
 * how it is made.
 */
class PathCorners {
  readonly points: number[][] = [];
  /** Corridor index of each point (the area it is entered into). */
  private readonly at: number[] = [];
  private readonly ladderSegment: boolean[] = [];
  /** The move of a segment that is a jump or a drop (the string is split there). */
  private readonly crossing: (PathMove | undefined)[] = [];
  private readonly portal = new Float64Array(4);

  constructor(
    private readonly m: NavMesh,
    private readonly areas: readonly number[],
    private readonly via: readonly number[],
    private readonly portalMargin: number,
  ) {}

  /** The corners from start to goal. */
  follow(start: number[], goal: number[]): void {
    const { m, areas, via } = this;
    this.emit(start, 0, false);
    let k0 = 0;
    let p0 = start;
    for (let k = 1; k < areas.length; k++) {
      const c = via[k];
      const kind = m.connKind[c];
      if (kind === CROSS_JUMP || kind === CROSS_DROP) p0 = this.jumpOrDrop(k0, k, p0, c, kind);
      else if (kind === CROSS_LADDER) p0 = this.climb(k0, k, p0, c);
      else if (kind === CROSS_LINK) p0 = this.offMeshLink(k0, k, p0, c);
      else continue;
      k0 = k;
    }
    this.pull(k0, areas.length - 1, p0, goal);
  }

  /**
   * How each segment is crossed: a climb, a jump or a drop as recorded; otherwise crouched where
   * only that fits (also under water: a flooded duct), else through water the player swims (in
   * deep water a walking player floats at its height and never reaches a target on the bottom).
   */
  moves(): PathMove[] {
    const { m, areas, points, at } = this;
    const moves: PathMove[] = [];
    for (let s = 0; s + 1 < points.length; s++) {
      if (this.ladderSegment[s]) {
        moves.push('ladder');
        continue;
      }
      let flags = 0;
      for (let k = Math.max(0, at[s]); k <= at[s + 1]; k++) flags |= m.areaFlags[areas[k]];
      const move: PathMove =
        this.crossing[s] ?? (flags & AREA_CROUCH ? 'crouch' : flags & AREA_WATER ? 'swim' : 'walk');
      moves.push(move);
    }
    return moves;
  }

  /**
   * The jump or drop into corridor[k] over connection c: the string from p0 is pulled to the
   * take-off, then the landing; the landing (where the next string starts).
   *
   * The player leaves from the last cell centres of the area it leaves, at the portal's middle,
   * and lands where the build saw it land, `connLanding` cells further on (a drop over a ledge
   * band lands beyond the band, and the floor below the band may be a room under the ledge: no
   * line to pull through).
   */
  private jumpOrDrop(k0: number, k: number, p0: number[], c: number, kind: number): number[] {
    const { m, areas, portal } = this;
    const d = connectionDirection(m, areas[k - 1], c);
    portalPoints(m, c, d, 0, portal);
    const px = (portal[0] + portal[2]) / 2;
    const py = (portal[1] + portal[3]) / 2;
    const back = m.cellSize / 2;
    const on = m.cellSize * (m.connLanding[c] - 0.5);
    const tx = px - DIR_DI[d] * back;
    const ty = py - DIR_DJ[d] * back;
    const lx = px + DIR_DI[d] * on;
    const ly = py + DIR_DJ[d] * on;
    const takeoff = [tx, ty, areaHeightAt(m, areas[k - 1], tx, ty)];
    const landing = [lx, ly, areaHeightAt(m, areas[k], lx, ly)];
    const span = portal.slice(); // `pull` reuses `portal`
    this.pull(k0, k - 1, p0, takeoff);
    if (kind === CROSS_DROP) this.skipTouchedTakeoff(takeoff, landing, d, span);
    this.emit(landing, k, false);
    // Out of (or into) a place only a crouched player fits, the drop is made crouched.
    const low = (m.areaFlags[areas[k - 1]] | m.areaFlags[areas[k]]) & AREA_CROUCH;
    this.crossing[this.points.length - 2] = kind === CROSS_JUMP ? 'jump' : low ? 'crouch' : 'drop';
    return landing;
  }

  /**
   * The ladder into corridor[k] over connection c, up or down: foot, top and exit are corners;
   * where the climb ends (where the next string starts).
   */
  private climb(k0: number, k: number, p0: number[], c: number): number[] {
    const { m, areas } = this;
    const L = m.connPortal[c * 3 + 2];
    const x = m.ladderSpan[L * 4];
    const y = m.ladderSpan[L * 4 + 1];
    const foot = [x, y, m.ladderSpan[L * 4 + 2]];
    // The top a little into the ladder: the climbing bot faces where it goes.
    const dir = m.ladderDir[L];
    const top = [x + DIR_DI[dir], y + DIR_DJ[dir], m.ladderSpan[L * 4 + 3]];
    const exit = Array.from(m.ladderExit.subarray(L * 3, L * 3 + 3));
    const up = m.ladderAreas[L * 2] === areas[k - 1];
    if (up) {
      // Stepping off at the top is still on the ladder (the climber holds it until it is over
      // the edge): both segments are the climb.
      this.pull(k0, k - 1, p0, foot);
      this.emit(top, k - 1, true);
      this.emit(exit, k, true);
      return exit;
    }
    this.pull(k0, k - 1, p0, exit);
    this.emit(top, k - 1, false);
    this.emit(foot, k, true);
    return foot;
  }

  /**
   * The off-mesh link into corridor[k] over connection c: the string from p0 is pulled to where
   * it starts, then its end is the next corner, crossed as the link says; its end (where the
   * next string starts).
   */
  private offMeshLink(k0: number, k: number, p0: number[], c: number): number[] {
    const { m } = this;
    const L = m.connPortal[c * 3 + 2];
    const first = m.linkPointStart[L];
    const last = m.linkPointStart[L + 1] - 1;
    this.pull(k0, k - 1, p0, linkPoint(m, first));
    for (let p = first; p < last; p++) {
      const move = LINK_MOVES[m.linkStepMove[p]];
      // The places it passes are off every area: entered into the area it leaves, but the end.
      this.emit(linkPoint(m, p + 1), p + 1 === last ? k : k - 1, move === 'ladder');
      this.crossing[this.points.length - 2] = move;
    }
    return linkPoint(m, last);
  }

  /** Adds corner p, entered into corridor[k], unless it is the last one again. */
  private emit(p: number[], k: number, ladder: boolean): void {
    const { points } = this;
    const last = points[points.length - 1];
    if (last && samePoint(last, p)) return;
    if (points.length > 0) this.ladderSegment.push(ladder);
    points.push(p);
    this.at.push(k);
  }

  /**
   * Pulls the string over corridor[k0…k1] from p0 to p1 and emits its corners (p0 excluded).
   * Each crossing is two portals: the side of the area left (its last cell centres) and the
   * side of the area entered (its first cell centres). Between them lies the strip the player
   * box was seen to cross; inside an area, the hull of its cell centres is free (any box
   * between four free grid positions 16 units apart is free); the cells' outer half is not.
   */
  private pull(k0: number, k1: number, p0: number[], p1: number[]): void {
    const { m, areas, via, portal } = this;
    const n = 2 * (k1 - k0) + 2;
    const portals = new Float64Array(n * 4);
    /** Corridor index (area entered) of each portal. */
    const owner = new Int32Array(n);
    portals[0] = portals[2] = p0[0];
    portals[1] = portals[3] = p0[1];
    owner[0] = k0;
    for (let k = k0 + 1; k <= k1; k++) {
      const c = via[k];
      const d = connectionDirection(m, areas[k - 1], c);
      portalPoints(m, c, d, this.portalMargin, portal);
      const leave = sideCentre(m, areas[k - 1], d, false);
      const enter = sideCentre(m, areas[k], d, true);
      const x = 2 * (k - k0) - 1;
      const axis = d === EAST || d === WEST ? 0 : 1;
      setPortal(portals, x, portal, axis, leave);
      owner[x] = k - 1;
      setPortal(portals, x + 1, portal, axis, enter);
      owner[x + 1] = k;
    }
    portals[(n - 1) * 4] = portals[(n - 1) * 4 + 2] = p1[0];
    portals[(n - 1) * 4 + 1] = portals[(n - 1) * 4 + 3] = p1[1];
    owner[n - 1] = k1;
    const s = pullString(portals);
    for (let t = 1; t < s.portal.length; t++) {
      const idx = s.portal[t];
      if (idx === n - 1) {
        this.emit(p1, k1, false);
        continue;
      }
      const x = portals[idx * 4 + s.side[t] * 2];
      const y = portals[idx * 4 + s.side[t] * 2 + 1];
      const k = owner[idx];
      this.emit([x, y, areaHeightAt(m, areas[k], x, y)], k, false);
    }
  }

  /**
   * A take-off the player already touches from the corner before it (the bot's reach rule,
   * `node-reached.ts`) is one the bot does not walk to: it turns to the landing at once. Walked
   * to from rest, so short a segment is overshot (the bot covers 30 units in its first think)
   * and the bot falls over the edge off its line. So the drop starts at that corner, where the
   * straight line from it to the landing crosses the side within the portal's cells.
   */
  private skipTouchedTakeoff(
    takeoff: number[],
    landing: number[],
    d: number,
    span: Float64Array,
  ): void {
    const { m, points } = this;
    // The last corner is the take-off (the funnel may have emitted a corner there first: the
    // take-off itself was then not added again). Repeated: the corner that becomes the
    // take-off may be touched from the one before it in turn (a short first segment).
    for (let from = takeoff; ; from = points[points.length - 1]) {
      const n = points.length;
      if (n < 2 || !samePoint(points[n - 1], from) || this.ladderSegment[n - 2]) return;
      const p = points[n - 2];
      if (!nodeReached(p, STAND_MINS, STAND_MAXS, from)) return;
      // A corner just before the take-off goes instead (`dropCollinear`).
      if (Math.hypot(from[0] - p[0], from[1] - p[1]) < NEAR) return;
      const axis = d === EAST || d === WEST ? 0 : 1;
      const side = span[axis];
      const t = (side - p[axis]) / (landing[axis] - p[axis]);
      if (!(t >= 0 && t <= 1)) return;
      const cross = p[1 - axis] + t * (landing[1 - axis] - p[1 - axis]);
      // Within the crossing cells (the portal runs between their centres).
      const lo = Math.min(span[1 - axis], span[3 - axis]) - m.cellSize / 2;
      const hi = Math.max(span[1 - axis], span[3 - axis]) + m.cellSize / 2;
      if (cross < lo || cross > hi) return;
      points.pop();
      this.at.pop();
      this.ladderSegment.pop();
    }
  }
}

/** Whether two points are one (within a thousandth of a unit). [Units: world units] */
function samePoint(a: readonly number[], b: readonly number[]): boolean {
  return (
    Math.abs(a[0] - b[0]) < 1e-3 && Math.abs(a[1] - b[1]) < 1e-3 && Math.abs(a[2] - b[2]) < 1e-3
  );
}

/**
 * Writes `portal` as slot `slot` of `portals`, moved along `axis` (0 x, 1 y) to the coordinate
 * `at`. [Units: world units]
 */
function setPortal(
  portals: Float64Array,
  slot: number,
  portal: Float64Array,
  axis: number,
  at: number,
): void {
  portals.set(portal, slot * 4);
  portals[slot * 4 + axis] = at;
  portals[slot * 4 + 2 + axis] = at;
}

/**
 * The coordinate (x for east and west, y for north and south) of area `a`'s outermost cell
 * centres on its side toward direction `d`, or on the opposite side when `entering` (the side a
 * player coming in direction `d` enters by). [Units: world units]
 */
function sideCentre(m: NavMesh, a: number, d: number, entering: boolean): number {
  const side = entering ? (d + 2) & 3 : d;
  const c = m.areaCells;
  const half = m.cellSize / 2;
  if (side === EAST) return m.originX + c[a * 4 + 2] * m.cellSize + half;
  if (side === WEST) return m.originX + c[a * 4] * m.cellSize + half;
  if (side === SOUTH) return m.originY + c[a * 4 + 3] * m.cellSize + half;
  return m.originY + c[a * 4 + 1] * m.cellSize + half;
}

/** How far off the line through its neighbours a corner may be and still go. [Units: world units] */
const COLLINEAR = 0.5;
/**
 * A corner closer than this to the next one goes (at most the two portal margins: the line
 * stays within the free hull's slack). [Units: world units]
 */
const NEAR = 4;

/**
 * Removes corners that lie on the straight line between their neighbours (seen from above) where
 * both segments are crossed the same way: a corridor narrower than the portal margins collapses
 * its portals to points, and the funnel makes each one a corner. Also a corner a few units before
 * the next: a segment that short is overshot by a bot starting at rest (it covers 30 units in
 * its first think), downhill off a slope.
 */
function dropCollinear(points: number[][], moves: PathMove[]): void {
  for (let k = 1; k + 1 < points.length;) {
    const a = points[k - 1];
    const p = points[k];
    const b = points[k + 1];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy);
    const t = len > 0 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (len * len) : -1;
    const off = len > 0 ? Math.abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / len : Infinity;
    const near = Math.hypot(b[0] - p[0], b[1] - p[1]) < NEAR;
    if (
      moves[k - 1] === moves[k] &&
      moves[k] !== 'ladder' &&
      moves[k] !== 'jump' &&
      moves[k] !== 'drop' &&
      (near || (t > 0 && t < 1 && off <= COLLINEAR))
    ) {
      points.splice(k, 1);
      moves.splice(k, 1);
    } else k++;
  }
}

/** A bot's run speed (pmove's for a bot) and the game's gravity. [Units: u/s, u/s²] */
const RUN_SPEED = 300;
const GRAVITY = 800;
/** A flight no longer than one think's run (30 units) still lets the bot turn. [Units: world units] */
const TURNABLE_FLIGHT = 30;
/**
 * Running down floor that falls `s` units per unit at `RUN_SPEED` a player leaves the ground
 * and lands on the slope again after 2·s·v²/g units; this is the fall per unit beyond which
 * that flight is longer than `TURNABLE_FLIGHT`.
 */
const FLIGHT_DESCENT = (TURNABLE_FLIGHT * GRAVITY) / (2 * RUN_SPEED * RUN_SPEED);

/**
 * Height of the floor at (x, y) nearest z, within `DESCENT_REACH` (no floor is steeper than 45°),
 * NaN for none. [Units: world units]
 */
function floorNear(m: NavMesh, ix: AreaIndex, x: number, y: number, z: number): number {
  const a = locateArea(m, ix, x, y, z, DESCENT_REACH);
  return a < 0 ? Number.NaN : areaHeightAt(m, a, x, y);
}

/**
 * How far behind and beyond a corner the descent is looked for: two thinks' run (a flight off a
 * ramp or a stair lasts that long). [Units: world units]
 */
const DESCENT_REACH = 64;
/**
 * Highest step (pmove's), and how far below a corner a bot that touched it in flight may land and
 * still be there (the proof's rule, as the engine's bot goes on from a step lower). A fall no
 * deeper within `DESCENT_REACH` is no descent: off a curb the bot flies but lands on its level.
 * [Units: world units]
 */
const STEP = STEP_SIZE;

/**
 * Whether the walk from a arrives at p on a descent: the floor falls toward p (the bot comes
 * down it in flight) and on beyond p (a bot starting at rest covers 30 units in its first think
 * and overshoots a nearer corner onto it), from `DESCENT_REACH` behind to as far ahead, more
 * steeply than `FLIGHT_DESCENT` and by more than a step (a stair's tread may be longer than a
 * cell; off a single curb the bot lands within a step of the corner).
 */
function arrivesOnDescent(
  m: NavMesh,
  ix: AreaIndex,
  a: readonly number[],
  p: readonly number[],
): boolean {
  const dx = p[0] - a[0];
  const dy = p[1] - a[1];
  const l = Math.hypot(dx, dy);
  if (l < 1e-6) return false;
  const ux = (dx / l) * DESCENT_REACH;
  const uy = (dy / l) * DESCENT_REACH;
  // Across the corner, from the highest floor behind to the lowest ahead, half the reach and the
  // whole reach out (where there is none, the corner's: a wall, a ledge, the end of a landing).
  let from = p[2];
  let to = p[2];
  for (const f of [0.5, 1]) {
    const behind = floorNear(m, ix, p[0] - ux * f, p[1] - uy * f, p[2]);
    const ahead = floorNear(m, ix, p[0] + ux * f, p[1] + uy * f, p[2]);
    if (behind > from) from = behind;
    if (ahead < to) to = ahead;
  }
  return from - to >= Math.max(2 * DESCENT_REACH * FLIGHT_DESCENT, STEP);
}

/**
 * Whether the floor falls toward p or on beyond it, within a think's run (32 units), more steeply
 * than `FLIGHT_DESCENT`: for the corner before the goal, where the bot has to stop on the goal's
 * level (a fall of less than a step beyond it can already be the slope down to a ledge:
 * monastery, seed 7).
 */
function fallsNear(m: NavMesh, ix: AreaIndex, a: readonly number[], p: readonly number[]): boolean {
  const dx = p[0] - a[0];
  const dy = p[1] - a[1];
  const l = Math.hypot(dx, dy);
  if (l < 1e-6) return false;
  const ux = (dx / l) * THINK_REACH;
  const uy = (dy / l) * THINK_REACH;
  const fall = THINK_REACH * FLIGHT_DESCENT;
  const behind = floorNear(m, ix, p[0] - ux, p[1] - uy, p[2]);
  const ahead = floorNear(m, ix, p[0] + ux, p[1] + uy, p[2]);
  return behind - p[2] >= fall || p[2] - ahead >= fall;
}

/** A think's run, rounded up to two cells. [Units: world units] */
const THINK_REACH = 32;

/** How far a bot starting at rest runs in its first think (100 ms). [Units: world units] */
const THINK_RUN = RUN_SPEED / 10;

/**
 * Removes walk corners a bot cannot stop or turn at, where the straight line from the corner
 * before to the one after lies on the floor (`lineOnFloor`, even outside the corridor the string
 * was pulled through):
 * - on a descent (`arrivesOnDescent`) the bot is in the air when it passes the corner, touches
 *   it in flight and lands beyond and below it, off the path (a narrow ramp's collapsed portals
 *   make a corner every few cells; a corner just before the top of a stair is overshot down the
 *   stair); not a corner before a drop's or a jump's take-off (that is the next rule's);
 * - less than a think's run before a drop's or a jump's take-off or the goal: walked to from
 *   rest, that point is overshot (off the ledge, elsewhere than the drop goes; down a stair the
 *   goal is on); it goes when the point is then at least a think's run from the corner before
 *   (a running bot touches it from 37 units away, still on the floor before it).
 */
function dropDescentCorners(
  m: NavMesh,
  ix: AreaIndex,
  points: number[][],
  moves: PathMove[],
): void {
  for (let k = 1; k + 1 < points.length;) {
    const a = points[k - 1];
    const p = points[k];
    const b = points[k + 1];
    const next = moves[k + 1];
    const takeoff = next === 'drop' || next === 'jump';
    // The bot has to stop at b: a take-off, or the goal.
    const stop = takeoff || next === undefined;
    const stopless =
      moves[k - 1] === 'walk' &&
      moves[k] === 'walk' &&
      ((stop &&
        Math.hypot(b[0] - p[0], b[1] - p[1]) < THINK_RUN &&
        Math.hypot(b[0] - a[0], b[1] - a[1]) >= THINK_RUN) ||
        (next === undefined
          ? fallsNear(m, ix, a, p)
          : next === 'walk' && arrivesOnDescent(m, ix, a, p)));
    if (stopless && lineOnFloor(m, ix, a, b, p)) {
      points.splice(k, 1);
      moves.splice(k, 1);
      k = Math.max(1, k - 1);
    } else k++;
  }
}

/**
 * How far above or below a swimming bot its target may be for it to swim straight at it (the
 * bot code's rule, `bot-driver.ts`); further below, it presses down and crawls along a sloping
 * pool floor at a fifth of its speed. [Units: world units]
 */
const SWIM_LEVEL = 33;

/**
 * Cuts a swim segment whose end lies more than `SWIM_LEVEL` below or above its start into equal
 * pieces along its line (on the floor there), each within `SWIM_LEVEL` (with a margin): the bot
 * swims at each piece's end instead of crawling down the pool's floor toward a target far below.
 */
function splitDeepSwims(m: NavMesh, ix: AreaIndex, points: number[][], moves: PathMove[]): void {
  for (let k = 0; k + 1 < points.length; k++) {
    if (moves[k] !== 'swim') continue;
    const a = points[k];
    const b = points[k + 1];
    const pieces = Math.ceil(Math.abs(b[2] - a[2]) / (SWIM_LEVEL - 1));
    if (pieces < 2) continue;
    const cut: number[][] = [];
    for (let n = 1; n < pieces; n++) {
      const t = n / pieces;
      const x = a[0] + (b[0] - a[0]) * t;
      const y = a[1] + (b[1] - a[1]) * t;
      const z = a[2] + (b[2] - a[2]) * t;
      const floor = floorNear(m, ix, x, y, z);
      cut.push([x, y, Number.isNaN(floor) ? z : floor]);
    }
    points.splice(k + 1, 0, ...cut);
    moves.splice(k + 1, 0, ...cut.map((): PathMove => 'swim'));
    k += cut.length;
  }
}
