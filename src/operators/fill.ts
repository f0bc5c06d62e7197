/**
 * fill: covers the map where the demos are thin. Nodes are added on walkable floor the map
 * shows (`map-analysis/walkable-floor.ts`: the standing box lowered onto the ground on a grid
 * `spacing` apart) where no demo node is near, linked only by traversals the box confirms
 * (walks with steps up to 18 units, drops off ledges of at most `maxDrop` onto ground that does
 * not hurt, jumps onto ledges of at most `maxJump`) and that the simulated bot then makes.
 *
 * The recipe (`fillGraph`), one plain function of `map-analysis/` per step:
 * 1. `ladder-pairs.ts` (`ladders`): LADDER pairs at the map's ladders the demos did not climb.
 * 2. `floor-walk.ts`: the floor reached from the ground nodes and (`fromSpawns`) the spawn
 *    points, sample to sample, with running jumps across gaps (`gapJumps`).
 * 3. `way-back-floor.ts` (`returns`): floor not reached from which reached floor is reached.
 * 4. `floor-nodes.ts`: a MOVE node on each such sample with no node within `minGap`.
 * 5. `floor-links.ts`: links along the floor, to up to `maxDemoLinks` demo nodes around, and
 *    between the nodes the floor joins.
 * 6. `link-check.ts`: every filled link (and, with `checkDemoLinks`, every learned one) run by
 *    the simulated bot; the ones it fails go.
 * 7. What the simulation left stranded goes: ladder pairs climbed neither way, way-back nodes
 *    that no longer lead back, and map nodes no longer joined to a demo node or to floor a spawn
 *    point reached (`operators/internal/graph-reach.ts`).
 *
 * New nodes are MOVE nodes (and the ladder pairs) with `source: 'map'`; the report, summary
 * and pictures tell them from demo nodes. Emits the augmented graph and a `fill` summary.
 *
 * @example
 * stages:
 *   - fill: { spacing: 64 }
 * @see classify, spawnPoints
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { keepJoined, notLeadingOut } from './internal/graph-reach.js';
import { defineStage } from '../pipeline/stage.js';
import {
  boolOption,
  fromOptionTable,
  numOption,
  type OptionsOf,
} from '../pipeline/schema-helpers.js';
import type { DraftGraph, GraphEvent } from './graph-types.js';
import type { BspWorld } from '../sources/bsp/world.js';
import type { CollisionModel } from '../world/collision-model.js';
import { loadCollision, loadMap } from '../map-analysis/map-source.js';
import { walkableFloor, type FloorSamples } from '../map-analysis/walkable-floor.js';
import { hashFile } from '../pipeline/demo-cache.js';
import { spawnPointsOf } from '../sources/bsp/spawn-points.js';
import { mapLadderClimbs } from '../map-analysis/map-ladders.js';
import { ladderPairs, unclimbedPairs } from '../map-analysis/ladder-pairs.js';
import { floorGrid } from '../map-analysis/floor-grid.js';
import { groundMask } from '../map-analysis/ground-types.js';
import { spawnStands } from '../map-analysis/spawn-stands.js';
import { walkFloor } from '../map-analysis/floor-walk.js';
import { wayBackFloor, type WayBackFloor } from '../map-analysis/way-back-floor.js';
import { bucketNodes } from '../map-analysis/node-buckets.js';
import { placeFloorNodes } from '../map-analysis/floor-nodes.js';
import { FILLED_LINK_TYPE, proposeFloorLinks } from '../map-analysis/floor-links.js';
import { checkLinks } from '../map-analysis/link-check.js';

/**
 * fill's options, each stated once: the default, the limits and the one line the docs show
 * (docs/pipelines.md and the pipeline schema are generated from this table).
 */
const FILL_OPTIONS = {
  spacing: numOption(64, 'Grid spacing of floor samples. [world units]', {
    minimum: 16,
    maximum: 256,
  }),
  minGap: numOption(48, 'A sample this near a node on its floor adds no node. [world units]', {
    minimum: 0,
  }),
  maxDz: numOption(64, 'Largest height difference between linked grid neighbours. [world units]', {
    minimum: 0,
  }),
  maxDemoLinks: numOption(3, 'Most demo nodes each new node links to, each way.', {
    minimum: 0,
    maximum: 8,
    integer: true,
  }),
  // A standing jump rises about 45.
  maxJump: numOption(40, 'Highest ledge a filled link jumps onto; 0 = no jumps. [world units]', {
    minimum: 0,
    maximum: 45,
  }),
  // Kept only when the simulated bot makes them (needs the collision model).
  gapJumps: boolOption(
    true,
    'Try running jumps across gaps two grid columns wide (kept when the simulated bot makes them).',
  ),
  // Every player starts at a spawn point, so floor reached from them is floor players use even
  // where no demo went (a map with few or no demos of its own).
  fromSpawns: boolOption(
    true,
    'Walk the floor from the map\u2019s spawn points too (floor reached from them is kept like floor reached from demo nodes).',
  ),
  // Bots get there anyway (a jump that carries too far, a blast, a fall) and, with no node
  // near, stand still for the rest of their life (`way-back-floor.ts`).
  returns: boolOption(
    true,
    'Cover floor the walk does not reach but from which a walk or safe drop leads back onto it, with links out only (the way back for a bot that got there).',
  ),
  // A strafe jump a person made, a walk that only works from a running start: the bots cannot
  // follow them either (on beer a bot stood 61 s at such a link).
  checkDemoLinks: boolOption(
    true,
    'Run the demo-learned links through the simulated bot too and drop the ones it fails (what iterate\u2019s builtin tester would prune).',
  ),
  // Off by default: the engine's bot turns to look for the ladder whenever its current or next
  // node is a LADDER node, and at ladders no player climbed it stood for a minute or more
  // (beer's ladder at (280, −900): 76, 52 and 71 s in three trials, though the simulated bot
  // climbs it from where the real one stood); ladders the demos climbed keep their pairs
  // (classify), and the floors above are still covered by way-back nodes (beer's LTK coverage
  // 96 % with, 95 % without).
  ladders: boolOption(
    false,
    'Add ladder pairs at the map\u2019s ladders the demos did not climb (kept when the simulated bot climbs them).',
  ),
  // Below the engine's 210-unit stand drop, so no fall damage.
  maxDrop: numOption(
    210,
    'Deepest ledge a filled link drops off (engine: 210); 0 = walks only. [world units]',
    { minimum: 0, maximum: 210 },
  ),
};

const fillTable = fromOptionTable(FILL_OPTIONS);

export type FillOptions = OptionsOf<typeof FILL_OPTIONS>;

export const fillDefaults: FillOptions = fillTable.defaults;

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
}

/** The graph with the map's floor filled in (steps as in the file comment), and the summary. */
export function fillGraph(
  demo: DraftGraph,
  map: FillMap,
  o: FillOptions,
): { graph: DraftGraph; stats: Record<string, unknown> } {
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
  // 2. The floor players use.
  const spawns = o.fromSpawns ? spawnStands(w, map.spawns ?? []) : [];
  const walk = walkFloor(w, collision, grid, g.nodes, ground, spawns, o);
  // 3. The way back onto it.
  const back = o.returns ? wayBackFloor(w, grid, walk.reached, walk.order, o) : NO_WAY_BACK;
  const steps = new Map([...walk.steps, ...back.steps]);
  // 4. New nodes where no node is near; demo nodes win.
  const buckets = bucketNodes(g.nodes, grid.floor.spacing);
  const placed = placeFloorNodes(
    grid,
    [...walk.order, ...back.samples],
    buckets,
    ground,
    g.nodes.length,
    o.minGap,
  );
  const nodes = [...g.nodes, ...placed.nodes];
  // 5. Their links.
  const links = [
    ...g.links,
    ...proposeFloorLinks(w, grid, nodes, buckets, ground, placed, steps, g.links, o),
  ];
  const proposed = links.length - demo.links.length;
  // 6. The simulated bot's word on every filled link (and the learned ones).
  const check = collision
    ? checkLinks(collision, nodes, links, demo.links.length, o.checkDemoLinks)
    : { kept: links, failures: {}, learnedFailures: {} };
  let kept = check.kept;
  // 7. What the simulation stranded: ladder pairs climbed neither way (with their links), …
  if (ladders) {
    const dead = unclimbedPairs(kept, firstMap, ladders.nodes.length / 2);
    if (dead.size > 0) kept = kept.filter((l) => !dead.has(l.from) && !dead.has(l.to));
  }
  // … way-back nodes that no longer lead back (the box walk that found them is an
  // approximation), with the links into them, …
  const returnNodes = new Set(back.samples.map((q) => placed.nodeOf[q]));
  if (returnNodes.size > 0) {
    const lost = notLeadingOut(nodes.length, kept, returnNodes);
    if (lost.size > 0) kept = kept.filter((l) => !lost.has(l.from) && !lost.has(l.to));
  }
  // … and map nodes joined neither to a demo node nor to floor a spawn point reached.
  const roots = walk.spawnRooted.map((q) => placed.nodeOf[q]).filter((n) => n >= 0);
  const joined = keepJoined(nodes, kept, firstMap, roots);
  const out: DraftGraph = { nodes: joined.nodes, links: joined.links };

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
      mapLadderClimbs: ladders ? ladders.nodes.length / 2 : 0,
      ladderNodesAdded: ladderNodes,
      nodesAdded: out.nodes.length - firstMap,
      nodesNotJoined: nodes.length - out.nodes.length,
      linksProposed: proposed,
      linksFailedSimulation: check.failures,
      demoLinksFailedSimulation: check.learnedFailures,
      linksAdded: added.length,
      linksBetweenFilled: added.filter((l) => l.from >= firstMap && l.to >= firstMap).length,
      linksBetweenDemoNodes: added.filter((l) => l.from < firstMap && l.to < firstMap).length,
      dropLinks: count(FILLED_LINK_TYPE.drop),
      jumpLinks: count(FILLED_LINK_TYPE.jump),
      simulated: collision !== null,
    },
  };
}

/** The operator; `load` gives the map and its floor samples when the graph arrives. */
export function fill(
  options: Partial<FillOptions>,
  load: (spacing: number) => Promise<FillMap | null>,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o: FillOptions = { ...fillDefaults, ...options };
  return graphInOrder(async (e, emit) => {
    const map = await load(o.spacing);
    if (!map) {
      emit(e);
      emit({ kind: 'summary', stage: 'fill', data: { skipped: 'the pipeline names no BSP' } });
      return;
    }
    const r = fillGraph(e.graph, map, o);
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'fill', data: r.stats });
  });
}

/** Loads the map and its floor (cached by the BSP's content hash in `cacheDir`). */
export function fillMapLoader(
  bsp: string | null,
  cacheDir: string | null,
): (spacing: number) => Promise<FillMap | null> {
  return async (spacing) => {
    if (!bsp) return null;
    const [map, hash, collision] = await Promise.all([
      loadMap(bsp),
      hashFile(bsp),
      loadCollision(bsp),
    ]);
    const { floor, cached } = await walkableFloor(map.world, hash, spacing, cacheDir);
    const spawns = spawnPointsOf(map.entities, bsp).map((p) => p.origin);
    return { world: map.world, collision, floor, cached, spawns };
  };
}

/** The `fill` stage of pipeline files. */
export const fillStage = defineStage<FillOptions>({
  meta: {
    name: 'fill',
    description:
      'MOVE nodes on walkable floor the map shows where demos left none (grid samples reached from demo nodes and spawn points, and up the map\u2019s ladders), linked by walks, drops, jumps and climbs the simulated bot makes; floor cached by the BSP hash.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: fillTable.schema,
    defaults: fillDefaults,
  },
  create: (opts, ctx) => fill(opts, fillMapLoader(ctx.bsp, ctx.cacheDir ?? null)),
});
