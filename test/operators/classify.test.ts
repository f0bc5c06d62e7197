import { describe, expect, it } from 'vitest';
import { classifyDefaults } from '../../src/operators/classify.js';
import { classifyGraph, classifyNode } from '../../src/map-analysis/classify-graph.js';
import type { DraftLink, DraftNode } from '../../src/stage/graph-types.js';

function node(more: Partial<DraftNode> = {}): DraftNode {
  return {
    origin: [0, 0, 24],
    type: 'MOVE',
    weight: 5,
    demos: 3,
    votes: 5,
    underwater: 0,
    crouched: 0,
    ladder: 0,
    airborne: 0,
    vz: 0,
    dxy: 96,
    source: 'votes',
    ...more,
  };
}

function link(from: number, to: number, more: Partial<DraftLink> = {}): DraftLink {
  return { from, to, type: 'MOVE', weight: 3, demos: 3, votes: 3, airborne: 0, rise: 0, ...more };
}

describe('classify nodes (seed rules, first match wins)', () => {
  const o = classifyDefaults;
  it.each([
    ['WATER', { underwater: 0.7, crouched: 0.9 }],
    ['CROUCH', { crouched: 0.7 }],
    ['LADDER', { vz: 200, dxy: 10, ladder: 0.8 }],
    ['LADDER', { vz: -200, dxy: 10, ladder: 0.8 }],
    ['MOVE', { vz: -200, dxy: 10, ladder: 0 }], // falling straight down is not a ladder
    ['MOVE', { vz: 120, airborne: 0.8 }], // node types alone never say JUMP: links do
    ['MOVE', {}],
  ] as const)('%s for %j', (type, features) => {
    expect(classifyNode(node(features), o)).toBe(type);
  });
});

describe('classify links', () => {
  it('types drops by depth with the engine thresholds and makes them one-way', () => {
    const nodes = [
      node({ origin: [0, 0, 300] }),
      node({ origin: [50, 0, 100] }),
      node({ origin: [50, 50, 80] }),
      node({ origin: [0, 80, 60] }),
      node({ origin: [0, 0, 0] }),
    ];
    const { graph, stats } = classifyGraph(
      {
        nodes,
        links: [
          link(0, 1, { airborne: 1 }), // 200 down: stand drop
          link(1, 0), // climbing back 200 up: removed
          link(0, 2, { airborne: 1 }), // 220: crouch drop
          link(0, 3, { airborne: 1 }), // 240: unsafe drop
          link(0, 4, { airborne: 1 }), // 300: too deep, removed
          link(3, 4), // 60 down on the ground (no flight): a walk
        ],
      },
      { ...classifyDefaults, safeDrop: 256 },
    );
    expect(graph.links.map((l) => [l.from, l.to, l.type])).toEqual([
      [0, 1, 'STAND_DROP'],
      [0, 2, 'CROUCH_DROP'],
      [0, 3, 'UNSAFE_DROP'],
      [3, 4, 'MOVE'],
    ]);
    expect(stats).toMatchObject({ dropsTooDeep: 1, reverseOfDropRemoved: 1 });
  });

  it('removes drops deeper than safeDrop (180 by default: the first fall that costs health) and the way back up', () => {
    const nodes = [
      node({ origin: [0, 0, 300] }),
      node({ origin: [50, 0, 100] }),
      node({ origin: [0, 50, 140] }),
    ];
    const { graph, stats } = classifyGraph(
      {
        nodes,
        links: [
          link(0, 1, { airborne: 1 }), // 200 down: costs 10 health in AQtion
          link(1, 0), // the way back up: no walk
          link(0, 2, { airborne: 1 }), // 160 down: free
        ],
      },
      classifyDefaults,
    );
    expect(classifyDefaults.safeDrop).toBe(180);
    expect(graph.links.map((l) => [l.from, l.to, l.type])).toEqual([[0, 2, 'STAND_DROP']]);
    expect(stats).toMatchObject({ dropsTooDeep: 1 });
  });

  it('makes airborne rising traversals JUMP links, and nodes reached mostly by jumps JUMP nodes', () => {
    const nodes = [
      node({ origin: [0, 0, 24] }),
      node({ origin: [96, 0, 64] }),
      node({ origin: [0, 96, 24] }),
    ];
    // 0 → 1 lands 40 higher in flight: a jump; 0 → 2 is a hop on flat ground: a walk.
    const { graph } = classifyGraph(
      {
        nodes,
        links: [
          link(0, 1, { airborne: 1, rise: 50, weight: 3 }), // onto a box: a jump, kept although 1 → 0 is a drop
          link(2, 1, { airborne: 0, rise: 40, weight: 1 }), // up a ramp: a walk, typed by its target (a JUMP node)
          link(1, 0, { airborne: 1, rise: 2 }), // off the box, 40 down in flight: a drop
          link(0, 2, { airborne: 1, rise: 30 }), // a hop on flat ground: not a jump
        ],
      },
      classifyDefaults,
    );
    expect(graph.links.map((l) => [l.from, l.to, l.type])).toEqual([
      [0, 1, 'JUMP'],
      [2, 1, 'JUMP'],
      [1, 0, 'STAND_DROP'],
      [0, 2, 'MOVE'],
      [2, 0, 'MOVE'], // the way back of the flat walk 0 → 2
    ]);
    expect(graph.nodes.map((n) => n.type)).toEqual(['MOVE', 'JUMP', 'MOVE']);
  });

  it('gives walks seen one way the way back, but not drops, jumps or steep walks', () => {
    const nodes = [
      node({ origin: [0, 0, 24] }),
      node({ origin: [96, 0, 30] }),
      node({ origin: [0, 96, 80] }),
      node({ origin: [96, 96, 24] }),
    ];
    const { graph, stats } = classifyGraph(
      {
        nodes,
        links: [
          link(0, 1, { weight: 4 }), // flat walk: mirrored with half the weight
          link(1, 3), // flat walk, already both ways
          link(3, 1),
          link(0, 2), // 56 up a ramp: not mirrored
          link(2, 3, { airborne: 1 }), // a drop: one-way
        ],
      },
      classifyDefaults,
    );
    expect(graph.links.map((l) => [l.from, l.to, l.type])).toEqual([
      [0, 1, 'MOVE'],
      [1, 3, 'MOVE'],
      [3, 1, 'MOVE'],
      [0, 2, 'MOVE'],
      [2, 3, 'STAND_DROP'],
      [1, 0, 'MOVE'],
    ]);
    expect(graph.links[5].weight).toBe(2);
    expect(stats.walksMirrored).toBe(1);
    const off = classifyGraph(
      { nodes, links: [link(0, 1)] },
      { ...classifyDefaults, mirrorMaxDz: 0 },
    );
    expect(off.graph.links).toHaveLength(1);
  });

  it('keeps the reverse of a drop when it is a ladder climb', () => {
    const nodes = [
      node({ origin: [0, 0, 250], ladder: 1, vz: 200, dxy: 5 }),
      node({ origin: [0, 0, 100], ladder: 1, vz: 200, dxy: 5 }),
    ];
    const { graph } = classifyGraph(
      { nodes, links: [link(0, 1, { airborne: 1 }), link(1, 0)] },
      classifyDefaults,
    );
    expect(graph.links.map((l) => l.type)).toEqual(['STAND_DROP', 'LADDER']);
  });
});
