/**
 * LADDER node pairs for the map's ladders the demos did not climb. Upper floors reached only
 * by a ladder are a common reason why `fill`'s floor walk stops short (catwalks, towers). Each
 * climb of the map (`map-ladders.ts`) that no ladder node of the graph already stands for gets
 * a LADDER node at its foot and one where the box last touches the ladder (the engine's bot
 * climbs only between two LADDER nodes), linked both ways and to the ground nodes at each end,
 * as `confirm-types.ts` links the demos' pairs. The floor walk then goes on from the top where
 * the simulated bot steps off.
 *
 * A pair the simulated bot climbs neither up nor down is no ladder (a ladder in a brush model
 * the movement does not see, one too narrow to hold on): `unclimbedPairs` names its nodes.
 */
import { NO_LINK_EVIDENCE, nodeWithoutVotes } from '../stage/graph-types.js';
import type { DraftLink, DraftNode } from '../stage/graph-types.js';
import { STEP_SIZE } from './box-query.js';
import { GROUND_TYPES, LADDER_TYPES } from './ground-types.js';
import type { MapLadderClimb } from './map-ladders.js';

/** A climb this near (horizontally) a node the demos typed as a ladder is theirs. [Units: world units] */
const LADDER_OWNED = 64;
/** Ground nodes linked at the foot: this far from it at most. [Units: world units] */
const FOOT_REACH = 96;
/** Ground nodes linked at the top: between these distances (off the ladder, onto the floor). [Units: world units] */
const TOP_MIN = 48;
const TOP_REACH = 128;
/** Ground nodes linked at each end. */
const ENDS_LINKED = 2;

export interface LadderPairs {
  /** Foot and top of each pair, in climb order: indices `first + 2k` and `first + 2k + 1`. */
  readonly nodes: DraftNode[];
  /** The climbs both ways and the links to and from the ground nodes at each end. */
  readonly links: DraftLink[];
}

/**
 * The pairs for `climbs` that no ladder node of `nodes` stands for; the new nodes are numbered
 * on from the end of `nodes`.
 */
export function ladderPairs(
  nodes: readonly DraftNode[],
  climbs: readonly MapLadderClimb[],
): LadderPairs {
  const added: DraftNode[] = [];
  const links: DraftLink[] = [];
  const evidence = NO_LINK_EVIDENCE;
  for (const c of climbs) {
    if (climbOwned(nodes, c)) continue;
    const base: DraftNode = {
      ...nodeWithoutVotes([c.x, c.y, c.foot], 'LADDER', 'map'),
      ladder: 1,
    };
    const b = nodes.length + added.push(base) - 1;
    const t = nodes.length + added.push({ ...base, origin: [c.x, c.y, c.top] }) - 1;
    links.push({ from: b, to: t, type: 'LADDER', ...evidence });
    links.push({ from: t, to: b, type: 'LADDER', ...evidence });
    for (const n of groundNear(nodes, base.origin, 0, FOOT_REACH, STEP_SIZE)) {
      links.push({ from: b, to: n, type: nodes[n].type, ...evidence });
      links.push({ from: n, to: b, type: 'LADDER', ...evidence });
    }
    for (const n of groundNear(nodes, [c.x, c.y, c.top], TOP_MIN, TOP_REACH, STEP_SIZE + 8)) {
      links.push({ from: t, to: n, type: nodes[n].type, ...evidence });
      links.push({ from: n, to: t, type: 'LADDER', ...evidence });
    }
  }
  return { nodes: added, links };
}

/** Whether a ladder node of the graph (the demos' climbs) stands for climb `c`. */
function climbOwned(nodes: readonly DraftNode[], c: MapLadderClimb): boolean {
  return nodes.some(
    (n) =>
      n.ladder > 0 &&
      LADDER_TYPES.has(n.type) &&
      Math.hypot(n.origin[0] - c.x, n.origin[1] - c.y) <= LADDER_OWNED &&
      n.origin[2] >= c.foot - STEP_SIZE &&
      n.origin[2] <= c.top + STEP_SIZE,
  );
}

/**
 * The (at most `ENDS_LINKED`) nearest ground nodes that are no ladder nodes, at a 3-D distance
 * in [minD, maxD] and within `maxDz` in height of `p`; ties to the lower index.
 */
function groundNear(
  nodes: readonly DraftNode[],
  p: readonly number[],
  minD: number,
  maxD: number,
  maxDz: number,
): number[] {
  return nodes
    .map((n, i) => ({
      n,
      i,
      d: Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1], n.origin[2] - p[2]),
    }))
    .filter(
      (e) =>
        GROUND_TYPES.has(e.n.type) &&
        !LADDER_TYPES.has(e.n.type) &&
        Math.abs(e.n.origin[2] - p[2]) <= maxDz &&
        e.d >= minD &&
        e.d <= maxD,
    )
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, ENDS_LINKED)
    .map((e) => e.i);
}

/**
 * The nodes of the pairs (`count` pairs from index `first`, as `ladderPairs` numbered them)
 * with no climb left in `links` either way.
 */
export function unclimbedPairs(
  links: readonly DraftLink[],
  first: number,
  count: number,
): Set<number> {
  const climbed = new Set(
    links.filter((l) => l.from >= first && l.to >= first).map((l) => `${l.from}:${l.to}`),
  );
  const dead = new Set<number>();
  for (let b = first; b < first + 2 * count; b += 2)
    if (!climbed.has(`${b}:${b + 1}`) && !climbed.has(`${b + 1}:${b}`)) dead.add(b).add(b + 1);
  return dead;
}
