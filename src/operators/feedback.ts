/**
 * feedback: removes what a nav test found bad before the nav is written again.
 *
 * Like `filter`, on the graph: every node within `matchRadius` of a bad node's position is
 * removed with its links, and every link whose ends lie within `matchRadius` of a bad link's
 * ends is removed. Positions, not node numbers, identify failures, because numbers change from
 * build to build. Failures that match nothing any more are counted, not fatal.
 *
 * The work is `feedbackGraph` (`internal/feedback-graph.ts`); this file holds the options
 * table, the operator and the stage. Emits the pruned graph and a `feedback` summary.
 *
 * @example
 * feedback: wizs.feedback.json
 * stages:
 *   - feedback: { matchRadius: 48 }
 * @see cluster, spawnPoints
 */
import { Observable, type OperatorFunction } from 'rxjs';
import { relay } from './internal/relay.js';
import { feedbackGraph } from './internal/feedback-graph.js';
import { defineStage, type StageContext } from '../stage/stage.js';
import {
  fromOptionTable,
  numOption,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { GraphEvent } from '../stage/graph-types.js';
import { EMPTY_FEEDBACK, type Feedback } from '../sources/feedback/feedback.js';

/**
 * feedback's options, each stated once: the default, the limits and the one line the docs show.
 * `matchRadius` is shared (`meta.shares`): `connect` and `first-hops` match recorded failures
 * with it too.
 */
const FEEDBACK_OPTIONS = {
  matchRadius: numOption(
    48,
    'A node or link end this close to a failure matches it. [world units]',
    {
      exclusiveMinimum: 0,
    },
  ),
};

const feedbackTable = fromOptionTable(FEEDBACK_OPTIONS);

export type FeedbackOptions = OptionsOf<typeof FEEDBACK_OPTIONS>;

export const feedbackDefaults: FeedbackOptions = feedbackTable.defaults;

/** The operator; `load` supplies the feedback when the graph arrives. */
export function feedback(
  options: Partial<FeedbackOptions>,
  load: () => Promise<Feedback>,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = withDefaults('feedback', FEEDBACK_OPTIONS, options);
  return (source) =>
    new Observable<GraphEvent>((subscriber) => {
      let chain = Promise.resolve();
      return relay(source, subscriber, {
        next(e) {
          chain = chain.then(async () => {
            if (e.kind !== 'graph') {
              subscriber.next(e);
              return;
            }
            const r = feedbackGraph(e.graph, await load(), o);
            subscriber.next({ kind: 'graph', graph: r.graph });
            subscriber.next({ kind: 'summary', stage: 'feedback', data: r.stats });
          });
        },
        complete() {
          return chain;
        },
      });
    });
}

/** The `feedback` stage of pipeline files (the failures come from the pipeline's `feedback` file). */
export const feedbackStage = defineStage<FeedbackOptions>({
  meta: {
    name: 'feedback',
    description: 'Removes nodes and links that a nav test reported bad (matched by position).',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: feedbackTable.schema,
    defaults: feedbackDefaults,
    shares: { matchRadius: 'matchRadius' },
  },
  create: (opts, ctx) => feedback(opts, () => loadFeedbackFor(ctx)),
});

/** The feedback the pipeline names, resolved by the runner into the stage context. */
export async function loadFeedbackFor(ctx: StageContext): Promise<Feedback> {
  return ctx.loadFeedback ? ctx.loadFeedback() : EMPTY_FEEDBACK;
}
