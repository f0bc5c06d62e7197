/**
 * The recipe of the `feedback` stage (`operators/feedback.ts` keeps its options table, the
 * operator and the stage): the graph without what a nav test found bad. Graph math, no map.
 *
 * 1. Every node within `matchRadius` of a bad node's position goes, with its links; the nodes
 *    left are numbered anew in order.
 * 2. Every link whose ends lie within `matchRadius` of a bad link's ends goes.
 *
 * Positions, not node numbers, identify failures (numbers change from build to build); the
 * failures that match nothing are counted.
 */
import type { DraftGraph, GraphStageResult } from '../../stage/graph-types.js';
import { distance } from '../../stage/graph-types.js';
import type { Feedback } from '../../sources/feedback/feedback.js';

/** What the recipe reads of the stage's options (see `operators/feedback.ts`). */
export interface FeedbackGraphOptions {
  /** A node or link end this close to a failure matches it. [Units: world units] */
  readonly matchRadius: number;
}

/** The graph without what the feedback reported bad, and the numbers of the stage's summary. */
export function feedbackGraph(
  g: DraftGraph,
  f: Feedback,
  o: FeedbackGraphOptions,
): GraphStageResult {
  const near = (p: readonly number[], q: readonly number[]) => distance(p, q) <= o.matchRadius;
  const removed = new Set<number>();
  let unmatchedNodes = 0;
  for (const bad of f.badNodes) {
    let hit = false;
    g.nodes.forEach((n, i) => {
      if (near(n.origin, bad)) {
        removed.add(i);
        hit = true;
      }
    });
    if (!hit) unmatchedNodes++;
  }
  const newIndex = new Int32Array(g.nodes.length).fill(-1);
  const nodes = g.nodes.filter((_, i) => !removed.has(i));
  let k = 0;
  g.nodes.forEach((_, i) => {
    if (!removed.has(i)) newIndex[i] = k++;
  });
  const badLinkHits = new Array<boolean>(f.badLinks.length).fill(false);
  const links = g.links
    .filter((l) => {
      if (removed.has(l.from) || removed.has(l.to)) return false;
      const a = g.nodes[l.from].origin;
      const b = g.nodes[l.to].origin;
      const i = f.badLinks.findIndex((bad) => near(a, bad[0]) && near(b, bad[1]));
      if (i < 0) return true;
      badLinkHits[i] = true;
      return false;
    })
    .map((l) => ({ ...l, from: newIndex[l.from], to: newIndex[l.to] }));
  return {
    graph: { nodes, links },
    stats: {
      badNodes: f.badNodes.length,
      badLinks: f.badLinks.length,
      nodesRemoved: removed.size,
      linksRemoved: g.links.length - links.length,
      unmatchedNodes,
      unmatchedLinks: badLinkHits.filter((h) => !h).length,
      warnings: f.warnings,
    },
  };
}
