/**
 * One pass over a trial's demo: what every bot did, frame by frame (10 Hz), measured against
 * the nav it played on. Fed {@link DemoEvent}s in file order (`feed`), then `result()`.
 *
 * The bot-time figures follow `../shared/engine/trialstats.py` exactly, so that they agree
 * with it on the same demo: a bot is alive in frames with pm_type 0; the recorder's dummy is
 * skipped; a bot's history is cleared when it is not alive and at every new segment; distance
 * adds the steps between consecutive alive frames shorter than 100 units (longer ones are
 * teleports and respawns); a frame is stuck when the bot moved less than 24 units over the
 * last 30 frames (3 s). Consecutive stuck frames of one bot are one stuck spot. Stuck frames
 * and deaths in a life's first {@link TrialAnalysisOptions.earlyLife} frames are also counted
 * apart: there the engine's bots still follow their last life's path (a respawn walk,
 * docs/nav-quality.md), whatever the nav.
 *
 * Against the nav:
 * - a bot visits a node when it comes within {@link TrialAnalysisOptions.reach} of it (each
 *   node on its own: one position may visit several), and is *at* the nearest such node;
 * - a link A→B is tried when a bot at A moves on (into another node's reach — the engine's
 *   navs are so dense that reaches touch — or out of every reach). The engine's bots look
 *   along their path (`BOTLIB_Look`: at the node five ahead on it, or at a noise; on a
 *   straight stretch that is the way to the next node), so what a bot *means* to do is in the
 *   demo: the link it is trying is the one of A's links whose target it faces (horizontally,
 *   within {@link TrialAnalysisOptions.maxFacingDeg}, the most squarely faced); if it faces
 *   none (a bot aiming at an enemy) and left every reach, the one whose direction is closest
 *   to where it went (within 60°). The try succeeds when the bot comes
 *   within reach of the target; it fails when the bot dies, or when the link's time
 *   (`simulateLinkDefaults`: 1.5 s + length at 100 u/s, at most 12 s) runs out first. Passing
 *   other nodes does not end it while the bot still faces the target (a bot pressed against a
 *   wall slides along it into some other node's reach, still facing where it means to go);
 *   arriving at another node while facing elsewhere ends it: a traversal of A's link to that
 *   node if A has one, else no verdict (the bot went off the nav's routes). A bot that is
 *   stuck (the stuck rule below) inside A's reach, off A's origin towards a target it faces,
 *   is trying that link (a wall that close), once per stay at A; a bot idling on A is not. A
 *   bot stuck at A that, during its stay at A, looked up at a target high above A (yaw and
 *   pitch) is trying that link (a ledge: it stops at the wall's foot, wherever it slid to, and
 *   looks up at the path on the ledge as it comes or now and then). A stuck try counts from
 *   when the bot came to rest, a stuck window before it is read;
 * - a death fails the link the bot was taking (the try read above), and is at the node
 *   nearest where the bot last stood alive — except a death that ends a fall (the bot dropped
 *   more than {@link TrialAnalysisOptions.fallStep} in its last alive frame). The engine's bots
 *   look five nodes ahead on their path (`BOTLIB_Look`), so a bot walking off a ledge down a
 *   drop link that passes over other nodes looks at the floor beyond, not at the drop's target,
 *   and the view reads a neighbouring link or none. A fall is placed by where the bot fell
 *   instead: a link A→B is *open* when the bot left A's reach within the link's time and has
 *   not been within reach of B since it entered A's (a try that has neither arrived nor run out
 *   of time, whether or not the view told it); the fall is charged to the open link whose line
 *   (A to B) passes nearest the spot where the bot last stood alive — where it lands, beyond
 *   the drop's target, only the drop's line comes near. The try read from the view keeps the
 *   fall unless an open link's line passes more than `reach` nearer; with no try read, an open
 *   link takes it only when its line passes more than `reach` nearer than the node the bot last
 *   stood at (not falling: a falling bot passes through reaches in the air). A fall charged to
 *   a link is at the nearer of the link's two nodes.
 */
import { cellKey } from './played-cells.js';
import type { NavFile } from '../nav/types.js';
import type { DemoEvent } from '../sources/demo/events.js';
import { simulateLinkDefaults } from '../simulated-bot/simulate-link.js';
import { NodeGrid } from './node-grid.js';
import type { Vec3 } from '../geometry/vec3.js';

export interface TrialAnalysisOptions {
  /** A bot this close to a node is at it. [Units: world units] */
  readonly reach: number;
  /** Frames in the stuck window. [Units: frames at 10 Hz] */
  readonly stuckWindow: number;
  /** Less movement than this over the window is stuck. [Units: world units] */
  readonly stuckRadius: number;
  /** Steps at least this long are not walked (teleports, respawns). [Units: world units] */
  readonly maxStep: number;
  /** Least cosine between the way a bot left a node and a link's direction to take it for that link. */
  readonly minHeadingCos: number;
  /** Most angle between a bot's view yaw and the horizontal way to a node for it to face that node. [Units: degrees] */
  readonly maxFacingDeg: number;
  /** A target this close horizontally (straight above or below) is faced from any yaw. [Units: world units] */
  readonly facingRadius: number;
  /**
   * A bot whose height fell more than this from one frame to the next is falling (walking down
   * stairs at full speed drops under 32 u a frame). [Units: world units per frame at 10 Hz]
   */
  readonly fallStep: number;
  /** A link target this far above its source is looked up at (higher than a jump). [Units: world units] */
  readonly lookUpRise: number;
  /** The eye above a standing player's origin (the view the demo's angles start from). [Units: world units] */
  readonly eyeHeight: number;
  /**
   * A life's first frames, counted apart: the engine's bots begin each life on the path of the
   * last one (a respawn walk, docs/nav-quality.md) until its node_travel_time reaches 120,
   * at least one a frame. [Units: frames at 10 Hz]
   */
  readonly earlyLife: number;
}

export const trialAnalysisDefaults: TrialAnalysisOptions = Object.freeze({
  reach: 48,
  stuckWindow: 30,
  stuckRadius: 24,
  maxStep: 100,
  minHeadingCos: 0.5,
  maxFacingDeg: 30,
  facingRadius: 16,
  fallStep: 40,
  lookUpRise: 60,
  eyeHeight: 22,
  earlyLife: 120,
});

/** A stretch of time in which one bot stayed put. */
export interface StuckSpot {
  readonly slot: number;
  /** Segment and frame where the stretch was first detected (its window started 3 s before). */
  readonly seg: number;
  readonly frame: number;
  /** Mean of the bot's positions at the stretch's stuck frames. [Units: world units] */
  readonly position: Vec3;
  /** Stuck frames / 10. [Units: s] */
  readonly seconds: number;
  /** Nearest node of the nav. */
  readonly node: number;
  /** The bot's alive frames of this life at the stretch's first stuck frame. [Units: frames at 10 Hz] */
  readonly lifeFrames: number;
}

export interface DeathInDemo {
  readonly slot: number;
  /** The slot's player name at the time. */
  readonly name: string;
  readonly seg: number;
  readonly frame: number;
  /** Where the bot last stood alive. [Units: world units] */
  readonly position: Vec3;
  readonly node: number;
  /** The link the bot was taking when it died (that try failed), or null. */
  readonly link: { readonly from: number; readonly to: number } | null;
  /** Alive frames of the life it ended. [Units: frames at 10 Hz] */
  readonly lifeFrames: number;
}

export interface LinkCounts {
  readonly from: number;
  readonly to: number;
  traversals: number;
  failures: number;
  /** Failures by death. */
  died: number;
  /** Failures by running out of the link's time. */
  timedOut: number;
}

export interface TrialAnalysis {
  readonly map: string;
  /** Alive bot frames / 600, unrounded. [Units: bot-minutes] */
  readonly botMinutes: number;
  readonly aliveFrames: number;
  readonly stuckFrames: number;
  /** A life's first frames counted apart (the option it ran with). [Units: frames at 10 Hz] */
  readonly earlyLife: number;
  /** Of `stuckFrames`: those in the first `earlyLife` frames of a life. */
  readonly earlyStuckFrames: number;
  /** [Units: world units] */
  readonly distance: number;
  readonly spots: StuckSpot[];
  readonly deaths: DeathInDemo[];
  /** Per node: entries into its reach. */
  readonly visits: number[];
  /** Links some bot tried, in nav order (node by node, links in stored order). */
  readonly links: LinkCounts[];
  /** Bot slots seen alive, ascending. */
  readonly botSlots: number[];
  /** Names by slot (the last name a slot had). */
  readonly names: Record<number, string>;
  /** The played-area cells living bots stood in (`played-cells.ts`), ascending. */
  readonly cells: number[];
}

interface Attempt {
  from: number;
  link: number;
  /** The link's target. */
  to: number;
  deadline: number;
}

/** The bot was within `node`'s reach from frame `entered` until it left it at frame `left`. */
interface Departure {
  readonly node: number;
  readonly entered: number;
  readonly left: number;
}

interface BotState {
  history: Vec3[];
  last: Vec3 | null;
  at: number;
  /** Nodes within reach at the last alive frame. */
  near: Set<number>;
  lastNode: number;
  attempt: Attempt | null;
  /** An attempt was started from the node the bot is at while it stood stuck there (once per stay). */
  triedStuckAt: boolean;
  /** The link to a target high above the node the bot is at that it looked at most squarely during this stay, or null. */
  lookedUp: { index: number; target: number; cos: number } | null;
  /** Reaches the bot left within the longest link time, oldest first. */
  departures: Departure[];
  /** Per node, the last frame the bot was within its reach (this life). */
  reachedAt: Map<number, number>;
  /** Per node whose reach the bot is in, the frame it entered. */
  enteredAt: Map<number, number>;
  /** The node the bot was last at while not falling, or -1. */
  stoodAt: number;
  /** The bot dropped more than `fallStep` in its last alive frame. */
  falling: boolean;
  alive: boolean;
  /** Alive frames of this life so far. */
  lifeFrames: number;
  spot: { seg: number; frame: number; sum: Vec3; n: number; lifeFrames: number } | null;
}

const dist = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Distance from `p` to the line segment from `a` to `b`. [Units: world units] */
function segmentDistance(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  const v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  const t =
    vv === 0
      ? 0
      : Math.max(
          0,
          Math.min(1, ((p[0] - a[0]) * v[0] + (p[1] - a[1]) * v[1] + (p[2] - a[2]) * v[2]) / vv),
        );
  return dist(p, [a[0] + v[0] * t, a[1] + v[1] * t, a[2] + v[2] * t]);
}

export class TrialAnalyzer {
  private readonly o: TrialAnalysisOptions;
  private readonly grid: NodeGrid;
  private readonly origins: Vec3[];
  /** Per node: its links' targets and their index in `linkCounts`. */
  private readonly linkIndex: { target: number; index: number }[][];
  private readonly linkCounts: LinkCounts[] = [];
  private readonly linkTimes: number[] = [];
  private readonly bots = new Map<number, BotState>();
  private readonly names = new Map<number, string>();
  private readonly seenSlots = new Set<number>();
  /** Played-area cells living bots stood in. */
  private readonly cells = new Set<number>();
  private map = '';
  private dummy = -1;
  private seg = 0;
  private frameCounter = 0;
  private aliveFrames = 0;
  private stuckFrames = 0;
  private earlyStuckFrames = 0;
  private distance = 0;
  private readonly spots: StuckSpot[] = [];
  private readonly deaths: DeathInDemo[] = [];
  private readonly visits: number[];

  constructor(nav: NavFile, options: Partial<TrialAnalysisOptions> = {}) {
    this.o = { ...trialAnalysisDefaults, ...options };
    this.origins = nav.nodes.map((n) => [n.origin[0], n.origin[1], n.origin[2]]);
    this.grid = new NodeGrid(this.origins, this.o.reach);
    this.visits = new Array<number>(nav.nodes.length).fill(0);
    const sim = simulateLinkDefaults;
    this.linkIndex = nav.nodes.map((n, from) =>
      n.links.map((l) => {
        const index = this.linkCounts.length;
        this.linkCounts.push({
          from,
          to: l.target,
          traversals: 0,
          failures: 0,
          died: 0,
          timedOut: 0,
        });
        const len = dist(this.origins[from], this.origins[l.target]);
        this.linkTimes.push(Math.min(sim.maxSeconds, sim.baseSeconds + len / sim.minSpeed));
        return { target: l.target, index };
      }),
    );
  }

  feed(e: DemoEvent): void {
    if (e.kind === 'segment') {
      for (const [slot, b] of this.bots) this.closeSpot(slot, b);
      this.bots.clear();
      this.dummy = e.clientNum;
      this.seg = e.segment;
      this.map = e.map;
      e.playerNames.forEach((n, slot) => {
        if (n) this.names.set(slot, n);
      });
      return;
    }
    if (e.kind === 'player-name') {
      this.names.set(e.slot, e.name);
      return;
    }
    if (e.kind !== 'frame') return;
    this.frameCounter++;
    for (const p of e.players) {
      if (p.slot === this.dummy) continue;
      let b = this.bots.get(p.slot);
      if (!b) {
        b = {
          history: [],
          last: null,
          at: -1,
          near: new Set(),
          lastNode: -1,
          attempt: null,
          triedStuckAt: false,
          lookedUp: null,
          departures: [],
          reachedAt: new Map(),
          enteredAt: new Map(),
          stoodAt: -1,
          falling: false,
          alive: false,
          lifeFrames: 0,
          spot: null,
        };
        this.bots.set(p.slot, b);
      }
      if (p.pmType !== 0) {
        if (b.alive && b.last) this.die(p.slot, b, e.index);
        b.alive = false;
        b.lifeFrames = 0;
        b.history.length = 0;
        b.last = null;
        b.near.clear();
        this.closeSpot(p.slot, b);
        continue;
      }
      this.seenSlots.add(p.slot);
      this.cells.add(cellKey(p.origin[0], p.origin[1], p.origin[2]));
      b.alive = true;
      b.lifeFrames++;
      const pos: Vec3 = [p.origin[0], p.origin[1], p.origin[2]];
      this.aliveFrames++;
      const h = b.history;
      h.push(pos);
      if (h.length >= 2) {
        const step = dist(h[h.length - 1], h[h.length - 2]);
        if (step < this.o.maxStep) this.distance += step;
      }
      let stuck = false;
      if (h.length > this.o.stuckWindow) {
        stuck = dist(h[h.length - 1], h[h.length - 1 - this.o.stuckWindow]) < this.o.stuckRadius;
        if (stuck) {
          this.stuckFrames++;
          if (b.lifeFrames <= this.o.earlyLife) this.earlyStuckFrames++;
        }
        h.shift();
      }
      if (stuck) {
        if (!b.spot)
          b.spot = {
            seg: this.seg,
            frame: e.index,
            sum: [0, 0, 0],
            n: 0,
            lifeFrames: b.lifeFrames,
          };
        b.spot.sum[0] += pos[0];
        b.spot.sum[1] += pos[1];
        b.spot.sum[2] += pos[2];
        b.spot.n++;
      } else this.closeSpot(p.slot, b);
      b.falling = b.last !== null && b.last[2] - pos[2] > this.o.fallStep;
      b.last = pos;
      this.follow(b, pos, p.viewangles[1], p.viewangles[0], stuck);
    }
  }

  /** Node and link bookkeeping for an alive bot at `pos` looking along `yaw` and `pitch` (degrees). */
  private follow(b: BotState, pos: Vec3, yaw: number, pitch: number, stuck: boolean): void {
    const near: number[] = [];
    this.grid.allWithin(pos, near);
    for (const i of near) {
      if (!b.near.has(i)) {
        this.visits[i]++;
        b.enteredAt.set(i, this.frameCounter);
      }
      b.reachedAt.set(i, this.frameCounter);
    }
    const now = new Set(near);
    for (const i of b.near) if (!now.has(i)) this.depart(b, i);
    b.near = now;
    if (b.attempt && b.near.has(b.attempt.to)) {
      // within the target's reach: arrived (the nearest node may be a neighbour of it)
      this.linkCounts[b.attempt.link].traversals++;
      b.lastNode = b.attempt.to;
      b.attempt = null;
    }
    if (b.attempt && this.frameCounter > b.attempt.deadline) {
      this.fail(b.attempt, 'timedOut');
      b.attempt = null;
      b.lastNode = -1;
    }
    const n = this.grid.within(pos);
    if (n >= 0 && !b.falling) b.stoodAt = n;
    if (n !== b.at) b.lookedUp = null;
    if (n >= 0) this.noteLookUp(b, n, pos, yaw, pitch);
    if (n === b.at) {
      if (n >= 0 && stuck && !b.triedStuckAt && !b.attempt) {
        // stuck inside the reach of the node it is at (and settled there: not still on a try
        // of another node's link), facing one of its links' targets and moved off the node
        // towards it (a bot idling on the node is not taking any link), or having looked up at
        // a target high above it during this stay (a ledge: the bot stops at its foot; also
        // after a try timed out)
        const f = b.lastNode === n ? this.faced(n, pos, yaw) : null;
        const l =
          f && this.pushedTowards(n, pos, f.target)
            ? f
            : b.lastNode === n || b.lastNode < 0
              ? b.lookedUp
              : null;
        if (l) {
          // the try began when the bot came to rest, a stuck window ago
          b.attempt = this.attempt(n, l, this.o.stuckWindow);
          b.triedStuckAt = true;
        }
      }
      return;
    }
    // The bot moves on from the node it was at (to another node's reach, or out of every reach).
    if (!b.attempt && b.at >= 0) {
      const l = this.faced(b.at, pos, yaw);
      if (l) b.attempt = this.attempt(b.at, l);
      else if (n < 0) b.attempt = this.heading(b.at, pos);
    }
    b.at = n;
    b.triedStuckAt = false;
    if (n < 0) return;
    const a = b.attempt;
    if (a && n === a.to) {
      this.linkCounts[a.link].traversals++;
      b.attempt = null;
    } else if (a && n !== a.from && this.facing(pos, yaw, a.to)) {
      // on the way (or pressed against a wall) past another node: still taking a's link
    } else {
      if (b.lastNode >= 0 && n !== b.lastNode) {
        const l = this.linkIndex[b.lastNode].find((x) => x.target === n);
        if (l) this.linkCounts[l.index].traversals++;
      }
      b.attempt = null;
    }
    if (!b.attempt) b.lastNode = n;
  }

  /** Whether a bot at `pos` looking along `yaw` faces node `target`. */
  private facing(pos: Vec3, yaw: number, target: number): boolean {
    const t = this.origins[target];
    const dx = t[0] - pos[0];
    const dy = t[1] - pos[1];
    const h = Math.hypot(dx, dy);
    if (h <= this.o.facingRadius) return true;
    const r = (yaw * Math.PI) / 180;
    return (
      (dx * Math.cos(r) + dy * Math.sin(r)) / h >= Math.cos((this.o.maxFacingDeg * Math.PI) / 180)
    );
  }

  /**
   * Whether `pos` lies off node `from` (horizontally, more than {@link TrialAnalysisOptions.facingRadius})
   * in the direction of node `to` (within {@link TrialAnalysisOptions.maxFacingDeg}).
   */
  private pushedTowards(from: number, pos: Vec3, to: number): boolean {
    const a = this.origins[from];
    const t = this.origins[to];
    const ox = pos[0] - a[0];
    const oy = pos[1] - a[1];
    const tx = t[0] - a[0];
    const ty = t[1] - a[1];
    const ol = Math.hypot(ox, oy);
    const tl = Math.hypot(tx, ty);
    if (ol <= this.o.facingRadius || tl === 0) return false;
    return (ox * tx + oy * ty) / (ol * tl) >= Math.cos((this.o.maxFacingDeg * Math.PI) / 180);
  }

  /**
   * Keeps, for the bot's stay at node `at`, the link to a target more than
   * {@link TrialAnalysisOptions.lookUpRise} above `at` that the bot looks at most squarely (yaw
   * and pitch within {@link TrialAnalysisOptions.maxFacingDeg}, from its eye). The engine's
   * bots aim their view in three dimensions (`BOTLIB_ChangeBotAngleYawPitch`); a bot idling
   * on a node looks level, and a node that far up is no step or jump away.
   */
  private noteLookUp(b: BotState, at: number, pos: Vec3, yaw: number, pitch: number): void {
    const a = this.origins[at];
    const minCos = Math.cos((this.o.maxFacingDeg * Math.PI) / 180);
    // pitch > 0 looks down (Quake's convention)
    const y = (yaw * Math.PI) / 180;
    const q = (pitch * Math.PI) / 180;
    const v = [Math.cos(q) * Math.cos(y), Math.cos(q) * Math.sin(y), -Math.sin(q)];
    for (const l of this.linkIndex[at]) {
      const t = this.origins[l.target];
      if (t[2] - a[2] <= this.o.lookUpRise) continue;
      const d = [t[0] - pos[0], t[1] - pos[1], t[2] - pos[2] - this.o.eyeHeight];
      const cos = (v[0] * d[0] + v[1] * d[1] + v[2] * d[2]) / Math.hypot(d[0], d[1], d[2]);
      if (cos >= minCos && (!b.lookedUp || cos > b.lookedUp.cos)) b.lookedUp = { ...l, cos };
    }
  }

  /** The link of `from` whose target a bot at `pos` looking along `yaw` faces most squarely, if any. */
  private faced(from: number, pos: Vec3, yaw: number): { index: number; target: number } | null {
    const r = (yaw * Math.PI) / 180;
    const minCos = Math.cos((this.o.maxFacingDeg * Math.PI) / 180);
    let best: { index: number; target: number; cos: number } | null = null;
    for (const l of this.linkIndex[from]) {
      const t = this.origins[l.target];
      const dx = t[0] - pos[0];
      const dy = t[1] - pos[1];
      const h = Math.hypot(dx, dy);
      if (h <= this.o.facingRadius) continue; // straight up or down: no yaw tells
      const cos = (dx * Math.cos(r) + dy * Math.sin(r)) / h;
      if (cos >= minCos && (!best || cos > best.cos)) best = { ...l, cos };
    }
    return best;
  }

  /** A try of `l` from `from` that began `ago` frames before this one. */
  private attempt(from: number, l: { index: number; target: number }, ago = 0): Attempt {
    return {
      from,
      link: l.index,
      to: l.target,
      deadline: this.frameCounter - ago + Math.round(this.linkTimes[l.index] * 10),
    };
  }

  /** The link of `from` whose direction is closest to `pos` (within the heading cone), as an attempt. */
  private heading(from: number, pos: Vec3): Attempt | null {
    const a = this.origins[from];
    const d = [pos[0] - a[0], pos[1] - a[1], pos[2] - a[2]];
    const dl = Math.hypot(d[0], d[1], d[2]);
    if (dl === 0) return null;
    let best: { index: number; target: number; cos: number } | null = null;
    for (const l of this.linkIndex[from]) {
      const t = this.origins[l.target];
      const v = [t[0] - a[0], t[1] - a[1], t[2] - a[2]];
      const vl = Math.hypot(v[0], v[1], v[2]);
      if (vl === 0) continue;
      const cos = (d[0] * v[0] + d[1] * v[1] + d[2] * v[2]) / (dl * vl);
      if (cos >= this.o.minHeadingCos && (!best || cos > best.cos)) best = { ...l, cos };
    }
    return best ? this.attempt(from, best) : null;
  }

  private fail(a: Attempt, how: 'died' | 'timedOut'): void {
    const c = this.linkCounts[a.link];
    c.traversals++;
    c.failures++;
    c[how]++;
  }

  private die(slot: number, b: BotState, frame: number): void {
    const position = b.last!;
    const charged = b.falling ? this.fallLink(b, position) : b.attempt;
    if (charged) this.fail(charged, 'died');
    b.attempt = null;
    b.at = -1;
    b.lastNode = -1;
    b.lookedUp = null;
    b.departures.length = 0;
    b.reachedAt.clear();
    b.enteredAt.clear();
    b.stoodAt = -1;
    let node = this.grid.nearest(position);
    if (charged && b.falling)
      node =
        dist(position, this.origins[charged.to]) <= dist(position, this.origins[charged.from])
          ? charged.to
          : charged.from;
    this.deaths.push({
      slot,
      name: this.names.get(slot) ?? '',
      seg: this.seg,
      frame,
      position,
      node,
      link: charged ? { from: charged.from, to: charged.to } : null,
      lifeFrames: b.lifeFrames,
    });
  }

  /** Notes that the bot left node `node`'s reach now; forgets departures older than any link's time. */
  private depart(b: BotState, node: number): void {
    const d = b.departures;
    const oldest = this.frameCounter - Math.round(simulateLinkDefaults.maxSeconds * 10);
    while (d.length > 0 && d[0].left < oldest) d.shift();
    d.push({ node, entered: b.enteredAt.get(node) ?? this.frameCounter, left: this.frameCounter });
    b.enteredAt.delete(node);
  }

  /** The link a bot that fell to its death at `position` was on (see the file's comment), or null. */
  private fallLink(b: BotState, position: Vec3): Attempt | null {
    let best: Attempt | null = null;
    let bestD = Infinity;
    const seen = new Set<number>();
    // the latest stay at a node first: its links' times count from then
    for (let k = b.departures.length - 1; k >= 0; k--) {
      const { node, entered, left } = b.departures[k];
      for (const l of this.linkIndex[node]) {
        if (seen.has(l.index) || (b.attempt && l.index === b.attempt.link)) continue;
        seen.add(l.index);
        const frames = Math.round(this.linkTimes[l.index] * 10);
        if (this.frameCounter - left > frames) continue; // out of time
        if ((b.reachedAt.get(l.target) ?? -1) >= entered) continue; // arrived, or came from there
        const d = segmentDistance(position, this.origins[node], this.origins[l.target]);
        if (d < bestD) {
          best = { from: node, link: l.index, to: l.target, deadline: left + frames };
          bestD = d;
        }
      }
    }
    const a = b.attempt;
    if (a) {
      const d = segmentDistance(position, this.origins[a.from], this.origins[a.to]);
      return best && bestD + this.o.reach < d ? best : a;
    }
    if (!best || b.stoodAt < 0) return null;
    return bestD + this.o.reach < dist(position, this.origins[b.stoodAt]) ? best : null;
  }

  private closeSpot(slot: number, b: BotState): void {
    const s = b.spot;
    if (!s) return;
    const position: Vec3 = [s.sum[0] / s.n, s.sum[1] / s.n, s.sum[2] / s.n];
    this.spots.push({
      slot,
      seg: s.seg,
      frame: s.frame,
      position,
      seconds: s.n / 10,
      node: this.grid.nearest(position),
      lifeFrames: s.lifeFrames,
    });
    b.spot = null;
  }

  result(): TrialAnalysis {
    for (const [slot, b] of [...this.bots].sort((x, y) => x[0] - y[0])) this.closeSpot(slot, b);
    const names: Record<number, string> = {};
    for (const [slot, n] of [...this.names].sort((a, b) => a[0] - b[0])) names[slot] = n;
    return {
      map: this.map,
      botMinutes: this.aliveFrames / 600,
      aliveFrames: this.aliveFrames,
      stuckFrames: this.stuckFrames,
      earlyLife: this.o.earlyLife,
      earlyStuckFrames: this.earlyStuckFrames,
      distance: this.distance,
      spots: this.spots,
      deaths: this.deaths,
      visits: this.visits,
      links: this.linkCounts.filter((c) => c.traversals > 0),
      botSlots: [...this.seenSlots].sort((a, b) => a - b),
      names,
      cells: [...this.cells].sort((a, b) => a - b),
    };
  }
}
