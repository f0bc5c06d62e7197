/**
 * Off-mesh links from a waypoint nav: the ways between places of the mesh that the nav's links
 * take and the mesh's floor does not join (jumps, drops, ladders, and walks over floor the mesh
 * left out). Each becomes an off-mesh link (`build/off-mesh-links.ts`) only once the simulated
 * player (`simulated-bot/simulate-link.ts`, the offline nav test's bot) made every step of it.
 *
 * A node is on the area a path query would put it on (`nearestArea`, the query's snap); a nav
 * link may start or end at a node on no area (on a ladder, in the air over a drop): such nodes
 * are passed through, so a link of the mesh stands for a chain of nav links between two nodes
 * on areas (a ladder's foot to its top). Where a node stands off its area's free floor (a ledge
 * band, a sill), a link starts (ends) at the nearest free point of the area and walks to (from)
 * the node: steps the simulated player makes too, or the node is passed through as well.
 *
 * Which links the mesh takes, in this order (deterministic: nodes and links in the nav's order):
 * 1. jumps, drops and ladders between two areas the mesh (with the links taken so far) does not
 *    join within {@link NEAR_AREAS} connections (a shortcut: the drop from a balcony, when the
 *    stairs are further round);
 * 2. the others (walks, swims, crouched walks) between two areas the mesh does not lead
 *    between at all.
 */
import type { NavFile } from '../nav/types.js';
import { NODE_TYPE_NAMES, type NodeTypeTable } from '../nav/node-types.js';
import type { CollisionModel } from '../world/collision-model.js';
import { simulateLink } from '../simulated-bot/simulate-link.js';
import { STEP_SIZE } from '../player.js';
import {
  LINK_CROUCH,
  LINK_DROP,
  LINK_JUMP,
  LINK_LADDER,
  LINK_SWIM,
  LINK_WALK,
  areaHeightAt,
  areaTargets,
  type NavMesh,
} from './mesh.js';
import { buildAreaIndex, nearestArea, nearestInArea } from './query/area-index.js';
import { navQueryDefaults } from './query/find-path.js';
import type { OffMeshLink } from './build/off-mesh-links.js';

/** The link types (by name) of each move; the rest are walks (a MOVE falling more than a step is a drop). */
const MOVE_OF_TYPE: Readonly<Record<string, number>> = {
  WATER: LINK_SWIM,
  CROUCH: LINK_CROUCH,
  JUMP: LINK_JUMP,
  BOXJUMP: LINK_JUMP,
  JUMPPAD: LINK_JUMP,
  STAND_DROP: LINK_DROP,
  CROUCH_DROP: LINK_DROP,
  UNSAFE_DROP: LINK_DROP,
  LADDER: LINK_LADDER,
  LADDER_UP: LINK_LADDER,
  LADDER_DOWN: LINK_LADDER,
};
/**
 * The most nav links a chain is made of: a ladder's foot to its top through the nodes on it, a
 * drop through the node over its edge. Six: monastery's way up to a walkway passes five nodes
 * on no area (four hops left 12 of its 56 connected spawn pairs apart); longer ways off the mesh
 * (a swim across deep water) are left to the mesh's own water areas.
 */
const MAX_HOPS = 6;
/** A jump, drop or ladder between areas this few connections apart is no shortcut. */
const NEAR_AREAS = 4;
/** The moves that make a chain a shortcut worth a link (the others only join what is apart). */
const SHORTCUTS: ReadonlySet<number> = new Set([LINK_DROP, LINK_JUMP, LINK_LADDER]);

/**
 * Least share of a nav's nodes that must stand on the mesh's floor (on an area, within the
 * path query's snap) for the nav to be of the map. Measured on the fifteen fixture maps
 * (2026-11-28): navgen's navs 83.5 % (jungle1: nodes over deep water and on ladders) to 99.7 %,
 * the engine's own 81.3 – 99.5 %; the next map's navgen nav on each map 0 – 25.3 %.
 * [Limit: 0 – 1]
 */
export const MIN_NAV_ON_FLOOR = 0.5;

/**
 * Whether a nav whose `nodesOnAreas` of `nodes` stand on the mesh is of the map: a nav of
 * another map would seed floor wherever its nodes happen to fall.
 */
export function navFitsMap(r: { readonly nodes: number; readonly nodesOnAreas: number }): boolean {
  return r.nodesOnAreas >= r.nodes * MIN_NAV_ON_FLOOR;
}

/** What the links were made of, for the build's report. */
export interface NavLinksReport {
  /** Chains of nav links between two areas not directly joined. */
  readonly candidates: number;
  /** Of those, the ones the mesh needed and the simulated player made. */
  readonly links: OffMeshLink[];
  /** Candidates the mesh needed whose steps the simulated player did not all make. */
  readonly failed: number;
  /** The nav's nodes on an area (the rest stand on a ladder, in the air, in deep water… or off the map). */
  readonly nodesOnAreas: number;
}

/** A step to simulate: between two nodes (by a nav link of `type`), or a node and a point. */
interface Step {
  readonly from: readonly number[];
  readonly to: readonly number[];
  readonly linkType: string;
  readonly fromType: string;
  readonly toType: string;
  readonly move: number;
  /** Key of its verdict. */
  readonly key: string;
}

interface Chain {
  readonly a: number;
  readonly b: number;
  readonly steps: readonly Step[];
  /** A jump, drop or ladder is among its steps. */
  readonly shortcut: boolean;
}

/**
 * The off-mesh links `mesh` needs to go where `nav`'s links go, proved on `model`
 * (`types`: the nav's node-type numbers).
 */
export function offMeshLinksFromNav(
  mesh: NavMesh,
  nav: NavFile,
  types: NodeTypeTable,
  model: CollisionModel,
): NavLinksReport {
  const byNumber = new Map<number, string>();
  for (const name of NODE_TYPE_NAMES) byNumber.set(types[name], name);
  const nameOf = (n: number) => byNumber.get(n) ?? `TYPE_${n}`;
  const nodes = nav.nodes;
  const index = buildAreaIndex(mesh);
  const area = nodes.map((n) =>
    nearestArea(mesh, index, n.origin[0], n.origin[1], n.origin[2], navQueryDefaults.maxSnap),
  );
  /** Where a path on node i's area meets the node: null where the node stands on its free floor. */
  const meet = nodes.map((n, i): number[] | null => {
    const a = area[i];
    if (a < 0) return null;
    const p = [0, 0];
    nearestInArea(mesh, a, n.origin[0], n.origin[1], p);
    const z = areaHeightAt(mesh, a, p[0], p[1]);
    const off = Math.hypot(p[0] - n.origin[0], p[1] - n.origin[1]);
    // Within a cell of the free floor and a step of its height, the node's box stands on it.
    return off <= mesh.cellSize / 2 && Math.abs(z - n.origin[2]) <= STEP_SIZE
      ? null
      : [p[0], p[1], z];
  });
  // Each area's targets: the mesh's connections, and the links taken (step 2).
  const out = areaTargets(mesh);

  const moveOf = (i: number, j: number, type: number): number => {
    const m = MOVE_OF_TYPE[nameOf(type)];
    if (m !== undefined) return m;
    return nodes[j].origin[2] - nodes[i].origin[2] < -STEP_SIZE ? LINK_DROP : LINK_WALK;
  };
  const navStep = (i: number, j: number, t: number): Step => ({
    from: nodes[i].origin,
    to: nodes[j].origin,
    linkType: nameOf(t),
    fromType: nameOf(nodes[i].type),
    toType: nameOf(nodes[j].type),
    move: moveOf(i, j, t),
    key: `${i}>${j}:${t}`,
  });
  /** Off the area's free floor: the walk from there onto node i (`onto`), or back. */
  const walk = (i: number, onto: boolean): Step[] => {
    const p = meet[i];
    if (!p) return [];
    const ends = { node: nodes[i].origin, type: nameOf(nodes[i].type) };
    return [
      {
        from: onto ? p : ends.node,
        to: onto ? ends.node : p,
        linkType: 'MOVE',
        fromType: onto ? 'MOVE' : ends.type,
        toType: onto ? ends.type : 'MOVE',
        move: LINK_WALK,
        key: `${onto ? 'on' : 'off'}${i}`,
      },
    ];
  };

  const verdicts = new Map<string, boolean>();
  const made = (s: Step): boolean => {
    let v = verdicts.get(s.key);
    if (v === undefined) {
      const [fx, fy, fz] = s.from;
      const [tx, ty, tz] = s.to;
      v = simulateLink(model, { ...s, from: [fx, fy, fz], to: [tx, ty, tz] }).passed;
      verdicts.set(s.key, v);
    }
    return v;
  };
  // A node off its area's free floor is on the mesh where the player walks to it from there and
  // back; else it is passed through like a node on no area. Asked once per node, kept.
  const isOn = new Int8Array(nodes.length).fill(-1);
  const onMesh = (i: number): boolean => {
    if (isOn[i] < 0)
      isOn[i] = area[i] >= 0 && walk(i, true).every(made) && walk(i, false).every(made) ? 1 : 0;
    return isOn[i] === 1;
  };

  // 1. Chains from each node on the mesh, through nodes on none, to nodes on the mesh.
  const chains: Chain[] = [];
  nodes.forEach((_, i) => {
    const a = area[i];
    if (!onMesh(i)) return;
    const via = new Map<number, readonly Step[]>([[i, []]]);
    const queue = [i];
    for (let h = 0; h < queue.length; h++) {
      const k = queue[h];
      for (const l of nodes[k].links) {
        const j = l.target;
        if (j < 0 || j >= nodes.length || via.has(j)) continue;
        const hops = [...via.get(k)!, navStep(k, j, l.targetType)];
        via.set(j, hops);
        const b = area[j];
        if (!onMesh(j)) {
          if (hops.length < MAX_HOPS) queue.push(j);
          continue;
        }
        if (a === b || out[a].includes(b)) continue;
        const shortcut = hops.some((s) => SHORTCUTS.has(s.move));
        chains.push({ a, b, steps: [...walk(i, true), ...hops, ...walk(j, false)], shortcut });
      }
    }
  });

  // 2. Jumps, drops and ladders first, then the walks the mesh cannot do without.
  const ordered = [...chains.filter((c) => c.shortcut), ...chains.filter((c) => !c.shortcut)];
  const links: OffMeshLink[] = [];
  let failed = 0;
  for (const c of ordered) {
    if (leadsTo(out, c.a, c.b, c.shortcut ? NEAR_AREAS : Infinity)) continue;
    if (!c.steps.every(made)) {
      failed++;
      continue;
    }
    out[c.a].push(c.b);
    links.push({
      from: c.a,
      to: c.b,
      points: [c.steps[0].from, ...c.steps.map((s) => s.to)],
      moves: c.steps.map((s) => s.move),
    });
  }
  return {
    candidates: chains.length,
    links,
    failed,
    nodesOnAreas: area.filter((a) => a >= 0).length,
  };
}

/** Whether area `b` is reached from `a` over `out` (each area's targets) in at most `most` steps. */
function leadsTo(out: readonly (readonly number[])[], a: number, b: number, most: number): boolean {
  const depth = new Int32Array(out.length).fill(-1);
  const queue = [a];
  depth[a] = 0;
  for (let h = 0; h < queue.length; h++) {
    const x = queue[h];
    if (x === b) return true;
    if (depth[x] >= most) continue;
    for (const y of out[x])
      if (depth[y] < 0) {
        depth[y] = depth[x] + 1;
        queue.push(y);
      }
  }
  return false;
}
