/**
 * The selection through an edit: taken in loaded node numbers before the nav changes and back
 * in the new numbers after, a selected node or link follows a delete that renumbers the nodes,
 * and ends when its node was deleted or its link is no more. Also when two selections are the
 * same.
 */
import { describe, expect, it } from 'vitest';
import type { ViewNav } from '../../src/sinks/view/view-model.js';
import { NavIndex } from '../../src/view-page/nav-index.js';
import { NodeIdentity } from '../../src/view-page/node-identity.js';
import {
  sameSelection,
  selectionInCurrent,
  selectionInLoaded,
  type Selection,
} from '../../src/view-page/selection.js';
import { viewNav } from './view-nav.js';

type P = [number, number, number];
const at: P[] = [
  [0, 0, 0],
  [100, 0, 0],
  [200, 0, 0],
  [300, 0, 0],
];
const before = viewNav(
  at.map((p) => ({ at: p })),
  [
    [1, 2],
    [2, 3],
    [3, 2],
  ],
);

/** `s`, selected in `before`, after the edit that gave `after`. */
function carried(s: Selection | null, after: ViewNav): Selection | null {
  const identity = new NodeIdentity(before);
  const kept = selectionInLoaded(s, identity);
  identity.update(after);
  return selectionInCurrent(kept, identity, new NavIndex(after));
}

/** `before` without node 0: every other node one lower, the links with them. */
const node0Deleted = viewNav(
  at.slice(1).map((p) => ({ at: p })),
  [
    [0, 1],
    [1, 2],
    [2, 1],
  ],
);

describe('a selection through an edit', () => {
  it('follows a node renumbered by a delete before it', () => {
    expect(carried({ kind: 'node', node: 2 }, node0Deleted)).toEqual({ kind: 'node', node: 1 });
  });

  it('follows a link renumbered by a delete, in its direction', () => {
    expect(carried({ kind: 'link', from: 3, to: 2 }, node0Deleted)).toEqual({
      kind: 'link',
      from: 2,
      to: 1,
    });
  });

  it('ends when its node was deleted', () => {
    const node2Deleted = viewNav([{ at: at[0] }, { at: at[1] }, { at: at[3] }]);
    expect(carried({ kind: 'node', node: 2 }, node2Deleted)).toBeNull();
    expect(carried({ kind: 'link', from: 1, to: 2 }, node2Deleted)).toBeNull();
  });

  it('ends when its link was deleted, though both nodes remain', () => {
    const linkDeleted = viewNav(
      at.map((p) => ({ at: p })),
      [
        [1, 2],
        [3, 2],
      ],
    );
    expect(carried({ kind: 'link', from: 2, to: 3 }, linkDeleted)).toBeNull();
    expect(carried({ kind: 'link', from: 3, to: 2 }, linkDeleted)).toEqual({
      kind: 'link',
      from: 3,
      to: 2,
    });
  });

  it('stays empty when nothing was selected', () => {
    expect(carried(null, node0Deleted)).toBeNull();
  });

  it('ends for a node no loaded node is', () => {
    const identity = new NodeIdentity(before);
    identity.update(viewNav([...at, [999, 0, 0]].map((p) => ({ at: p as P }))));
    const kept = selectionInLoaded({ kind: 'node', node: 4 }, identity);
    expect(kept).toEqual({ kind: 'node', node: -1 });
    expect(selectionInCurrent(kept, identity, new NavIndex(before))).toBeNull();
  });
});

describe('sameSelection', () => {
  it('compares kind, node and both ends in order', () => {
    const node = (n: number): Selection => ({ kind: 'node', node: n });
    const link = (from: number, to: number): Selection => ({ kind: 'link', from, to });
    expect(sameSelection(node(1), node(1))).toBe(true);
    expect(sameSelection(node(1), node(2))).toBe(false);
    expect(sameSelection(link(1, 2), link(1, 2))).toBe(true);
    expect(sameSelection(link(1, 2), link(2, 1))).toBe(false);
    expect(sameSelection(node(1), link(1, 1))).toBe(false);
    expect(sameSelection(null, null)).toBe(true);
    expect(sameSelection(null, node(0))).toBe(false);
    expect(sameSelection(link(0, 1), null)).toBe(false);
  });
});
