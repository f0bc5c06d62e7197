/**
 * Overlays: against the previous nav, exactly the diff; against another graph, coverage (a
 * node or link of the other within the radius), so a sparse human waypoint graph with long
 * links does not make every node "new".
 */
import { describe, expect, it } from 'vitest';
import { defaultNodeTypes as T } from '../../../src/nav/node-types.js';
import type { Vec3 } from '../../../src/nav/types.js';
import { GraphCoverage } from '../../../src/sinks/render/graph-coverage.js';
import { ltkAsNav } from '../../../src/sinks/render/ltk-as-nav.js';
import { navOverlay } from '../../../src/sinks/render/nav-overlay.js';
import { line, navOf } from '../../nav/nav-builder.js';

describe('navOverlay, previous mode', () => {
  it('draws the diff: added and removed nodes and links, retyped nodes', () => {
    const before = navOf(line(3), [
      [0, 1],
      [1, 0],
      [1, 2],
    ]);
    // Node 2 moved far away (removed + added), node 0 retyped, 0 → 1 dropped, 1 → 0 kept.
    const after = navOf(
      [
        [0, 0, 0],
        [100, 0, 0],
        [900, 0, 0],
      ],
      [
        [1, 0],
        [1, 2],
      ],
      [T.JUMP, T.MOVE, T.MOVE],
    );
    const o = navOverlay(after, before, { label: 'before', mode: 'previous' });
    expect(o.gainedNodes).toEqual([2]);
    expect(o.lostNodes).toEqual([2]);
    expect(o.diff.retypedNodes).toEqual([{ a: 0, b: 0, typeA: T.MOVE, typeB: T.JUMP }]);
    expect(o.lostLinks).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(o.gainedLinks).toEqual([[1, 2]]);
    expect([...o.referenceMatched]).toEqual([1, 1, 0]);
  });
});

describe('navOverlay, compare mode', () => {
  it('counts a node near the other graph’s link as covered', () => {
    // The other graph: two nodes 400 apart joined both ways; ours: a node every 50 along them.
    const other = navOf(
      [
        [0, 0, 0],
        [400, 0, 0],
      ],
      [
        [0, 1],
        [1, 0],
      ],
    );
    const ours = navOf(
      [...Array.from({ length: 9 }, (_, i): Vec3 => [i * 50, 10, 0]), [200, 300, 0]],
      Array.from({ length: 8 }, (_, i): [number, number] => [i, i + 1]),
    );
    const o = navOverlay(ours, other, { label: 'other' });
    expect(o.gainedNodes).toEqual([9]);
    expect(o.lostNodes).toEqual([]);
    expect(o.gainedLinks).toEqual([]);
    expect(o.lostLinks).toEqual([]);
    // Node matching still pairs only the two ends.
    expect(o.diff.matchedNodes).toBe(2);
  });

  it('counts the other graph’s link as lost where ours leaves a gap', () => {
    const other = navOf(
      [
        [0, 0, 0],
        [400, 0, 0],
      ],
      [[0, 1]],
    );
    const ours = navOf(
      [
        [0, 0, 0],
        [400, 0, 0],
      ],
      [],
    );
    const o = navOverlay(ours, other, { label: 'other' });
    expect(o.lostLinks).toEqual([[0, 1]]);
    expect(o.lostNodes).toEqual([]);
  });
});

describe('GraphCoverage', () => {
  it('measures in 3D: a corridor does not cover the room under it', () => {
    const c = new GraphCoverage(navOf(line(2), [[0, 1]]), 48);
    expect(c.coversPoint([50, 40, 0])).toBe(true);
    expect(c.coversPoint([50, 0, -200])).toBe(false);
    expect(c.coversPoint([160, 0, 0])).toBe(false);
    expect(c.coversSegment([0, 30, 0], [100, 30, 0])).toBe(true);
    expect(c.coversSegment([0, 30, 0], [300, 30, 0])).toBe(false);
  });
});

describe('ltkAsNav', () => {
  it('carries LTK types over by name and keeps the links', () => {
    const nav = ltkAsNav(
      {
        file: 'x.ltk',
        version: 4,
        nodeCount: 2,
        origins: Float32Array.from([0, 0, 0, 10, 0, 0]),
        types: Uint8Array.from([0, 1]),
        linkCount: 1,
        linkFrom: Uint16Array.from([0]),
        linkTo: Uint16Array.from([1]),
        linkCost: Float32Array.from([10]),
      },
      T,
    );
    expect(nav.nodes.map((n) => n.type)).toEqual([T.MOVE, T.LADDER]);
    expect(nav.nodes[0].links).toEqual([{ target: 1, targetType: T.LADDER, cost: 10 }]);
  });
});
