/** nearestLink (src/engine/nearest-link.ts): the link a stuck spot lies on. */
import { describe, expect, it } from 'vitest';
import { nearestLink } from '../../src/engine/nearest-link.js';

describe('nearest link', () => {
  it('finds the link a spot lies on', () => {
    const nav = {
      nodes: [
        { origin: [0, 0, 0], links: [{ target: 1 }] },
        { origin: [100, 0, 0], links: [{ target: 2 }] },
        { origin: [100, 100, 0], links: [] },
      ],
    };
    expect(nearestLink(nav, [50, 5, 0])).toEqual({ from: 0, to: 1, distance: 5 });
    expect(nearestLink(nav, [110, 60, 0])).toEqual({ from: 1, to: 2, distance: 10 });
    expect(nearestLink(nav, [-30, 40, 0])).toEqual({ from: 0, to: 1, distance: 50 }); // past the end
    expect(nearestLink({ nodes: [{ origin: [0, 0, 0], links: [] }] }, [0, 0, 0])).toBeNull();
  });
});
