/** The link limiter: the engine holds 32 links per node; the weakest go, deterministically. */
import { describe, expect, it } from 'vitest';
import { limitLinks, type ScoredLink } from '../../../src/sinks/nav/limit-links.js';

const link = (target: number, support: number, targetType = 1): ScoredLink => ({
  target,
  targetType,
  support,
});

describe('limitLinks', () => {
  it('33 links → 32: drops the least supported and keeps the input order', () => {
    // Targets 1..33 with support 100 - target, except target 7 which has the least support.
    const links = Array.from({ length: 33 }, (_, i) =>
      link(i + 1, i + 1 === 7 ? 0.5 : 100 - (i + 1)),
    );
    const kept = limitLinks(links);
    expect(kept).toHaveLength(32);
    expect(kept.map((l) => l.target)).toEqual(links.map((l) => l.target).filter((t) => t !== 7));
  });

  it('breaks support ties by lower target index, whatever the input order', () => {
    const links = [link(9, 1), link(3, 5), link(4, 1), link(2, 1)];
    expect(limitLinks(links, 2).map((l) => l.target)).toEqual([3, 2]);
    expect(limitLinks([...links].reverse(), 2).map((l) => l.target)).toEqual([2, 3]);
  });

  it('then by lower target type', () => {
    expect(limitLinks([link(5, 1, 11), link(5, 1, 10)], 1)).toEqual([link(5, 1, 10)]);
  });

  it('keeps everything when under the limit, and returns a new array', () => {
    const links = [link(1, 3), link(2, 1)];
    const kept = limitLinks(links);
    expect(kept).toEqual(links);
    expect(kept).not.toBe(links);
  });

  it('refuses non-finite support', () => {
    expect(() => limitLinks([link(1, NaN)])).toThrow(RangeError);
  });
});
