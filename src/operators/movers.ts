/**
 * movers: keeps the graph out of the way of the map's moving brush entities and puts its lifts
 * on it. The world model has no movers (doors, lifts and trains are entities, not world), so the
 * demo votes and `fill` put nodes and links where trains run and lift shafts gape; the engine's
 * bots there get crushed or fall.
 *
 * From the entity lump and the inline models (`map-analysis/movers/mover-volumes.ts`) each
 * train's and rotating model's swept volume removes the nodes and links it passes through, with
 * `clearance` to spare across (`avoid-movers.ts`); so does each lift's shaft, and each lift then
 * gets a PLATFORM pair that rides it from its bottom floor to its top floor
 * (`plat-pairs.ts`, with `platPairs`). Doors are left alone: the bot library destroys every door
 * when it loads a nav (`Remove_All_Doors` in `BOTLIB_LoadNav`).
 *
 * Emits the graph and a `movers` summary (the movers found, nodes and links removed, the pairs).
 *
 * @example
 * stages:
 *   - fill
 *   - spawn-points
 *   - movers: { clearance: 16 }
 * @see fill, spawnPoints
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
import type { BspWorld } from '../sources/bsp/world.js';
import { loadMap } from '../map-analysis/map-source.js';
import { moversOf, type Mover } from '../map-analysis/movers/mover-volumes.js';
import { avoidMovers } from '../map-analysis/movers/avoid-movers.js';
import { addPlatPairs } from '../map-analysis/movers/plat-pairs.js';

/** movers' options, each stated once: the default, the limits and the one line the docs show. */
const MOVERS_OPTIONS = {
  clearance: numOption(
    16,
    'Room kept between a node\u2019s or link\u2019s player box and a mover\u2019s volume, each side across. [world units]',
    { minimum: 0, maximum: 64 },
  ),
  platPairs: boolOption(
    true,
    'Put a PLATFORM pair on each lift (func_plat) with floor nodes at both ends.',
  ),
  platReach: numOption(
    96,
    'Farthest a floor node may stand from a lift\u2019s footprint to join its pair. [world units]',
    { minimum: 16, maximum: 256 },
  ),
  platLinks: numOption(4, 'Most floor nodes linked at each end of a lift.', {
    minimum: 1,
    maximum: 8,
    integer: true,
  }),
};

const moversTable = fromOptionTable(MOVERS_OPTIONS);

export type MoversOptions = OptionsOf<typeof MOVERS_OPTIONS>;

export const moversDefaults: MoversOptions = moversTable.defaults;

/** What the stage needs of the map. */
export interface MoversMap {
  readonly world: BspWorld;
  readonly movers: readonly Mover[];
}

/** The operator; `load` gives the map's movers when the graph arrives (null: no BSP). */
export function movers(
  options: Partial<MoversOptions>,
  load: () => Promise<MoversMap | null>,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = withDefaults('movers', MOVERS_OPTIONS, options);
  return graphInOrder(async (e, emit) => {
    const map = await load();
    if (!map) {
      passWithoutMap(e, emit, 'movers');
      return;
    }
    // Doors vanish when the bots load the nav; everything else moving is in the way.
    const inTheWay = map.movers.filter((m) => m.kind !== 'door');
    const avoided = avoidMovers(
      e.graph,
      inTheWay.flatMap((m) => m.sweeps),
      o.clearance,
    );
    const lifts = o.platPairs ? inTheWay.flatMap((m) => (m.lift ? [m.lift] : [])) : [];
    const paired = addPlatPairs(avoided.graph, lifts, map.world, {
      reach: o.platReach,
      maxLinks: o.platLinks,
    });
    emit({ kind: 'graph', graph: paired.graph, votes: e.votes });
    emit({
      kind: 'summary',
      stage: 'movers',
      data: {
        movers: map.movers.map((m) => ({ classname: m.classname, model: m.model, line: m.line })),
        nodesRemoved: avoided.removedNodes.length,
        linksRemoved: avoided.removedLinks,
        platPairs: paired.pairs,
      },
    });
  });
}

/** The `movers` stage of pipeline files. */
export const moversStage = defineStage<MoversOptions>({
  meta: {
    name: 'movers',
    description:
      'Removes nodes and links where trains, rotating models and lifts move (from the map\u2019s entities) and puts a PLATFORM pair on each lift; doors are left (the bots remove them).',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: moversTable.schema,
    defaults: moversDefaults,
  },
  create: (opts, ctx) =>
    movers(opts, async () => {
      if (!ctx.bsp) return null;
      const map = await loadMap(ctx.bsp);
      return { world: map.world, movers: moversOf(map.entities, map.world.models) };
    }),
});
