/**
 * A lift's PLATFORM pair on a box world: a lower floor beside the shaft, an upper floor beyond
 * it; the pair rides up, is entered from the lower floor only and left onto the upper one.
 */
import { describe, expect, it } from 'vitest';
import { addPlatPairs } from '../../../src/map-analysis/movers/plat-pairs.js';
import type { PlatLift } from '../../../src/map-analysis/movers/mover-volumes.js';
import { nodeWithoutVotes, type DraftGraph } from '../../../src/stage/graph-types.js';
import { box, syntheticWorld } from '../synthetic-world.js';

const SOLID = 1;
const world = syntheticWorld([
  box([-512, -512, -32], [0, 512, 0], SOLID), // lower floor, top at 0
  box([64, -512, 270], [512, 512, 300], SOLID), // upper floor, top at 300
  box([-100, -120, 0], [100, -100, 128], SOLID), // a wall on the lower floor
]);
const lift: PlatLift = { mins: [0, 0], maxs: [64, 64], bottomZ: 0, topZ: 300 };

function graph(origins: [number, number, number][]): DraftGraph {
  return { nodes: origins.map((o) => nodeWithoutVotes(o, 'MOVE', 'votes' as 'map')), links: [] };
}

describe('addPlatPairs', () => {
  const g = graph([
    [-50, 32, 24], // 0: lower floor beside the lift
    [120, 32, 324], // 1: upper floor beside the lift
    [-40, -150, 24], // 2: lower floor behind the wall
    [-400, 32, 24], // 3: lower floor, too far
  ]);

  it('adds the pair at the footprint centre on the lift surface at both ends', () => {
    const r = addPlatPairs(g, [lift], world, { reach: 200, maxLinks: 4 });
    expect(r.graph.nodes.slice(4).map((n) => [n.type, n.origin, n.source])).toEqual([
      ['PLATFORM', [32, 32, 24], 'map'],
      ['PLATFORM', [32, 32, 324], 'map'],
    ]);
    const links = r.graph.links.map((l) => [l.from, l.to, l.type]);
    expect(links).toEqual([
      [0, 4, 'PLATFORM'],
      [4, 0, 'MOVE'],
      [4, 5, 'PLATFORM'],
      [5, 1, 'MOVE'],
    ]);
    expect(r.pairs).toEqual([
      { bottom: [32, 32, 24], top: [32, 32, 324], bottomLinks: 1, topLinks: 1 },
    ]);
  });

  it('nothing leads onto the top node, and the reach limits the floor nodes', () => {
    const r = addPlatPairs(g, [lift], world, { reach: 200, maxLinks: 4 });
    expect(r.graph.links.filter((l) => l.to === 5).map((l) => l.from)).toEqual([4]);
    // Node 0 stands 50 from the footprint: out of a 40 reach, so no pair at all.
    const near = addPlatPairs(g, [lift], world, { reach: 40, maxLinks: 4 });
    expect(near.graph.nodes).toHaveLength(4);
    expect(near.pairs[0].bottomLinks).toBe(0);
  });

  it('adds no pair to a lift with no floor node at one end', () => {
    const r = addPlatPairs(graph([[-50, 32, 24]]), [lift], world, { reach: 96, maxLinks: 4 });
    expect(r.graph.nodes).toHaveLength(1);
    expect(r.graph.links).toEqual([]);
    expect(r.pairs[0].topLinks).toBe(0);
  });
});
