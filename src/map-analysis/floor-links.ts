/**
 * The links `fill` proposes for its map nodes (`floor-nodes.ts`), each a box traversal
 * (`walk-link.ts`) or a gap jump the simulated bot made; `link-check.ts` then runs them all.
 *
 * 1. Along the floor: a link for every step of the floor walk (or the way back) between two
 *    samples that both got a node.
 * 2. To the graph: each new node to up to `maxDemoLinks` ground nodes of the graph within 1.5
 *    grid spacings on its floor, nearest first, each way only if that way goes.
 * 3. Between owners: nodes the floor joins but no link does (a door the demos seldom passed, a
 *    filled node and a demo node farther apart than the radius of 2.). A floor step between
 *    samples of two different nodes (`owner`) proposes a link between those nodes when the box
 *    goes straight from one to the other (or the step was a gap jump); marked `fromMap`, also
 *    between two demo nodes.
 *
 * Deterministic: samples ascending, steps in the order found, graph nodes nearest first.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import { NO_LINK_EVIDENCE, type DraftLink, type DraftNode } from '../stage/graph-types.js';
import { traverse } from './walk-link.js';
import { sampleOrigin, type FloorGrid } from './floor-grid.js';
import { nodesNear, type NodeBuckets } from './node-buckets.js';
import type { FloorNodes } from './floor-nodes.js';
import type { FloorStep } from './floor-walk.js';

/** Link type of each kind of filled traversal (a walk to a graph node takes that node's type). */
export const FILLED_LINK_TYPE = { walk: 'MOVE', jump: 'JUMP', drop: 'STAND_DROP' } as const;

export interface FloorLinkOptions {
  /** Most graph nodes each new node links to (each way). [Limit: >= 0] */
  readonly maxDemoLinks: number;
  /** Deepest drop of a link; 0: walks only. [Units: world units] */
  readonly maxDrop: number;
  /** Highest ledge a link jumps onto; 0: no jumps. [Units: world units] */
  readonly maxJump: number;
}

/**
 * The proposed links, in the order above. `nodes`: the graph's nodes then the new ones;
 * `graph` and `ground`: the graph's nodes alone, bucketed, and which stand on the ground;
 * `steps`: the floor's steps by sample; `existing`: the graph's links (no owner link repeats one).
 */
export function proposeFloorLinks(
  w: BspWorld,
  grid: FloorGrid,
  nodes: readonly DraftNode[],
  graph: NodeBuckets,
  ground: readonly boolean[],
  placed: FloorNodes,
  steps: ReadonlyMap<number, readonly FloorStep[]>,
  existing: readonly DraftLink[],
  o: FloorLinkOptions,
): DraftLink[] {
  const evidence = NO_LINK_EVIDENCE;
  const { nodeOf } = placed;
  const links: DraftLink[] = [];
  const radius = grid.floor.spacing * 1.5;
  for (const q of placed.samples) {
    const from = nodeOf[q];
    if (from < 0) continue;
    for (const { r, how } of steps.get(q) ?? []) {
      const to = nodeOf[r];
      if (to >= 0) links.push({ from, to, type: FILLED_LINK_TYPE[how], ...evidence });
    }
    const p = sampleOrigin(grid, q);
    let made = 0;
    for (const { n } of nodesNear(graph, p, radius)) {
      if (made >= o.maxDemoLinks) break;
      if (!ground[n]) continue;
      const there = nodes[n].origin;
      const out = traverse(w, p, there, o.maxDrop, o.maxJump);
      const back = traverse(w, there, p, o.maxDrop, o.maxJump);
      if (out) {
        const type = out === 'walk' ? nodes[n].type : FILLED_LINK_TYPE[out];
        links.push({ from, to: n, type, ...evidence });
      }
      if (back) links.push({ from: n, to: from, type: FILLED_LINK_TYPE[back], ...evidence });
      if (out || back) made++;
    }
  }
  return links.concat(ownerLinks(w, nodes, placed, steps, [...existing, ...links], o));
}

/** Part 3: links between the owners of two samples a floor step joins, not in `present`. */
function ownerLinks(
  w: BspWorld,
  nodes: readonly DraftNode[],
  placed: FloorNodes,
  steps: ReadonlyMap<number, readonly FloorStep[]>,
  present: readonly DraftLink[],
  o: FloorLinkOptions,
): DraftLink[] {
  const { owner } = placed;
  const linked = new Set(present.map((l) => `${l.from}:${l.to}`));
  const links: DraftLink[] = [];
  for (const q of placed.samples) {
    const a = owner[q];
    if (a < 0) continue;
    for (const { r, how } of steps.get(q) ?? []) {
      const b = owner[r];
      if (b < 0 || b === a || linked.has(`${a}:${b}`)) continue;
      const direct = traverse(w, nodes[a].origin, nodes[b].origin, o.maxDrop, o.maxJump);
      const kind = direct ?? (how === 'jump' ? 'jump' : null);
      if (!kind) continue;
      linked.add(`${a}:${b}`);
      const type = kind === 'walk' ? nodes[b].type : FILLED_LINK_TYPE[kind];
      links.push({ from: a, to: b, type, ...NO_LINK_EVIDENCE, fromMap: true });
    }
  }
  return links;
}
