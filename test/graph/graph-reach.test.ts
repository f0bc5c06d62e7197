/** Which nodes links join to roots (both ways), and which of a set lead out of it. */
import { describe, expect, it } from 'vitest';
import { keepJoined, notLeadingOut } from '../../src/graph/graph-reach.js';

const link = (from: number, to: number, tag = '') => ({ from, to, tag });

describe('keepJoined', () => {
  it('keeps the roots and what links join to them either way; re-indexes in order', () => {
    // 0 (a root) ← 2 → 3; 4 ↔ 5 stranded; 1 is a root on its own.
    const nodes = ['a', 'b', 'c', 'd', 'e', 'f'];
    const links = [link(2, 0, 'x'), link(4, 5, 'y'), link(2, 3, 'z'), link(5, 4, 'w')];
    const r = keepJoined(nodes, links, 2, []);
    expect(r.nodes).toEqual(['a', 'b', 'c', 'd']);
    expect(r.links).toEqual([link(2, 0, 'x'), link(2, 3, 'z')]);
    expect([...r.index]).toEqual([0, 1, 2, 3, -1, -1]);
  });

  it('extra roots keep their own part of the graph', () => {
    const nodes = ['a', 'b', 'c', 'd'];
    const links = [link(2, 3)];
    const r = keepJoined(nodes, links, 1, [3]);
    expect(r.nodes).toEqual(['a', 'c', 'd']);
    expect(r.links).toEqual([link(1, 2)]);
  });
});

describe('notLeadingOut', () => {
  it('names the candidates with no chain of links out of the set', () => {
    // 1 → 2 → 0 (out); 3 → 4 → 3 (a loop inside the set); 5 ← 0 only (links in, none out).
    const links = [link(1, 2), link(2, 0), link(3, 4), link(4, 3), link(0, 5)];
    const lost = notLeadingOut(6, links, new Set([1, 2, 3, 4, 5, -1]));
    expect([...lost].sort((a, b) => a - b)).toEqual([3, 4, 5]);
  });

  it('an empty set loses nothing', () => {
    expect(notLeadingOut(3, [link(0, 1)], new Set()).size).toBe(0);
  });
});
