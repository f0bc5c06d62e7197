/**
 * first-hops: a node wherever a bot standing on the floor would set off straight into a wall.
 *
 * An AQtion bot takes the nearest node in its pick-up reach as its current node and walks
 * straight from where it stands to the next node of its path, never to the current node first;
 * where a wall stands in that line it presses into the wall, and its stuck handler picks a new
 * goal from the same spot, for as long as it lives (`map-analysis/blind-first-hops.ts`,
 * docs/nav-quality.md "Blind first hops"). So every floor sample (`walkable-floor.ts`, every
 * `spacing` units) whose picked node links to a node the sample does not reach in a straight
 * line gets a MOVE node of its own, linked with walks the simulated bot makes to the nodes it
 * does reach (`map-analysis/first-hop-nodes.ts`). Samples are judged in order against the
 * graph as it grows.
 *
 * The work is `firstHopsGraphSteps` (`map-analysis/first-hops-graph.ts`); this file holds the
 * options table, the operator and the stage. The stage keeps `fill`'s brink rule with fill's
 * `brinkClearance` and `maxDrop`, and never makes again a node or link the nav test recorded
 * as bad (the pipeline's feedback, matched within feedback's `matchRadius`), as in `connect`:
 * shared settings, from the stage context.
 *
 * Emits the graph and a `first-hops` summary (samples, blind samples before, nodes and links
 * added, blind samples left).
 *
 * @example
 * stages:
 *   - first-hops: { spacing: 32, linkRange: 128 }
 * @see fill
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { passWithoutMap } from './internal/pass-without-map.js';
import { defineStage, type SharedSettings } from '../stage/stage.js';
import { sharedOf } from '../stage/shared-settings.js';
import {
  fromOptionTable,
  numOption,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { GraphEvent } from '../stage/graph-types.js';
import { walkableFloor } from '../map-analysis/walkable-floor.js';
import { loadCollision, loadMap } from '../map-analysis/map-source.js';
import { hashFile } from '../files/content-hash.js';
import { firstHopsGraphSteps, type FirstHopsMap } from '../map-analysis/first-hops-graph.js';
import { runGivingWay } from '../pausing/run-steps.js';
import { EMPTY_FEEDBACK, type Feedback } from '../sources/feedback/feedback.js';
import { loadFeedbackFor } from './feedback.js';

/**
 * first-hops' options, each stated once: the default, the limits and the one line the docs
 * show (docs/pipelines.md and the pipeline schema are generated from this table).
 */
const FIRST_HOPS_OPTIONS = {
  spacing: numOption(32, 'Floor sample spacing: the standing places looked at. [world units]', {
    minimum: 8,
    maximum: 128,
  }),
  linkRange: numOption(128, 'Farthest node a new node links to. [world units]', {
    minimum: 32,
    maximum: 256,
  }),
  maxStep: numOption(18, 'Largest height difference of a new node\u2019s link. [world units]', {
    minimum: 0,
    maximum: 60,
  }),
  maxLinks: numOption(6, 'Most links of a new node (each way).', {
    minimum: 1,
    maximum: 16,
    integer: true,
  }),
};

const firstHopsTable = fromOptionTable(FIRST_HOPS_OPTIONS);

export type FirstHopsOptions = OptionsOf<typeof FIRST_HOPS_OPTIONS>;

export const firstHopsDefaults: FirstHopsOptions = firstHopsTable.defaults;

/** The shared settings the stage reads (fill's brink rule, feedback's match radius). */
export type FirstHopsShared = Pick<SharedSettings, 'matchRadius' | 'brinkClearance' | 'maxDrop'>;

/**
 * The operator; `load` gives the map's collision model and floor samples when the graph
 * arrives, `loadFeedback` the failures the nav test recorded.
 */
export function firstHops(
  options: Partial<FirstHopsOptions>,
  shared: FirstHopsShared,
  load: (spacing: number) => Promise<FirstHopsMap | null>,
  loadFeedback: () => Promise<Feedback> = async () => EMPTY_FEEDBACK,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = withDefaults('first-hops', FIRST_HOPS_OPTIONS, options);
  const recipe = {
    linkRange: o.linkRange,
    maxStep: o.maxStep,
    maxLinks: o.maxLinks,
    matchRadius: shared.matchRadius,
    brinkClearance: shared.brinkClearance,
    maxDrop: shared.maxDrop,
  };
  return graphInOrder(async (e, emit) => {
    const map = await load(o.spacing);
    if (!map) {
      passWithoutMap(e, emit, 'first-hops');
      return;
    }
    const r = await runGivingWay(firstHopsGraphSteps(e.graph, map, recipe, await loadFeedback()));
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'first-hops', data: r.stats });
  });
}

/** Loads the collision model and the floor (cached by the BSP's content hash in `cacheDir`). */
export function firstHopsMapLoader(
  bsp: string | null,
  cacheDir: string | null,
): (spacing: number) => Promise<FirstHopsMap | null> {
  return async (spacing) => {
    if (!bsp) return null;
    const [map, hash, collision] = await Promise.all([
      loadMap(bsp),
      hashFile(bsp),
      loadCollision(bsp),
    ]);
    const { floor } = await walkableFloor(map.world, hash, spacing, cacheDir);
    return { world: map.world, collision, floor };
  };
}

/** The `first-hops` stage of pipeline files. */
export const firstHopsStage = defineStage<FirstHopsOptions>({
  meta: {
    name: 'first-hops',
    description:
      'MOVE nodes on floor samples from which the bot\u2019s picked node links to a node the sample does not reach in a straight line (the bot walks straight at its next node and presses into the wall), linked with walks the simulated bot makes to the nodes the sample reaches.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: firstHopsTable.schema,
    defaults: firstHopsDefaults,
  },
  create: (opts, ctx) =>
    firstHops(
      opts,
      sharedOf(ctx, 'first-hops'),
      firstHopsMapLoader(ctx.bsp, ctx.cacheDir ?? null),
      () => loadFeedbackFor(ctx),
    ),
});
