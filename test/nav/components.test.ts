/** Weak and strong components on hand-drawn graphs. */
import { describe, expect, it } from 'vitest';
import { navAdjacency, strongComponentCount, weakComponents } from '../../src/nav/components.js';
import { line, navOf } from './nav-builder.js';

describe('components', () => {
  it('a two-way chain is one weak and one strong component', () => {
    const adj = navAdjacency(
      navOf(line(3), [
        [0, 1],
        [1, 0],
        [1, 2],
        [2, 1],
      ]),
    );
    expect(weakComponents(adj)).toEqual({ count: 1, sizes: [3], root: Int32Array.of(0, 0, 0) });
    expect(strongComponentCount(adj)).toBe(1);
  });

  it('a one-way drop splits strong components but not weak ones', () => {
    // 0 <-> 1, 1 -> 2 (drop), 2 <-> 3: weak {0,1,2,3}; strong {0,1}, {2,3}.
    const adj = navAdjacency(
      navOf(line(4), [
        [0, 1],
        [1, 0],
        [1, 2],
        [2, 3],
        [3, 2],
      ]),
    );
    expect(weakComponents(adj)).toEqual({ count: 1, sizes: [4], root: Int32Array.of(0, 0, 0, 0) });
    expect(strongComponentCount(adj)).toBe(2);
  });

  it('counts islands and isolated nodes, sizes largest first', () => {
    // {0,1}, {2,3,4} via a cycle 2->3->4->2, {5} alone.
    const adj = navAdjacency(
      navOf(line(6), [
        [0, 1],
        [2, 3],
        [3, 4],
        [4, 2],
      ]),
    );
    expect(weakComponents(adj)).toEqual({
      count: 3,
      sizes: [3, 2, 1],
      root: Int32Array.of(0, 0, 2, 2, 2, 5),
    });
    // Strong: {0}, {1}, {2,3,4}, {5}.
    expect(strongComponentCount(adj)).toBe(4);
  });

  it('handles an empty graph and a long chain without recursion limits', () => {
    expect(weakComponents([])).toEqual({ count: 0, sizes: [], root: new Int32Array(0) });
    expect(strongComponentCount([])).toBe(0);
    const n = 200_000;
    const chain = Array.from({ length: n }, (_, i) => (i + 1 < n ? [i + 1] : [0]));
    expect(strongComponentCount(chain)).toBe(1);
    chain[n - 1] = [];
    expect(strongComponentCount(chain)).toBe(n);
    expect(weakComponents(chain).count).toBe(1);
  });
});
