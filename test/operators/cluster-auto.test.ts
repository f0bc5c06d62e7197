/**
 * `minDemos: auto` and `minLinkDemos: auto`: min(3, demos used) and min(1, demos used), where
 * demos used are the demos with at least one node vote. An explicit number still wins.
 */
import { describe, expect, it } from 'vitest';
import { clusterDefaults } from '../../src/operators/cluster.js';
import { clusterGraph, demosUsed } from '../../src/operators/internal/cluster-graph.js';
import { poolVotes } from '../../src/stage/vote-pool.js';
import type { DemoVotes } from '../../src/stage/demo-votes.js';
import { votesFromLists } from './helpers.js';

/** One demo walking the same two spots, linked both ways (votes of weight 1); none with 0. */
function walker(pointCount = 0): DemoVotes {
  if (pointCount === 0) return votesFromLists([]);
  const spots: [number, number, number][] = [
    [0, 0, 24],
    [200, 0, 24],
  ];
  return votesFromLists(spots, [
    [0, 1],
    [1, 0],
  ]);
}

describe('cluster demo thresholds: auto', () => {
  it('defaults to auto for nodes and links', () => {
    expect(clusterDefaults.minDemos).toBe('auto');
    expect(clusterDefaults.minLinkDemos).toBe('auto');
  });

  it('counts only demos with votes as used', () => {
    expect(demosUsed(poolVotes([walker(2), walker(0), walker(2)]))).toBe(2);
  });

  for (const [demos, expected] of [
    [1, 1],
    [2, 2],
    [3, 3],
    [5, 3],
  ] as const) {
    it(`keeps the nodes all ${demos} demo(s) saw, with minDemos ${expected}`, () => {
      const pool = poolVotes(Array.from({ length: demos }, () => walker(2)));
      const g = clusterGraph(pool, clusterDefaults);
      expect(g.nodes).toHaveLength(2);
      expect(g.links).toHaveLength(2);
      expect(g.stats).toMatchObject({
        demosUsed: demos,
        minDemos: expected,
        minDemosSetting: 'auto',
        minLinkDemos: 1,
      });
    });
  }

  it('lets an explicit number win (3 with one demo drops every cluster)', () => {
    const g = clusterGraph(poolVotes([walker(2)]), { ...clusterDefaults, minDemos: 3 });
    expect(g.nodes).toHaveLength(0);
    expect(g.stats).toMatchObject({ minDemos: 3, minDemosSetting: 3, dropped: { minDemos: 2 } });
  });

  it('drops, with auto, what fewer than three of five demos saw', () => {
    const lone = walker(2);
    lone.positions[0] = 1000; // the first spot of this demo is its own
    const g = clusterGraph(
      poolVotes([walker(2), walker(2), walker(2), walker(2), lone]),
      clusterDefaults,
    );
    expect(g.nodes).toHaveLength(2);
    expect(g.stats).toMatchObject({ minDemos: 3, dropped: { minDemos: 1 } });
  });
});
