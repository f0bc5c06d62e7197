import { describe, expect, it } from 'vitest';
import { graphToNav } from '../../../src/sinks/nav/graph-to-nav.js';
import { defaultNodeTypes } from '../../../src/nav/node-types.js';
import {
  nodeWithoutVotes,
  type DraftGraph,
  type DraftNode,
} from '../../../src/stage/graph-types.js';

/** A voted MOVE node at (x, y, 24) of weight `w`. */
const voted = (x: number, y: number, w: number): DraftNode => ({
  ...nodeWithoutVotes([x, y, 24], 'MOVE', 'map'),
  source: 'votes',
  weight: w,
  demos: 1,
  votes: 1,
});

describe('graphToNav keeps the engine\u2019s node limit', () => {
  it('8095 nodes of 9010: every spawn node, then the heaviest; links between the kept ones', () => {
    const nodes: DraftNode[] = Array.from({ length: 9000 }, (_, i) =>
      voted((i % 100) * 64, Math.floor(i / 100) * 64, 1 + (i % 13)),
    );
    for (let s = 0; s < 10; s++)
      nodes.push(nodeWithoutVotes([s * 64, -640, 24], 'SPAWNPOINT', 'spawn'));
    const g: DraftGraph = {
      nodes,
      links: nodes.slice(1).map((_, i) => ({
        from: i,
        to: i + 1,
        type: 'MOVE',
        weight: 1,
        demos: 1,
        votes: 1,
        airborne: 0,
        rise: 0,
      })),
    };
    const { nav, stats, draftIndex } = graphToNav(g, defaultNodeTypes);
    expect(nav.nodes).toHaveLength(8095);
    expect(stats.nodesOverLimit).toBe(9010 - 8095);
    const kept = new Set(draftIndex);
    for (let s = 9000; s < 9010; s++) expect(kept.has(s)).toBe(true);
    // No dropped node outweighs a kept voted node.
    const lightestKept = Math.min(...[...kept].filter((i) => i < 9000).map((i) => nodes[i].weight));
    for (let i = 0; i < 9000; i++)
      if (!kept.has(i)) expect(nodes[i].weight).toBeLessThanOrEqual(lightestKept);
    // Every link of the nav joins two kept nodes, as the graph did.
    for (const [a, n] of nav.nodes.entries())
      for (const l of n.links) expect(draftIndex[l.target] - draftIndex[a]).toBe(1);
  });
});
