/**
 * Stage 7: off-mesh links (Detour's off-mesh connections). A way a player takes that is not a
 * walk across an area's edge (a running jump across a gap, a drop from high up, a ladder the
 * map's climbs missed, a walk over floor the sampling left out) joins the area where it starts
 * to the area where it ends, one way, through the places it passes. The links come from outside
 * the build, already proved (`navmesh/nav-links.ts`: a waypoint nav's links the simulated
 * player made); here they are only put on the mesh.
 */
import { CROSS_LINK, EAST, NORTH, SOUTH, WEST, areaTargets, type NavMesh } from '../mesh.js';
import {
  addConnection,
  connectionSlot,
  withConnections,
  type ExtraConnection,
} from './extra-connections.js';

/**
 * A way from a point of one area to a point of another through places on no area: player
 * origins, and how each step between two of them is made. [Units: world units]
 */
export interface OffMeshLink {
  /** Area it leaves and area it reaches (indices). */
  readonly from: number;
  readonly to: number;
  /** Two or more; the first over `from`'s cells, the last over `to`'s. */
  readonly points: readonly (readonly number[])[];
  /** `LINK_*` of each step. [Length: points − 1] */
  readonly moves: readonly number[];
}

/** Direction of the step from (x0, y0) to (x1, y1): its longer axis. */
function directionOf(x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? EAST : WEST;
  return dy >= 0 ? SOUTH : NORTH;
}

/**
 * `m` with `links` added where they join two areas no connection of `m` joins directly (in the
 * order given; the first link between two areas stands for the others). Returns the mesh and
 * how many links it took.
 */
export function addOffMeshLinks(
  m: NavMesh,
  links: readonly OffMeshLink[],
): { mesh: NavMesh; added: number } {
  const key = (a: number, b: number) => a * m.areaCount + b;
  const joined = new Set(areaTargets(m).flatMap((targets, a) => targets.map((b) => key(a, b))));
  const kept = links.filter((l) => {
    if (l.from === l.to || joined.has(key(l.from, l.to))) return false;
    joined.add(key(l.from, l.to));
    return true;
  });
  if (kept.length === 0) return { mesh: m, added: 0 };
  const first = m.linkCount;
  const extra = new Map<number, ExtraConnection[]>();
  kept.forEach((l, i) => {
    const p = l.points[0];
    const q = l.points[l.points.length - 1];
    const slot = connectionSlot(l.from, directionOf(p[0], p[1], q[0], q[1]));
    addConnection(extra, slot, {
      target: l.to,
      kind: CROSS_LINK,
      x: p[0],
      y: p[1],
      index: first + i,
    });
  });
  const n = first + kept.length;
  const oldPoints = m.linkPointStart[first];
  let points = oldPoints;
  for (const l of kept) points += l.points.length;
  const linkPointStart = new Uint32Array(n + 1);
  const linkPoints = new Float32Array(points * 3);
  const linkStepMove = new Uint8Array(points);
  const linkAreas = new Uint32Array(n * 2);
  linkPointStart.set(m.linkPointStart);
  linkPoints.set(m.linkPoints);
  linkStepMove.set(m.linkStepMove);
  linkAreas.set(m.linkAreas);
  let at = oldPoints;
  kept.forEach((l, i) => {
    l.points.forEach((p, k) => {
      linkPoints.set([p[0], p[1], p[2]], (at + k) * 3);
      linkStepMove[at + k] = k < l.moves.length ? l.moves[k] : 0;
    });
    at += l.points.length;
    linkPointStart[first + i + 1] = at;
    linkAreas[(first + i) * 2] = l.from;
    linkAreas[(first + i) * 2 + 1] = l.to;
  });
  return {
    mesh: {
      ...m,
      ...withConnections(m, extra),
      linkCount: n,
      linkPointStart,
      linkPoints,
      linkStepMove,
      linkAreas,
    },
    added: kept.length,
  };
}
