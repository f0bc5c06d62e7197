/** The engine's float32 link cost. */
import { describe, expect, it } from 'vitest';
import { linkCost } from '../../src/nav/link-cost.js';

describe('linkCost', () => {
  it('is the Euclidean distance, symmetric', () => {
    expect(linkCost([0, 0, 10], [3, 4, 10])).toBe(5);
    expect(linkCost([3, 4, 10], [0, 0, 10])).toBe(5);
    expect(linkCost([1, 2, 3], [1, 2, 3])).toBe(0);
    expect(linkCost([-16, 0, 0], [16, 0, 0])).toBe(32);
  });

  it('is rounded to float32', () => {
    const c = linkCost([0, 0, 0], [1, 1, 1]);
    expect(c).toBe(Math.fround(Math.sqrt(3)));
    expect(c).not.toBe(Math.sqrt(3));
  });

  it('rounds every intermediate to float32, like the engine', () => {
    // A link of beer.autogen.nav (written by the engine): origins and the stored cost, which
    // differs from the double-precision distance rounded once (49.055030822753906). 557 links
    // of the five fixture navs are like this; the fixture round trip checks them all.
    const a: [number, number, number] = [1042, -430, 36.03125];
    const b: [number, number, number] = [994, -430, 46.150352478027344];
    expect(linkCost(a, b)).toBe(49.05503463745117);
    expect(Math.fround(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]))).not.toBe(
      49.05503463745117,
    );
  });
});
