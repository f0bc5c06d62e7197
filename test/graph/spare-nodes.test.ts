/**
 * `spareNodes` on small graphs: unwanted nodes go unless some other node needs them to stay
 * joined to the seeds.
 */
import { describe, expect, it } from 'vitest';
import { spareNodes } from '../../src/graph/spare-nodes.js';

const link = (from: number, to: number) => ({ from, to });

describe('spareNodes', () => {
  it('an unwanted node beside the graph goes', () => {
    // 0 – 1 – 2, and 3 hangs off 1.
    const links = [link(0, 1), link(1, 2), link(3, 1)];
    expect([...spareNodes(4, links, [0], new Set([3]))]).toEqual([3]);
  });

  it('an unwanted walkway to a region stays, with every unwanted node on the way', () => {
    // 0 – 1 =(2 – 3)= 4 – 5: 2 and 3 unwanted, 4 and 5 reached only over them; 6 unwanted
    // beside 0.
    const links = [link(0, 1), link(1, 2), link(2, 3), link(3, 4), link(4, 5), link(6, 0)];
    expect([...spareNodes(7, links, [0], new Set([2, 3, 6]))]).toEqual([6]);
  });

  it('a region another way reaches does not need the walkway', () => {
    const links = [link(0, 1), link(1, 2), link(2, 3), link(3, 4), link(0, 4)];
    expect([...spareNodes(5, links, [0], new Set([2, 3]))].sort()).toEqual([2, 3]);
  });

  it('nodes never joined to the seeds need nothing', () => {
    // 3 – 4 is an island; 4 unwanted.
    const links = [link(0, 1), link(3, 4)];
    expect([...spareNodes(5, links, [0], new Set([4]))]).toEqual([4]);
  });
});
