/**
 * connect: makes every node of the graph one a bot can leave for the rest of the map, and
 * reach from it, where the map allows.
 *
 * The AQtion bot follows links only in their direction and picks goals among the nodes; from
 * a node that does not lead into the graph's main strongly connected component no goal is
 * reachable, and a bot whose nearest node it is stands still (on ghetto a spawn point linked
 * to one node that linked only back to it held a bot for 234 s of a 240 s trial). Such dead
 * ends appear when links are dropped — by the simulated bot in `fill`, by a nav test through
 * `feedback` — after the nodes were placed. So, last in the pipeline, over the final graph:
 *
 * 1. escapes: for each node that does not lead into the main component, a link to the nearest
 *    node that does (within `radius`, at most `maxTries` tried, nearest first), typed by the box
 *    walk (a walk, drop or jump; where it finds none, a drop if the target lies lower than a
 *    stair step, else a walk) and kept when the simulated bot
 *    makes it from everywhere the bot counts the node reached (`simulateLinkFromReach`, the
 *    check of `fill`) — or, when no candidate passes that, from the node itself; then a drop
 *    down to `escapeMaxDrop` (256, the engine's unsafe drop: about 50 health, where the only
 *    way off a roof is a fall that `classify` and `fill` would not take); at last two links
 *    through a new node on the floor between (the opening of an alcove);
 * 2. entries: for each node the main component does not lead to, a link into it the same way;
 * 3. traps: nodes that still lead nowhere are removed (`dropTraps`), so that a bot standing
 *    there takes another node as its nearest — but not spawn nodes (a bot spawned with no node
 *    near stands still: ghetto, 235 s), nor nodes leading into an island, a strongly
 *    connected group of at least `minIsland` nodes, where a bot still finds goals to roam to
 *    (the engine's own nav leaves such places apart too: midtown's lowest floor).
 *
 * A link the nav test reported bad (the pipeline's feedback) is never proposed again (iterate
 * refuses a draft that brings a recorded failure back). Rounds
 * repeat while they add links (a node joined lets its neighbours join). Deterministic: nodes in
 * number order, candidates by distance then number.
 *
 * Emits the graph and a `connect` summary.
 *
 * @example
 * stages:
 *   - feedback
 *   - connect: { radius: 192, maxTries: 8 }
 * @see fill, feedback
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { passWithoutMap } from './internal/pass-without-map.js';
import { defineStage } from '../stage/stage.js';
import { bool, num, options } from '../stage/schema-helpers.js';
import type {
  DraftGraph,
  DraftLink,
  DraftNode,
  GraphEvent,
  GraphStageResult,
} from '../stage/graph-types.js';
import { distance, NO_LINK_EVIDENCE, nodeWithoutVotes } from '../stage/graph-types.js';
import { EMPTY_FEEDBACK, type Feedback } from '../sources/feedback/feedback.js';
import { loadFeedbackFor } from './feedback.js';
import type { BspWorld } from '../sources/bsp/world.js';
import type { CollisionModel } from '../world/collision-model.js';
import { loadCollision, loadMap } from '../map-analysis/map-source.js';
import { traverse } from '../map-analysis/walk-link.js';
import { STEP_SIZE, groundBelow } from '../map-analysis/box-query.js';
import { simulateLink, type LinkToSimulate } from '../simulated-bot/simulate-link.js';
import { simulateLinkFromReach } from '../simulated-bot/reach-starts.js';
import { jumpHolds } from '../simulated-bot/jump-holds.js';
import { FILLED_LINK_TYPE } from '../map-analysis/floor-links.js';
import { GROUND_TYPES, LADDER_TYPES } from '../map-analysis/ground-types.js';
import type { Vec3 } from '../geometry/vec3.js';
import {
  adjacency,
  largestComponent,
  spreadMarks,
  strongComponents,
} from '../graph/strong-components.js';
import { runGivingWay, runToEnd, type Steps } from '../pausing/run-steps.js';

export interface ConnectOptions {
  /** Farthest node a new link goes to. [Units: world units] [Limit: 16..512] */
  readonly radius: number;
  /** Most candidate links tried per node and round, nearest first. [Limit: 1..32] */
  readonly maxTries: number;
  /** Deepest ledge a new link drops off (180: no fall damage in AQtion); 0 = walks only. [Units: world units] [Limit: 0..210] */
  readonly maxDrop: number;
  /** Highest ledge a new link jumps onto; 0 = no jumps. [Units: world units] [Limit: 0..45] */
  readonly maxJump: number;
  /**
   * Deepest drop a dead end's way out may take when no other leads out (256: the engine's unsafe
   * drop; the fall costs about 50 health, standing there for good costs the game).
   * [Units: world units] [Limit: 0..300]
   */
  readonly escapeMaxDrop: number;
  /** Remove the nodes that still lead nowhere (but those leading into an island, see `minIsland`). */
  readonly dropTraps: boolean;
  /**
   * Strongly connected groups apart from the main one with at least this many nodes are islands
   * a bot can roam (a sealed yard, a pit with rooms): they and what leads into them are kept.
   * [Limit: 2..100000]
   */
  readonly minIsland: number;
  /** A proposed link this close at both ends to a reported bad link is not proposed. [Units: world units] [Limit: > 0] */
  readonly matchRadius: number;
}

export const connectDefaults: ConnectOptions = Object.freeze({
  radius: 192,
  maxTries: 8,
  maxDrop: 180,
  maxJump: 40,
  escapeMaxDrop: 256,
  dropTraps: true,
  minIsland: 16,
  matchRadius: 48,
});

/** Rounds at most (each round after the first only retries the nodes still apart). */
const MAX_ROUNDS = 8;

/** Node types a walked link may start or end at (the ones standing on ground, not on a ladder). */
const GROUND = new Set([...GROUND_TYPES].filter((t) => !LADDER_TYPES.has(t)));
/**
 * Node types a way out may start at: the ground ones and the ladder's (a ladder top whose only
 * learned way on was a fall deeper than `safeDrop`: simplicity's ladder at (-1961, 1286)).
 */
const ESCAPE_FROM = GROUND_TYPES;

/**
 * How an escape link is checked: from everywhere the bot counts its source reached, from the
 * source only, or (a drop deeper than `maxDrop`, down to `escapeMaxDrop`) from the source only.
 */
type EscapeTier = 'from-reach' | 'from-centre' | 'deep-drop';
const ESCAPE_TIERS: readonly EscapeTier[] = ['from-reach', 'from-centre', 'deep-drop'];

/** Where along a failed escape a bridge node is tried (fractions of the way). */
const BRIDGE_AT = [0.5, 1 / 3, 2 / 3] as const;
/** And how far to either side of the line. [Units: world units] */
const BRIDGE_OFFSETS = [0, 24, -24, 48, -48] as const;
/** Shortest link a bridge makes. [Units: world units] */
const BRIDGE_MIN_LINK = 24;

export interface ConnectMap {
  readonly world: BspWorld;
  readonly collision: CollisionModel;
}

/** Where the main component stands: who leads into it (`leads`) and who it leads to (`reached`). */
function mainReach(
  n: number,
  links: readonly DraftLink[],
): { leads: Uint8Array; reached: Uint8Array; component: Int32Array; count: number } {
  const fwd = adjacency(n, links);
  const { component, count } = strongComponents(n, fwd);
  const main = largestComponent(component, count);
  const leads = new Uint8Array(n);
  component.forEach((c, v) => {
    if (c === main) leads[v] = 1;
  });
  const reached = leads.slice();
  spreadMarks(adjacency(n, links, true), leads);
  spreadMarks(fwd, reached);
  return { leads, reached, component, count };
}

/** Nodes looked at, or links simulated, between two pauses of {@link connectGraphSteps}. */
const NODES_PER_STEP = 256;
const SIMULATIONS_PER_STEP = 64;

/** {@link connectGraphSteps} run to the end at once. */
export function connectGraph(
  g: DraftGraph,
  map: ConnectMap,
  feedback: Feedback,
  o: ConnectOptions,
): GraphStageResult {
  return runToEnd(connectGraphSteps(g, map, feedback, o));
}

/**
 * The stage's work (steps as in the file comment), pausing (`pausing/run-steps.ts`) in its
 * rounds every `NODES_PER_STEP` nodes or `SIMULATIONS_PER_STEP` simulated links, whichever
 * comes first: on ghetto the stage simulates links for about 18 s.
 */
export function* connectGraphSteps(
  g: DraftGraph,
  map: ConnectMap,
  feedback: Feedback,
  o: ConnectOptions,
): Steps<GraphStageResult> {
  const nodes: DraftNode[] = [...g.nodes];
  const links: DraftLink[] = [...g.links];
  const present = new Set(links.map((l) => `${l.from}:${l.to}`));
  const reportedBad = (a: DraftNode, b: DraftNode) =>
    feedback.badLinks.some(
      (bad) =>
        distance(a.origin, bad[0]) <= o.matchRadius && distance(b.origin, bad[1]) <= o.matchRadius,
    );
  const tried = new Set<string>();
  let simulated = 0;
  /** The link a → b when the map and the simulated bot allow it. */
  const propose = (a: number, b: number, tier: EscapeTier = 'from-reach'): DraftLink | null => {
    const key = `${a}:${b}:${tier}`;
    if (present.has(`${a}:${b}`) || tried.has(key)) return null;
    tried.add(key);
    return linkIfMade(nodes[a], nodes[b], tier, a, b);
  };
  /** The link from node `na` (number a) to `nb` (number b) if the bot makes it, else null. */
  const linkIfMade = (
    na: DraftNode,
    nb: DraftNode,
    tier: EscapeTier,
    a: number,
    b: number,
  ): DraftLink | null => {
    if (reportedBad(na, nb)) return null;
    const fromCentre = tier !== 'from-reach';
    // The box walk names the way (walk, drop, jump); where it finds none (a bend, a lip it
    // approximates badly) the simulated bot may still make it, and it alone decides below
    // (a drop when the target lies more than a stair step lower).
    const drop = tier === 'deep-drop' ? o.escapeMaxDrop : o.maxDrop;
    const fall = na.origin[2] - nb.origin[2];
    if (fall > drop) return null;
    const kind =
      traverse(map.world, na.origin, nb.origin, drop, o.maxJump) ??
      (fall > STEP_SIZE ? 'drop' : 'walk');
    if (tier === 'deep-drop' && (kind !== 'drop' || fall <= o.maxDrop)) return null;
    const type = kind === 'walk' ? nb.type : FILLED_LINK_TYPE[kind];
    const link: LinkToSimulate = {
      from: na.origin as Vec3,
      to: nb.origin as Vec3,
      linkType: type,
      fromType: na.type,
      toType: nb.type,
    };
    simulated++;
    // A jump must also hold at the bots' full running speed (as fill's jumps; a jump has no
    // other starts than its source).
    const made =
      kind === 'jump'
        ? jumpHolds(map.collision, link)
        : (fromCentre ? simulateLink : simulateLinkFromReach)(map.collision, link).passed;
    if (!made) return null;
    return { from: a, to: b, type, ...NO_LINK_EVIDENCE, fromMap: true };
  };
  /**
   * Ground nodes within the radius of `v` (horizontally; at most `escapeMaxDrop` lower or a jump
   * higher) that pass `ok`, nearest first (ties: lower number).
   */
  const candidates = (v: number, ok: (u: number) => boolean): number[] => {
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
  };

  /**
   * A way from `v` to `u` over a new MOVE node between them, each link made from everywhere the
   * bot counts its source reached: the new node stands on the floor at a third, half or two
   * thirds of the way, on the line or up to 48 units to either side (the opening of an alcove).
   */
  const bridge = (v: number, u: number): boolean => {
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
        const z = groundBelow(map.world, x, y, top, top - Math.min(a[2], b[2]) + STEP_SIZE);
        if (z === null) continue;
        const mid = nodeWithoutVotes([x, y, z], 'MOVE', 'map');
        simulated++;
        const out = linkIfMade(nodes[v], mid, 'from-reach', v, nodes.length);
        if (!out) continue;
        simulated++;
        const on = linkIfMade(mid, nodes[u], 'from-reach', nodes.length, u);
        if (!on) continue;
        nodes.push(mid);
        links.push(out, on);
        present.add(`${out.from}:${out.to}`).add(`${on.from}:${on.to}`);
        return true;
      }
    return false;
  };

  // Where the last pause was: the node count looked at and the links simulated then.
  let looked = 0;
  let simulatedAtPause = 0;
  const pauseDue = (): boolean => {
    if (++looked % NODES_PER_STEP !== 0 && simulated - simulatedAtPause < SIMULATIONS_PER_STEP)
      return false;
    simulatedAtPause = simulated;
    return true;
  };

  let escapes = 0;
  let bridges = 0;
  let escapesFromCentre = 0;
  let entries = 0;
  let reach = mainReach(nodes.length, links);
  const before = {
    leadNowhere: reach.leads.filter((m) => !m).length,
    unreached: reach.reached.filter((m) => !m).length,
  };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let added = 0;
    const count = nodes.length;
    for (let v = 0; v < count; v++) {
      if (pauseDue()) yield;
      if (reach.leads[v] || !ESCAPE_FROM.has(nodes[v].type)) continue;
      const near = candidates(v, (u) => reach.leads[u] === 1);
      // From everywhere the bot counts the node reached first; failing that, from the node
      // itself; failing that, two links through a new node between: a bot spawned in an alcove
      // of ghetto stood there 235 s when its only way out (a link that grazed the alcove's
      // corner from some reach starts) was pruned.
      let escaped = false;
      for (const tier of ESCAPE_TIERS) {
        const u = near.find((c) => {
          const l = propose(v, c, tier);
          if (l) links.push(l);
          return l !== null;
        });
        if (u === undefined) continue;
        present.add(`${v}:${u}`);
        escapes++;
        if (tier !== 'from-reach') escapesFromCentre++;
        added++;
        reach = mainReach(nodes.length, links);
        escaped = true;
        break;
      }
      if (!escaped && near.some((u) => bridge(v, u))) {
        escapes++;
        bridges++;
        added++;
        reach = mainReach(nodes.length, links);
      }
    }
    for (let v = 0; v < count; v++) {
      if (pauseDue()) yield;
      if (reach.reached[v] || !GROUND.has(nodes[v].type)) continue;
      for (const u of candidates(v, (u) => reach.reached[u] === 1)) {
        const l = propose(u, v);
        if (!l) continue;
        links.push(l);
        present.add(`${u}:${v}`);
        entries++;
        added++;
        reach = mainReach(nodes.length, links);
        break;
      }
    }
    if (added === 0) break;
  }
  const after = {
    leadNowhere: reach.leads.filter((m) => !m).length,
    unreached: reach.reached.filter((m) => !m).length,
  };
  let graph: DraftGraph = { nodes, links };
  let trapsRemoved = 0;
  if (o.dropTraps && after.leadNowhere > 0) {
    const size = new Int32Array(reach.count);
    reach.component.forEach((c) => size[c]++);
    const n = nodes.length;
    const island = new Uint8Array(n);
    reach.component.forEach((c, v) => {
      if (!reach.leads[v] && size[c] >= o.minIsland) island[v] = 1;
    });
    spreadMarks(adjacency(n, links, true), island);
    const index = new Int32Array(n).fill(-1);
    const kept: DraftNode[] = [];
    // Spawn nodes stay whatever: without a node near, a bot spawned there has none to start from.
    nodes.forEach((node, v) => {
      if (reach.leads[v] || island[v] || node.type === 'SPAWNPOINT') index[v] = kept.push(node) - 1;
    });
    trapsRemoved = n - kept.length;
    graph = {
      nodes: kept,
      links: links
        .filter((l) => index[l.from] >= 0 && index[l.to] >= 0)
        .map((l) => ({ ...l, from: index[l.from], to: index[l.to] })),
    };
  }
  return {
    graph,
    stats: {
      nodesLeadingNowhere: before.leadNowhere,
      nodesUnreached: before.unreached,
      escapeLinksAdded: escapes,
      escapeLinksFromCentreOnly: escapesFromCentre,
      bridgeNodesAdded: bridges,
      entryLinksAdded: entries,
      linksSimulated: simulated,
      nodesStillLeadingNowhere: after.leadNowhere,
      nodesStillUnreached: after.unreached,
      trapNodesRemoved: trapsRemoved,
    },
  };
}

/** The operator; `load` gives the map when the graph arrives (null: no BSP, the graph passes). */
export function connect(
  options: Partial<ConnectOptions>,
  load: () => Promise<ConnectMap | null>,
  loadFeedback: () => Promise<Feedback> = async () => EMPTY_FEEDBACK,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o: ConnectOptions = { ...connectDefaults, ...options };
  return graphInOrder(async (e, emit) => {
    const map = await load();
    if (!map) {
      passWithoutMap(e, emit, 'connect');
      return;
    }
    const r = await runGivingWay(connectGraphSteps(e.graph, map, await loadFeedback(), o));
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'connect', data: r.stats });
  });
}

function connectMapLoader(bsp: string | null): () => Promise<ConnectMap | null> {
  return async () => {
    if (!bsp) return null;
    const [map, collision] = await Promise.all([loadMap(bsp), loadCollision(bsp)]);
    return { world: map.world, collision };
  };
}

/** The `connect` stage of pipeline files. */
export const connectStage = defineStage<ConnectOptions>({
  meta: {
    name: 'connect',
    description:
      'Links every node that leads nowhere (no path into the graph\u2019s main strongly connected component) or that nothing leads to, with walks, drops and jumps the simulated bot makes, and removes the nodes that still lead nowhere: a bot never stands on a dead end.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: options({
      radius: num('Farthest node a new link goes to. [world units]', { minimum: 16, maximum: 512 }),
      maxTries: num('Most candidate links tried per node and round, nearest first.', {
        minimum: 1,
        maximum: 32,
        integer: true,
      }),
      maxDrop: num(
        'Deepest ledge a new link drops off (180: no fall damage in AQtion); 0 = walks only. [world units]',
        {
          minimum: 0,
          maximum: 210,
        },
      ),
      maxJump: num('Highest ledge a new link jumps onto; 0 = no jumps. [world units]', {
        minimum: 0,
        maximum: 45,
      }),
      escapeMaxDrop: num(
        'Deepest drop a dead end\u2019s way out may take when no other leads out (256: the engine\u2019s unsafe drop, about 50 health). [world units]',
        { minimum: 0, maximum: 300 },
      ),
      dropTraps: bool(
        'Remove the nodes that still lead nowhere after linking (not those leading into an island).',
      ),
      minIsland: num(
        'Strongly connected groups apart from the main one with this many nodes are islands bots roam; kept.',
        { minimum: 2, maximum: 100000, integer: true },
      ),
      matchRadius: num(
        'A proposed link this close at both ends to a reported bad link is not proposed. [world units]',
        { exclusiveMinimum: 0 },
      ),
    }),
    defaults: connectDefaults,
  },
  create: (opts, ctx) => connect(opts, connectMapLoader(ctx.bsp), () => loadFeedbackFor(ctx)),
});
