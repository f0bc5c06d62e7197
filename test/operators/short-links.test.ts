import { describe, expect, it } from 'vitest';
import { shortenLinks, shortLinksDefaults } from '../../src/operators/short-links.js';
import type { DraftGraph, DraftLink, DraftNode } from '../../src/stage/graph-types.js';
import { NO_LINK_EVIDENCE, nodeWithoutVotes } from '../../src/stage/graph-types.js';

const node = (x: number, y: number, z = 24): DraftNode =>
  nodeWithoutVotes([x, y, z], 'MOVE', 'map');
const link = (from: number, to: number): DraftLink => ({
  from,
  to,
  type: 'MOVE',
  ...NO_LINK_EVIDENCE,
});

describe('short-links', () => {
  // 0 → 1 → 2 → 3 in 64-unit steps along x, and a long link 0 → 3 (192 units) beside them;
  // 4 is 150 units from 3 with only the long link 3 → 4; 5 is 160 units above 0 (a ladder-like
  // link, short horizontally).
  const g: DraftGraph = {
    nodes: [node(0, 0), node(64, 0), node(128, 0), node(192, 0), node(342, 0), node(0, 0, 184)],
    links: [link(0, 1), link(1, 2), link(2, 3), link(0, 3), link(3, 4), link(0, 5), link(3, 0)],
  };
  const r = shortenLinks(g, shortLinksDefaults);
  const pairs = r.graph.links.map((l) => [l.from, l.to]);

  it('drops a long link that short links already lead round, within the detour limit', () => {
    expect(pairs).not.toContainEqual([0, 3]);
    expect(r.stats).toMatchObject({ longLinks: 3, longLinksRemoved: 1 });
  });

  it('keeps a long link that is the only way, and links long only vertically', () => {
    expect(pairs).toContainEqual([3, 4]);
    expect(pairs).toContainEqual([0, 5]);
  });

  it('keeps a long link whose way round is longer than maxDetour times it (and direction counts)', () => {
    // 3 → 0 has no way back over short links (they all lead forward).
    expect(pairs).toContainEqual([3, 0]);
    const zigzag: DraftGraph = {
      nodes: [node(0, 0), node(60, 70), node(120, 0), node(180, 70), node(240, 0)],
      links: [link(0, 1), link(1, 2), link(2, 3), link(3, 4), link(0, 4)],
    };
    // Four 92-unit links (short) make 369 against 240: 1.54 times; kept at 1.5, dropped at 2.
    expect(shortenLinks(zigzag, shortLinksDefaults).graph.links).toHaveLength(5);
    expect(shortenLinks(zigzag, { ...shortLinksDefaults, maxDetour: 2 }).graph.links).toHaveLength(
      4,
    );
  });

  it('keeps node order and is deterministic', () => {
    expect(r.graph.nodes).toBe(g.nodes);
    expect(shortenLinks(g, shortLinksDefaults)).toEqual(r);
  });
});
