/**
 * The engine's save order of links: highest target first, targets less than one unit higher
 * count as level, keys less than one unit apart compare equal, and near-ties resolve the way
 * glibc's merge sort resolves them. Expected orders are worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { glibcMergeSort } from '../../../../src/nav/formats/aqtion/glibc-merge-sort.js';
import { linkHeightKey, sortLinksByHeight } from '../../../../src/nav/formats/aqtion/link-order.js';
import type { NavLink, Vec3 } from '../../../../src/nav/types.js';

/** Sorts links from a node at height `z` to targets 0..n-1 at the given heights; returns target order. */
function order(z: number, targetZ: number[], input: number[] = targetZ.map((_, i) => i)): number[] {
  const origins: Vec3[] = targetZ.map((tz) => [0, 0, tz]);
  const links: NavLink[] = input.map((target) => ({ target, targetType: 1, cost: 0 }));
  return sortLinksByHeight([0, 0, z], links, (i) => origins[i]).map((l) => l.target);
}

describe('linkHeightKey', () => {
  it('is the rise when at least 1, else 0', () => {
    expect(linkHeightKey(10, 30)).toBe(20);
    expect(linkHeightKey(10, 11)).toBe(1);
    expect(linkHeightKey(10, 10.5)).toBe(0);
    expect(linkHeightKey(10, -100)).toBe(0);
  });
  it('subtracts in float32: a rise just under 1 in double rounds to 1', () => {
    // 1 - 2^-30 is not a float32; it rounds to 1, so the target counts as higher.
    expect(1 - 2 ** -30).toBeLessThan(1);
    expect(linkHeightKey(2 ** -30, 1)).toBe(1);
  });
});

describe('sortLinksByHeight', () => {
  it('puts higher targets first', () => {
    expect(order(0, [0, 50, 20, 100])).toEqual([3, 1, 2, 0]);
  });

  it('keeps the stored order of level and lower targets (stable)', () => {
    expect(order(100, [100, 40, 100.5, 99, 0])).toEqual([0, 1, 2, 3, 4]);
    expect(order(100, [0, 100.5, 40], [2, 0, 1])).toEqual([2, 0, 1]);
  });

  it('treats rises under one unit as level, even before a lower target', () => {
    // Rises 0.9 and 0.999 have key 0 like the drop: nothing moves.
    expect(order(0, [-30, 0.9, 0.999])).toEqual([0, 1, 2]);
    // A rise of exactly 1 has key 1 and moves ahead of them.
    expect(order(0, [-30, 0.9, 1])).toEqual([2, 0, 1]);
  });

  it('uses the float32 rise: a double rise of 1 - 2^-30 still counts as 1', () => {
    // Node z = 2^-30, target 0 at z 0 (key 0), target 1 at z 1 (key 1): 1 goes first.
    expect(order(2 ** -30, [0, 1])).toEqual([1, 0]);
  });

  it('compares truncated differences: keys less than one apart are equal', () => {
    // Keys 1.5 and 2.25: (int)(2.25 - 1.5) = 0, so they keep their stored order either way.
    expect(order(0, [1.5, 2.25])).toEqual([0, 1]);
    expect(order(0, [2.25, 1.5])).toEqual([0, 1]);
    // Keys 1 and 2.25: (int)(1.25) = 1, so 2.25 goes first.
    expect(order(0, [1, 2.25])).toEqual([1, 0]);
  });

  it('resolves a non-transitive near-tie as glibc does', () => {
    // Keys in stored order: A=1, B=1.5, C=2.25, D=0 (rise 0.5).
    // glibc: left run [A, B]: cmp(A, B) = (int)(1.5 - 1) = 0 -> A, B.
    //        right run [C, D]: cmp(C, D) = (int)(0 - 2.25) = -2 -> C, D.
    //        merge: cmp(A, C) = (int)(2.25 - 1) = 1 > 0 -> C; cmp(A, D) = -1 -> A;
    //               cmp(B, D) = -1 -> B; then D.  => C, A, B, D.
    // (An insertion sort would give A, B, C, D: C never passes B, which ties with it.)
    expect(order(0, [1, 1.5, 2.25, 0.5])).toEqual([2, 0, 1, 3]);
  });
});

describe('glibcMergeSort', () => {
  const cmp = (a: number, b: number) => Math.trunc(b - a);

  it('splits ⌊n/2⌋ to the left: an odd length', () => {
    // [1, 1.5, 2.25]: left [1]; right [1.5, 2.25]: cmp(1.5, 2.25) = (int)0.75 = 0 -> 1.5, 2.25.
    // merge: cmp(1, 1.5) = 0 -> 1; then 1.5, 2.25.  => unchanged.
    // (Splitting ⌈n/2⌉ to the left would merge [1, 1.5] with [2.25]: cmp(1, 2.25) = 1, so
    // 2.25 would go first.)
    expect(glibcMergeSort([1, 1.5, 2.25], cmp)).toEqual([1, 1.5, 2.25]);
  });

  it('sorts a consistent order like any stable sort and leaves its input alone', () => {
    const input = [3, 9, 1, 9, 4, 0, 7, 7, 2];
    const copy = input.slice();
    expect(glibcMergeSort(input, (a, b) => b - a)).toEqual([9, 9, 7, 7, 4, 3, 2, 1, 0]);
    expect(input).toEqual(copy);
    const items = [
      { k: 1, id: 'a' },
      { k: 0, id: 'b' },
      { k: 1, id: 'c' },
      { k: 0, id: 'd' },
    ];
    expect(glibcMergeSort(items, (x, y) => x.k - y.k).map((i) => i.id)).toEqual([
      'b',
      'd',
      'a',
      'c',
    ]);
  });

  it("gives glibc's own qsort result on near-tie-rich key lists", () => {
    // Golden orders printed by glibc 2.36's qsort (Debian 12) sorting 24-byte elements (the
    // engine's temporary link size) with the engine's comparator, (int)(b.key - a.key).
    // Measured beyond these three: 20 000 random lists of 2..32 keys, all equal; V8's
    // Array.prototype.sort differs from glibc on 8 634 of them.
    const golden: Array<[number[], number[]]> = [
      [
        [1.04, 3.12, 1.46, 3.34, 0, 0, 0, 2.67, 6.74, 6.71, 3.35, 2.35, 3.61],
        [8, 9, 1, 3, 7, 10, 12, 11, 0, 2, 4, 5, 6],
      ],
      [
        [
          0, 0, 6.84, 0, 2.83, 2.72, 5.36, 5.17, 2.63, 0, 1.18, 0, 3.78, 5.19, 4.46, 3.6, 4.54, 6.6,
          4.69, 6.31, 0, 0, 3.39, 6.85, 0, 3.27, 0, 2.77, 5.31, 5.7, 5.02, 2.84,
        ],
        [
          2, 17, 6, 19, 23, 7, 13, 16, 18, 28, 29, 30, 4, 12, 14, 5, 8, 15, 22, 25, 27, 31, 10, 0,
          1, 3, 9, 11, 20, 21, 24, 26,
        ],
      ],
      [
        [
          3.46, 6.69, 0, 3.73, 2.48, 6.06, 6.68, 6.66, 3.25, 5.85, 1.39, 0, 6.19, 3.66, 1.54, 4.01,
          0, 1.65, 1.4, 0, 6.58, 2.51, 0, 0, 6.22, 6.64, 0, 6.57, 0, 5.63, 0, 4.43,
        ],
        [
          1, 5, 6, 7, 9, 12, 20, 24, 25, 27, 29, 0, 3, 31, 4, 8, 13, 15, 10, 14, 17, 21, 18, 2, 11,
          16, 19, 22, 23, 26, 28, 30,
        ],
      ],
    ];
    for (const [keys, expected] of golden) {
      const items = keys.map((key, id) => ({ key, id }));
      const sorted = glibcMergeSort(items, (a, b) => Math.trunc(b.key - a.key));
      expect(sorted.map((i) => i.id)).toEqual(expected);
    }
  });

  it('handles 0 and 1 elements', () => {
    expect(glibcMergeSort([], cmp)).toEqual([]);
    expect(glibcMergeSort([5], cmp)).toEqual([5]);
  });
});
