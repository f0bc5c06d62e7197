/** Greedy nearest matching of node positions. */
import { describe, expect, it } from 'vitest';
import { matchNodesByPosition } from '../../src/nav/match-nodes.js';
import type { Vec3 } from '../../src/nav/types.js';

const pairs = (a: Vec3[], b: Vec3[], r = 48) =>
  matchNodesByPosition(a, b, r).map((p) => [p.a, p.b, p.distance]);

describe('matchNodesByPosition', () => {
  it('matches within the radius only (inclusive)', () => {
    expect(pairs([[0, 0, 0]], [[48, 0, 0]])).toEqual([[0, 0, 48]]);
    expect(pairs([[0, 0, 0]], [[48.01, 0, 0]])).toEqual([]);
  });

  it('takes nearest pairs first, not nearest per node in index order', () => {
    // A0 at 0 and A1 at 30; B0 at 35. A0-B0 = 35, A1-B0 = 5: A1 gets B0, A0 stays unmatched.
    expect(
      pairs(
        [
          [0, 0, 0],
          [30, 0, 0],
        ],
        [[35, 0, 0]],
      ),
    ).toEqual([[1, 0, 5]]);
  });

  it('breaks distance ties by index in A, then in B', () => {
    // B0 is 10 from both A0 and A1: A0 wins. Then A1 takes B1 (20 away).
    expect(
      pairs(
        [
          [0, 0, 0],
          [20, 0, 0],
        ],
        [
          [10, 0, 0],
          [40, 0, 0],
        ],
      ),
    ).toEqual([
      [0, 0, 10],
      [1, 1, 20],
    ]);
    // A0 is 10 from B0 and B1: B0 wins.
    expect(
      pairs(
        [[0, 0, 0]],
        [
          [10, 0, 0],
          [-10, 0, 0],
        ],
      ),
    ).toEqual([[0, 0, 10]]);
  });

  it('finds partners across grid cells and in 3D', () => {
    expect(pairs([[47, 47, 47]], [[49, 49, 49]], 48)).toEqual([[0, 0, Math.sqrt(12)]]);
    expect(pairs([[-1, 0, 0]], [[1, 0, 0]], 48)).toEqual([[0, 0, 2]]);
  });

  it('refuses a radius that is not > 0', () => {
    expect(() => matchNodesByPosition([], [], 0)).toThrow(RangeError);
  });
});
