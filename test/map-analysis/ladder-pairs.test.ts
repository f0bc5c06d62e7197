/**
 * LADDER pairs for the map's climbs: one pair per climb no ladder node of the graph stands for,
 * linked both ways and to the nearest ground nodes at each end; pairs the bot climbs neither way
 * are named for removal.
 */
import { describe, expect, it } from 'vitest';
import { ladderPairs, unclimbedPairs } from '../../src/map-analysis/ladder-pairs.js';
import type { MapLadderClimb } from '../../src/map-analysis/map-ladders.js';
import { nodeWithoutVotes, type DraftNode } from '../../src/stage/graph-types.js';

function node(origin: [number, number, number], type = 'MOVE', ladder = 0): DraftNode {
  return { ...nodeWithoutVotes(origin, type, 'map'), source: 'votes', ladder };
}
const climb = (x: number, y: number, foot: number, top: number): MapLadderClimb => ({
  ladder: 0,
  x,
  y,
  foot,
  top,
});

describe('ladder pairs', () => {
  const nodes = [
    node([60, 0, 24]), // 0: 60 from the foot
    node([0, 50, 24]), // 1: 50 from the foot (nearer)
    node([0, -80, 24]), // 2: 80 from the foot (third: only two are linked)
    node([0, 100, 184]), // 3: 100 from the top, on its floor
    node([0, 20, 184]), // 4: too near the top (the climber is still on the ladder)
    node([0, 30, 24], 'WATER'), // 5: not a ground node
    node([1000, 0, 24], 'LADDER', 1), // 6: the demos' ladder, elsewhere
  ];
  const free = climb(0, 0, 24, 180);
  const demos = climb(1000, 10, 24, 180);
  const r = ladderPairs(nodes, [free, demos]);

  it('one pair (foot, top) for the climb no ladder node stands for, after the graph', () => {
    expect(r.nodes.map((n) => [n.type, n.ladder, n.source, ...n.origin])).toEqual([
      ['LADDER', 1, 'map', 0, 0, 24],
      ['LADDER', 1, 'map', 0, 0, 180],
    ]);
  });

  it('climb links both ways; the two nearest ground nodes at the foot, those off the top', () => {
    const [b, t] = [nodes.length, nodes.length + 1];
    const pairs = r.links.map((l) => [l.from, l.to, l.type]);
    expect(pairs).toEqual([
      [b, t, 'LADDER'],
      [t, b, 'LADDER'],
      [b, 1, 'MOVE'],
      [1, b, 'LADDER'],
      [b, 0, 'MOVE'],
      [0, b, 'LADDER'],
      [t, 3, 'MOVE'],
      [3, t, 'LADDER'],
    ]);
    expect(r.links.every((l) => l.votes === 0 && l.demos === 0)).toBe(true);
  });

  it('unclimbed pairs: both nodes of a pair with no climb left either way', () => {
    const n = nodes.length;
    // Two pairs from n: the first keeps its climb down, the second lost both.
    const links = [
      { from: n + 1, to: n },
      { from: n + 2, to: 0 },
      { from: 0, to: n + 3 },
    ].map((l) => ({ ...l, type: 'LADDER', weight: 0, demos: 0, votes: 0, airborne: 0, rise: 0 }));
    expect([...unclimbedPairs(links, n, 2)].sort((a, b) => a - b)).toEqual([n + 2, n + 3]);
    expect(unclimbedPairs(links, n, 0).size).toBe(0);
  });
});
