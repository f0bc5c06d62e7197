/**
 * The nav's lookups: each node's links out and in (every link once, in the nav's order), the
 * drawn lines (a link and its reverse one two-way line from the lower node, a lone link a
 * one-way line, self-links and links to a missing node none), the line of either direction,
 * the links between two nodes (a pair held twice included), and which band shows a node.
 */
import { describe, expect, it } from 'vitest';
import { NavIndex, nodeShownIn, pairKey } from '../../src/view-page/nav-index.js';
import { randomViewNav, viewNav } from './view-nav.js';

const out = (x: NavIndex, i: number) =>
  Array.from(x.outLinks.subarray(x.outStart[i], x.outStart[i + 1]));
const into = (x: NavIndex, i: number) =>
  Array.from(x.inLinks.subarray(x.inStart[i], x.inStart[i + 1]));
const lines = (x: NavIndex) =>
  Array.from({ length: x.lineCount }, (_, l) => ({
    a: x.lineA[l],
    b: x.lineB[l],
    type: x.lineType[l],
    twoWay: x.lineTwoWay[l] === 1,
  }));

describe('NavIndex', () => {
  const nodes = [0, 1, 2, 3].map((i) => ({ at: [i * 100, 0, 0] as [number, number, number] }));

  it('lists each node’s links out and in, in the nav’s order', () => {
    // Links: 0: 0→1, 1: 1→0, 2: 0→2, 3: 3→0, 4: 2→2.
    const x = new NavIndex(
      viewNav(nodes, [
        [0, 1],
        [1, 0],
        [0, 2],
        [3, 0],
        [2, 2],
      ]),
    );
    expect(x.nodeCount).toBe(4);
    expect([0, 1, 2, 3].map((i) => out(x, i))).toEqual([[0, 2], [1], [4], [3]]);
    expect([0, 1, 2, 3].map((i) => into(x, i))).toEqual([[1, 3], [0], [2, 4], []]);
  });

  it('draws a link and its reverse as one two-way line from the lower node', () => {
    // 2→1 comes first in the nav, yet the line runs 1 → 2 with the type of 1 → 2.
    const x = new NavIndex(
      viewNav(nodes, [
        [2, 1, 5],
        [1, 2, 7],
      ]),
    );
    expect(lines(x)).toEqual([{ a: 1, b: 2, type: 7, twoWay: true }]);
    expect(x.lineOf(1, 2)).toBe(0);
    expect(x.lineOf(2, 1)).toBe(0);
  });

  it('draws a lone link as a one-way line, found only in its own direction', () => {
    const x = new NavIndex(viewNav(nodes, [[3, 1, 2]]));
    expect(lines(x)).toEqual([{ a: 3, b: 1, type: 2, twoWay: false }]);
    expect(x.lineOf(3, 1)).toBe(0);
    expect(x.lineOf(1, 3)).toBe(-1);
  });

  it('draws nothing for a self-link or a link to a node the nav lacks', () => {
    const x = new NavIndex(
      viewNav(nodes, [
        [2, 2],
        [0, 9],
        [0, 1],
      ]),
    );
    expect(lines(x)).toEqual([{ a: 0, b: 1, type: 0, twoWay: false }]);
    expect(x.lineOf(2, 2)).toBe(-1);
  });

  it('takes a line’s type from the first link of a pair held twice', () => {
    const x = new NavIndex(
      viewNav(nodes, [
        [0, 1, 3],
        [0, 1, 6],
      ]),
    );
    expect(lines(x)).toEqual([{ a: 0, b: 1, type: 3, twoWay: false }]);
    expect(x.linksBetween(0, 1)).toEqual([0, 1]);
  });

  it('finds the links between two nodes in one direction only', () => {
    const x = new NavIndex(
      viewNav(nodes, [
        [0, 1],
        [1, 0],
        [0, 2],
      ]),
    );
    expect(x.linksBetween(0, 1)).toEqual([0]);
    expect(x.linksBetween(1, 0)).toEqual([1]);
    expect(x.linksBetween(2, 0)).toEqual([]);
    expect(x.linksBetween(-1, 0)).toEqual([]);
    expect(x.linksBetween(99, 0)).toEqual([]);
  });

  it('gives a node’s position', () => {
    const x = new NavIndex(viewNav([{ at: [1.5, -2, 3] }, { at: [4, 5, -6.5] }]));
    expect(x.position(1)).toEqual([4, 5, -6.5]);
  });

  it('indexes an empty nav', () => {
    const x = new NavIndex(viewNav([]));
    expect(x.nodeCount).toBe(0);
    expect(x.lineCount).toBe(0);
    expect(x.lineOf(0, 1)).toBe(-1);
    expect(x.linksBetween(0, 1)).toEqual([]);
  });

  it('on a random nav, lists every link once out and once in, and every pair on its line', () => {
    const nav = randomViewNav(11, 3000, 20000);
    const x = new NavIndex(nav);
    const seenOut = new Array<number>(nav.from.length).fill(0);
    const seenIn = new Array<number>(nav.from.length).fill(0);
    for (let i = 0; i < x.nodeCount; i++) {
      for (const l of out(x, i)) {
        expect(nav.from[l]).toBe(i);
        seenOut[l]++;
      }
      for (const l of into(x, i)) {
        expect(nav.to[l]).toBe(i);
        seenIn[l]++;
      }
    }
    expect(seenOut.every((c) => c === 1)).toBe(true);
    expect(seenIn.every((c) => c === 1)).toBe(true);
    const pairs = new Set<number>();
    for (let l = 0; l < nav.from.length; l++) {
      const [a, b] = [nav.from[l], nav.to[l]];
      if (a === b) continue;
      pairs.add(pairKey(a, b));
      const line = x.lineOf(a, b);
      const twoWay = x.linksBetween(b, a).length > 0;
      expect(x.lineTwoWay[line] === 1).toBe(twoWay);
      // A one-way line runs as its link; a two-way one from the lower node.
      const ends = twoWay ? [Math.min(a, b), Math.max(a, b)] : [a, b];
      expect([x.lineA[line], x.lineB[line]]).toEqual(ends);
    }
    // One line per one-way pair, one per two-way pair of pairs.
    let twoWay = 0;
    for (let l = 0; l < x.lineCount; l++) twoWay += x.lineTwoWay[l];
    expect(x.lineCount + twoWay).toBe(pairs.size);
  });
});

describe('nodeShownIn', () => {
  const nav = viewNav([
    { at: [0, 0, 0], band: 0 },
    { at: [0, 0, 0], band: 2 },
    { at: [0, 0, 0], band: -1 },
  ]);

  it('shows a node in its own band only', () => {
    expect([0, 1, 2].map((b) => nodeShownIn(nav, 0, b))).toEqual([true, false, false]);
    expect([0, 1, 2].map((b) => nodeShownIn(nav, 1, b))).toEqual([false, false, true]);
  });

  it('shows a node outside every band in every band', () => {
    expect([0, 1, 2].map((b) => nodeShownIn(nav, 2, b))).toEqual([true, true, true]);
  });
});

describe('pairKey', () => {
  it('tells ordered pairs apart up to the engine’s node limits', () => {
    expect(pairKey(1, 2)).not.toBe(pairKey(2, 1));
    expect(pairKey(0, 0xfffff)).not.toBe(pairKey(1, 0));
    expect(pairKey(65535, 65535)).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });
});
