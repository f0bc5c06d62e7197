/**
 * `lineOnFloor` and `holeCentres` on a small mesh made by hand: two rooms of 4 × 4 cells joined by
 * a walk connection, a third beside the first with no connection to it (a wall between), and a
 * fourth a ledge higher than a step.
 */
import { describe, expect, it } from 'vitest';
import { roomsMesh } from '../helpers/rooms-mesh.js';
import { buildAreaIndex } from '../../src/navmesh/query/area-index.js';
import { lineOnFloor } from '../../src/navmesh/query/floor-line.js';
import { holeCentres } from '../../src/navmesh/coverage.js';

describe('lineOnFloor', () => {
  const m = roomsMesh();
  const ix = buildAreaIndex(m);
  it('is true inside one area and across a walk connection', () => {
    expect(lineOnFloor(m, ix, [8, 8, 24], [56, 40, 24])).toBe(true);
    expect(lineOnFloor(m, ix, [8, 8, 24], [120, 56, 24])).toBe(true);
    // On a row of cell centres (the hull's edge), also the area's last row.
    expect(lineOnFloor(m, ix, [8, 56, 24], [120, 56, 24])).toBe(true);
  });
  it('is false into an area no connection joins, off the mesh, or onto a ledge', () => {
    // A → C: neighbours with no connection (a wall between them).
    expect(lineOnFloor(m, ix, [8, 8, 24], [8, 72, 24])).toBe(false);
    // Past B's east side: the hull of centres ends at x = 120.
    expect(lineOnFloor(m, ix, [8, 8, 24], [124, 8, 24])).toBe(false);
    // B → D: 40 units up, more than a step.
    expect(lineOnFloor(m, ix, [72, 8, 24], [72, 88, 64])).toBe(false);
  });
});

describe('holeCentres', () => {
  const m = roomsMesh();
  it('gives the centres of the areas no node reaches, of at least the given cells', () => {
    // A node in the middle of A (37 units' reach): B, C and D are holes (16, 8 and 8 cells).
    const node = [32, 32, 24];
    expect(holeCentres(m, node, 10)).toEqual([[96, 32, 24]]);
    expect(holeCentres(m, node, 1)).toEqual([
      [96, 32, 24],
      [32, 80, 24],
      [96, 80, 64],
    ]);
    // A node in each: none.
    expect(holeCentres(m, [32, 32, 24, 96, 32, 24, 32, 80, 24, 96, 80, 64], 1)).toEqual([]);
  });
});
