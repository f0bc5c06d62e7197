/** diffNavs on hand-drawn navs. */
import { describe, expect, it } from 'vitest';
import { diffNavs } from '../../src/nav/diff.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { navOf } from './nav-builder.js';

const { MOVE, WATER, JUMP } = defaultNodeTypes;

describe('diffNavs', () => {
  it('a nav against itself changes nothing', () => {
    const a = navOf(
      [
        [0, 0, 0],
        [100, 0, 0],
      ],
      [
        [0, 1],
        [1, 0],
      ],
    );
    const d = diffNavs(a, a);
    expect(d).toMatchObject({ matchedNodes: 2, unchangedLinks: 2, meanShift: 0, maxShift: 0 });
    expect([
      d.addedNodes,
      d.removedNodes,
      d.retypedNodes,
      d.addedLinks,
      d.removedLinks,
      d.retypedLinks,
    ]).toEqual([[], [], [], [], [], []]);
  });

  it('matches renumbered, slightly moved nodes and compares their links', () => {
    // A: 0 (0,0,0) MOVE, 1 (100,0,0) MOVE, 2 (500,0,0) MOVE (removed).
    //    links 0->1 MOVE, 1->0 MOVE, 1->2 MOVE (gone with node 2).
    // B: 0 (103,4,0) WATER (= A1, 5 away, retyped), 1 (0,0,0) MOVE (= A0),
    //    2 (900,0,0) MOVE (added).
    //    links 1->0 JUMP (A0->A1 retyped), 0->2 MOVE (new with node 2), no 0->1 (A1->A0 removed).
    const a = navOf(
      [
        [0, 0, 0],
        [100, 0, 0],
        [500, 0, 0],
      ],
      [
        [0, 1, MOVE],
        [1, 0, MOVE],
        [1, 2, MOVE],
      ],
    );
    const b = navOf(
      [
        [103, 4, 0],
        [0, 0, 0],
        [900, 0, 0],
      ],
      [
        [1, 0, JUMP],
        [0, 2, MOVE],
      ],
      [WATER, MOVE, MOVE],
    );
    const d = diffNavs(a, b);
    expect(d).toMatchObject({ nodesA: 3, nodesB: 3, matchedNodes: 2, meanShift: 2.5, maxShift: 5 });
    expect(d.removedNodes).toEqual([{ index: 2, origin: [500, 0, 0], type: MOVE }]);
    expect(d.addedNodes).toEqual([{ index: 2, origin: [900, 0, 0], type: MOVE }]);
    expect(d.retypedNodes).toEqual([{ a: 1, b: 0, typeA: MOVE, typeB: WATER }]);
    expect(d.retypedLinks).toEqual([
      { fromA: 0, toA: 1, fromB: 1, toB: 0, typeA: MOVE, typeB: JUMP },
    ]);
    expect(d.removedLinks).toEqual([{ fromA: 1, toA: 0, fromB: 0, toB: 1, type: MOVE }]);
    expect(d.addedLinks).toEqual([]);
    expect(d).toMatchObject({ unchangedLinks: 0, linksOfRemovedNodes: 1, linksOfAddedNodes: 1 });
  });

  it('reports added links between matched nodes', () => {
    const a = navOf(
      [
        [0, 0, 0],
        [100, 0, 0],
      ],
      [],
    );
    const b = navOf(
      [
        [0, 0, 0],
        [100, 0, 0],
      ],
      [[1, 0, MOVE]],
    );
    expect(diffNavs(a, b).addedLinks).toEqual([{ fromA: 1, toA: 0, fromB: 1, toB: 0, type: MOVE }]);
  });

  it('honours the match radius', () => {
    const a = navOf([[0, 0, 0]], []);
    const b = navOf([[60, 0, 0]], []);
    expect(diffNavs(a, b).matchedNodes).toBe(0);
    expect(diffNavs(a, b, { matchRadius: 64 }).matchedNodes).toBe(1);
  });
});
