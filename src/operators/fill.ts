/**
 * fill: covers the map where the demos are thin. Nodes are added on walkable floor the map
 * shows (`map-analysis/walkable-floor.ts`: the standing box lowered onto the ground on a grid
 * `spacing` apart) where no demo node is near, linked only by traversals the box confirms
 * (walks with steps up to 18 units, drops off ledges of at most `maxDrop` onto ground that does
 * not hurt, jumps onto ledges of at most `maxJump`) and that the simulated bot then makes.
 *
 * The work is `fillGraph` (`map-analysis/fill-graph.ts`), a recipe of numbered steps, each a
 * plain function of `map-analysis/` with its own tests; this file holds the options table (each
 * option's default, limits and meaning, once: the docs and the schema come from it), the
 * operator and the stage.
 *
 * New nodes are MOVE nodes (and the ladder pairs, and WATER nodes in the map's water with
 * swims that lead out only) with `source: 'map'`; the report, summary
 * and pictures tell them from demo nodes. Emits the augmented graph and a `fill` summary.
 *
 * @example
 * stages:
 *   - fill: { spacing: 64 }
 * @see classify, spawnPoints
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { passWithoutMap } from './internal/pass-without-map.js';
import { defineStage } from '../stage/stage.js';
import {
  boolOption,
  fromOptionTable,
  numOption,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { GraphEvent } from '../stage/graph-types.js';
import { loadCollision, loadMap } from '../map-analysis/map-source.js';
import { walkableFloor } from '../map-analysis/walkable-floor.js';
import { hashFile } from '../files/content-hash.js';
import { spawnPointsOf } from '../sources/bsp/spawn-points.js';
import { fillGraphSteps, type FillMap } from '../map-analysis/fill-graph.js';
import { runGivingWay, type WorkAhead } from '../pausing/run-steps.js';
import { cachedMapMesh } from '../navmesh/mesh-cache.js';
import { holeCentres } from '../navmesh/coverage.js';

/**
 * fill's options, each stated once: the default, the limits and the one line the docs show
 * (docs/pipelines.md and the pipeline schema are generated from this table). `brinkClearance`
 * and `maxDrop` are shared (`meta.shares`): `first-hops` keeps fill's brink rule with them.
 */
const FILL_OPTIONS = {
  spacing: numOption(64, 'Grid spacing of floor samples. [world units]', {
    minimum: 16,
    maximum: 256,
  }),
  minGap: numOption(48, 'A sample this near a node on its floor adds no node. [world units]', {
    minimum: 0,
  }),
  // Bots overshoot a node at an edge with the speed they came at it with (city: a grid row
  // along a roof's edge, 12–21 fatal falls per trial). `map-analysis/brink.ts`.
  brinkClearance: numOption(
    32,
    'A floor sample this near a fall deeper than maxDrop (at least a stair step) gets no node; 0 = off. [world units]',
    { minimum: 0, maximum: 64 },
  ),
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
  // Bots fall, are blasted or carried by currents into water no demo swam in; with no node
  // within the 96 units and 60 of height the bot looks for one, they drown (monastery:
  // `map-analysis/water-way-out.ts`).
  water: boolOption(
    true,
    'Cover the map\u2019s water with WATER nodes that lead out: swims between them and out onto the floor nodes, kept when the simulated bot makes them, none into the water.',
  ),
  // A bot on the ground with no node within the engine's pick-up (96 units, 60 of height, a
  // clear sweep) has no current node and stands still until shot (ghetto: 66 s in a room's
  // corner 105 units from the nearest node). `map-analysis/within-reach.ts`.
  withinReach: boolOption(
    true,
    'Put a node within the bot\u2019s node pick-up (96 units, 60 of height, a clear sweep) of every place of the walked floor, walls and corners included: a MOVE node near each place that has none, linked both ways by walks the simulated bot makes.',
  ),
  // At most 120: a bot halfway between two nodes of a column is then within 60 units of height
  // of one, as the bot's node search needs; with the grid's 64 units across, within 96 (3-D).
  waterLayer: numOption(
    96,
    'Largest height between two WATER nodes of a column (and of a swim between columns). [world units]',
    { minimum: 16, maximum: 120 },
  ),
  waterExitReach: numOption(
    128,
    'Farthest floor node (horizontally) a swim out of the water is tried to. [world units]',
    { minimum: 16, maximum: 256 },
  ),
  waterExits: numOption(2, 'Most swims out of the water kept per WATER node (nearest first).', {
    minimum: 1,
    maximum: 4,
    integer: true,
  }),
  // Off by default: whether it makes better navs for real bots is for the bot trials
  // (docs/navmesh.md, "Coverage holes"). The mesh is built from the spawn points, so its floor
  // is floor players reach; walked from there like the spawn stands.
  meshSeeds: numOption(
    0,
    'Walk the floor also from the centres of the map\u2019s navigation-mesh areas of at least this many cells (16 \u00d7 16 units each) that no demo node reaches (coverage holes); 0 = off. [cells]',
    { minimum: 0, maximum: 1024, integer: true },
  ),
  // 180: the deepest fall without damage in AQtion (a 210-unit stand drop already costs 10
  // health: classify's `safeDrop`); at most the engine's 210.
  maxDrop: numOption(
    180,
    'Deepest ledge a filled link drops off (180: no fall damage in AQtion); 0 = walks only. [world units]',
    { minimum: 0, maximum: 210 },
  ),
};

const fillTable = fromOptionTable(FILL_OPTIONS);

export type FillOptions = OptionsOf<typeof FILL_OPTIONS>;

export const fillDefaults: FillOptions = fillTable.defaults;

/**
 * The operator; `load` gives the map and its floor samples when the graph arrives (and the map's
 * navigation mesh when `withMesh`).
 */
export function fill(
  options: Partial<FillOptions>,
  load: (spacing: number, withMesh: boolean) => Promise<FillMap | null>,
  doAhead?: (work: WorkAhead) => Promise<void>,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = withDefaults('fill', FILL_OPTIONS, options);
  return graphInOrder(async (e, emit) => {
    const map = await load(o.spacing, o.meshSeeds > 0);
    if (!map) {
      passWithoutMap(e, emit, 'fill');
      return;
    }
    const r = await runGivingWay(fillGraphSteps(e.graph, map, o), doAhead);
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'fill', data: r.stats });
  });
}

/**
 * Loads the map and its floor (cached by the BSP's content hash in `cacheDir`), and its mesh
 * (cached there too) when asked.
 */
export function fillMapLoader(
  bsp: string | null,
  cacheDir: string | null,
): (spacing: number, withMesh: boolean) => Promise<FillMap | null> {
  return async (spacing, withMesh) => {
    if (!bsp) return null;
    const [map, hash, collision] = await Promise.all([
      loadMap(bsp),
      hashFile(bsp),
      loadCollision(bsp),
    ]);
    const { floor, cached } = await walkableFloor(map.world, hash, spacing, cacheDir);
    const spawns = spawnPointsOf(map.entities, bsp).map((p) => p.origin);
    const mesh = withMesh ? await cachedMapMesh(bsp, cacheDir) : null;
    const meshHoles = mesh
      ? (origins: readonly number[], minCells: number) => holeCentres(mesh, origins, minCells)
      : null;
    return { world: map.world, collision, floor, cached, spawns, meshHoles };
  };
}

/** The `fill` stage of pipeline files. */
export const fillStage = defineStage<FillOptions>({
  meta: {
    name: 'fill',
    description:
      'MOVE nodes on walkable floor the map shows where demos left none (grid samples reached from demo nodes and spawn points, and up the map\u2019s ladders), linked by walks, drops, jumps and climbs the simulated bot makes, and WATER nodes in the map\u2019s water with swims that lead out; floor cached by the BSP hash.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: fillTable.schema,
    defaults: fillDefaults,
    shares: { brinkClearance: 'brinkClearance', maxDrop: 'maxDrop' },
  },
  create: (opts, ctx) => fill(opts, fillMapLoader(ctx.bsp, ctx.cacheDir ?? null), ctx.doAhead),
});
