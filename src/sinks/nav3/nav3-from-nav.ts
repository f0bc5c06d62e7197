/**
 * navgen's nav (the engine-safe AQtion-shaped {@link NavFile} the build writes) → the Quake II
 * re-release's `NAV3`, with the map when there is one:
 *
 * 1. Nodes: origins 24 units down (the re-release's nodes stand on the ground); flags from the
 *    node type (WATER → UnderWater, LADDER* → Ladder, CROUCH → Crouch, `nav3-type-map.ts`), plus
 *    CheckForHazard near lava, slime or a fatal drop (`hazard.ts`); radius: half the cluster
 *    radius, at most half the way to the nearest other node (a mover inside it is at the node).
 * 2. Links, each node's in one run: types from the link type and the rise (`nav3-type-map.ts`).
 * 3. A traversal for every jump, drop and ladder link: funnel at the source's radius toward the
 *    target, take-off and landing from the ground under the link (`ground-profile.ts`), and for
 *    ladders the ladder's plane (`ladder-plane.ts`). Without a map: take-off at the source,
 *    landing at the target.
 * 4. Edicts for links through a door, lift or train (`movers.ts`); the link's source node gets
 *    CheckDoorLinks when it is a door, a lift link becomes Elevator, a train link Train.
 */
import type { BspMap } from '../../sources/bsp/read-bsp.js';
import type { NodeTypeTable } from '../../nav/node-types.js';
import type { NavFile, Vec3 } from '../../nav/types.js';
import {
  NAV3_LINK_TYPES,
  NAV3_MAX_INDEX,
  NAV3_VERSION,
  nav3LinkType,
  nav3NodeFlag,
} from '../../nav/formats/nav3/layout.js';
import type { Nav3Edict, Nav3File, Nav3Link, Nav3Traversal } from '../../nav/formats/nav3/types.js';
import { nav3LinkTypeOf, nav3NodeFlagsOf } from '../../nav/formats/nav3-type-map.js';
import { Q2R_NODE_HEIGHT } from '../../nav/formats/read-any-nav.js';
import { takeOffAndLanding } from './ground-profile.js';
import { nearHazard } from './hazard.js';
import { ladderPlane } from './ladder-plane.js';
import { moversOf, segmentCrosses, type Mover } from './movers.js';
import { clusterDefaults } from '../../operators/cluster.js';

export interface Nav3FromNavOptions {
  /**
   * The cluster radius of the build: a node stands for the votes this near (a build gives its
   * pipeline's; a nav converted on its own gets the cluster stage's default). [Units: world
   * units] [Limit: > 0]
   */
  clusterRadius: number;
  /** [Units: world units] [Limit: 1..32767] Smallest node radius written. */
  minRadius: number;
}

export const nav3FromNavDefaults: Readonly<Nav3FromNavOptions> = Object.freeze({
  clusterRadius: clusterDefaults.radius,
  minRadius: 8,
});

export interface Nav3Stats {
  readonly nodes: number;
  readonly links: number;
  readonly traversals: number;
  readonly edicts: number;
  /** Links by re-release link type name. */
  readonly linkTypes: Readonly<Record<string, number>>;
  /** Nodes with each flag set. */
  readonly nodeFlags: Readonly<Record<string, number>>;
}

/** [Units: world units] Margin around a mover's box that a link must pass within. */
const MOVER_PAD = 16;

const TRAVERSED = new Set(['LongJump', 'BarrierJump', 'WalkOffLedge', 'Ladder']);

const down = (p: Readonly<Vec3>): Vec3 => [
  Math.fround(p[0]),
  Math.fround(p[1]),
  Math.fround(p[2] - Q2R_NODE_HEIGHT),
];
const f32 = (p: readonly number[]): Vec3 => [
  Math.fround(p[0]),
  Math.fround(p[1]),
  Math.fround(p[2]),
];

export function nav3FromNav(
  nav: NavFile,
  table: NodeTypeTable,
  map: BspMap | null,
  options: Partial<Nav3FromNavOptions> = {},
): { nav3: Nav3File; stats: Nav3Stats } {
  const o = { ...nav3FromNavDefaults, ...options };
  if (nav.nodes.length > NAV3_MAX_INDEX) {
    throw new RangeError(
      `${nav.nodes.length} nodes; the re-release loaders hold ${NAV3_MAX_INDEX}`,
    );
  }
  const origins = nav.nodes.map((n) => n.origin);
  const radii = nodeRadii(origins, o);
  const movers: Mover[] = map ? moversOf(map.entities, map.world) : [];
  const flags = nav.nodes.map((n) => {
    let f = nav3NodeFlagsOf(table, n.type);
    if (map && nearHazard(map.world, n.origin)) f |= nav3NodeFlag('CheckForHazard');
    return f;
  });
  const links: Nav3Link[] = [];
  const traversals: Nav3Traversal[] = [];
  const edicts: Nav3Edict[] = [];
  const firstLinks: number[] = [];
  for (let i = 0; i < nav.nodes.length; i++) {
    firstLinks.push(links.length);
    const a = origins[i];
    for (const l of nav.nodes[i].links) {
      const b = origins[l.target];
      let type = nav3LinkTypeOf(table, l.targetType, b[2] - a[2]);
      const mover = movers.find((m) => segmentCrosses(m, a, b, MOVER_PAD));
      if (mover?.kind === 'lift' && type === 'Walk') type = 'Elevator';
      if (mover?.kind === 'train' && type === 'Walk') type = 'Train';
      if (mover?.kind === 'door') flags[i] |= nav3NodeFlag('CheckDoorLinks');
      let traversal = -1;
      if (TRAVERSED.has(type)) {
        traversal = traversals.length;
        traversals.push(traversalOf(map, a, b, radii[i], type === 'Ladder'));
      }
      if (mover) {
        edicts.push({ link: links.length, model: mover.model, mins: mover.mins, maxs: mover.maxs });
      }
      links.push({ target: l.target, type: nav3LinkType(type), flags: 0, traversal });
    }
  }
  const nav3: Nav3File = {
    version: NAV3_VERSION,
    // Stored by the loaders, read by no path search: 1 leaves any scaling neutral.
    heuristic: 1,
    nodes: nav.nodes.map((n, i) => ({
      flags: flags[i],
      linkCount: n.links.length,
      firstLink: firstLinks[i],
      radius: radii[i],
      origin: down(n.origin),
    })),
    links,
    traversals,
    edicts,
  };
  return { nav3, stats: nav3Stats(nav3) };
}

/** Half the cluster radius, at most half the way to the nearest other node, at least the minimum. */
function nodeRadii(origins: readonly Readonly<Vec3>[], o: Nav3FromNavOptions): number[] {
  const half = o.clusterRadius / 2;
  // A grid of cells the size of the largest radius finds the near neighbours.
  const cell = Math.max(1, 2 * half);
  const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
  const grid = new Map<string, number[]>();
  const cellOf = (p: Readonly<Vec3>) => p.map((v) => Math.floor(v / cell));
  origins.forEach((p, i) => {
    const k = key(...(cellOf(p) as Vec3));
    (grid.get(k) ?? grid.set(k, []).get(k)!).push(i);
  });
  return origins.map((p, i) => {
    const [cx, cy, cz] = cellOf(p);
    let nearest = Infinity;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++)
          for (const j of grid.get(key(cx + dx, cy + dy, cz + dz)) ?? []) {
            if (j !== i)
              nearest = Math.min(
                nearest,
                Math.hypot(p[0] - origins[j][0], p[1] - origins[j][1], p[2] - origins[j][2]),
              );
          }
    const r = Math.floor(Math.min(half, nearest / 2));
    return Math.min(NAV3_MAX_INDEX, Math.max(o.minRadius, r));
  });
}

function traversalOf(
  map: BspMap | null,
  a: Vec3,
  b: Vec3,
  radius: number,
  ladder: boolean,
): Nav3Traversal {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  const toward = len > 0 ? Math.min(radius, len) / len : 0;
  const funnel = down([a[0] + dx * toward, a[1] + dy * toward, a[2]]);
  if (ladder) {
    return {
      funnel,
      start: down(a),
      end: down(b),
      ladderPlane: map ? f32(ladderPlane(map.world, a, b)) : [0, 0, 0],
    };
  }
  const t = map ? takeOffAndLanding(map.world, a, b) : null;
  return {
    funnel,
    start: down(f32(t?.start ?? a)),
    end: down(f32(t?.end ?? b)),
    ladderPlane: [0, 0, 0],
  };
}

function nav3Stats(nav: Nav3File): Nav3Stats {
  const linkTypes: Record<string, number> = {};
  for (const l of nav.links) {
    const n = NAV3_LINK_TYPES[l.type] ?? String(l.type);
    linkTypes[n] = (linkTypes[n] ?? 0) + 1;
  }
  const nodeFlags: Record<string, number> = {};
  for (const name of [
    'Ladder',
    'UnderWater',
    'Crouch',
    'CheckForHazard',
    'CheckDoorLinks',
  ] as const) {
    const bit = nav3NodeFlag(name);
    const c = nav.nodes.filter((n) => n.flags & bit).length;
    if (c > 0) nodeFlags[name] = c;
  }
  return {
    nodes: nav.nodes.length,
    links: nav.links.length,
    traversals: nav.traversals.length,
    edicts: nav.edicts.length,
    linkTypes: Object.fromEntries(Object.entries(linkTypes).sort(([x], [y]) => (x < y ? -1 : 1))),
    nodeFlags,
  };
}
