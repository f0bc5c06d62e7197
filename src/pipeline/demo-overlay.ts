/**
 * The demos laid over the map's own graph.
 *
 * A build with a map and `fill` makes two graphs: the map's (the graph stages from `fill` on,
 * run on no demo at all: spawn points, the floor walked from them, the map's links, every one
 * checked by the simulated bot) and the demos' (`cluster` and `classify` on the merged votes).
 * This lays the second over the first:
 *
 * - a demo node standing where the map's graph has a node of the same type (within
 *   `NEAR_HORIZONTAL` across and a stair step up or down) is that node: the votes confirm it
 *   (it counts as a demo node from then on) and nothing moves;
 * - any other demo node is added as it is: a place players stood that the map's walk did not
 *   give (a crate top reached by a jump, a ladder, a vent), with its type;
 * - each demo link joins the nodes its ends became: a link the map's graph has gains the demos'
 *   evidence; a jump, a drop or a climb players took, and any link of a node the demos added,
 *   is added with its type; a walk between two of the map's nodes that the map's graph does not
 *   have is left out (the map's graph walks its floor already, neighbour to neighbour; the
 *   demos' walks between nodes farther apart only cost checks, and one in ten fails);
 * the build's `connect` then links what the demos added into the rest, and the build's own test
 * removes every link the simulated bot cannot make (`own-test.ts`).
 *
 * Why: the map's graph does not change when a demo is added, and every one of its verdicts is
 * in the map's verdict table, so a new demo costs only what it adds (issue 34); and the demos
 * can only add to the map's graph — what players did that the map cannot tell (issue 35) —
 * never take from it.
 *
 * Deterministic: demo nodes in order, the nearest map node first (then the lower number).
 */
import type { DraftGraph, DraftLink, DraftNode } from '../stage/graph-types.js';
import { STEP_SIZE } from '../movement/constants.js';

/** A demo node this near a map node of its type, across, is that node. [Units: world units] */
export const NEAR_HORIZONTAL = 48;
/** …and at most a stair step above or below it. [Units: world units] */
export const NEAR_VERTICAL = STEP_SIZE;

export interface OverlayStats {
  readonly mapNodes: number;
  readonly demoNodes: number;
  /** Demo nodes that stood on a map node. */
  readonly confirmed: number;
  /** Demo nodes added. */
  readonly added: number;
  readonly demoLinks: number;
  /** Demo links the map's graph had. */
  readonly linksConfirmed: number;
  readonly linksAdded: number;
  /** Demo links whose ends became one node. */
  readonly linksWithin: number;
  /** Walks between two map nodes the map's graph does not link (left out). */
  readonly walksLeftOut: number;
}

export interface Overlay {
  readonly graph: DraftGraph;
  readonly stats: OverlayStats;
}

const CELL = 64;

function cellKey(x: number, y: number): number {
  return (Math.floor(x / CELL) + 0x8000) * 0x10000 + (Math.floor(y / CELL) + 0x8000);
}

/** The demo graph `demo` laid over the map's graph `map` (see the module comment). */
export function overlayDemos(map: DraftGraph, demo: DraftGraph): Overlay {
  const cells = new Map<number, number[]>();
  map.nodes.forEach((n, i) => {
    const k = cellKey(n.origin[0], n.origin[1]);
    const list = cells.get(k);
    if (list) list.push(i);
    else cells.set(k, [i]);
  });
  const nodes: DraftNode[] = [...map.nodes];
  const nodeOf = new Int32Array(demo.nodes.length);
  let confirmed = 0;
  demo.nodes.forEach((d, di) => {
    const at = nearestOfType(map.nodes, cells, d);
    if (at < 0) {
      nodeOf[di] = nodes.length;
      nodes.push(d);
      return;
    }
    nodeOf[di] = at;
    confirmed++;
    nodes[at] = withEvidence(nodes[at], d);
  });

  const links: DraftLink[] = [...map.links];
  const linkAt = new Map<string, number>();
  links.forEach((l, i) => linkAt.set(`${l.from},${l.to}`, i));
  let linksConfirmed = 0;
  let linksAdded = 0;
  let linksWithin = 0;
  let walksLeftOut = 0;
  for (const l of demo.links) {
    const from = nodeOf[l.from];
    const to = nodeOf[l.to];
    if (from === to) {
      linksWithin++;
      continue;
    }
    const key = `${from},${to}`;
    const i = linkAt.get(key);
    const walk = l.type === demo.nodes[l.to].type;
    if (i === undefined && walk && from < map.nodes.length && to < map.nodes.length) {
      walksLeftOut++;
      continue;
    }
    if (i === undefined) {
      linkAt.set(key, links.length);
      links.push({ ...l, from, to });
      linksAdded++;
      continue;
    }
    if (i < map.links.length) linksConfirmed++;
    const had = links[i];
    links[i] = {
      ...had,
      weight: had.weight + l.weight,
      votes: had.votes + l.votes,
      demos: Math.max(had.demos, l.demos),
    };
  }
  return {
    graph: { nodes, links },
    stats: {
      mapNodes: map.nodes.length,
      demoNodes: demo.nodes.length,
      confirmed,
      added: demo.nodes.length - confirmed,
      demoLinks: demo.links.length,
      linksConfirmed,
      linksAdded,
      linksWithin,
      walksLeftOut,
    },
  };
}

/** The map node of `d`'s type nearest to it within the near box, or -1. */
function nearestOfType(
  nodes: readonly DraftNode[],
  cells: ReadonlyMap<number, readonly number[]>,
  d: DraftNode,
): number {
  const [x, y, z] = d.origin;
  let best = -1;
  let bestDistance = Infinity;
  const reach = Math.ceil(NEAR_HORIZONTAL / CELL);
  for (let i = -reach; i <= reach; i++)
    for (let j = -reach; j <= reach; j++) {
      for (const n of cells.get(cellKey(x + i * CELL, y + j * CELL)) ?? []) {
        const m = nodes[n];
        if (m.type !== d.type || m.source === 'spawn') continue;
        const across = Math.hypot(m.origin[0] - x, m.origin[1] - y);
        const dz = m.origin[2] - z;
        if (across > NEAR_HORIZONTAL || Math.abs(dz) > NEAR_VERTICAL) continue;
        const dist = Math.hypot(across, dz);
        if (dist < bestDistance || (dist === bestDistance && n < best)) {
          best = n;
          bestDistance = dist;
        }
      }
    }
  return best;
}

/** Map node `m` with the votes of demo node `d` added: demos stood there. */
function withEvidence(m: DraftNode, d: DraftNode): DraftNode {
  return {
    ...m,
    weight: m.weight + d.weight,
    votes: m.votes + d.votes,
    demos: Math.max(m.demos, d.demos),
    source: 'votes',
  };
}
