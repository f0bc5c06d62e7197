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
 * engine's bot (`map-analysis/wedging-links.ts`) and lets a wedging link go only when the
 * graph still leads from its source to its target over the links that remain, by a way at
 * most `maxExtra` units longer (`graph/links-with-another-way.ts`): what reaches what does
 * not change, and a link that is a room's only way out stays.
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
import { num, options } from '../stage/schema-helpers.js';
import type { DraftGraph, GraphEvent, GraphStageResult } from '../stage/graph-types.js';
import { distance } from '../stage/graph-types.js';
import type { CollisionModel } from '../world/collision-model.js';
import { loadCollision } from '../map-analysis/map-source.js';
import { wedgingLinkSteps } from '../map-analysis/wedging-links.js';
import { linkToSimulate } from '../map-analysis/link-check.js';
import { linksWithAnotherWay } from '../graph/links-with-another-way.js';
import { runGivingWay, type Steps, type WorkAhead } from '../pausing/run-steps.js';

export interface WedgeLinksOptions {
  /**
   * Longest way round that lets a wedging link go, beyond the link's own length. Set from the
   * bot's clock, not from a map: a wedged bot stands until its travel counter runs out, 6 to
   * 12 s (120 counts, one or two a think), while 1024 units more take it 3.4 s at a player's
   * top running speed (pmove's `maxspeed`, 300 u/s). A ratio to the link's length (first
   * tried: 3) kept bwcity's wall-block link, whose way round had become 3.6 times its 75 units
   * once the wedging links before it had gone. [Units: world units] [Limit: 0..4096]
   */
  readonly maxExtra: number;
}

export const wedgeLinksDefaults: WedgeLinksOptions = Object.freeze({
  maxExtra: 1024,
});

/** The stage's work, pausing (`yield`) within the simulation. */
export function* wedgeLinkSteps(
  g: DraftGraph,
  collision: CollisionModel,
  o: WedgeLinksOptions,
): Steps<GraphStageResult> {
  const wedging = yield* wedgingLinkSteps(
    collision,
    g.links.map((l) => linkToSimulate(g.nodes, l)),
  );
  yield;
  const length = (v: number, w: number) => distance(g.nodes[v].origin, g.nodes[w].origin);
  const drop = linksWithAnotherWay(g.nodes.length, g.links, wedging, length, o.maxExtra);
  const links = g.links.filter((_, k) => !drop[k]);
  const wedgingCount = wedging.reduce((s, x) => s + x, 0);
  const removed = g.links.length - links.length;
  return {
    graph: { nodes: g.nodes, links },
    stats: {
      links: g.links.length,
      wedging: wedgingCount,
      removed,
      wedgingKept: wedgingCount - removed,
    },
  };
}

/** The operator; `load` gives the map's collision model when the graph arrives (null: no BSP). */
export function wedgeLinks(
  options: Partial<WedgeLinksOptions>,
  load: () => Promise<CollisionModel | null>,
  doAhead?: (work: WorkAhead) => Promise<void>,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o: WedgeLinksOptions = { ...wedgeLinksDefaults, ...options };
  return graphInOrder(async (e, emit) => {
    const collision = await load();
    if (!collision) {
      passWithoutMap(e, emit, 'wedge-links');
      return;
    }
    const r = await runGivingWay(wedgeLinkSteps(e.graph, collision, o), doAhead);
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
    schema: options({
      maxExtra: num(
        'Longest way round that lets a wedging link go, beyond the link\u2019s own length. [world units]',
        { minimum: 0, maximum: 4096 },
      ),
    }),
    defaults: wedgeLinksDefaults,
  },
  create: (opts, ctx) => {
    const bsp = ctx.bsp;
    return wedgeLinks(opts, async () => (bsp ? loadCollision(bsp) : null), ctx.doAhead);
  },
});
