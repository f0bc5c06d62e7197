/**
 * The links `connect` adds (`connect-graph.ts`), each kept only when the map and the simulated
 * bot allow it: a node's way out into the main part (an escape) and a way in from it (an
 * entry). The graph grows here as they are made; the recipe decides whom to join.
 *
 * An escape tries the nearest nodes that lead into the main part (within `radius`, at most
 * `maxTries`, nearest first), typed by the box walk (a walk, drop or jump; where it finds none,
 * a drop if the target lies lower than a stair step, else a walk), in three tiers: kept when
 * the simulated bot makes it from everywhere the bot counts the node reached
 * (`simulateLinkFromReach`, the check of `fill`); failing that, from the node itself; failing
 * that, a drop down to `escapeMaxDrop` (256, the engine's unsafe drop: about 50 health, where
 * the only way off a roof is a fall that `classify` and `fill` would not take). Failing all,
 * two links through a new node on the floor between (the opening of an alcove). An entry is
 * one link in, made from everywhere the bot counts its source reached.
 *
 * A link the nav test recorded bad (within `matchRadius` at both ends) is never proposed again
 * (`iterate` refuses a draft that brings a recorded failure back).
 */
import type { DraftGraph, DraftLink, DraftNode } from '../stage/graph-types.js';
import { distance, NO_LINK_EVIDENCE, nodeWithoutVotes } from '../stage/graph-types.js';
import type { Feedback } from '../sources/feedback/feedback.js';
import type { BspWorld } from '../sources/bsp/world.js';
import type { CollisionModel } from '../world/collision-model.js';
import type { Vec3 } from '../geometry/vec3.js';
import { simulateLink, type LinkToSimulate } from '../simulated-bot/simulate-link.js';
import { simulateLinkFromReach } from '../simulated-bot/reach-starts.js';
import { jumpHolds } from '../simulated-bot/jump-holds.js';
import { traverse } from './walk-link.js';
import { STEP_SIZE, groundBelow } from './box-query.js';
import { FILLED_LINK_TYPE } from './floor-links.js';
import { GROUND_TYPES, LADDER_TYPES } from './ground-types.js';

/** What `connect` needs of the map. */
export interface ConnectMap {
  readonly world: BspWorld;
  readonly collision: CollisionModel;
}

/** What the links read of the stage's options (see `operators/connect.ts` for each). */
export interface ConnectLinkOptions {
  /** Farthest node a new link goes to. [Units: world units] */
  readonly radius: number;
  /** Most candidate links tried per node and round, nearest first. */
  readonly maxTries: number;
  /** Deepest ledge a new link drops off. [Units: world units] */
  readonly maxDrop: number;
  /** Highest ledge a new link jumps onto. [Units: world units] */
  readonly maxJump: number;
  /** Deepest drop a dead end's way out may take when no other leads out. [Units: world units] */
  readonly escapeMaxDrop: number;
  /** A link this near a recorded bad link at both ends is not proposed. [Units: world units] */
  readonly matchRadius: number;
}

/** Node types a walked link may start or end at (the ones standing on ground, not on a ladder). */
export const GROUND = new Set([...GROUND_TYPES].filter((t) => !LADDER_TYPES.has(t)));
/**
 * Node types a way out may start at: the ground ones and the ladder's (a ladder top whose only
 * learned way on was a fall deeper than `safeDrop`: simplicity's ladder at (-1961, 1286)).
 */
export const ESCAPE_FROM = GROUND_TYPES;

/**
 * How an escape link is checked: from everywhere the bot counts its source reached, from the
 * source only, or (a drop deeper than `maxDrop`, down to `escapeMaxDrop`) from the source only.
 */
export type EscapeTier = 'from-reach' | 'from-centre' | 'deep-drop';
/** An escape's tier, or two links through a new node between (`bridge`). */
export type EscapeWay = EscapeTier | 'bridge';
/**
 * The ways out in the order `connect` tries them, each for every node still apart before the
 * next: from everywhere the bot counts the node reached first (the standard the build's own
 * test holds every link to), failing that from the node itself, then a deep drop, then two
 * links through a new node between (a bot spawned in an alcove of ghetto stood there 235 s
 * when its only way out, a link that grazed the alcove's corner from some reach starts, was
 * pruned). Tried node by node instead, the first node of a group apart took the first tier it
 * could make and the group then led out through it: ghetto's roof court of 359 nodes left by
 * one link made from its source only, which the own test then failed and removed, leaving 812
 * nodes (the court and the roofs above it) no way back.
 */
export const ESCAPE_WAYS: readonly EscapeWay[] = [
  'from-reach',
  'from-centre',
  'deep-drop',
  'bridge',
];

/** Where along a failed escape a bridge node is tried (fractions of the way). */
const BRIDGE_AT = [0.5, 1 / 3, 2 / 3] as const;
/** And how far to either side of the line. [Units: world units] */
const BRIDGE_OFFSETS = [0, 24, -24, 48, -48] as const;
/** Shortest link a bridge makes. [Units: world units] */
const BRIDGE_MIN_LINK = 24;

/** The graph as `connect` grows it, and the links it proposes. */
export class ConnectLinks {
  readonly nodes: DraftNode[];
  readonly links: DraftLink[];
  /** Links simulated so far: the summary's count, and the recipe's pauses. */
  simulated = 0;
  private readonly present: Set<string>;
  private readonly tried = new Set<string>();

  constructor(
    g: DraftGraph,
    private readonly map: ConnectMap,
    private readonly feedback: Feedback,
    private readonly o: ConnectLinkOptions,
  ) {
    this.nodes = [...g.nodes];
    this.links = [...g.links];
    this.present = new Set(this.links.map((l) => `${l.from}:${l.to}`));
  }

  /**
   * A way out of node `v`, of the kind `tier`, to a node `leads` marks (one that leads into the
   * main part, or into an island): whether one was made. `walksOnly`: only links the box walk
   * finds a walk (no drop, no jump), as a way into an island must be: a fall into a part a bot
   * cannot leave is a trap, not a way out (midtown's lowest floor, 216 units below a spawn).
   */
  escape(v: number, leads: Uint8Array, tier: EscapeWay, walksOnly = false): boolean {
    const near = this.candidates(v, (u) => leads[u] === 1);
    if (tier === 'bridge') return near.some((u) => this.bridge(v, u, walksOnly));
    return near.some((c) => {
      const l = this.propose(v, c, tier, walksOnly);
      if (l) this.add(l);
      return l !== null;
    });
  }

  /** A way into node `v` from a node the main part leads to (`reached`); whether one was made. */
  entry(v: number, reached: Uint8Array): boolean {
    for (const u of this.candidates(v, (c) => reached[c] === 1)) {
      const l = this.propose(u, v);
      if (!l) continue;
      this.add(l);
      return true;
    }
    return false;
  }

  private add(l: DraftLink): void {
    this.links.push(l);
    this.present.add(`${l.from}:${l.to}`);
  }

  /** The link a → b when the map and the simulated bot allow it, each pair and tier once. */
  private propose(
    a: number,
    b: number,
    tier: EscapeTier = 'from-reach',
    walksOnly = false,
  ): DraftLink | null {
    const key = `${a}:${b}:${tier}:${walksOnly}`;
    if (this.present.has(`${a}:${b}`) || this.tried.has(key)) return null;
    this.tried.add(key);
    return this.linkIfMade(this.nodes[a], this.nodes[b], tier, a, b, walksOnly);
  }

  private reportedBad(a: DraftNode, b: DraftNode): boolean {
    const r = this.o.matchRadius;
    return this.feedback.badLinks.some(
      (bad) => distance(a.origin, bad[0]) <= r && distance(b.origin, bad[1]) <= r,
    );
  }

  /** The link from node `na` (number a) to `nb` (number b) if the bot makes it, else null. */
  private linkIfMade(
    na: DraftNode,
    nb: DraftNode,
    tier: EscapeTier,
    a: number,
    b: number,
    walksOnly = false,
  ): DraftLink | null {
    const o = this.o;
    if (this.reportedBad(na, nb)) return null;
    const fromCentre = tier !== 'from-reach';
    // The box walk names the way (walk, drop, jump); where it finds none (a bend, a lip it
    // approximates badly) the simulated bot may still make it, and it alone decides below
    // (a drop when the target lies more than a stair step lower).
    const drop = tier === 'deep-drop' ? o.escapeMaxDrop : o.maxDrop;
    const fall = na.origin[2] - nb.origin[2];
    if (fall > drop) return null;
    const kind =
      traverse(this.map.world, na.origin, nb.origin, drop, o.maxJump) ??
      (fall > STEP_SIZE ? 'drop' : 'walk');
    if (tier === 'deep-drop' && (kind !== 'drop' || fall <= o.maxDrop)) return null;
    if (walksOnly && kind !== 'walk') return null;
    const type = kind === 'walk' ? nb.type : FILLED_LINK_TYPE[kind];
    const link: LinkToSimulate = {
      from: na.origin as Vec3,
      to: nb.origin as Vec3,
      linkType: type,
      fromType: na.type,
      toType: nb.type,
    };
    this.simulated++;
    // A jump must also hold at the bots' full running speed (as fill's jumps; a jump has no
    // other starts than its source).
    const collision = this.map.collision;
    const made =
      kind === 'jump'
        ? jumpHolds(collision, link)
        : (fromCentre ? simulateLink : simulateLinkFromReach)(collision, link).passed;
    if (!made) return null;
    return { from: a, to: b, type, ...NO_LINK_EVIDENCE, fromMap: true };
  }

  /**
   * Ground nodes within the radius of `v` (horizontally; at most `escapeMaxDrop` lower or a jump
   * higher) that pass `ok`, nearest first (ties: lower number).
   */
  private candidates(v: number, ok: (u: number) => boolean): number[] {
    const { nodes, o } = this;
    const p = nodes[v].origin;
    const near: { u: number; d: number }[] = [];
    for (let u = 0; u < nodes.length; u++) {
      if (u === v || !ok(u) || !GROUND.has(nodes[u].type)) continue;
      const q = nodes[u].origin;
      const dz = q[2] - p[2];
      if (dz > STEP_SIZE + o.maxJump || -dz > Math.max(o.maxDrop, o.escapeMaxDrop)) continue;
      if (Math.hypot(q[0] - p[0], q[1] - p[1]) <= o.radius) near.push({ u, d: distance(p, q) });
    }
    near.sort((x, y) => x.d - y.d || x.u - y.u);
    return near.slice(0, o.maxTries).map((e) => e.u);
  }

  /**
   * A way from `v` to `u` over a new MOVE node between them, each link made from everywhere the
   * bot counts its source reached: the new node stands on the floor at a third, half or two
   * thirds of the way, on the line or up to 48 units to either side (the opening of an alcove).
   */
  private bridge(v: number, u: number, walksOnly: boolean): boolean {
    const { nodes } = this;
    const a = nodes[v].origin;
    const b = nodes[u].origin;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < 2 * BRIDGE_MIN_LINK) return false;
    const side = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
    for (const t of BRIDGE_AT)
      for (const off of BRIDGE_OFFSETS) {
        const x = a[0] + t * (b[0] - a[0]) + off * side[0];
        const y = a[1] + t * (b[1] - a[1]) + off * side[1];
        const top = Math.max(a[2], b[2]) + STEP_SIZE;
        const z = groundBelow(this.map.world, x, y, top, top - Math.min(a[2], b[2]) + STEP_SIZE);
        if (z === null) continue;
        const mid = nodeWithoutVotes([x, y, z], 'MOVE', 'map');
        this.simulated++;
        const out = this.linkIfMade(nodes[v], mid, 'from-reach', v, nodes.length, walksOnly);
        if (!out) continue;
        this.simulated++;
        const on = this.linkIfMade(mid, nodes[u], 'from-reach', nodes.length, u, walksOnly);
        if (!on) continue;
        nodes.push(mid);
        this.add(out);
        this.add(on);
        return true;
      }
    return false;
  }
}
