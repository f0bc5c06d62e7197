/**
 * fill: covers the map where the demos are thin. Nodes are added on walkable floor the map
 * shows (`map-analysis/walkable-floor.ts`: the standing box lowered onto the ground on a grid
 * `spacing` apart) where no demo node is near, and linked only by walks the box confirms
 * (`map-analysis/walk-link.ts`: steps up to 18 units) or by a drop off a ledge of at most
 * `maxDrop` units onto ground that does not hurt (one-way STAND_DROP links).
 *
 * Which floor: from the floor samples next to the demo nodes and (`fromSpawns`) under the map's
 * spawn points, the stage walks sample to sample (eight neighbours); only floor reached that
 * way is used, so roofs, the outside of the map and closed rooms get nothing. Map nodes stay
 * only when links join them to a demo node or to floor a spawn point reached.
 *
 * Ladders (`ladders`): upper floors reached only by a ladder are a common reason why the floor
 * walk stops short (catwalks, towers). Every ladder of the map the graph has no ladder node at
 * gets a LADDER node at its foot and one where the box last touches it (a LADDER pair: the
 * engine's bot climbs only between two LADDER nodes)
 * (`map-analysis/map-ladders.ts`), linked both ways and to the ground nodes at each end; the
 * floor walk goes on from the top where the simulated bot steps off onto a floor sample. A sample within `minGap` of a node (and on its floor)
 * is not added — demo nodes always win — but the walk goes on through it. New nodes are linked
 * to their walkable grid neighbours and to up to `maxDemoLinks` demo nodes within
 * `spacing × 1.5`, each way only if that way walks.
 *
 * The way back (`returns`): floor the walk does not reach but from which a walk or a drop leads
 * onto reached floor (a balcony above a ramp, a ledge, a roof over a street) gets nodes with
 * links out and none in. Bots end up there anyway — a jump up a slope carries them far higher
 * than a walker's, blasts push them — and the bot library only finds a node within 60 units of
 * height, so with none near they stand still until killed (one such bot stood 55 s on a
 * balcony of urbanjungle in a trial). No route leads to these nodes; each must still lead back
 * after the simulation, or it goes.
 *
 * With `checkDemoLinks` the demo-learned links are run by the simulated bot as well and the
 * ones it fails are dropped (nodes stay: demo nodes always win).
 *
 * Every proposed link is then run by navtest's simulated bot (`simulateLink`: the AQtion bot's
 * movement code driving the engine's pmove on the collision model, fall damage included); a
 * link it fails is dropped, and so is a map node no longer joined to a demo node.
 *
 * Filled drops are no deeper than `maxDrop` (below the engine's 210-unit stand drop, so no fall
 * damage) and land on ground outside lava and slime: a filled link never leads into a fall
 * that kills. A filled jump (JUMP link) climbs one ledge of at most `maxJump` units where
 * the box has the head room, or (`gapJumps`) crosses a gap to the floor two columns on where
 * the column between has no floor to walk to — proposed only when the simulated bot makes it,
 * both from a walker's run-up and at the bots' full running speed (a landing too short for the
 * faster bot throws it off the far side).
 * New nodes are MOVE nodes (and the ladder pairs) with `source: 'map'`; the report, summary
 * and pictures tell them from demo nodes.
 *
 * Emits the augmented graph and a `fill` summary.
 *
 * @example
 * stages:
 *   - fill: { spacing: 64 }
 * @see classify, spawnPoints
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { defineStage } from '../pipeline/stage.js';
import { bool, num, options } from '../pipeline/schema-helpers.js';
import type { DraftGraph, DraftLink, DraftNode, GraphEvent } from './graph-types.js';
import { NO_LINK_EVIDENCE, nodeWithoutVotes } from './graph-types.js';
import type { BspWorld } from '../sources/bsp/world.js';
import { loadCollision, loadMap } from '../map-analysis/map-source.js';
import { GRID_OFFSET, walkableFloor, type FloorSamples } from '../map-analysis/walkable-floor.js';
import { traverse, type Traversal } from '../map-analysis/walk-link.js';
import { hashFile } from '../pipeline/demo-cache.js';
import type { Vec3 } from '../geometry/vec3.js';
import { simulateLink, type LinkToSimulate } from '../navtest/simulate-link.js';
import { simulateLinkFromReach } from '../navtest/reach-starts.js';
import { SPEED_RUN } from '../navtest/bot-driver.js';
import type { CollisionModel } from '../world/collision-model.js';
import { mapLadderClimbs, type MapLadderClimb } from '../map-analysis/map-ladders.js';
import { STANDING, STEP_SIZE, groundBelow } from '../map-analysis/box-query.js';
import { placeNode } from '../map-analysis/place-node.js';
import { spawnPointsOf } from '../sources/bsp/spawn-points.js';

export interface FillOptions {
  /** Grid spacing of floor samples. [Units: world units] [Limit: 16..256] */
  readonly spacing: number;
  /** A sample this near a node (on its floor) adds no node. [Units: world units] */
  readonly minGap: number;
  /** Largest height difference between walk-linked grid neighbours. [Units: world units] */
  readonly maxDz: number;
  /** Most demo nodes each new node links to (each way). [Limit: 0..8] */
  readonly maxDemoLinks: number;
  /** Deepest ledge a filled link drops off (180: the deepest fall without damage in AQtion); 0: walks only. [Units: world units] */
  readonly maxDrop: number;
  /** Highest ledge a filled link jumps onto (a standing jump rises about 45); 0: no jumps. [Units: world units] */
  readonly maxJump: number;
  /**
   * Try running jumps across gaps (two grid columns, where the column between has no floor to
   * walk to), kept when the simulated bot makes them (needs the collision model).
   */
  readonly gapJumps: boolean;
  /**
   * Add a pair of LADDER nodes (foot and top) at each ladder of the map the demos did not climb
   * (`map-analysis/map-ladders.ts`), kept when the simulated bot climbs it (needs the
   * collision model); the floor walk goes on from its top. Off by default: the engine's bot
   * turns to look for the ladder whenever its current or next node is a LADDER node, and at
   * ladders no player climbed it stood for a minute or more (beer's ladder at (280, −900):
   * 76, 52 and 71 s in three trials, though the simulated bot climbs it from where the real one
   * stood); ladders the demos climbed keep their pairs (classify), and the floors above are
   * still covered by way-back nodes (beer's LTK coverage 96 % with, 95 % without).
   */
  readonly ladders: boolean;
  /**
   * Walk the floor from the map's spawn points too, not only from demo nodes: every player
   * starts at one, so floor reached from them is floor players use even where no demo went
   * (a map with few or no demos of its own).
   */
  readonly fromSpawns: boolean;
  /**
   * Also cover floor the walk does not reach but from which a walk or a safe drop leads back
   * onto it (a balcony above a ramp, a ledge): bots get there anyway (a jump that carries too
   * far, a blast, a fall) and, with no node near, stand still for the rest of their life. Such
   * nodes have links out and none in, so no route leads there; they are the way back.
   */
  readonly returns: boolean;
  /**
   * Run the demo-learned links through the simulated bot too and drop the ones it fails (a
   * strafe jump a person made, a walk that only works from a running start): the bots cannot
   * follow them either, and what `iterate`'s builtin tester prunes a plain build then leaves
   * out from the start (on beer a bot stood 61 s at such a link).
   */
  readonly checkDemoLinks: boolean;
}

export const fillDefaults: FillOptions = Object.freeze({
  spacing: 64,
  minGap: 48,
  maxDz: 64,
  maxDemoLinks: 3,
  maxDrop: 180,
  maxJump: 40,
  gapJumps: true,
  ladders: false,
  fromSpawns: true,
  returns: true,
  checkDemoLinks: true,
});

/** Gap jumps: the landing at most this much higher, or this much lower. [Units: world units] */
const STEP_UP_ON_JUMP = 24;
const GAP_JUMP_DROP = 96;

/** Link type of each kind of filled traversal (walks to a demo node take its type). */
const LINK_TYPE = { walk: 'MOVE', jump: 'JUMP', drop: 'STAND_DROP' } as const;

/** Height within which a node and a sample are on the same floor. [Units: world units] */
const SAME_FLOOR = 32;
/** Node types filled nodes connect to (the ground ones). */
const GROUND = new Set([
  'MOVE',
  'JUMP',
  'CROUCH',
  'SPAWNPOINT',
  'LADDER',
  'LADDER_DOWN',
  'LADDER_UP',
]);
const LADDER_TYPES = new Set(['LADDER', 'LADDER_UP', 'LADDER_DOWN']);

export interface FillMap {
  readonly world: BspWorld;
  /** The engine's collision model, to run each filled link with player movement; null: box checks only. */
  readonly collision: CollisionModel | null;
  readonly floor: FloorSamples;
  readonly cached: boolean;
  /** Origins of the map's spawn entities (as in the BSP; they float above the floor). */
  readonly spawns?: readonly (readonly number[])[];
}

/** Spatial hash of node indices by grid cell. */
function bucketNodes(nodes: readonly DraftNode[], cell: number): Map<string, number[]> {
  const b = new Map<string, number[]>();
  nodes.forEach((n, k) => {
    const key = `${Math.floor(n.origin[0] / cell)},${Math.floor(n.origin[1] / cell)}`;
    const list = b.get(key);
    if (list) list.push(k);
    else b.set(key, [k]);
  });
  return b;
}

function nodesNear(
  buckets: Map<string, number[]>,
  nodes: readonly DraftNode[],
  cell: number,
  p: readonly number[],
  radius: number,
): { n: number; d: number }[] {
  const out: { n: number; d: number }[] = [];
  const r = Math.ceil(radius / cell);
  const cx = Math.floor(p[0] / cell);
  const cy = Math.floor(p[1] / cell);
  for (let dx = -r; dx <= r; dx++)
    for (let dy = -r; dy <= r; dy++) {
      for (const n of buckets.get(`${cx + dx},${cy + dy}`) ?? []) {
        const o = nodes[n].origin;
        if (Math.abs(o[2] - p[2]) > SAME_FLOOR) continue;
        const d = Math.hypot(o[0] - p[0], o[1] - p[1], o[2] - p[2]);
        if (d <= radius) out.push({ n, d });
      }
    }
  return out.sort((a, b) => a.d - b.d || a.n - b.n);
}

export function fillGraph(
  demo: DraftGraph,
  map: FillMap,
  o: FillOptions,
): { graph: DraftGraph; stats: Record<string, unknown> } {
  const { world: w, floor } = map;
  // The map's ladders first: their pairs join the graph as if learned (the floor walk starts
  // from them too), but every link they add is simulated and they stay only if joined.
  const ladders =
    o.ladders && map.collision ? ladderPairs(demo, mapLadderClimbs(w, LADDER_MIN_CLIMB)) : null;
  const g: DraftGraph = ladders
    ? { nodes: [...demo.nodes, ...ladders.nodes], links: [...demo.links, ...ladders.links] }
    : demo;
  const s = floor.spacing;
  const at = (k: number): [number, number, number] => [
    floor.i[k] * s + GRID_OFFSET,
    floor.j[k] * s + GRID_OFFSET,
    floor.z[k],
  ];
  // Samples by column.
  const column = new Map<string, number[]>();
  for (let k = 0; k < floor.z.length; k++) {
    const key = `${floor.i[k]},${floor.j[k]}`;
    const list = column.get(key);
    if (list) list.push(k);
    else column.set(key, [k]);
  }
  const buckets = bucketNodes(g.nodes, s);
  const ground = g.nodes.map((n) => GROUND.has(n.type));

  // Seeds: the samples each ground node walks to in its own and the neighbouring columns. From
  // the top of a ladder (hanging on it, no ground below) the simulated bot decides: it steps
  // off onto the floor above or it does not.
  const seedWalks = (k: number, q: number): boolean => {
    const n = g.nodes[k];
    if (traverse(w, n.origin, at(q)) === 'walk') return true;
    // Ladder ends (foot and top are both LADDER): the foot has walked already, the top may not.
    if (!map.collision || n.type !== 'LADDER') return false;
    return simulateLink(map.collision, {
      from: n.origin,
      to: at(q),
      linkType: 'MOVE',
      fromType: n.type,
      toType: 'MOVE',
    }).passed;
  };
  const reached = new Uint8Array(floor.z.length);
  const queue: number[] = [];
  const seedFrom = (origin: readonly number[], walks: (q: number) => boolean): void => {
    const ci = Math.round((origin[0] - GRID_OFFSET) / s);
    const cj = Math.round((origin[1] - GRID_OFFSET) / s);
    for (let di = -1; di <= 1; di++)
      for (let dj = -1; dj <= 1; dj++)
        for (const q of column.get(`${ci + di},${cj + dj}`) ?? []) {
          if (reached[q] || Math.abs(floor.z[q] - origin[2]) > o.maxDz) continue;
          if (!walks(q)) continue;
          reached[q] = 1;
          queue.push(q);
        }
  };
  g.nodes.forEach((n, k) => {
    if (ground[k]) seedFrom(n.origin, (q) => seedWalks(k, q));
  });
  // Spawn points: the floor under each (where its player lands), and what it walks to. The
  // samples seeded here root the map nodes on them like demo nodes do.
  const spawnSeeds = o.fromSpawns ? spawnFloor(w, map.spawns ?? []) : [];
  const fromDemos = queue.length;
  for (const p of spawnSeeds) seedFrom(p, (q) => traverse(w, p, at(q)) === 'walk');
  const spawnRooted = queue.slice(fromDemos);
  // Walk the floor from them, in a fixed order (queue order from node order, then neighbours).
  const edges = new Map<number, { r: number; how: Traversal }[]>();
  for (let h = 0; h < queue.length; h++) {
    const q = queue[h];
    const a = at(q);
    const out: { r: number; how: Traversal }[] = [];
    for (const r of neighbourSamples(floor, column, q)) {
      const dz = floor.z[r] - a[2];
      if (dz > o.maxDz || -dz > Math.max(o.maxDz, o.maxDrop)) continue;
      const how = traverse(w, a, at(r), o.maxDrop, o.maxJump);
      if (!how) continue;
      out.push({ r, how });
      if (!reached[r]) {
        reached[r] = 1;
        queue.push(r);
      }
    }
    // Gaps: where the way on in a direction has no floor to walk to (a pit, a lower passage),
    // a running jump across it to the floor two columns on, as the simulated bot makes it.
    if (map.collision && o.gapJumps) {
      const model = map.collision;
      const walked = new Set(out.map((e) => `${floor.i[e.r]},${floor.j[e.r]}`));
      for (let di = -2; di <= 2; di++)
        for (let dj = -2; dj <= 2; dj++) {
          if (Math.max(Math.abs(di), Math.abs(dj)) !== 2) continue;
          const mid = `${floor.i[q] + Math.trunc(di / 2)},${floor.j[q] + Math.trunc(dj / 2)}`;
          if (walked.has(mid)) continue;
          for (const r of column.get(`${floor.i[q] + di},${floor.j[q] + dj}`) ?? []) {
            const dz = floor.z[r] - a[2];
            if (dz > STEP_UP_ON_JUMP || -dz > GAP_JUMP_DROP) continue;
            const jump = { from: a, to: at(r), linkType: 'JUMP', fromType: 'MOVE', toType: 'MOVE' };
            if (!jumpHolds(model, jump)) continue;
            out.push({ r, how: 'jump' });
            if (!reached[r]) {
              reached[r] = 1;
              queue.push(r);
            }
          }
        }
    }
    edges.set(q, out);
  }

  // The way back: floor not reached from which the reached floor is reached.
  const returning = o.returns ? returnFloor(w, floor, column, reached, queue, edges, o) : [];

  // New nodes where no node is near; demo nodes win.
  const nodes: DraftNode[] = [...g.nodes];
  const links: DraftLink[] = [...g.links];
  const nodeOf = new Map<number, number>();
  const sorted = [...queue, ...returning].sort((x, y) => x - y);
  for (const q of sorted) {
    const p = at(q);
    if (nodesNear(buckets, g.nodes, s, p, o.minGap).length > 0) continue;
    nodeOf.set(q, nodes.length);
    nodes.push(nodeWithoutVotes(p, 'MOVE', 'map'));
  }
  const evidence = NO_LINK_EVIDENCE;
  const demoLinkCount = demo.links.length;
  for (const q of sorted) {
    const from = nodeOf.get(q);
    if (from === undefined) continue;
    for (const { r, how } of edges.get(q) ?? []) {
      const to = nodeOf.get(r);
      if (to !== undefined) links.push({ from, to, type: LINK_TYPE[how], ...evidence });
    }
    // To and from the demo nodes around.
    const p = at(q);
    let made = 0;
    for (const { n } of nodesNear(buckets, g.nodes, s, p, s * 1.5)) {
      if (made >= o.maxDemoLinks) break;
      if (!ground[n]) continue;
      const there = g.nodes[n].origin;
      const out = traverse(w, p, there, o.maxDrop, o.maxJump);
      const back = traverse(w, there, p, o.maxDrop, o.maxJump);
      if (out) {
        const type = out === 'walk' ? g.nodes[n].type : LINK_TYPE[out];
        links.push({ from, to: n, type, ...evidence });
      }
      if (back) links.push({ from: n, to: from, type: LINK_TYPE[back], ...evidence });
      if (out || back) made++;
    }
  }
  // Nodes the floor joins but no link does (a door the demos seldom passed, a filled node and a
  // demo node farther apart than the demo-link radius): a sample close to a demo node adds no
  // node but stands for it, and a floor step between the samples of two different nodes
  // proposes a link between those nodes.
  const present = new Set(links.map((l) => `${l.from}:${l.to}`));
  const ownerOf = (q: number): number => {
    const own = nodeOf.get(q);
    if (own !== undefined) return own;
    const near = nodesNear(buckets, g.nodes, s, at(q), o.minGap);
    const n = near.find((e) => ground[e.n]);
    return n ? n.n : -1;
  };
  const owner = new Map<number, number>();
  for (const q of sorted) owner.set(q, ownerOf(q));
  for (const q of sorted) {
    const a = owner.get(q)!;
    if (a < 0) continue;
    for (const { r, how } of edges.get(q) ?? []) {
      const b = owner.get(r) ?? -1;
      if (b < 0 || b === a || present.has(`${a}:${b}`)) continue;
      const direct = traverse(w, nodes[a].origin, nodes[b].origin, o.maxDrop, o.maxJump);
      const kind = direct ?? (how === 'jump' ? 'jump' : null);
      if (!kind) continue;
      present.add(`${a}:${b}`);
      const type = kind === 'walk' ? nodes[b].type : LINK_TYPE[kind];
      links.push({ from: a, to: b, type, ...evidence, fromMap: true });
    }
  }
  const proposed = links.length - demoLinkCount;

  // Every filled link is then run by a simulated bot with the engine's player movement
  // (navtest's simulateLink); the ones it fails go, and so do map nodes no longer joined to a
  // demo node by the links left.
  const failures: Record<string, number> = {};
  const demoFailures: Record<string, number> = {};
  let kept = links;
  if (map.collision) {
    const model = map.collision;
    kept = links.filter((l, k) => {
      const fromDemos = k < demoLinkCount;
      if (fromDemos && !o.checkDemoLinks) return true;
      const link: LinkToSimulate = {
        from: nodes[l.from].origin as Vec3,
        to: nodes[l.to].origin as Vec3,
        linkType: l.type,
        fromType: nodes[l.from].type,
        toType: nodes[l.to].type,
      };
      const r = simulateLinkFromReach(model, link);
      const tally = fromDemos ? demoFailures : failures;
      if (!r.passed) tally[r.reason] = (tally[r.reason] ?? 0) + 1;
      // A filled jump must also hold at the bots' full speed (see jumpHolds; the walker's
      // run-up just ran).
      else if (
        !fromDemos &&
        l.type === LINK_TYPE.jump &&
        !simulateLink(model, link, { runUpSpeed: SPEED_RUN }).passed
      ) {
        failures.overshot = (failures.overshot ?? 0) + 1;
        return false;
      }
      return r.passed;
    });
  }
  // A map ladder pair the bot climbs neither up nor down is no ladder (a ladder in a brush
  // model the movement does not see, one too narrow to hold on): its nodes go with their links.
  if (ladders) {
    const climbed = new Set(
      kept
        .filter((l) => l.from >= demo.nodes.length && l.to >= demo.nodes.length)
        .map((l) => `${l.from}:${l.to}`),
    );
    const dead = new Set<number>();
    for (let b = demo.nodes.length; b < demo.nodes.length + ladders.nodes.length; b += 2)
      if (!climbed.has(`${b}:${b + 1}`) && !climbed.has(`${b + 1}:${b}`)) dead.add(b).add(b + 1);
    if (dead.size > 0) kept = kept.filter((l) => !dead.has(l.from) && !dead.has(l.to));
  }
  // A way-back node must still lead back after the simulation dropped links (the box walk
  // that found it is an approximation): the others, and the links into them, go.
  const returnNodes = new Set(returning.map((q) => nodeOf.get(q) ?? -1));
  if (returnNodes.size > 0) {
    const lost = notLeadingBack(nodes.length, kept, returnNodes);
    if (lost.size > 0) kept = kept.filter((l) => !lost.has(l.from) && !lost.has(l.to));
  }
  const roots = spawnRooted.map((q) => nodeOf.get(q) ?? -1).filter((n) => n >= 0);
  const joined = joinedToDemoNodes(nodes, kept, demo.nodes.length, roots);
  const out = joined.graph;
  const demoLinksKept = demoLinkCount - Object.values(demoFailures).reduce((a, b) => a + b, 0);
  const added = out.links.slice(demoLinksKept);
  const ladderNodes = out.nodes.filter((n, k) => k >= demo.nodes.length && n.ladder > 0).length;
  const count = (type: string) => added.filter((l) => l.type === type).length;
  return {
    graph: out,
    stats: {
      floorSamples: floor.z.length,
      floorReached: queue.length,
      floorReturning: returning.length,
      returnNodesAdded: [...returnNodes].filter((n) => n >= 0 && joined.index[n] >= 0).length,
      spawnSeeds: spawnSeeds.length,
      mapLadderClimbs: ladders ? ladders.nodes.length / 2 : 0,
      ladderNodesAdded: ladderNodes,
      nodesAdded: out.nodes.length - demo.nodes.length,
      nodesNotJoined: nodes.length - out.nodes.length,
      linksProposed: proposed,
      linksFailedSimulation: failures,
      demoLinksFailedSimulation: demoFailures,
      linksAdded: added.length,
      linksBetweenFilled: added.filter(
        (l) => l.from >= demo.nodes.length && l.to >= demo.nodes.length,
      ).length,
      linksBetweenDemoNodes: added.filter(
        (l) => l.from < demo.nodes.length && l.to < demo.nodes.length,
      ).length,
      dropLinks: count(LINK_TYPE.drop),
      jumpLinks: count(LINK_TYPE.jump),
      simulated: map.collision !== null,
    },
  };
}

/**
 * A filled jump the bots can take: the simulated bot makes it from a walker's run-up and from
 * the bots' full running speed. Real bots reach a jump at up to `SPEED_RUN` and fly that much
 * farther; a landing with no room for that (a narrow ledge, a beam) throws them off the far
 * side, and a jump one bot made is no use if the next one dies there.
 */
function jumpHolds(model: CollisionModel, link: LinkToSimulate): boolean {
  return (
    simulateLink(model, link).passed && simulateLink(model, link, { runUpSpeed: SPEED_RUN }).passed
  );
}

/** Deepest floor search below a spawn entity (as the spawn-points stage). [Units: world units] */
const SPAWN_MAX_DROP = 256;

/**
 * Where the players of each spawn point stand: the box lowered from the entity onto the floor,
 * or the nearest standing position (`place-node.ts`); spawns with neither are left out.
 */
function spawnFloor(
  w: BspWorld,
  spawns: readonly (readonly number[])[],
): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (const [x, y, z] of spawns) {
    const g = groundBelow(w, x, y, z, SPAWN_MAX_DROP);
    const placed = placeNode(w, [x, y, g ?? z], STANDING, true);
    if (placed) out.push([placed.origin[0], placed.origin[1], placed.origin[2]]);
  }
  return out;
}

/** Smallest ladder climb given a pair (classify's `ladderMinClimb`). [Units: world units] */
const LADDER_MIN_CLIMB = 40;
/** A climb this near (horizontally) a node the demos typed as a ladder is theirs. [Units: world units] */
const LADDER_OWNED = 64;

/**
 * LADDER node pairs (foot and top) for the map's climbs that no ladder node of
 * the graph already stands for, linked both ways and to up to two ground nodes at each end
 * (within the bots' ladder link limits, as confirm-types links the demos' pairs).
 */
function ladderPairs(
  g: DraftGraph,
  climbs: readonly MapLadderClimb[],
): { nodes: DraftNode[]; links: DraftLink[] } {
  const nodes: DraftNode[] = [];
  const links: DraftLink[] = [];
  const evidence = NO_LINK_EVIDENCE;
  const owned = (c: MapLadderClimb) =>
    g.nodes.some(
      (n) =>
        n.ladder > 0 &&
        LADDER_TYPES.has(n.type) &&
        Math.hypot(n.origin[0] - c.x, n.origin[1] - c.y) <= LADDER_OWNED &&
        n.origin[2] >= c.foot - STEP_SIZE &&
        n.origin[2] <= c.top + STEP_SIZE,
    );
  const near = (p: readonly number[], minD: number, maxD: number, maxDz: number): number[] =>
    g.nodes
      .map((n, i) => ({
        n,
        i,
        d: Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1], n.origin[2] - p[2]),
      }))
      .filter(
        (e) =>
          GROUND.has(e.n.type) &&
          !LADDER_TYPES.has(e.n.type) &&
          Math.abs(e.n.origin[2] - p[2]) <= maxDz &&
          e.d >= minD &&
          e.d <= maxD,
      )
      .sort((a, b) => a.d - b.d || a.i - b.i)
      .slice(0, 2)
      .map((e) => e.i);
  for (const c of climbs) {
    if (owned(c)) continue;
    const base: DraftNode = {
      ...nodeWithoutVotes([c.x, c.y, c.foot], 'LADDER', 'map'),
      ladder: 1,
    };
    const b = g.nodes.length + nodes.push(base) - 1;
    const t = g.nodes.length + nodes.push({ ...base, origin: [c.x, c.y, c.top] }) - 1;
    links.push({ from: b, to: t, type: 'LADDER', ...evidence });
    links.push({ from: t, to: b, type: 'LADDER', ...evidence });
    for (const n of near(base.origin, 0, 96, STEP_SIZE)) {
      links.push({ from: b, to: n, type: g.nodes[n].type, ...evidence });
      links.push({ from: n, to: b, type: 'LADDER', ...evidence });
    }
    for (const n of near([c.x, c.y, c.top], 48, 128, STEP_SIZE + 8)) {
      links.push({ from: t, to: n, type: g.nodes[n].type, ...evidence });
      links.push({ from: n, to: t, type: 'LADDER', ...evidence });
    }
  }
  return { nodes, links };
}

/**
 * The graph without the map nodes (index `firstMap` on) that no chain of links, taken both ways,
 * joins to a node before them; links re-indexed, order kept.
 */
function joinedToDemoNodes(
  nodes: readonly DraftNode[],
  links: readonly DraftLink[],
  firstMap: number,
  roots: readonly number[],
): { graph: DraftGraph; index: Int32Array } {
  const adjacent: number[][] = nodes.map(() => []);
  for (const l of links) {
    adjacent[l.from].push(l.to);
    adjacent[l.to].push(l.from);
  }
  const seen = new Uint8Array(nodes.length);
  const firstNodes = Array.from({ length: firstMap }, (_, i) => i);
  flood(adjacent, [...firstNodes, ...roots], seen);
  const index = new Int32Array(nodes.length).fill(-1);
  const kept: DraftNode[] = [];
  nodes.forEach((n, i) => {
    if (seen[i]) index[i] = kept.push(n) - 1;
  });
  return {
    graph: {
      nodes: kept,
      links: links
        .filter((l) => index[l.from] >= 0 && index[l.to] >= 0)
        .map((l) => ({ ...l, from: index[l.from], to: index[l.to] })),
    },
    index,
  };
}

/** The floor samples in the eight columns around sample `q`'s, in a fixed order. */
function neighbourSamples(
  floor: FloorSamples,
  column: ReadonlyMap<string, number[]>,
  q: number,
): number[] {
  const out: number[] = [];
  for (let di = -1; di <= 1; di++)
    for (let dj = -1; dj <= 1; dj++) {
      if (di === 0 && dj === 0) continue;
      for (const r of column.get(`${floor.i[q] + di},${floor.j[q] + dj}`) ?? []) out.push(r);
    }
  return out;
}

/** The nodes of `candidates` from which no chain of `links` reaches a node outside them. */
function notLeadingBack(
  count: number,
  links: readonly DraftLink[],
  candidates: ReadonlySet<number>,
): Set<number> {
  const into: number[][] = Array.from({ length: count }, () => []);
  for (const l of links) into[l.to].push(l.from);
  const leads = new Uint8Array(count);
  const others = Array.from({ length: count }, (_, i) => i).filter((i) => !candidates.has(i));
  flood(into, others, leads);
  return new Set([...candidates].filter((i) => i >= 0 && !leads[i]));
}

/** Marks in `seen` the seeds and every node the adjacency lists lead to from them. */
function flood(
  next: readonly (readonly number[])[],
  seeds: readonly number[],
  seen: Uint8Array,
): void {
  const stack: number[] = [];
  for (const i of seeds)
    if (!seen[i]) {
      seen[i] = 1;
      stack.push(i);
    }
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (const m of next[n])
      if (!seen[m]) {
        seen[m] = 1;
        stack.push(m);
      }
  }
}

/**
 * Floor samples the walk did not reach from which it is reached: a walk or a drop (or a jump
 * onto a low ledge) from the sample into a reached one, found backwards from the reached
 * samples, then on from those (a whole balcony that ends in one drop). Each gets its own
 * traversals to the reached and returning samples around it in `edges`; returned in the
 * order found (deterministic: queue order, neighbours in a fixed order).
 */
function returnFloor(
  w: BspWorld,
  floor: FloorSamples,
  column: ReadonlyMap<string, number[]>,
  reached: Uint8Array,
  queue: readonly number[],
  edges: Map<number, { r: number; how: Traversal }[]>,
  o: FillOptions,
): number[] {
  const s = floor.spacing;
  const at = (k: number): [number, number, number] => [
    floor.i[k] * s + GRID_OFFSET,
    floor.j[k] * s + GRID_OFFSET,
    floor.z[k],
  ];
  const back = new Uint8Array(floor.z.length);
  const targets = [...queue];
  const found: number[] = [];
  const fits = (from: number, to: number): boolean => {
    const dz = floor.z[to] - floor.z[from];
    return dz <= o.maxDz && -dz <= Math.max(o.maxDz, o.maxDrop);
  };
  for (let h = 0; h < targets.length; h++) {
    const q = targets[h];
    const a = at(q);
    for (const r of neighbourSamples(floor, column, q)) {
      if (reached[r] || back[r] || !fits(r, q)) continue;
      if (!traverse(w, at(r), a, o.maxDrop, o.maxJump)) continue;
      back[r] = 1;
      targets.push(r);
      found.push(r);
    }
  }
  for (const q of found) {
    const a = at(q);
    const out: { r: number; how: Traversal }[] = [];
    for (const r of neighbourSamples(floor, column, q)) {
      if ((!reached[r] && !back[r]) || !fits(q, r)) continue;
      const how = traverse(w, a, at(r), o.maxDrop, o.maxJump);
      if (how) out.push({ r, how });
    }
    edges.set(q, out);
  }
  return found;
}

/** The operator; `load` gives the map and its floor samples when the graph arrives. */
export function fill(
  options: Partial<FillOptions>,
  load: (spacing: number) => Promise<FillMap | null>,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o: FillOptions = { ...fillDefaults, ...options };
  return graphInOrder(async (e, emit) => {
    const map = await load(o.spacing);
    if (!map) {
      emit(e);
      emit({ kind: 'summary', stage: 'fill', data: { skipped: 'the pipeline names no BSP' } });
      return;
    }
    const r = fillGraph(e.graph, map, o);
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'fill', data: r.stats });
  });
}

/** Loads the map and its floor (cached by the BSP's content hash in `cacheDir`). */
export function fillMapLoader(
  bsp: string | null,
  cacheDir: string | null,
): (spacing: number) => Promise<FillMap | null> {
  return async (spacing) => {
    if (!bsp) return null;
    const [map, hash, collision] = await Promise.all([
      loadMap(bsp),
      hashFile(bsp),
      loadCollision(bsp),
    ]);
    const { floor, cached } = await walkableFloor(map.world, hash, spacing, cacheDir);
    const spawns = spawnPointsOf(map.entities, bsp).map((p) => p.origin);
    return { world: map.world, collision, floor, cached, spawns };
  };
}

/** The `fill` stage of pipeline files. */
export const fillStage = defineStage<FillOptions>({
  meta: {
    name: 'fill',
    description:
      'MOVE nodes on walkable floor the map shows where demos left none (grid samples reached from demo nodes and spawn points, and up the map\u2019s ladders), linked by walks, drops, jumps and climbs the simulated bot makes; floor cached by the BSP hash.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: options({
      spacing: num('Grid spacing of floor samples. [world units]', { minimum: 16, maximum: 256 }),
      minGap: num('A sample this near a node on its floor adds no node. [world units]', {
        minimum: 0,
      }),
      maxDz: num('Largest height difference between linked grid neighbours. [world units]', {
        minimum: 0,
      }),
      maxDemoLinks: num('Most demo nodes each new node links to, each way.', {
        minimum: 0,
        maximum: 8,
        integer: true,
      }),
      maxJump: num('Highest ledge a filled link jumps onto; 0 = no jumps. [world units]', {
        minimum: 0,
        maximum: 45,
      }),
      gapJumps: bool(
        'Try running jumps across gaps two grid columns wide (kept when the simulated bot makes them).',
      ),
      fromSpawns: bool(
        'Walk the floor from the map\u2019s spawn points too (floor reached from them is kept like floor reached from demo nodes).',
      ),
      returns: bool(
        'Cover floor the walk does not reach but from which a walk or safe drop leads back onto it, with links out only (the way back for a bot that got there).',
      ),
      checkDemoLinks: bool(
        'Run the demo-learned links through the simulated bot too and drop the ones it fails (what iterate\u2019s builtin tester would prune).',
      ),
      ladders: bool(
        'Add ladder pairs at the map\u2019s ladders the demos did not climb (kept when the simulated bot climbs them).',
      ),
      maxDrop: num(
        'Deepest ledge a filled link drops off (180: no fall damage in AQtion); 0 = walks only. [world units]',
        {
          minimum: 0,
          maximum: 210,
        },
      ),
    }),
    defaults: fillDefaults,
  },
  create: (opts, ctx) => fill(opts, fillMapLoader(ctx.bsp, ctx.cacheDir ?? null)),
});
