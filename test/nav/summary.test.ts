/** summarizeNav on a hand-drawn nav. */
import { describe, expect, it } from 'vitest';
import { buildNodeTypeTable, defaultNodeTypes } from '../../src/nav/node-types.js';
import { summarizeNav } from '../../src/nav/summary.js';
import { line, navOf } from './nav-builder.js';

describe('summarizeNav', () => {
  // Nodes: 0 MOVE, 1 MOVE, 2 WATER, 3 SPAWNPOINT, 4 MOVE (alone).
  // Links: 0->1 MOVE, 1->0 MOVE, 1->2 WATER, 3->0 MOVE, 0->2 STAND_DROP.
  const { MOVE, WATER, SPAWNPOINT, STAND_DROP } = defaultNodeTypes;
  const nav = navOf(
    line(5),
    [
      [0, 1, MOVE],
      [1, 0, MOVE],
      [1, 2, WATER],
      [3, 0, MOVE],
      [0, 2, STAND_DROP],
    ],
    [MOVE, MOVE, WATER, SPAWNPOINT, MOVE],
  );

  it('counts nodes and links by type, by number', () => {
    const s = summarizeNav(nav, defaultNodeTypes);
    expect(s.nodes).toBe(5);
    expect(s.links).toBe(5);
    expect(s.nodeTypes).toEqual([
      { type: 1, name: 'MOVE', count: 3 },
      { type: 4, name: 'WATER', count: 1 },
      { type: 21, name: 'SPAWNPOINT', count: 1 },
    ]);
    expect(s.linkTypes).toEqual([
      { type: 1, name: 'MOVE', count: 3 },
      { type: 4, name: 'WATER', count: 1 },
      { type: 11, name: 'STAND_DROP', count: 1 },
    ]);
    expect(s.maxLinksPerNode).toBe(2);
  });

  it('reports connectivity and nodes without links', () => {
    const s = summarizeNav(nav, defaultNodeTypes);
    // Weak: {0,1,2,3}, {4}. Strong: {0,1}, {2}, {3}, {4}.
    expect(s).toMatchObject({ weakComponents: 2, largestWeakComponent: 4, strongComponents: 4 });
    // No links out: 2, 4. No links in: 3, 4. Isolated: 4.
    expect(s).toMatchObject({ nodesWithoutLinksOut: 2, nodesWithoutLinksIn: 2, isolatedNodes: 1 });
  });

  it('names types after the given table', () => {
    const s = summarizeNav(nav, buildNodeTypeTable({ SPAWNPOINT: 30 }));
    expect(s.nodeTypes.find((t) => t.type === 21)?.name).toBe('#21');
  });

  it('sums up an empty nav', () => {
    expect(summarizeNav({ version: 2, nodes: [] }, defaultNodeTypes)).toMatchObject({
      nodes: 0,
      links: 0,
      maxLinksPerNode: 0,
      weakComponents: 0,
      largestWeakComponent: 0,
      strongComponents: 0,
    });
  });
});
