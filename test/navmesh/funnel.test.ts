/** The funnel on hand-made corridors: corners only where the corridor turns. */
import { describe, expect, it } from 'vitest';
import { pullString } from '../../src/navmesh/query/funnel.js';

/** Portals [Form: (lx, ly, rx, ry) × n], the start and goal as point portals. */
const portals = (start: number[], list: number[][], goal: number[]) =>
  Float64Array.from([
    start[0],
    start[1],
    start[0],
    start[1],
    ...list.flat(),
    goal[0],
    goal[1],
    goal[0],
    goal[1],
  ]);

describe('pullString', () => {
  it('goes straight through a straight corridor', () => {
    // Heading east: left is +y.
    const p = portals(
      [0, 0],
      [
        [10, 5, 10, -5],
        [20, 5, 20, -5],
        [30, 5, 30, -5],
      ],
      [40, 0],
    );
    expect(pullString(p).portal).toEqual([0, 4]);
  });

  it('turns at the inner corner of an L-shaped corridor', () => {
    // East along y ∈ [0, 10], then north (+y) through x ∈ [40, 50].
    const p = portals(
      [5, 5],
      [
        [20, 10, 20, 0],
        [40, 10, 40, 0],
        [40, 10, 50, 10], // heading +y: left is −x
      ],
      [45, 40],
    );
    const s = pullString(p);
    expect(s.portal).toEqual([0, 3, 4]);
    // The corner is the left end (40, 10) of the last portal.
    expect(s.side[1]).toBe(0);
  });

  it('keeps a zigzag corridor to the corners it cannot see past', () => {
    const p = portals(
      [0, 0],
      [
        [10, 2, 10, -2],
        [20, 22, 20, 18],
        [30, 2, 30, -2],
      ],
      [40, 0],
    );
    const s = pullString(p);
    expect(s.portal.length).toBeGreaterThan(2);
    expect(s.portal[0]).toBe(0);
    expect(s.portal[s.portal.length - 1]).toBe(4);
  });
});
