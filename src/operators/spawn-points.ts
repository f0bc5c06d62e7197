/**
 * spawn-points: adds a SPAWNPOINT node at every spawn point of the map and links it with the
 * learned nodes around it, so that a bot that spawns there starts on the graph.
 *
 * Spawn entities float above the floor (the game drops players onto it), so each spawn node
 * is first dropped to the floor and raised to standing height, the height convention of all
 * other nodes; where the standing box does not fit there on ground (a spawn against a wall),
 * it moves to the nearest position where it does (`map-analysis/place-node.ts`). It is then
 * linked both ways with up to `maxLinks` nearest nodes within `radius` that are within
 * `maxStep` in height and in line of sight (no solid between them, tested on the map's BSP). A
 * spawn point that links to nothing is reported: the learned graph does not reach it.
 *
 * The work is `spawnPointsGraph` (`map-analysis/spawn-points-graph.ts`); this file holds the
 * options table, the operator and the stage. The spawn points come from the BSP entity lump
 * (`info_player_start`, `info_player_deathmatch` and the team spawns). Emits the augmented
 * graph and a `spawn-points` summary.
 *
 * @example
 * stages:
 *   - spawn-points: { radius: 128, maxLinks: 4 }
 * @see classify
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { defineStage } from '../stage/stage.js';
import {
  boolOption,
  fromOptionTable,
  numOption,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { GraphEvent } from '../stage/graph-types.js';
import { spawnPointsOf } from '../sources/bsp/spawn-points.js';
import { loadMap } from '../map-analysis/map-source.js';
import { spawnPointsGraph, type SpawnPointsMap } from '../map-analysis/spawn-points-graph.js';

/**
 * spawn-points' options, each stated once: the default, the limits and the one line the docs
 * show.
 */
const SPAWN_POINTS_OPTIONS = {
  radius: numOption(128, 'Farthest node a spawn links to. [world units]', {
    exclusiveMinimum: 0,
  }),
  maxLinks: numOption(4, 'Most links per spawn point, each way.', {
    minimum: 1,
    maximum: 32,
    integer: true,
  }),
  maxStep: numOption(32, 'Largest height difference of a spawn link. [world units]', {
    minimum: 0,
  }),
  // Needs the BSP.
  dropToFloor: boolOption(true, 'Drop spawn nodes to the floor below them.'),
  maxDrop: numOption(256, 'Deepest floor search below a spawn entity. [world units]', {
    minimum: 0,
  }),
};

const spawnPointsTable = fromOptionTable(SPAWN_POINTS_OPTIONS);

export type SpawnPointsOptions = OptionsOf<typeof SPAWN_POINTS_OPTIONS>;

export const spawnPointsDefaults: SpawnPointsOptions = spawnPointsTable.defaults;

/** The operator; `load` supplies the map's spawn points and world when the graph arrives. */
export function spawnPoints(
  options: Partial<SpawnPointsOptions>,
  load: () => Promise<SpawnPointsMap>,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = withDefaults('spawn-points', SPAWN_POINTS_OPTIONS, options);
  return graphInOrder(async (e, emit) => {
    const r = spawnPointsGraph(e.graph, await load(), o);
    emit({ kind: 'graph', graph: r.graph });
    emit({ kind: 'summary', stage: 'spawn-points', data: r.stats });
  });
}

/** Loads spawn points and world of a BSP once. */
export function spawnPointsMapLoader(bsp: string | null): () => Promise<SpawnPointsMap> {
  let loaded: Promise<SpawnPointsMap> | null = null;
  return () => {
    if (!bsp) return Promise.resolve({ spawns: [], world: null });
    loaded ??= loadMap(bsp).then((m) => ({
      spawns: spawnPointsOf(m.entities, bsp),
      world: m.world,
    }));
    return loaded;
  };
}

/** The `spawn-points` stage of pipeline files. */
export const spawnPointsStage = defineStage<SpawnPointsOptions>({
  meta: {
    name: 'spawn-points',
    description:
      'SPAWNPOINT nodes at the map\u2019s spawn entities (from the BSP), dropped to the floor and linked to nearby nodes in sight.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: spawnPointsTable.schema,
    defaults: spawnPointsDefaults,
  },
  create: (opts, ctx) => spawnPoints(opts, spawnPointsMapLoader(ctx.bsp)),
});
