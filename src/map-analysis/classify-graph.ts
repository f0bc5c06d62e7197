/**
 * The recipe of the `classify` stage (`operators/classify.ts` keeps its options table, states
 * each option's meaning and limits once, and holds the operator and the stage): node and link
 * types from the evidence of their votes, and the map's last word on them.
 *
 * 1. Demo nodes typed by their votes (`classifyNode`: WATER, CROUCH, LADDER, else MOVE).
 * 2. With the world and `confirm`: the map has the last word on node types and positions
 *    (`confirm-types.ts`, with the ladder climbs of the votes, `ladder-climbs.ts`); links follow
 *    their nodes, and the ladder pairs the map gives are kept aside for step 6.
 * 3. Links by how they are traversed: drops (too deep ones go), jumps, walks.
 * 4. JUMP nodes: MOVE nodes reached mostly by jumps.
 * 5. Link types: drops by depth (STAND_DROP, CROUCH_DROP, UNSAFE_DROP), JUMP, else the target's
 *    type; the reverse of a drop goes unless it is a jump, a ladder or a swim.
 * 6. The way back for walks seen one way only (`mirrorMaxDz`); the map's ladder pairs replace
 *    the learned links between the same nodes.
 */
import type { DraftGraph, DraftLink, DraftNode, GraphStageResult } from '../stage/graph-types.js';
import type { VotePool } from '../stage/vote-pool.js';
import type { BspWorld } from '../sources/bsp/world.js';
import { confirmNodes, type ConfirmOptions } from './confirm-types.js';
import { ladderClimbs } from './ladder-climbs.js';

/** What {@link classifyNode} reads of the stage's options (see `operators/classify.ts`). */
export interface ClassifyNodeOptions {
  /** Share of underwater votes for WATER. */
  readonly waterRatio: number;
  /** Share of crouched votes for CROUCH. */
  readonly crouchRatio: number;
  /** Mean vertical speed of a ladder node. [Units: u/s] */
  readonly ladderSpeed: number;
  /** Most mean horizontal step of a ladder node. [Units: world units] */
  readonly ladderMaxStep: number;
  /** Share of votes with ladder evidence. */
  readonly ladderRatio: number;
}

/** What the recipe reads of the stage's options (see `operators/classify.ts` for each). */
export interface ClassifyGraphOptions extends ClassifyNodeOptions, Omit<ConfirmOptions, 'grid'> {
  /** Height gain of an airborne traversal that makes it a JUMP link. [Units: world units] */
  readonly jumpStep: number;
  /** Share of arriving weight by JUMP links that makes a JUMP node. */
  readonly jumpRatio: number;
  /** Height loss from which a traversal with free flight is a drop. [Units: world units] */
  readonly dropMin: number;
  /** Deepest stand drop. [Units: world units] */
  readonly standDrop: number;
  /** Deepest crouch drop. [Units: world units] */
  readonly crouchDrop: number;
  /** Deepest unsafe drop; deeper links go. [Units: world units] */
  readonly unsafeDrop: number;
  /** Deepest drop kept; deeper links go. [Units: world units] */
  readonly safeDrop: number;
  /** Walks seen one way within this height difference also get the way back; 0: off. [Units: world units] */
  readonly mirrorMaxDz: number;
  /** Step 2 on: check node types against the map and move nodes to where a player stands. */
  readonly confirm: boolean;
}

/** A node's type from the evidence of its votes (the first rule that matches). */
export function classifyNode(n: DraftNode, o: ClassifyNodeOptions): string {
  if (n.underwater > o.waterRatio) return 'WATER';
  if (n.crouched > o.crouchRatio) return 'CROUCH';
  if (n.dxy < o.ladderMaxStep && n.ladder > o.ladderRatio) {
    if (Math.abs(n.vz) > o.ladderSpeed) return 'LADDER';
  }
  return 'MOVE';
}

const CLIMBABLE = new Set(['LADDER_UP', 'LADDER_DOWN', 'LADDER', 'WATER']);
/** Node types a walk can be mirrored between. */
const WALKABLE = new Set(['MOVE', 'CROUCH', 'WATER']);

/** The re-typed graph (steps as in the file comment) and the stage's summary. */
export function classifyGraph(
  g0: DraftGraph,
  o: ClassifyGraphOptions,
  world: BspWorld | null = null,
  votes: VotePool | null = null,
): GraphStageResult {
  let g = g0;
  let nodes = g.nodes.map((n) => (n.source === 'votes' ? { ...n, type: classifyNode(n, o) } : n));
  // The map has the last word on types and positions; links follow their nodes.
  let map: Record<string, unknown> | null = null;
  let mapLinks: DraftLink[] = [];
  if (world && o.confirm) {
    const climbs = votes ? ladderClimbs(votes, world, o.ladderMinClimb, o.ladderReach) : new Map();
    const c = confirmNodes(nodes, world, { ...o, grid: 4 }, climbs);
    const seen = new Set<string>();
    const links: DraftLink[] = [];
    for (const l of g.links) {
      const from = c.remap[l.from];
      const to = c.remap[l.to];
      if (from < 0 || to < 0 || from === to || seen.has(`${from}:${to}`)) continue;
      seen.add(`${from}:${to}`);
      links.push({ ...l, from, to });
    }
    mapLinks = c.links.filter((l) => !seen.has(`${l.from}:${l.to}`));
    nodes = c.nodes;
    g = { nodes, links };
    map = { ...c.stats, removed: c.stats.removed.length, removedOrigins: c.stats.removed };
  }

  // Links by how they are traversed: drops and jumps first, by their evidence.
  const kind = g.links.map((l): 'drop' | 'too-deep' | 'jump' | 'walk' => {
    const dz = nodes[l.to].origin[2] - nodes[l.from].origin[2];
    if (-dz > o.dropMin && l.airborne > 0.5)
      return -dz > Math.min(o.unsafeDrop, o.safeDrop) ? 'too-deep' : 'drop';
    if (l.airborne > 0.5 && dz > o.jumpStep) return 'jump';
    return 'walk';
  });

  // JUMP nodes: reached mostly by jumps.
  const arriving = new Float64Array(nodes.length);
  const byJump = new Float64Array(nodes.length);
  g.links.forEach((l, i) => {
    arriving[l.to] += l.weight;
    if (kind[i] === 'jump') byJump[l.to] += l.weight;
  });
  nodes = nodes.map((n, i) =>
    n.type === 'MOVE' && arriving[i] > 0 && byJump[i] / arriving[i] > o.jumpRatio
      ? { ...n, type: 'JUMP' }
      : n,
  );

  const typed: { link: DraftLink; kind: (typeof kind)[number] }[] = [];
  const dropPairs = new Set<string>();
  let tooDeep = 0;
  g.links.forEach((l, i) => {
    let type = nodes[l.to].type;
    if (kind[i] === 'too-deep') {
      tooDeep++;
      // Nor is the way back up a walk (the traversal fell).
      dropPairs.add(`${l.to}:${l.from}`);
      return;
    }
    if (kind[i] === 'drop') {
      const depth = nodes[l.from].origin[2] - nodes[l.to].origin[2];
      type =
        depth <= o.standDrop ? 'STAND_DROP' : depth <= o.crouchDrop ? 'CROUCH_DROP' : 'UNSAFE_DROP';
      dropPairs.add(`${l.to}:${l.from}`);
    } else if (kind[i] === 'jump') {
      type = 'JUMP';
    }
    typed.push({ link: { ...l, type }, kind: kind[i] });
  });
  // Drops are one-way: nobody walks back up a ledge; only a jump, a ladder or swimming does.
  let reverseRemoved = 0;
  const links = typed
    .filter(({ link: l, kind: k }) => {
      if (!dropPairs.has(`${l.from}:${l.to}`)) return true;
      if (k === 'jump') return true;
      if (CLIMBABLE.has(l.type) && CLIMBABLE.has(nodes[l.from].type)) return true;
      reverseRemoved++;
      return false;
    })
    .map((t) => t.link);

  // Ways back for walks seen one way only (never for drops, jumps, ladders or spawn links).
  const present = new Set(links.map((l) => `${l.from}:${l.to}`));
  const mirrored: DraftLink[] = [];
  if (o.mirrorMaxDz > 0) {
    for (const { link: l, kind: k } of typed) {
      if (k !== 'walk' || present.has(`${l.to}:${l.from}`) || dropPairs.has(`${l.from}:${l.to}`))
        continue;
      const a = nodes[l.from];
      const b = nodes[l.to];
      if (!WALKABLE.has(a.type) || !WALKABLE.has(b.type)) continue;
      if (Math.abs(b.origin[2] - a.origin[2]) > o.mirrorMaxDz) continue;
      mirrored.push({ ...l, from: l.to, to: l.from, type: a.type, weight: l.weight / 2, votes: 0 });
    }
  }
  links.push(...mirrored);
  // Ladder pairs: the links the bots follow up and down, typed by the map, never by flight.
  const ladderKeys = new Set(mapLinks.map((l) => `${l.from}:${l.to}`));
  const kept = links.filter((l) => !ladderKeys.has(`${l.from}:${l.to}`));
  kept.push(...mapLinks);
  links.length = 0;
  links.push(...kept);
  const nodeTypes: Record<string, number> = {};
  for (const n of nodes) nodeTypes[n.type] = (nodeTypes[n.type] ?? 0) + 1;
  const linkTypes: Record<string, number> = {};
  for (const l of links) linkTypes[l.type] = (linkTypes[l.type] ?? 0) + 1;
  return {
    graph: { nodes, links },
    stats: {
      nodeTypes,
      linkTypes,
      dropsTooDeep: tooDeep,
      reverseOfDropRemoved: reverseRemoved,
      walksMirrored: mirrored.length,
      ...(map ? { map } : {}),
    },
  };
}
