/**
 * `simulateLink`: one simulated AQtion bot follows one nav link through the map's collision
 * model with the engine's player movement, and the result says whether it got there.
 *
 * ```ts
 * import { loadCollisionModel } from '../world/collision-model.js';
 * import { simulateLink } from './simulate-link.js';
 * const model = await loadCollisionModel('maps/wizs.bsp');
 * const r = simulateLink(model, {
 *   from: [100, 200, 24], to: [220, 200, 24],          // node origins [Units: u]
 *   linkType: 'MOVE', fromType: 'MOVE', toType: 'MOVE', // node-type names (src/nav/node-types.ts)
 * });
 * r.passed; r.reason; r.steps; r.end;
 * ```
 *
 * Everything in and out is plain data; the collision model is typed arrays, so this runs the
 * same in a worker thread. Deterministic: no randomness, no clocks.
 *
 * How a link is run:
 * 1. Start. On the ground under the source node (found with a box trace down), or, for water and
 *    ladder nodes, where the node is; a start inside solid is nudged up to 18 u (and 1 u
 *    sideways; on a crouch link, crouched where no standing player fits), and failing that the
 *    link fails with `bad-start`. Jumps start at running speed toward the
 *    target (a bot reaches the take-off running); every other link starts at rest.
 * 2. Think and move, 10 times a second: the bot driver (`bot-driver.ts`) writes the usercmd and
 *    the velocity the bot code would, then one 100 ms pmove call with the bot's parameters
 *    (`pm_time` 12 and the initial snap, as the game hands every bot move to pmove). On ladder
 *    links the "touching a ladder" probe of `src/movement/bot-ladder.ts` runs after each move
 *    and steers the next think, as in the game.
 * 3. Judge after every move, in this order:
 *    - `died`: the game's fall damage (`src/movement/fall-damage.ts`) took the health to 0 (a
 *      survived hard landing hurts the legs: the player limps and the bot stops jumping), or
 *      the player touched lava or slime (counted as death at once: no route should wade
 *      through either). Drowning is not simulated (a link is at most 12 s);
 *    - reached: the bot's own rule (`node-reached.ts`) while the player stands, swims or
 *      climbs → passed; or the rule met in flight and the player then lands no lower than
 *      18 u under the target (a jump or drop that overshoots lands on the target's level).
 *      The engine's bot counts any touch in flight, also one at a ledge it cannot climb and
 *      falls back from (it then fails its next link); a touch followed by a landing below the
 *      target does not count here, so such a ledge fails on its own link;
 *    - `fell`: standing more than `fellDepth` below both ends of the link;
 *    - `blocked`: less than `stuckDistance` of movement over the last `stuckSeconds`;
 *    - `timed-out`: the bot's travel counter (one per think, two when moving away from the
 *      target, as `BOTLIB_FollowPath` counts) passed the link's limit, `baseSeconds` plus the
 *      link's length at `minSpeed`, at most `maxSeconds` (the bot gives up on a link after 120
 *      counts).
 */
import { MASK_PLAYERSOLID, CONTENTS_LAVA, CONTENTS_SLIME } from '../world/contents.js';
import { hurtTouched } from '../sources/bsp/hurt-volumes.js';
import type { CollisionModel } from '../world/collision-model.js';
import { newTraceResult } from '../world/trace.js';
import { pmove } from '../movement/pmove.js';
import { worldCollision } from '../movement/world-collision.js';
import {
  BOT_PMOVE_PARAMS,
  PMF_DUCKED,
  type PmoveCollision,
  type PmoveOutput,
  type PmoveState,
} from '../movement/types.js';
import { botTouchingLadder } from '../movement/bot-ladder.js';
import { fallDamage } from '../movement/fall-damage.js';
import {
  newUserCmd,
  storeVelocity,
  think,
  type DriverLink,
  type DriverScratch,
} from './bot-driver.js';
import { linkKind, startsOnGround, type LinkKind } from './link-kind.js';
import { nodeReached } from './node-reached.js';
import type { ReadonlyVec3, Vec3 } from '../geometry/vec3.js';
import { CROUCHED_MAXS, STANDING_MAXS, STANDING_MINS } from '../movement/constants.js';
import { verdictKey, verdictsOf } from './verdict-table.js';

export interface LinkToSimulate {
  /** Source node origin. [Units: u] */
  readonly from: ReadonlyVec3;
  /** Target node origin. [Units: u] */
  readonly to: ReadonlyVec3;
  /** Node-type names: the link's target type and the two nodes' types. */
  readonly linkType: string;
  readonly fromType: string;
  readonly toType: string;
  /**
   * Where the player starts when not at the source node: a place where the bot counts the
   * source reached and turns to the target (`reach-starts.ts`). The driver still steers by the
   * link's two ends. [Units: u]
   */
  readonly start?: ReadonlyVec3;
}

export interface SimulateLinkOptions {
  /** Fixed part of a link's time limit. [Units: s] [Limit: > 0] */
  readonly baseSeconds: number;
  /** The link's length is allowed this slow a pace on top. [Units: u/s] [Limit: > 0] */
  readonly minSpeed: number;
  /** Longest time limit (the bot's 120 travel counts). [Units: s] [Limit: > 0] */
  readonly maxSeconds: number;
  /** Window of the stuck test. [Units: s] [Limit: > 0] */
  readonly stuckSeconds: number;
  /** Least movement over that window. [Units: u] [Limit: >= 0] */
  readonly stuckDistance: number;
  /** Standing this far below both ends of the link is a fall. [Units: u] [Limit: > 0] */
  readonly fellDepth: number;
  /** Starting health (the game's 100). [Limit: > 0] */
  readonly health: number;
  /** Horizontal speed at the start of jumps and drops. [Units: u/s] [Limit: >= 0] */
  readonly runUpSpeed: number;
  /**
   * The bot steps aside (or jumps) when it has not moved, as `BOTLIB_Wander` reads. The engine's
   * bots never do (bot-driver.ts: the `moved` test reads a field botlib bots never write);
   * `false` is the engine's bot, for the `wedge-links` stage. The default keeps the nav test's
   * bot as it was measured against the real bots (docs/nav-quality.md).
   */
  readonly sidestep: boolean;
}

export const simulateLinkDefaults: SimulateLinkOptions = Object.freeze({
  baseSeconds: 1.5,
  minSpeed: 100,
  maxSeconds: 12,
  stuckSeconds: 2,
  stuckDistance: 16,
  fellDepth: 96,
  health: 100,
  runUpSpeed: 300,
  sidestep: true,
});

/** How a run ends: reached, or one of the failures of the module comment (a verdict file's codes). */
export const LINK_REASONS = [
  'reached',
  'bad-start',
  'died',
  'fell',
  'blocked',
  'timed-out',
] as const;

export type LinkFailure = Exclude<(typeof LINK_REASONS)[number], 'reached'>;

export interface LinkResult {
  readonly passed: boolean;
  readonly reason: 'reached' | LinkFailure;
  /** One line for people, e.g. `fall damage 60 at (10, 20, -300)`. */
  readonly detail: string;
  /** pmove calls made. */
  readonly steps: number;
  /** Where the player was at the end. [Units: u] */
  readonly end: Vec3;
  /** Health left (fall damage). */
  readonly health: number;
  /**
   * The bot stood still after a think (it moved less than 0.1 u): with the sidestep on, it
   * stepped aside next. A run in which it never did is, think for think, the same run without
   * the sidestep (`verdict-table.ts` answers the engine's bot from it).
   */
  readonly stalled: boolean;
}

const THINKS_PER_SECOND = 10;
/** How far below the target's origin a landing still counts as its level (a stair step). [Units: u] */
const LANDING_TOLERANCE = 18;
const BOT_PM_TIME = 12;

const collisions = new WeakMap<CollisionModel, PmoveCollision>();
/** The player-solid collision of a model, made once per model. */
export function playerCollision(m: CollisionModel): PmoveCollision {
  let c = collisions.get(m);
  if (!c) {
    c = worldCollision(m, MASK_PLAYERSOLID);
    collisions.set(m, c);
  }
  return c;
}

const START_RAISES = [0, 1, 2, 4, 8, 12, 18];
const START_SIDE_STEPS = [0, 1, -1];

/**
 * A free standing position at or just above `p`, or null. Node origins often sit on the grid
 * with the player box's faces exactly on a wall, which the engine's position test counts as
 * solid; a 1 u side step resolves that as the game's own start-up nudging would.
 */
export function freeStart(
  c: PmoveCollision,
  p: readonly number[],
  s: Pick<DriverScratch, 'tr'>,
  maxs: readonly number[] = STANDING_MAXS,
): number[] | null {
  for (const dz of START_RAISES)
    for (const dx of START_SIDE_STEPS)
      for (const dy of START_SIDE_STEPS) {
        const q = [p[0] + dx, p[1] + dy, p[2] + dz];
        const tr = c.trace(q, STANDING_MINS, maxs, q, s.tr);
        if (!tr.startsolid && !tr.allsolid) return q;
      }
  return null;
}

const fmt = (v: ArrayLike<number>) => `(${Array.from(v, (x) => Math.round(x)).join(', ')})`;

const isFloat32 = (v: ReadonlyVec3): boolean =>
  Math.fround(v[0]) === v[0] && Math.fround(v[1]) === v[1] && Math.fround(v[2]) === v[2];

/**
 * The link as a nav stores it: every nav format navgen writes holds node origins as float32, so
 * the bot runs (and a verdict is kept for) the link the written nav holds, whoever asks — a
 * stage on the graph's doubles, or the nav test on the file's floats. The start, a place the
 * bot stands rather than a node, is kept as given.
 */
export function asStored(link: LinkToSimulate): LinkToSimulate {
  if (isFloat32(link.from) && isFloat32(link.to)) return link;
  return {
    ...link,
    from: [Math.fround(link.from[0]), Math.fround(link.from[1]), Math.fround(link.from[2])],
    to: [Math.fround(link.to[0]), Math.fround(link.to[1]), Math.fround(link.to[2])],
  };
}

/**
 * One link, one start (module comment). With a verdict table attached to `model`
 * (`verdict-table.ts`), a run the table knows is answered from it.
 */
export function simulateLink(
  model: CollisionModel,
  navLink: LinkToSimulate,
  options: Partial<SimulateLinkOptions> = {},
): LinkResult {
  const o = { ...simulateLinkDefaults, ...options };
  const link = asStored(navLink);
  const table = verdictsOf(model);
  if (!table) return simulateLinkDirect(model, link, o);
  return (
    table.twinVerdict('link', link, o) ??
    table.verdict(verdictKey('link', link, o), () => simulateLinkDirect(model, link, o))
  );
}

/**
 * {@link simulateLink} past the verdict table: for runs nobody asks for twice (the starts
 * around a source, which `simulateLinkFromReach` keeps under its own verdict).
 */
export function simulateLinkDirect(
  model: CollisionModel,
  navLink: LinkToSimulate,
  o: SimulateLinkOptions,
): LinkResult {
  const link = asStored(navLink);
  const c = playerCollision(model);
  const s: DriverScratch = {
    tr: newTraceResult(),
    a: new Float64Array(3),
    b: new Float64Array(3),
    mins: new Float64Array(3),
    maxs: new Float64Array(3),
  };
  const kind = linkKind(link.linkType, link.fromType, link.toType);
  // 1. Start.
  const start = placeStart(c, s, link, kind);
  if (!start) {
    const at = link.start ?? link.from;
    return linkResult(
      false,
      'bad-start',
      `no room for a player at ${fmt(at)}`,
      0,
      at,
      o.health,
      false,
    );
  }
  // 2–3. Think, move, judge.
  const run = new LinkRun(model, c, s, link, kind, o, start);
  for (let step = 1; ; step++) {
    const verdict = run.step(step);
    if (verdict) return verdict;
  }
}

/** Where a run starts (module comment, step 1). */
interface Start {
  /** [Units: u] */
  readonly origin: number[];
  /** Crouched: on a crouch link where no standing player fits (a duct). */
  readonly ducked: boolean;
  /** Put down on the floor under the start. */
  readonly onGround: boolean;
}

/** The start of a run: a free place at the link's start, on the floor below it if it has one. */
function placeStart(
  c: PmoveCollision,
  s: DriverScratch,
  link: LinkToSimulate,
  kind: LinkKind,
): Start | null {
  const startAt = link.start ?? link.from;
  let start = freeStart(c, startAt, s);
  let ducked = false;
  if (!start && kind === 'crouch') {
    start = freeStart(c, startAt, s, CROUCHED_MAXS);
    ducked = start !== null;
  }
  if (!start) return null;
  let onGround = false;
  if (startsOnGround(link.fromType)) {
    const below = [start[0], start[1], start[2] - 64];
    const tr = c.trace(start, STANDING_MINS, ducked ? CROUCHED_MAXS : STANDING_MAXS, below, s.tr);
    if (tr.fraction < 1 && tr.normal[2] >= 0.7) {
      start[0] = tr.endpos[0];
      start[1] = tr.endpos[1];
      start[2] = tr.endpos[2];
      onGround = true;
    }
  }
  return { origin: start, ducked, onGround };
}

/** A result, its fields always in this order. */
function linkResult(
  passed: boolean,
  reason: LinkResult['reason'],
  detail: string,
  steps: number,
  end: ArrayLike<number>,
  health: number,
  stalled: boolean,
): LinkResult {
  return { passed, reason, detail, steps, end: [end[0], end[1], end[2]], health, stalled };
}

/** The player at rest at the start, as pmove holds it (1/8 u). */
function startState(start: Start): PmoveState {
  const p = start.origin;
  return {
    pmType: 0,
    origin: [Math.trunc(p[0] * 8), Math.trunc(p[1] * 8), Math.trunc(p[2] * 8)],
    velocity: [0, 0, 0],
    pmFlags: start.ducked ? PMF_DUCKED : 0,
    pmTime: BOT_PM_TIME,
    gravity: 800,
    deltaAngles: [0, 0, 0],
    aq2Flags: 0,
    timestamp: 0,
    legHits: 0,
  };
}

/**
 * The travel counter's limit: `baseSeconds` plus the link's length (from the farther of the
 * source and the start) at `minSpeed`, at most `maxSeconds`. [Units: thinks]
 */
function travelLimit(link: LinkToSimulate, o: SimulateLinkOptions): number {
  const to = link.to;
  const dist = (q: readonly number[]) => Math.hypot(to[0] - q[0], to[1] - q[1], to[2] - q[2]);
  const length = Math.max(dist(link.from), link.start ? dist(link.start) : 0);
  return Math.ceil(Math.min(o.maxSeconds, o.baseSeconds + length / o.minSpeed) * THINKS_PER_SECOND);
}

/** What {@link think} reads of the bot, written by the run between thinks. */
interface BotNow {
  readonly origin: Float64Array;
  readonly velocity: Float64Array;
  onGround: boolean;
  stalled: boolean;
  touchingLadder: boolean;
  legDamage: boolean;
}

/**
 * One run of a link from its start: each {@link step} is a think and a move, then the judges
 * of the module comment (step 3) in their order, the first to decide ending the run.
 */
class LinkRun {
  private readonly link: DriverLink;
  /** The player's move, in pmove's units (1/8 u). */
  private state: PmoveState;
  private readonly cmd = newUserCmd();
  private readonly bot: BotNow;
  /** [Units: u] */
  private readonly origin = new Float64Array(3);
  /** [Units: u/s] */
  private readonly velocity = new Float64Array(3);
  /** Where the player was at the last think, for the travel counter. [Units: u] */
  private readonly last = new Float64Array(3);
  /** x, y, z per think, for the stuck test. [Units: u] */
  private readonly trail: number[] = [];
  /** The travel counter's limit (module comment). [Units: thinks] */
  private readonly limit: number;
  /** The stuck test's window. [Units: thinks] */
  private readonly window: number;
  /** Standing below this is a fall. [Units: u] */
  private readonly floor: number;
  /** The link is walked (not swum or climbed): arriving is arriving at the target's level. */
  private readonly onFoot: boolean;
  private onGround: boolean;
  private health: number;
  /** Vertical speed before the last move, for fall damage. [Units: u/s] */
  private oldVz: number;
  private counter = 0;
  /** Stood still at the last think with the sidestep on: it steps aside next. */
  private stalled = false;
  /** Stood still after some think (the result's `stalled`). */
  private stood = false;
  private touchedInFlight = false;

  constructor(
    private readonly model: CollisionModel,
    private readonly c: PmoveCollision,
    private readonly s: DriverScratch,
    link: LinkToSimulate,
    private readonly kind: LinkKind,
    private readonly o: SimulateLinkOptions,
    start: Start,
  ) {
    const { from, to } = link;
    this.link = { kind, from, to };
    this.onGround = start.onGround;
    const velocity = this.velocity;
    // Jumps start at running speed toward the target: a bot reaches the take-off running.
    if (start.onGround && kind === 'jump') {
      const hx = to[0] - from[0];
      const hy = to[1] - from[1];
      const hl = Math.hypot(hx, hy);
      if (hl > 0) {
        velocity[0] = (hx / hl) * o.runUpSpeed;
        velocity[1] = (hy / hl) * o.runUpSpeed;
      }
    }
    this.state = startState(start);
    storeVelocity(this.state, velocity);
    this.limit = travelLimit(link, o);
    this.window = Math.max(1, Math.round(o.stuckSeconds * THINKS_PER_SECOND));
    this.floor = Math.min(from[2], to[2]) - o.fellDepth;
    this.onFoot = kind !== 'swim' && kind !== 'ladder';
    this.health = o.health;
    this.oldVz = velocity[2];
    const origin = this.origin;
    this.bot = {
      origin,
      velocity,
      onGround: this.onGround,
      stalled: false,
      touchingLadder: false,
      legDamage: false,
    };
    for (let i = 0; i < 3; i++) origin[i] = this.state.origin[i] / 8;
    this.last.set(origin);
  }

  /** Think, move and judge once: the verdict, or null to go on. */
  step(step: number): LinkResult | null {
    const out = this.move();
    const fall = this.fallVerdict(out, step);
    if (fall) return fall;
    if (this.kind === 'ladder') {
      const yaw = this.cmd.angles[1] * (360 / 65536);
      this.bot.touchingLadder = botTouchingLadder(this.c, this.origin, yaw, true);
    }
    return (
      this.hazardVerdict(out, step) ??
      this.arrivalVerdict(out, step) ??
      this.fellVerdict(step) ??
      this.stuckVerdict(step) ??
      this.travelVerdict(step)
    );
  }

  /** The bot driver's think, then one pmove call as the game makes it for a bot. */
  private move(): PmoveOutput {
    const { origin, velocity, bot } = this;
    for (let i = 0; i < 3; i++) velocity[i] = this.state.velocity[i] / 8;
    bot.onGround = this.onGround;
    bot.stalled = this.stalled;
    think(this.c, this.s, this.link, bot, this.cmd);
    storeVelocity(this.state, velocity);
    this.state.pmTime = BOT_PM_TIME;
    const out = pmove(this.c, BOT_PMOVE_PARAMS, this.state, this.cmd, true);
    this.state = out.state;
    for (let i = 0; i < 3; i++) origin[i] = this.state.origin[i] / 8;
    this.onGround = out.groundEntity !== null;
    return out;
  }

  /**
   * Fall damage, as the game computes it at the end of the frame: `died` at no health; hurt
   * legs limp and keep the bot from jumping.
   */
  private fallVerdict(out: PmoveOutput, step: number): LinkResult | null {
    const vz = this.state.velocity[2] / 8;
    const fall = fallDamage({
      oldVelocityZ: this.oldVz,
      velocityZ: vz,
      onGround: this.onGround,
      waterlevel: out.waterlevel,
      health: this.health,
    });
    this.oldVz = vz;
    if (!(fall.damage > 0)) return null;
    this.health -= fall.damage;
    if (this.health <= 0) {
      const what = `fall damage ${fall.damage} at ${fmt(this.origin)}`;
      return this.verdict(false, 'died', what, step);
    }
    if (fall.legDamage) {
      this.bot.legDamage = true;
      this.state = {
        ...this.state,
        aq2Flags: this.state.aq2Flags | 1,
        legHits: Math.min(255, this.state.legHits + 1),
      };
    }
    return null;
  }

  /**
   * `died` in a hurt volume, lava or slime. The game touches triggers after each move: a hurt
   * volume kills in a few tenths of a second (sources/bsp/hurt-volumes.ts), and may be switched
   * on whenever a bot is in it.
   */
  private hazardVerdict(out: PmoveOutput, step: number): LinkResult | null {
    const { model, origin } = this;
    const hurt =
      model.hurtBoxes.length > 0 ? hurtTouched(model.hurtBoxes, origin, out.mins, out.maxs) : -1;
    if (hurt >= 0) {
      const what = `trigger_hurt (entity ${model.hurtEntities[hurt]}) at ${fmt(origin)}`;
      return this.verdict(false, 'died', what, step);
    }
    if ((out.watertype & (CONTENTS_LAVA | CONTENTS_SLIME)) !== 0) {
      const what = out.watertype & CONTENTS_LAVA ? 'lava' : 'slime';
      return this.verdict(false, 'died', `${what} at ${fmt(origin)}`, step);
    }
    return null;
  }

  /**
   * `reached`: the target touched while supported, or touched in flight and landed on its
   * level.
   */
  private arrivalVerdict(out: PmoveOutput, step: number): LinkResult | null {
    const { origin } = this;
    const to = this.link.to;
    const supported = this.onGround || out.waterlevel >= 2 || this.kind === 'ladder';
    // The engine's rule counts a node 61 u above the bot as reached; standing (or swimming) that
    // far under a ground node — in a pit or a pool below its ledge — the bot goes on to the next
    // link from down there and stays, so on foot only arriving at the node's level is arriving.
    const touching =
      nodeReached(origin, out.mins, out.maxs, to) &&
      !(supported && this.onFoot && origin[2] < to[2] - LANDING_TOLERANCE);
    const when = `${step / THINKS_PER_SECOND} s`;
    if (supported && touching) return this.verdict(true, 'reached', `reached in ${when}`, step);
    if (touching) this.touchedInFlight = true;
    else if (supported && this.touchedInFlight) {
      // Touched the node in flight and came down: on the target's level (a jump or a drop
      // that overshot) that is where the bot was going; below it, it only jumped at a ledge;
      // well above it, it flew onto something higher (a crate, a balcony) and is not there.
      if (Math.abs(origin[2] - to[2]) <= LANDING_TOLERANCE) {
        const how = `touched in flight, landed on its level in ${when}`;
        return this.verdict(true, 'reached', how, step);
      }
      this.touchedInFlight = false;
    }
    return null;
  }

  /** `fell`: standing more than `fellDepth` below both ends. */
  private fellVerdict(step: number): LinkResult | null {
    const { origin } = this;
    if (!(this.onGround && origin[2] < this.floor)) return null;
    const below = Math.round(this.link.to[2] - origin[2]);
    return this.verdict(
      false,
      'fell',
      `landed at ${fmt(origin)}, ${below} u below the target`,
      step,
    );
  }

  /** `blocked`: less than `stuckDistance` of movement over the stuck test's window. */
  private stuckVerdict(step: number): LinkResult | null {
    const { origin, trail, window } = this;
    trail.push(origin[0], origin[1], origin[2]);
    if (trail.length / 3 > window) {
      const k = trail.length - 3 * (window + 1);
      const moved = Math.hypot(
        origin[0] - trail[k],
        origin[1] - trail[k + 1],
        origin[2] - trail[k + 2],
      );
      if (moved < this.o.stuckDistance)
        return this.verdict(false, 'blocked', `stuck at ${fmt(origin)}`, step);
    }
    return null;
  }

  /**
   * The bot's travel counter, one a think and two when it moves away from the target
   * (`BOTLIB_FollowPath`): `timed-out` (or `fell`, below the floor) at the limit.
   */
  private travelVerdict(step: number): LinkResult | null {
    const { origin, last } = this;
    const to = this.link.to;
    const mx = origin[0] - last[0];
    const my = origin[1] - last[1];
    const mz = origin[2] - last[2];
    const ml = Math.hypot(mx, my, mz);
    if (ml < 0.1) this.stood = true;
    this.stalled = this.o.sidestep && ml < 0.1;
    const tx = to[0] - origin[0];
    const ty = to[1] - origin[1];
    const tz = to[2] - origin[2];
    const tl = Math.hypot(tx, ty, tz);
    this.counter += 1;
    if (ml === 0 || tl === 0 || (mx * tx + my * ty + mz * tz) / (ml * tl) < 0.3) this.counter += 1;
    last.set(origin);
    if (!(this.counter >= this.limit)) return null;
    const reason: LinkFailure = origin[2] < this.floor ? 'fell' : 'timed-out';
    const where = `${reason === 'fell' ? 'fell to' : 'still short at'} ${fmt(origin)}`;
    const when = `after ${step / THINKS_PER_SECOND} s (limit ${this.limit / THINKS_PER_SECOND} s)`;
    return this.verdict(false, reason, `${where} ${when}`, step);
  }

  private verdict(
    passed: boolean,
    reason: LinkResult['reason'],
    detail: string,
    step: number,
  ): LinkResult {
    return linkResult(passed, reason, detail, step, this.origin, this.health, this.stood);
  }
}
