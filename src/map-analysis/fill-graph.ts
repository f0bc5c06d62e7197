/**
 * `fill`'s recipe (after Recast's `build()`: numbered steps, each a plain function of
 * `map-analysis/` on plain data): the graph with the map's floor filled in where the demos are
 * thin, and the numbers of the stage's summary.
 *
 * 1. `ladder-pairs.ts` (`ladders`): LADDER pairs at the map's ladders the demos did not climb.
 * 2. `floor-walk.ts`: the floor reached from the ground nodes and (`fromSpawns`) the spawn
 *    stands (`spawn-stands.ts`) and (`meshSeeds`) the centres of the map's mesh areas no node
 *    reaches (`navmesh/coverage.ts`), sample to sample, with running jumps across gaps
 *    (`gapJumps`).
 * 3. `way-back-floor.ts` (`returns`): floor not reached from which reached floor is reached.
 * 4. `floor-nodes.ts`: a MOVE node on each such sample with no node within `minGap` that a
 *    straight walk joins to it; those within `brinkClearance` of a fall deeper than `maxDrop`
 *    (`brink.ts`) go in step 8 where the graph can spare them (`graph/spare-nodes.ts`).
 * 5. `floor-links.ts`: links along the floor, to up to `maxDemoLinks` demo nodes around, and
 *    between the nodes the floor joins.
 * 6. `link-check.ts`: every filled link (and, with `checkDemoLinks`, every learned one) run by
 *    the simulated bot; the ones it fails go.
 * 7. `water-volume.ts`, `water-way-out.ts` (`water`): WATER nodes in the map's water, with the
 *    swims between them and out onto the floor nodes that the simulated bot makes.
 * 8. What the simulation left stranded goes: ladder pairs climbed neither way, way-back and
 *    water nodes that no longer lead out, and map nodes no longer joined to a demo node or to
 *    floor a spawn point reached (`graph/graph-reach.ts`).
 * 9. `within-reach.ts` (`withinReach`): where the bot's node pick-up (`pick-up.ts`: 96 units,
 *    60 of height, a clear sweep) finds no node at a place of the walked floor — a sample or
 *    where the box slides from it into the walls and corners (`stand-places.ts`) — a MOVE
 *    node near it, linked both ways by walks the simulated bot makes.
 *
 * The options are the stage's (`operators/fill.ts` states each once, with its default, limits
 * and meaning); here only the ones the steps read, by the steps' own option interfaces.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import type { CollisionModel } from '../world/collision-model.js';
import type { DraftGraph, GraphStageResult } from '../stage/graph-types.js';
import { keepJoined, notLeadingOut } from '../graph/graph-reach.js';
import type { FloorSamples } from './walkable-floor.js';
import { mapLadderClimbs } from './map-ladders.js';
import { ladderPairs, unclimbedPairs } from './ladder-pairs.js';
import { floorGrid, sampleOrigin } from './floor-grid.js';
import { groundMask } from './ground-types.js';
import { spawnStands } from './spawn-stands.js';
import { walkFloorSteps, type FloorWalkOptions } from './floor-walk.js';
import { wayBackFloor, type WayBackFloor } from './way-back-floor.js';
import { bucketNodes } from './node-buckets.js';
import { placeFloorNodes } from './floor-nodes.js';
import { onBrink } from './brink.js';
import { spareNodes } from '../graph/spare-nodes.js';
import { traverse } from './walk-link.js';
import { STEP_SIZE } from '../movement/constants.js';
import { FILLED_LINK_TYPE, proposeFloorLinks, type FloorLinkOptions } from './floor-links.js';
import { checkLinkSteps } from './link-check.js';
import { waterColumns } from './water-volume.js';
import { waterWayOutSteps, type WaterWayOut, type WaterWayOutOptions } from './water-way-out.js';
import { coverWithinReachSteps } from './within-reach.js';
import type { Vec3 } from '../geometry/vec3.js';
import { runToEnd, type Steps } from '../pausing/run-steps.js';

/** What the recipe reads of the stage's options (see `operators/fill.ts` for each). */
export interface FillGraphOptions extends FloorWalkOptions, FloorLinkOptions, WaterWayOutOptions {
  /** A sample this near a node (on its floor) adds no node. [Units: world units] */
  readonly minGap: number;
  /**
   * A sample this near a fall deeper than `maxDrop` (at least a stair step) adds no node;
   * 0: off. [Units: world units] [Limit: >= 0]
   */
  readonly brinkClearance: number;
  /** Step 1 on: LADDER pairs at the map's ladders (needs the collision model). */
  readonly ladders: boolean;
  /** Step 2 also from the spawn stands. */
  readonly fromSpawns: boolean;
  /** Step 2 also from the mesh's coverage holes of at least this many cells; 0: not. [Units: cells] */
  readonly meshSeeds: number;
  /** Step 3 on: the way back. */
  readonly returns: boolean;
  /** Step 6 also runs the learned links. */
  readonly checkDemoLinks: boolean;
  /** Step 7 on: the way out of the water (needs the collision model). */
  readonly water: boolean;
  /** Step 9 on: a node within the bot's pick-up everywhere (needs the collision model). */
  readonly withinReach: boolean;
}

/** Smallest ladder climb given a pair (classify's `ladderMinClimb`). [Units: world units] */
const LADDER_MIN_CLIMB = 40;
/** The way back when `returns` is off. */
const NO_WAY_BACK: WayBackFloor = Object.freeze({ samples: [], steps: new Map() });

export interface FillMap {
  readonly world: BspWorld;
  /** The engine's collision model, to run each filled link with player movement; null: box checks only. */
  readonly collision: CollisionModel | null;
  readonly floor: FloorSamples;
  readonly cached: boolean;
  /** Origins of the map's spawn entities (as in the BSP; they float above the floor). */
  readonly spawns?: readonly (readonly number[])[];
  /**
   * For `meshSeeds`: the centres of the map's navigation-mesh areas (the mesh is seeded by the
   * spawn points) of at least `minCells` cells that none of the node origins reaches
   * (`navmesh/coverage.ts`: the operator hands it in, so the analysis needs no mesh of its own);
   * absent: none.
   */
  readonly meshHoles?: ((origins: readonly number[], minCells: number) => number[][]) | null;
}

/** Whether a player walks straight from `a` to `b` and back (the box walk, no drops or jumps). */
function walksStraight(w: BspWorld, a: readonly number[], b: readonly number[]): boolean {
  return traverse(w, a, b) === 'walk' && traverse(w, b, a) === 'walk';
}

/** What `fill` makes: the graph and the stage's summary. */
export type FillResult = GraphStageResult;

/** {@link fillGraphSteps} run to the end at once. */
export function fillGraph(demo: DraftGraph, map: FillMap, o: FillGraphOptions): FillResult {
  return runToEnd(fillGraphSteps(demo, map, o));
}

/**
 * The graph with the map's floor filled in (steps as in the file comment), and the summary;
 * pauses (`pausing/run-steps.ts`) between the steps and within the long ones (the floor walk,
 * the link check, the water, the reach), each a second or less on urbanjungle.
 */
export function* fillGraphSteps(
  demo: DraftGraph,
  map: FillMap,
  o: FillGraphOptions,
): Steps<FillResult> {
  const { world: w, collision } = map;
  const firstMap = demo.nodes.length;
  // 1. The map's ladders: their pairs join the graph as if learned (the floor walk starts from
  // them too), but every link they add is simulated and they stay only if joined.
  const ladders =
    o.ladders && collision ? ladderPairs(demo.nodes, mapLadderClimbs(w, LADDER_MIN_CLIMB)) : null;
  const g: DraftGraph = ladders
    ? { nodes: [...demo.nodes, ...ladders.nodes], links: [...demo.links, ...ladders.links] }
    : demo;
  const grid = floorGrid(map.floor);
  const ground = groundMask(g.nodes);
  // 2. The floor players use. The mesh's holes are floor the mesh reached from the spawn points:
  // seeds like the spawn stands (and rooted like them in step 7).
  const spawns = o.fromSpawns ? spawnStands(w, map.spawns ?? []) : [];
  const holes =
    o.meshSeeds > 0 && map.meshHoles
      ? map
          .meshHoles(
            g.nodes.flatMap((n) => [...n.origin]),
            o.meshSeeds,
          )
          .map(([x, y, z]): Vec3 => [x, y, z])
      : [];
  yield;
  const walk = yield* walkFloorSteps(w, collision, grid, g.nodes, ground, [...spawns, ...holes], o);
  yield;
  // 3. The way back onto it.
  const back = o.returns ? wayBackFloor(w, grid, walk.reached, walk.order, o) : NO_WAY_BACK;
  yield;
  const steps = new Map([...walk.steps, ...back.steps]);
  // 4. New nodes where no node is near; demo nodes win. Those on the brink of a fall go at
  // the end, where the graph can spare them.
  const buckets = bucketNodes(g.nodes, grid.floor.spacing);
  const placed = placeFloorNodes(
    grid,
    [...walk.order, ...back.samples],
    buckets,
    ground,
    g.nodes.length,
    o.minGap,
    (p, n) => walksStraight(w, p, g.nodes[n].origin),
  );
  yield;
  const nodes = [...g.nodes, ...placed.nodes];
  const brinkDepth = Math.max(o.maxDrop, STEP_SIZE);
  const onTheBrink = new Set<number>();
  if (o.brinkClearance > 0)
    placed.nodes.forEach((n, k) => {
      if (onBrink(w, n.origin, o.brinkClearance, brinkDepth)) onTheBrink.add(g.nodes.length + k);
    });
  yield;
  // 5. Their links.
  const links = [
    ...g.links,
    ...proposeFloorLinks(w, grid, nodes, buckets, ground, placed, steps, g.links, o),
  ];
  const proposed = links.length - demo.links.length;
  // 6. The simulated bot's word on every filled link (and the learned ones).
  yield;
  const check = collision
    ? yield* checkLinkSteps(collision, nodes, links, demo.links.length, o.checkDemoLinks)
    : { kept: links, failures: {}, learnedFailures: {} };
  let kept = check.kept;
  // 7. The way out of the water: its swims are the simulated bot's already.
  yield;
  const water: WaterWayOut | null =
    o.water && collision
      ? yield* waterWayOutSteps(
          collision,
          nodes,
          waterColumns(w, grid.floor.spacing, o.waterLayer),
          o,
        )
      : null;
  yield;
  if (water) {
    nodes.push(...water.nodes);
    kept = [...kept, ...water.links];
  }
  // 8. What the simulation stranded: ladder pairs climbed neither way (with their links), …
  if (ladders) {
    const dead = unclimbedPairs(kept, firstMap, ladders.nodes.length / 2);
    if (dead.size > 0) kept = kept.filter((l) => !dead.has(l.from) && !dead.has(l.to));
  }
  // … way-back nodes that no longer lead back (the box walk that found them is an
  // approximation) and water nodes with no way out, with the links into them, …
  const returnNodes = new Set(back.samples.map((q) => placed.nodeOf[q]));
  const firstWater = nodes.length - (water?.nodes.length ?? 0);
  const waterNodes = new Set(
    Array.from({ length: nodes.length - firstWater }, (_, k) => firstWater + k),
  );
  const leadingOut = new Set([...returnNodes, ...waterNodes]);
  if (leadingOut.size > 0) {
    const lost = notLeadingOut(nodes.length, kept, leadingOut);
    if (lost.size > 0) kept = kept.filter((l) => !lost.has(l.from) && !lost.has(l.to));
  }
  // … nodes on the brink the graph can spare (`graph/spare-nodes.ts`), …
  let roots = walk.spawnRooted.map((q) => placed.nodeOf[q]).filter((n) => n >= 0);
  const seeds = [...Array.from({ length: firstMap }, (_, i) => i), ...roots];
  const spared = spareNodes(nodes.length, kept, seeds, onTheBrink);
  if (spared.size > 0) {
    kept = kept.filter((l) => !spared.has(l.from) && !spared.has(l.to));
    roots = roots.filter((n) => !spared.has(n));
  }
  // … and map nodes joined neither to a demo node nor to floor a spawn point reached.
  const joined = keepJoined(nodes, kept, firstMap, roots);
  let out: DraftGraph = { nodes: joined.nodes, links: joined.links };
  yield;
  // 9. Within the bot's reach: a node the engine's pick-up finds at every place around the
  // walked floor, walls and corners included.
  const reach =
    o.withinReach && collision
      ? yield* coverWithinReachSteps(
          collision,
          w,
          out.nodes,
          [...walk.order, ...back.samples].sort((x, y) => x - y).map((q) => sampleOrigin(grid, q)),
          {
            slideReach: grid.floor.spacing,
            wallGap: 16,
            linkRadius: 128,
            maxLinks: o.maxDemoLinks,
            mayStand:
              o.brinkClearance > 0 ? (p) => !onBrink(w, p, o.brinkClearance, brinkDepth) : null,
          },
        )
      : null;
  if (reach) out = { nodes: [...out.nodes, ...reach.nodes], links: [...out.links, ...reach.links] };

  // The learned links that passed come first in the output; the rest were added here.
  const learnedFailed = Object.values(check.learnedFailures).reduce((a, b) => a + b, 0);
  const added = out.links.slice(demo.links.length - learnedFailed);
  const ladderNodes = out.nodes.filter((n, k) => k >= firstMap && n.ladder > 0).length;
  const count = (type: string) => added.filter((l) => l.type === type).length;
  return {
    graph: out,
    stats: {
      floorSamples: map.floor.z.length,
      floorReached: walk.order.length,
      floorReturning: back.samples.length,
      returnNodesAdded: [...returnNodes].filter((n) => n >= 0 && joined.index[n] >= 0).length,
      spawnSeeds: spawns.length,
      meshSeeds: holes.length,
      mapLadderClimbs: ladders ? ladders.nodes.length / 2 : 0,
      ladderNodesAdded: ladderNodes,
      nodesAdded: out.nodes.length - firstMap,
      brinkNodesRemoved: spared.size,
      brinkNodesKept: onTheBrink.size - spared.size,
      nodesNotJoined: nodes.length - out.nodes.length,
      linksProposed: proposed,
      linksFailedSimulation: check.failures,
      demoLinksFailedSimulation: check.learnedFailures,
      waterNodesAdded: [...waterNodes].filter((n) => joined.index[n] >= 0).length,
      ...(water ? { water: water.stats } : {}),
      ...(reach ? { withinReach: reach.stats } : {}),
      linksAdded: added.length,
      linksBetweenFilled: added.filter((l) => l.from >= firstMap && l.to >= firstMap).length,
      linksBetweenDemoNodes: added.filter((l) => l.from < firstMap && l.to < firstMap).length,
      dropLinks: count(FILLED_LINK_TYPE.drop),
      jumpLinks: count(FILLED_LINK_TYPE.jump),
      simulated: collision !== null,
    },
  };
}
