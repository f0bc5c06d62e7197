/**
 * connect: makes every node of the graph one a bot can leave for the rest of the map, and
 * reach from it, where the map allows.
 *
 * The AQtion bot follows links only in their direction and picks goals among the nodes; from
 * a node that does not lead into the graph's main strongly connected component no goal is
 * reachable, and a bot whose nearest node it is stands still. Such dead ends appear when links
 * are dropped — by the simulated bot in `fill`, by a nav test through `feedback` — after the
 * nodes were placed. So, last in the pipeline, over the final graph: escapes (a link from each
 * such node into the main part, or two through a new node between), entries (a link into each
 * node the main part does not lead to), each kept when the simulated bot makes it; then the
 * nodes that still lead nowhere are removed, but spawn nodes and nodes leading into an island.
 *
 * The work is `connectGraphSteps` (`map-analysis/connect-graph.ts`, with the links in
 * `connect-links.ts` and the main part in `main-reach.ts`); this file holds the options table,
 * the operator and the stage. A link the nav test reported bad (the pipeline's feedback,
 * matched within feedback's `matchRadius`, a shared setting, unless the stage sets its own)
 * is never proposed again.
 *
 * Emits the graph and a `connect` summary.
 *
 * @example
 * stages:
 *   - feedback
 *   - connect: { radius: 192, maxTries: 8 }
 * @see fill, feedback
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { passWithoutMap } from './internal/pass-without-map.js';
import { defineStage, type SharedSettings } from '../stage/stage.js';
import { sharedOf } from '../stage/shared-settings.js';
import {
  boolOption,
  fromOptionTable,
  num,
  numOption,
  option,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { DraftGraph, GraphEvent } from '../stage/graph-types.js';
import { EMPTY_FEEDBACK, type Feedback } from '../sources/feedback/feedback.js';
import { loadFeedbackFor } from './feedback.js';
import { loadCollision, loadMap } from '../map-analysis/map-source.js';
import {
  connectGraphSteps,
  mendWaysOut,
  type MendResult,
  type ConnectGraphOptions,
} from '../map-analysis/connect-graph.js';
import type { ConnectMap } from '../map-analysis/connect-links.js';
import { runGivingWay } from '../pausing/run-steps.js';

/**
 * connect's options, each stated once: the default, the limits and the one line the docs show
 * (docs/pipelines.md and the pipeline schema are generated from this table).
 */
const CONNECT_OPTIONS = {
  radius: numOption(192, 'Farthest node a new link goes to. [world units]', {
    minimum: 16,
    maximum: 512,
  }),
  maxTries: numOption(8, 'Most candidate links tried per node and round, nearest first.', {
    minimum: 1,
    maximum: 32,
    integer: true,
  }),
  maxDrop: numOption(
    180,
    'Deepest ledge a new link drops off (180: no fall damage in AQtion); 0 = walks only. [world units]',
    { minimum: 0, maximum: 210 },
  ),
  maxJump: numOption(40, 'Highest ledge a new link jumps onto; 0 = no jumps. [world units]', {
    minimum: 0,
    maximum: 45,
  }),
  // 256: the engine's unsafe drop; the fall costs about 50 health, standing there for good
  // costs the game.
  escapeMaxDrop: numOption(
    256,
    'Deepest drop a dead end\u2019s way out may take when no other leads out (256: the engine\u2019s unsafe drop, about 50 health). [world units]',
    { minimum: 0, maximum: 300 },
  ),
  dropTraps: boolOption(
    true,
    'Remove the nodes that still lead nowhere after linking (not those leading into an island).',
  ),
  // A sealed yard, a pit with rooms: they and what leads into them are kept.
  minIsland: numOption(
    16,
    'Strongly connected groups apart from the main one with this many nodes are islands bots roam; kept.',
    { minimum: 2, maximum: 100000, integer: true },
  ),
  // null: the feedback stage's `matchRadius` (a shared setting), which removed those links.
  matchRadius: option<number | null>(
    null,
    num(
      'A proposed link this close at both ends to a reported bad link is not proposed; default: the feedback stage\u2019s matchRadius. [world units]',
      { exclusiveMinimum: 0 },
    ),
  ),
};

const connectTable = fromOptionTable(CONNECT_OPTIONS);

export type ConnectOptions = OptionsOf<typeof CONNECT_OPTIONS>;

export const connectDefaults: ConnectOptions = connectTable.defaults;

/**
 * The operator; `load` gives the map when the graph arrives (null: no BSP, the graph passes),
 * `loadFeedback` the failures the nav test recorded, matched within `options.matchRadius` or,
 * by default, the pipeline's (`shared`).
 */
export function connect(
  options: Partial<ConnectOptions>,
  shared: Pick<SharedSettings, 'matchRadius'>,
  load: () => Promise<ConnectMap | null>,
  loadFeedback: () => Promise<Feedback> = async () => EMPTY_FEEDBACK,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = connectOptionsOf(options, shared);
  return graphInOrder(async (e, emit) => {
    const map = await load();
    if (!map) {
      passWithoutMap(e, emit, 'connect');
      return;
    }
    const r = await runGivingWay(connectGraphSteps(e.graph, map, await loadFeedback(), o));
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'connect', data: r.stats });
  });
}

/** The stage's options as the recipe reads them: defaults filled, the match radius decided. */
function connectOptionsOf(
  options: Partial<ConnectOptions>,
  shared: Pick<SharedSettings, 'matchRadius'>,
): ConnectGraphOptions {
  const given = withDefaults('connect', CONNECT_OPTIONS, options);
  return { ...given, matchRadius: given.matchRadius ?? shared.matchRadius };
}

/**
 * The build's own test's mend (`pipeline/own-test.ts`): ways out again, with this stage's
 * options (`options`, as a pipeline gives them) for nodes the test's repairs left leading
 * nowhere (`mendWaysOut`).
 */
export function connectMend(
  options: Partial<ConnectOptions>,
  shared: Pick<SharedSettings, 'matchRadius'>,
  map: ConnectMap,
): (g: DraftGraph, failed: Feedback, lost: Uint8Array) => MendResult {
  const o = connectOptionsOf(options, shared);
  return (g, failed, lost) => mendWaysOut(g, map, failed, lost, o);
}

function connectMapLoader(bsp: string | null): () => Promise<ConnectMap | null> {
  return async () => {
    if (!bsp) return null;
    const [map, collision] = await Promise.all([loadMap(bsp), loadCollision(bsp)]);
    return { world: map.world, collision };
  };
}

/** The `connect` stage of pipeline files. */
export const connectStage = defineStage<ConnectOptions>({
  meta: {
    name: 'connect',
    description:
      'Links every node that leads nowhere (no path into the graph\u2019s main strongly connected component) or that nothing leads to, with walks, drops and jumps the simulated bot makes (failing that, a walk into an island bots roam), and removes the nodes that still lead nowhere: a bot never stands on a dead end.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: connectTable.schema,
    defaults: connectDefaults,
  },
  create: (opts, ctx) =>
    connect(opts, sharedOf(ctx, 'connect'), connectMapLoader(ctx.bsp), () => loadFeedbackFor(ctx)),
});
