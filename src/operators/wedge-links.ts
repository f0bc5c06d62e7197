/**
 * wedge-links: takes away links the engine's bot wedges on, where another way remains.
 *
 * `BOTLIB_Wander` has a sidestep for a bot that has not moved, but its `moved` test reads a
 * field botlib bots never write, so the engine's bots never sidestep (`simulated-bot/bot-driver.ts`).
 * Pressed into a concave corner on the way to its next node, a real bot stays there until its
 * travel counter runs out, picks a new goal from the same spot and often presses in again
 * (ghetto's pillar nook, bwcity's wall block: seconds on end in every trial). The nav test's
 * bot keeps the sidestep: taking it away there cost more than it gave (a room's only ways out
 * were recorded bad, docs/nav-quality.md). So this stage runs every link once more as the
 * engine's bot and lets a wedging link go only when the graph still leads from its source to
 * its target over the links that remain, by a way at most `maxExtra` units longer: what
 * reaches what does not change, and a link that is a room's only way out stays. The recipe is
 * `map-analysis/wedge-links-graph.ts`, its step `map-analysis/engine-bot-wedges.ts`; this file
 * keeps the options table, the operator and the stage.
 *
 * Deterministic: links are judged in link order against the graph as it shrinks.
 *
 * Emits the graph and a `wedge-links` summary (links, wedging, removed, wedging links kept).
 *
 * @example
 * stages:
 *   - wedge-links: { maxExtra: 1024 }
 * @see short-links
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { passWithoutMap } from './internal/pass-without-map.js';
import { defineStage } from '../stage/stage.js';
import {
  fromOptionTable,
  numOption,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { GraphEvent } from '../stage/graph-types.js';
import type { CollisionModel } from '../world/collision-model.js';
import { loadCollision } from '../map-analysis/map-source.js';
import { wedgeLinksGraphSteps } from '../map-analysis/wedge-links-graph.js';
import { runGivingWay, type WorkAhead } from '../pausing/run-steps.js';

/**
 * wedge-links' options, each stated once: the default, the limits and the one line the docs
 * show.
 */
const WEDGE_LINKS_OPTIONS = {
  // Set from the bot's clock, not from a map: a wedged bot stands until its travel counter
  // runs out, 6 to 12 s (120 counts, one or two a think), while 1024 units more take it 3.4 s
  // at a player's top running speed (pmove's `maxspeed`, 300 u/s). A ratio to the link's
  // length (first tried: 3) kept bwcity's wall-block link, whose way round had become 3.6
  // times its 75 units once the wedging links before it had gone.
  maxExtra: numOption(
    1024,
    'Longest way round that lets a wedging link go, beyond the link\u2019s own length. [world units]',
    { minimum: 0, maximum: 4096 },
  ),
};

const wedgeLinksTable = fromOptionTable(WEDGE_LINKS_OPTIONS);

export type WedgeLinksOptions = OptionsOf<typeof WEDGE_LINKS_OPTIONS>;

export const wedgeLinksDefaults: WedgeLinksOptions = wedgeLinksTable.defaults;

/** The operator; `load` gives the map's collision model when the graph arrives (null: no BSP). */
export function wedgeLinks(
  options: Partial<WedgeLinksOptions>,
  load: () => Promise<CollisionModel | null>,
  doAhead?: (work: WorkAhead) => Promise<void>,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = withDefaults('wedge-links', WEDGE_LINKS_OPTIONS, options);
  return graphInOrder(async (e, emit) => {
    const collision = await load();
    if (!collision) {
      passWithoutMap(e, emit, 'wedge-links');
      return;
    }
    const r = await runGivingWay(wedgeLinksGraphSteps(e.graph, collision, o), doAhead);
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'wedge-links', data: r.stats });
  });
}

/** The `wedge-links` stage of pipeline files. */
export const wedgeLinksStage = defineStage<WedgeLinksOptions>({
  meta: {
    name: 'wedge-links',
    description:
      'Removes links the engine\u2019s bot (which never sidesteps) wedges on in a corner, where the graph still leads from the link\u2019s source to its target by a way at most maxExtra units longer; a link that is the only way stays.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: wedgeLinksTable.schema,
    defaults: wedgeLinksDefaults,
  },
  create: (opts, ctx) => {
    const bsp = ctx.bsp;
    return wedgeLinks(opts, async () => (bsp ? loadCollision(bsp) : null), ctx.doAhead);
  },
});
