/**
 * Keeps the graph out of the way of the map's movers: a node whose player box (grown by
 * `clearance` across, and one unit down so that standing on a mover counts) shares space with a
 * mover's swept volume is removed with its links, and so is a link whose box, moved from one
 * end to the other, passes through one. A link that drops more than a step is also tried as a
 * walk out at the start's height and a fall straight down (a walker leaves a ledge before it
 * falls), since the straight line cuts that corner.
 *
 * Which movers count is the caller's choice: the bot library destroys every door when it loads
 * a nav (`Remove_All_Doors` in `BOTLIB_LoadNav`), so doors are not in the way of bots; trains
 * crush what blocks them (100 damage by default); rotating models hurt what blocks them; a
 * platform's shaft is a hole while it is up and a pillar while it is down.
 */
import type { DraftGraph } from '../../stage/graph-types.js';
import { STANDING, STEP_SIZE } from '../box-query.js';
import type { MoverSweep } from './mover-volumes.js';
import { pathMeetsSweep } from './sweep-overlap.js';

export interface AvoidResult {
  readonly graph: DraftGraph;
  /** Origins of the removed nodes, in graph order. */
  readonly removedNodes: readonly (readonly number[])[];
  /** Links removed because their path meets a sweep (not counting links of removed nodes). */
  readonly removedLinks: number;
}

/**
 * The graph without what meets `sweeps`; `clearance` widens the player box on each side.
 * [clearance Units: world units]
 */
export function avoidMovers(
  graph: DraftGraph,
  sweeps: readonly MoverSweep[],
  clearance: number,
): AvoidResult {
  const hullMins = [
    STANDING.mins[0] - clearance,
    STANDING.mins[1] - clearance,
    STANDING.mins[2] - 1,
  ];
  const hullMaxs = [STANDING.maxs[0] + clearance, STANDING.maxs[1] + clearance, STANDING.maxs[2]];
  const meets = (a: readonly number[], b: readonly number[]) =>
    sweeps.some((s) => pathMeetsSweep(a, b, hullMins, hullMaxs, s));

  const removed = graph.nodes.map((n) => meets(n.origin, n.origin));
  const newIndex = new Int32Array(graph.nodes.length).fill(-1);
  let k = 0;
  removed.forEach((r, i) => {
    if (!r) newIndex[i] = k++;
  });
  let removedLinks = 0;
  const links = graph.links
    .filter((l) => {
      if (removed[l.from] || removed[l.to]) return false;
      const a = graph.nodes[l.from].origin;
      const b = graph.nodes[l.to].origin;
      const hit =
        meets(a, b) ||
        (b[2] < a[2] - STEP_SIZE && (meets(a, [b[0], b[1], a[2]]) || meets([b[0], b[1], a[2]], b)));
      if (hit) removedLinks++;
      return !hit;
    })
    .map((l) => ({ ...l, from: newIndex[l.from], to: newIndex[l.to] }));
  return {
    graph: { nodes: graph.nodes.filter((_, i) => !removed[i]), links },
    removedNodes: graph.nodes.filter((_, i) => removed[i]).map((n) => n.origin),
    removedLinks,
  };
}
