/**
 * The recipe of the `wedge-links` stage (`operators/wedge-links.ts` keeps its options table,
 * operator and stage):
 *
 * 1. Every link run once more as the engine's bot, which never sidesteps
 *    (`engine-bot-wedges.ts`): the links it wedges on.
 * 2. Each wedging link goes only where the graph still leads from its source to its target
 *    over the links that remain, by a way at most `maxExtra` units longer
 *    (`graph/links-with-another-way.ts`): what reaches what does not change, and a link that
 *    is a room's only way out stays. Judged in link order against the graph as it shrinks.
 */
import type { CollisionModel } from '../world/collision-model.js';
import type { DraftGraph, GraphStageResult } from '../stage/graph-types.js';
import { distance } from '../stage/graph-types.js';
import { linksWithAnotherWay } from '../graph/links-with-another-way.js';
import { runToEnd, type Steps } from '../pausing/run-steps.js';
import { engineBotWedgeSteps } from './engine-bot-wedges.js';
import { linkToSimulate } from './link-check.js';

/** What the recipe reads of the stage's options. */
export interface WedgeLinksGraphOptions {
  /** Longest way round that lets a wedging link go, beyond the link's own length. [Units: world units] */
  readonly maxExtra: number;
}

/** The recipe at once (tests). */
export function wedgeLinksGraph(
  g: DraftGraph,
  collision: CollisionModel,
  o: WedgeLinksGraphOptions,
): GraphStageResult {
  return runToEnd(wedgeLinksGraphSteps(g, collision, o));
}

/** The recipe, pausing (`yield`) within the simulation and before the graph pass. */
export function* wedgeLinksGraphSteps(
  g: DraftGraph,
  collision: CollisionModel,
  o: WedgeLinksGraphOptions,
): Steps<GraphStageResult> {
  const wedging = yield* engineBotWedgeSteps(
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
