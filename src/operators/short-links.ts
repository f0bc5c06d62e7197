/**
 * short-links: removes long links that a chain of short ones already covers.
 *
 * The AQtion bot counts a node reached up to 37 units away on each axis and then runs straight
 * at the next node of its path. The longer that run, the more it matters where in the reach
 * box the bot was: from its far side a straight line to a node 150 units on grazes a pillar or
 * a door frame that the line from the node's centre clears, and the bot stands pressed into
 * the corner (monastery: 75 s beside a pillar, heading along a 155-unit link). The engine's own
 * generator links grid neighbours 48–68 units apart and nothing longer. So a link whose
 * horizontal length exceeds `maxLength` goes when the graph holds another way from its source
 * to its target over links no longer than `maxLength`, at most `maxDetour` times as long;
 * without such a way it stays (a drop or jump that is the only way, a long demo route through
 * a place the map fill did not cover).
 *
 * Deterministic: links are judged against the graph as it came, in link order, so no removal
 * depends on another.
 *
 * Emits the graph and a `short-links` summary.
 *
 * @example
 * stages:
 *   - short-links: { maxLength: 96, maxDetour: 1.5 }
 * @see connect
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { defineStage } from '../stage/stage.js';
import {
  fromOptionTable,
  numOption,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { DraftGraph, GraphEvent, GraphStageResult } from '../stage/graph-types.js';
import { distance } from '../stage/graph-types.js';
import { adjacency } from '../graph/strong-components.js';
import { shortestWay } from '../graph/shortest-way.js';

/**
 * short-links' options, each stated once: the default, the limits and the one line the docs
 * show.
 */
const SHORT_LINKS_OPTIONS = {
  maxLength: numOption(96, 'Longest link kept without question, horizontally. [world units]', {
    minimum: 32,
    maximum: 1024,
  }),
  maxDetour: numOption(
    1.5,
    'Longest way round over short links that replaces a long link, as a multiple of its length.',
    { minimum: 1, maximum: 4 },
  ),
};

const shortLinksTable = fromOptionTable(SHORT_LINKS_OPTIONS);

export type ShortLinksOptions = OptionsOf<typeof SHORT_LINKS_OPTIONS>;

export const shortLinksDefaults: ShortLinksOptions = shortLinksTable.defaults;

const horizontal = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0] - b[0], a[1] - b[1]);

export function shortenLinks(g: DraftGraph, o: ShortLinksOptions): GraphStageResult {
  const adj = adjacency(g.nodes.length, g.links);
  const step = (v: number, w: number) => distance(g.nodes[v].origin, g.nodes[w].origin);
  const short = new Uint8Array(g.links.length);
  g.links.forEach((l, k) => {
    if (horizontal(g.nodes[l.from].origin, g.nodes[l.to].origin) <= o.maxLength) short[k] = 1;
  });
  let long = 0;
  const drop = new Uint8Array(g.links.length);
  g.links.forEach((l, k) => {
    if (short[k]) return;
    long++;
    const length = distance(g.nodes[l.from].origin, g.nodes[l.to].origin);
    const way = shortestWay(adj, (m) => short[m] === 1, step, l.from, l.to, length * o.maxDetour);
    if (way < Infinity) drop[k] = 1;
  });
  const links = g.links.filter((_, k) => !drop[k]);
  return {
    graph: { nodes: g.nodes, links },
    stats: {
      longLinks: long,
      longLinksRemoved: g.links.length - links.length,
      linksKept: links.length,
    },
  };
}

/** The operator (graph only; no map needed). */
export function shortLinks(
  options: Partial<ShortLinksOptions>,
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = withDefaults('short-links', SHORT_LINKS_OPTIONS, options);
  return graphInOrder(async (e, emit) => {
    const r = shortenLinks(e.graph, o);
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'short-links', data: r.stats });
  });
}

/** The `short-links` stage of pipeline files. */
export const shortLinksStage = defineStage<ShortLinksOptions>({
  meta: {
    name: 'short-links',
    description:
      'Removes links longer than maxLength (horizontally) where a way over short links, at most maxDetour times as long, already leads from the source to the target: the bot runs straight from wherever it counted a node reached, and long runs graze corners.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: shortLinksTable.schema,
    defaults: shortLinksDefaults,
  },
  create: (opts) => shortLinks(opts),
});
