/**
 * cluster: merges the votes of all demos into nodes and links.
 *
 * Like `reduce`, but spatial: node votes within `radius` of each other become one cluster
 * (spatial hashing, linear in the number of votes, independent of their order; see
 * `internal/cluster-votes.ts`). A cluster becomes a node when its votes weigh at least
 * `minWeight` in total and come from at least `minDemos` different demos: one lucky run is not
 * a route. `minDemos: auto` (the default) asks for min(3, demos used): three demos agreeing when
 * there are three or more, every demo when there are fewer — with one or two demos a fixed 3
 * would drop every cluster and write an empty nav. The summary says what `auto` became. The
 * node sits at the weighted mean of its votes horizontally and at their weighted median height:
 * votes come from players on the ground (vote leaves out positions in flight), so that is where
 * a standing player's origin is — the height convention of the engine's own nodes.
 *
 * A link vote between votes of two different kept nodes counts for the directed link between
 * them; a link is kept with at least `minLinkWeight` and `minLinkDemos` (`auto`: min(1, demos
 * used), the same rule as `minDemos` with a cap of one demo).
 *
 * The work is `clusterGraph` (`internal/cluster-graph.ts`); this file holds the options table,
 * the operator and the stage. Consumes the `votes` event, emits a `graph` event and a `cluster`
 * summary (clusters dropped by each threshold).
 *
 * @example
 * stages:
 *   - cluster: { radius: 48, minWeight: 0.4, minDemos: 3 }
 * @see vote, classify
 */
import { Observable, type OperatorFunction } from 'rxjs';
import { relay } from './internal/relay.js';
import { defineStage } from '../stage/stage.js';
import {
  fromOptionTable,
  numOption,
  option,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { JsonSchema } from '../stage/stage.js';
import type { GraphEvent } from '../stage/graph-types.js';
import { clusterGraph, type DemoThreshold } from './internal/cluster-graph.js';

function demoThreshold(description: string): JsonSchema {
  return {
    description,
    oneOf: [{ type: 'integer', minimum: 1 }, { const: 'auto' }],
  };
}

/**
 * cluster's options, each stated once: the default, the limits and the one line the docs show.
 * `radius` is shared (`meta.shares`): the NAV3 sink sizes its nodes by it.
 */
const CLUSTER_OPTIONS = {
  radius: numOption(48, 'Votes closer than this merge. [world units]', { exclusiveMinimum: 0 }),
  minWeight: numOption(0.4, 'Least total vote weight of a node.', { minimum: 0 }),
  minDemos: option<DemoThreshold>(
    'auto',
    demoThreshold(
      'Least number of distinct demos voting for a node; "auto" (default) = min(3, demos used).',
    ),
  ),
  minLinkWeight: numOption(0.4, 'Least total weight of a link.', { minimum: 0 }),
  minLinkDemos: option<DemoThreshold>(
    'auto',
    demoThreshold(
      'Least number of distinct demos making a link; "auto" (default) = min(1, demos used).',
    ),
  ),
};

const clusterTable = fromOptionTable(CLUSTER_OPTIONS);

export type ClusterOptions = OptionsOf<typeof CLUSTER_OPTIONS>;

export const clusterDefaults: ClusterOptions = clusterTable.defaults;

export function cluster(
  options: Partial<ClusterOptions> = {},
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = withDefaults('cluster', CLUSTER_OPTIONS, options);
  return (source) =>
    new Observable<GraphEvent>((subscriber) =>
      relay(source, subscriber, {
        next(e) {
          if (e.kind !== 'votes') {
            subscriber.next(e);
            return;
          }
          const result = clusterGraph(e.pool, o);
          subscriber.next({
            kind: 'graph',
            graph: { nodes: result.nodes, links: result.links },
            votes: e.pool,
          });
          subscriber.next({ kind: 'summary', stage: 'cluster', data: result.stats });
        },
      }),
    );
}

/** The `cluster` stage of pipeline files. */
export const clusterStage = defineStage<ClusterOptions>({
  meta: {
    name: 'cluster',
    description:
      'Merges votes within `radius` into nodes (weight and distinct-demo thresholds) and links.',
    phase: 'graph',
    needs: ['votes'],
    adds: ['graph'],
    removes: ['votes'],
    schema: clusterTable.schema,
    defaults: clusterDefaults,
    shares: { clusterRadius: 'radius' },
  },
  create: (options) => cluster(options),
});
