/**
 * The cells where a nav holds bots for good: those of its nodes that lead nowhere (not into its
 * main strongly connected component), unless a node that leads there shares the cell.
 */
import { describe, expect, it } from 'vitest';
import { deadEndCells } from '../../src/engine/dead-end-cells.js';
import { cellKey } from '../../src/engine/played-cells.js';
import type { NavFile, Vec3 } from '../../src/nav/types.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { smallNav } from '../helpers/small-nav.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

const MOVE = defaultNodeTypes.MOVE;
/** A nav of MOVE nodes at `origins` with MOVE links `from → to`. */
const navOf = (origins: Vec3[], links: [number, number][]): NavFile =>
  smallNav(
    origins,
    links.map(([a, b]) => [a, b, MOVE] as const),
  );

describe('dead-end cells', () => {
  // A loop of three (the main part) in three cells; node 3 beside it, led into but leading
  // nowhere, in a cell of its own; node 4 leads nowhere but shares node 0's cell; node 5 leads
  // into the loop.
  const nav = navOf(
    [
      [10, 10, 10],
      [100, 10, 10],
      [200, 10, 10],
      [300, 10, 10],
      [20, 20, 20],
      [400, 10, 10],
    ],
    [
      [0, 1],
      [1, 2],
      [2, 0],
      [2, 3],
      [0, 4],
      [5, 2],
    ],
  );

  it('are the cells of nodes that lead nowhere, and of no node that leads into the main part', () => {
    expect(deadEndCells(nav)).toEqual([cellKey(300, 10, 10)]);
  });

  it('are none for a nav whose every node leads into its main part, or an empty nav', () => {
    expect(
      deadEndCells(
        navOf(
          [
            [0, 0, 0],
            [100, 0, 0],
          ],
          [
            [0, 1],
            [1, 0],
          ],
        ),
      ),
    ).toEqual([]);
    expect(deadEndCells(navOf([], []))).toEqual([]);
  });
});

describeFixtures('dead-end cells of a real nav', () => {
  it("the engine's own nav of ghetto holds bots in hundreds of cells (its roofs and yards)", async () => {
    const engine = (await readNavFile(fixture('nav', 'ghetto.autogen.nav'))).nav;
    const cells = deadEndCells(engine);
    expect(cells.length).toBeGreaterThan(500);
    expect(cells).toEqual([...cells].sort((a, b) => a - b));
  });
});
