/**
 * A candidate link goes only while another way between its ends remains, short enough; judged
 * in link order against the shrinking graph, so what reaches what never changes.
 */
import { expect, it } from 'vitest';
import { linksWithAnotherWay, type LinkEnds } from '../../src/graph/links-with-another-way.js';
import { adjacency, strongComponents } from '../../src/graph/strong-components.js';

// Nodes on a line, 100 units apart: node v at x = 100 v.
const length = (v: number, w: number) => Math.abs(v - w) * 100;
const marks = (n: number, ks: number[]) => {
  const m = new Uint8Array(n);
  for (const k of ks) m[k] = 1;
  return m;
};

it('a candidate with a way round within maxExtra goes; one without stays', () => {
  // 0 → 2 directly (200 units) or over 1 (200 units): a way of the same length.
  const links: LinkEnds[] = [
    { from: 0, to: 2 },
    { from: 0, to: 1 },
    { from: 1, to: 2 },
    { from: 2, to: 3 },
  ];
  const drop = linksWithAnotherWay(4, links, marks(4, [0, 3]), length, 100);
  expect([...drop]).toEqual([1, 0, 0, 0]); // 2 → 3 is the only way to 3
});

it('a way more than maxExtra longer than the link does not count', () => {
  // 1 → 2 (100 units) or round over 3 and 0: 200 + 300 + 200 = 700 units.
  const links: LinkEnds[] = [
    { from: 1, to: 2 },
    { from: 1, to: 3 },
    { from: 3, to: 0 },
    { from: 0, to: 2 },
  ];
  expect(linksWithAnotherWay(4, links, marks(4, [0]), length, 599)[0]).toBe(0);
  expect(linksWithAnotherWay(4, links, marks(4, [0]), length, 600)[0]).toBe(1);
});

it('two candidates that are each other\u2019s way round: the first goes, the second stays', () => {
  // 0 ⇄ 1 both ways twice over (parallel links): each pair keeps one.
  const links: LinkEnds[] = [
    { from: 0, to: 1 },
    { from: 0, to: 1 },
    { from: 1, to: 0 },
    { from: 1, to: 0 },
  ];
  const drop = linksWithAnotherWay(2, links, marks(4, [0, 1, 2, 3]), length, 0);
  expect([...drop]).toEqual([1, 0, 1, 0]);
});

it('what reaches what is the same after, on a ring with chords all candidates', () => {
  const n = 12;
  const links: LinkEnds[] = [];
  for (let v = 0; v < n; v++) {
    links.push({ from: v, to: (v + 1) % n });
    links.push({ from: v, to: (v + 3) % n });
  }
  const ring = (v: number, w: number) => Math.min(Math.abs(v - w), n - Math.abs(v - w)) * 100;
  const drop = linksWithAnotherWay(
    n,
    links,
    marks(
      links.length,
      links.map((_, k) => k),
    ),
    ring,
    8,
  );
  expect(drop.some((x) => x === 1)).toBe(true);
  const kept = links.filter((_, k) => !drop[k]);
  // Still one strongly connected component: every node reaches every other.
  const { component, count } = strongComponents(n, adjacency(n, kept));
  expect(count).toBe(1);
  expect(new Set(component).size).toBe(1);
});
