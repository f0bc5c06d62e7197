/** The floor samples as a grid: origins, columns, the nearest column, neighbours in fixed order. */
import { describe, expect, it } from 'vitest';
import {
  columnAt,
  columnSamples,
  floorGrid,
  neighbourSamples,
  sampleOrigin,
} from '../../src/map-analysis/floor-grid.js';
import { GRID_OFFSET, type FloorSamples } from '../../src/map-analysis/walkable-floor.js';

/** Samples (i, j, z): column (0, 0) holds two floors. */
function samples(list: [number, number, number][]): FloorSamples {
  return {
    spacing: 64,
    i: Int32Array.from(list.map((s) => s[0])),
    j: Int32Array.from(list.map((s) => s[1])),
    z: Float32Array.from(list.map((s) => s[2])),
  };
}

describe('floor grid', () => {
  const floor = samples([
    [0, 0, 24],
    [1, 0, 24],
    [0, 0, 200],
    [-1, -1, 40],
    [1, 1, 24],
    [2, 0, 24],
    [0, 1, 8],
  ]);
  const grid = floorGrid(floor);

  it('a sample stands at its column centre (grid shifted by GRID_OFFSET) at its height', () => {
    expect(sampleOrigin(grid, 1)).toEqual([64 + GRID_OFFSET, GRID_OFFSET, 24]);
    expect(sampleOrigin(grid, 3)).toEqual([-64 + GRID_OFFSET, -64 + GRID_OFFSET, 40]);
  });

  it('a column lists its floors in sample order; an empty column is empty', () => {
    expect(columnSamples(grid, 0, 0)).toEqual([0, 2]);
    expect(columnSamples(grid, 7, 7)).toEqual([]);
  });

  it('the nearest column of a point rounds to the grid', () => {
    expect(columnAt(grid, [GRID_OFFSET + 31, GRID_OFFSET + 64 - 31, 0])).toEqual([0, 1]);
    expect(columnAt(grid, [GRID_OFFSET + 33, GRID_OFFSET - 33, 0])).toEqual([1, -1]);
  });

  it('neighbours: the eight columns around (i, then j ascending), never the own column', () => {
    // Sample 0 at (0, 0): (-1,-1) → 3, (0,1) → 6, (1,0) → 1, (1,1) → 4; its own column's other
    // floor (2) and the column two away (5) are no neighbours.
    expect(neighbourSamples(grid, 0)).toEqual([3, 6, 1, 4]);
    expect(neighbourSamples(grid, 2)).toEqual([3, 6, 1, 4]);
    expect(neighbourSamples(grid, 5)).toEqual([1, 4]);
  });
});
