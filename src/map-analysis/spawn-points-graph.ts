/**
 * The recipe of the `spawn-points` stage (`operators/spawn-points.ts` keeps its options table,
 * operator and stage): a SPAWNPOINT node at every spawn point of the map, linked with the
 * learned nodes around it, so that a bot that spawns there starts on the graph.
 *
 * For each spawn, in the order of the entity lump:
 * 1. Spawn entities float above the floor (the game drops players onto it), so the node is
 *    dropped to the floor below and raised to standing height, the height convention of all
 *    other nodes (`standingHeight`, with `dropToFloor`); where the standing box does not fit
 *    there on ground (a spawn against a wall or a clip brush), it moves to the nearest position
 *    where it does (`place-node.ts`).
 * 2. It is linked both ways with up to `maxLinks` nearest nodes within `radius` that are within
 *    `maxStep` in height and in line of sight (`inSight`: no solid between them, tested on the
 *    map's BSP). A spawn point that links to nothing is reported: the learned graph does not
 *    reach it.
 *
 * Without the world (`map.world` null) the spawns stay where the entities are and every node
 * within reach is in sight.
 */
import type { Vec3 } from '../geometry/vec3.js';
import type { DraftGraph, DraftLink, DraftNode, GraphStageResult } from '../stage/graph-types.js';
import { distance, NO_LINK_EVIDENCE, nodeWithoutVotes } from '../stage/graph-types.js';
import type { SpawnPoint } from '../sources/bsp/spawn-points.js';
import type { BspWorld } from '../sources/bsp/world.js';
import { pointContents } from '../sources/bsp/point-contents.js';
import { CONTENTS_SOLID, CONTENTS_WINDOW } from '../sources/bsp/contents-flags.js';
import { STANDING, placeNode, standsAt } from './place-node.js';

/** What the recipe reads of the stage's options (see `operators/spawn-points.ts` for each). */
export interface SpawnPointsGraphOptions {
  /** Farthest node a spawn links to. [Units: world units] */
  readonly radius: number;
  /** Most links per spawn point, each way. */
  readonly maxLinks: number;
  /** Largest height difference of a spawn link. [Units: world units] */
  readonly maxStep: number;
  /** Step 1: drop spawn nodes to the floor below them (needs the world). */
  readonly dropToFloor: boolean;
  /** Deepest floor search below a spawn entity. [Units: world units] */
  readonly maxDrop: number;
}

/** What the recipe needs of the map. */
export interface SpawnPointsMap {
  readonly spawns: readonly SpawnPoint[];
  /** The world, for floor and line-of-sight tests; null to skip them. */
  readonly world: BspWorld | null;
}

/** Player origin height above the floor it stands on (bbox mins z = -24). [Units: world units] */
const STANDING_HEIGHT = 24;
/** Step of the line-of-sight test. [Units: world units] */
const SIGHT_STEP = 8;

/**
 * Walls and floors for the floor search and the sight test. Player clips are left out: some
 * maps mark whole leaves as clip where no clip brush reaches (spawns stand in them).
 */
const BLOCKING = CONTENTS_SOLID | CONTENTS_WINDOW;

function solidAt(world: BspWorld, x: number, y: number, z: number): boolean {
  return (pointContents(world, x, y, z) & BLOCKING) !== 0;
}

/** Height of a standing player's origin on the floor below (x, y, z), or null if none near. */
export function standingHeight(
  world: BspWorld,
  x: number,
  y: number,
  z: number,
  maxDrop: number,
): number | null {
  if (solidAt(world, x, y, z)) return null;
  let free = z;
  const step = 8;
  // Walk down until solid, then bisect the boundary to 1/8 unit.
  while (free - z < maxDrop && !solidAt(world, x, y, free - step)) free -= step;
  if (z - free >= maxDrop) return null;
  let solid = free - step;
  while (free - solid > 0.125) {
    const mid = (free + solid) / 2;
    if (solidAt(world, x, y, mid)) solid = mid;
    else free = mid;
  }
  return Math.round((solid + STANDING_HEIGHT) * 8) / 8;
}

function inSight(world: BspWorld, a: readonly number[], b: readonly number[]): boolean {
  const d = distance(a, b);
  const steps = Math.max(1, Math.ceil(d / SIGHT_STEP));
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    if (
      solidAt(world, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)
    )
      return false;
  }
  return true;
}

/** The graph with the spawn nodes and their links (steps as in the file comment), and the summary. */
export function spawnPointsGraph(
  g: DraftGraph,
  map: SpawnPointsMap,
  o: SpawnPointsGraphOptions,
): GraphStageResult {
  const nodes: DraftNode[] = [...g.nodes];
  const links: DraftLink[] = [...g.links];
  const voted = g.nodes.length;
  const unlinked: number[][] = [];
  let moved = 0;
  for (const spawn of map.spawns) {
    const [x, y] = spawn.origin;
    let z = spawn.origin[2];
    if (o.dropToFloor && map.world) z = standingHeight(map.world, x, y, z, o.maxDrop) ?? z;
    let origin: Vec3 = [x, y, z];
    // Where the standing box does not fit on ground there (a spawn against a wall or a clip
    // brush), the nearest position where it does.
    if (o.dropToFloor && map.world && !standsAt(map.world, x, y, z)) {
      const placed = placeNode(map.world, origin, STANDING, true);
      if (placed) {
        origin = [placed.origin[0], placed.origin[1], placed.origin[2]];
        moved++;
      }
    }
    const id = nodes.length;
    nodes.push(nodeWithoutVotes(origin, 'SPAWNPOINT', 'spawn'));
    const near: { n: number; d: number }[] = [];
    for (let n = 0; n < voted; n++) {
      const other = g.nodes[n].origin;
      if (Math.abs(other[2] - origin[2]) > o.maxStep) continue;
      const d = distance(origin, other);
      if (d <= o.radius && (!map.world || inSight(map.world, origin, other))) near.push({ n, d });
    }
    near.sort((a, b) => a.d - b.d || a.n - b.n);
    const chosen = near.slice(0, o.maxLinks);
    if (chosen.length === 0) unlinked.push(origin);
    for (const { n } of chosen) {
      links.push({ from: id, to: n, type: nodes[n].type, ...NO_LINK_EVIDENCE });
      links.push({ from: n, to: id, type: 'SPAWNPOINT', ...NO_LINK_EVIDENCE });
    }
  }
  return {
    graph: { nodes, links },
    stats: {
      spawnPoints: map.spawns.length,
      movedToFit: moved,
      unlinked: unlinked.length,
      unlinkedOrigins: unlinked,
    },
  };
}
