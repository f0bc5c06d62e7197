/**
 * The pointer's grid index: on a seeded random nav of 3,000 nodes and 20,000 links in three
 * bands, the nearest node and the nearest line it finds within a radius are the ones a
 * brute-force search over the band's nodes and lines finds (same distance, none when none is in
 * reach), at many points, radii from a pixel's worth to the whole map, and points off the map.
 * Also the small cases: an empty nav, a band without nodes, a line across many cells, where
 * along a line the point falls, and a line shown because one of its ends is in the band.
 */
import { describe, expect, it } from 'vitest';
import { HitGrid } from '../../src/view-page/hit-test.js';
import { NavIndex, nodeShownIn } from '../../src/view-page/nav-index.js';
import { randomViewNav, seededRandom, viewNav } from './view-nav.js';

/** The nearest node of `band` within `radius` by looking at every node: [node, squared distance]. */
function bruteNode(x: NavIndex, band: number, px: number, py: number, radius: number) {
  const xyz = x.nav.xyz;
  let best = -1;
  let bestD = radius * radius;
  for (let i = 0; i < x.nodeCount; i++) {
    if (!nodeShownIn(x.nav, i, band)) continue;
    const d = (xyz[3 * i] - px) ** 2 + (xyz[3 * i + 1] - py) ** 2;
    if (d <= bestD) [best, bestD] = [i, d];
  }
  return { node: best, d2: best < 0 ? Infinity : bestD };
}

/** The distance from (px, py) to line `l`, measured independently of the grid's formula. */
function lineDistance(x: NavIndex, l: number, px: number, py: number): number {
  const [ax, ay] = x.position(x.lineA[l]);
  const [bx, by] = x.position(x.lineB[l]);
  const len = Math.hypot(bx - ax, by - ay);
  if (len === 0) return Math.hypot(px - ax, py - ay);
  // Past an end: the distance to that end; beside the line: the perpendicular distance.
  const along = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len;
  if (along <= 0) return Math.hypot(px - ax, py - ay);
  if (along >= len) return Math.hypot(px - bx, py - by);
  return Math.abs((px - ax) * (by - ay) - (py - ay) * (bx - ax)) / len;
}

/** The nearest line shown in `band` within `radius` by looking at every line. */
function bruteLine(x: NavIndex, band: number, px: number, py: number, radius: number) {
  let best = -1;
  let bestD = Infinity;
  for (let l = 0; l < x.lineCount; l++) {
    if (!nodeShownIn(x.nav, x.lineA[l], band) && !nodeShownIn(x.nav, x.lineB[l], band)) continue;
    const d = lineDistance(x, l, px, py);
    if (d <= radius && d < bestD) [best, bestD] = [l, d];
  }
  return { line: best, distance: bestD };
}

describe('HitGrid against a brute-force search', () => {
  const nav = randomViewNav(20240611, 3000, 20000);
  const index = new NavIndex(nav);
  const random = seededRandom(99);
  /** Half the points anywhere over the map and a margin beyond it, half near some node. */
  const somePoint = (): [number, number] => {
    if (random() < 0.5) return [(random() - 0.5) * 4600, (random() - 0.5) * 4600];
    const [x, y] = index.position(Math.floor(random() * index.nodeCount));
    return [x + (random() - 0.5) * 120, y + (random() - 0.5) * 120];
  };

  for (const band of [0, 1, 2]) {
    it(`finds the nearest node of band ${band} within the radius`, () => {
      const grid = new HitGrid(index, band);
      let found = 0;
      for (let k = 0; k < 1500; k++) {
        const [px, py] = somePoint();
        const radius = k % 50 === 0 ? 5000 : 0.5 + random() * random() * 200;
        const got = grid.nearestNode(px, py, radius);
        const want = bruteNode(index, band, px, py, radius);
        if (want.node < 0) {
          expect(got).toBe(-1);
          continue;
        }
        found++;
        expect(got).toBeGreaterThanOrEqual(0);
        expect(nodeShownIn(nav, got, band)).toBe(true);
        const [gx, gy] = index.position(got);
        expect((gx - px) ** 2 + (gy - py) ** 2).toBe(want.d2);
      }
      // The points must test both answers, not only "nothing here".
      expect(found).toBeGreaterThan(300);
      expect(found).toBeLessThan(1500);
    });

    it(`finds the nearest line of band ${band} within the radius`, () => {
      const grid = new HitGrid(index, band);
      let found = 0;
      for (let k = 0; k < 1500; k++) {
        const [px, py] = somePoint();
        const radius = k % 50 === 0 ? 5000 : 0.5 + random() * random() * 60;
        const got = grid.nearestLine(px, py, radius);
        const want = bruteLine(index, band, px, py, radius);
        if (want.line < 0) {
          // Within rounding of the edge of the radius, either answer is right.
          if (got) expect(got.distance).toBeGreaterThan(radius - 1e-9);
          continue;
        }
        found++;
        expect(got).not.toBeNull();
        expect(got!.distance).toBeCloseTo(want.distance, 6);
        expect(lineDistance(index, got!.line, px, py)).toBeCloseTo(got!.distance, 6);
        const [a, b] = [index.lineA[got!.line], index.lineB[got!.line]];
        expect(nodeShownIn(nav, a, band) || nodeShownIn(nav, b, band)).toBe(true);
      }
      expect(found).toBeGreaterThan(300);
      expect(found).toBeLessThan(1500);
    });
  }

  it('answers the same when asked the same point twice (lines seen once per query)', () => {
    const grid = new HitGrid(index, 1);
    for (let k = 0; k < 200; k++) {
      const [px, py] = somePoint();
      expect(grid.nearestLine(px, py, 40)).toEqual(grid.nearestLine(px, py, 40));
    }
  });
});

describe('HitGrid', () => {
  it('finds nothing in an empty nav', () => {
    const grid = new HitGrid(new NavIndex(viewNav([])), 0);
    expect(grid.nearestNode(0, 0, 1e6)).toBe(-1);
    expect(grid.nearestLine(0, 0, 1e6)).toBeNull();
  });

  it('finds nothing in a band without nodes or lines', () => {
    const nav = viewNav(
      [
        { at: [0, 0, 0], band: 0 },
        { at: [100, 0, 0], band: 0 },
      ],
      [[0, 1]],
    );
    const grid = new HitGrid(new NavIndex(nav), 1);
    expect(grid.nearestNode(0, 0, 1e6)).toBe(-1);
    expect(grid.nearestLine(50, 0, 1e6)).toBeNull();
  });

  it('respects the radius: a node just beyond it is not found', () => {
    const grid = new HitGrid(new NavIndex(viewNav([{ at: [10, 0, 0] }])), 0);
    expect(grid.nearestNode(0, 0, 9.99)).toBe(-1);
    expect(grid.nearestNode(0, 0, 10)).toBe(0);
  });

  it('finds a node from a point far off the map when the radius reaches it', () => {
    const grid = new HitGrid(new NavIndex(viewNav([{ at: [0, 0, 0] }, { at: [50, 0, 0] }])), 0);
    expect(grid.nearestNode(-3000, 0, 3001)).toBe(0);
    expect(grid.nearestNode(-3000, 0, 2999)).toBe(-1);
  });

  it('finds a long line at its middle, far from both ends, and says where along it', () => {
    // Nodes crowd one corner so the grid's cells are small; the line crosses the whole map.
    const nodes = [{ at: [-4000, -4000, 0] as [number, number, number] }];
    for (let i = 0; i < 200; i++) nodes.push({ at: [3000 + (i % 20) * 20, 3000 + i * 2, 0] });
    const index = new NavIndex(viewNav(nodes, [[0, 1]]));
    const grid = new HitGrid(index, 0);
    const [bx, by] = index.position(1);
    const mx = (-4000 + bx) / 2;
    const my = (-4000 + by) / 2;
    const hit = grid.nearestLine(mx + 3, my - 3, 10);
    expect(hit).not.toBeNull();
    expect(hit!.line).toBe(0);
    expect(hit!.t).toBeCloseTo(0.5, 3);
    expect(hit!.distance).toBeCloseTo(Math.hypot(3, 3), 6);
  });

  it('gives t 0 and 1 past the ends of a line, and the distance to that end', () => {
    const index = new NavIndex(
      viewNav(
        [{ at: [0, 0, 0] }, { at: [100, 0, 0] }],
        [
          [0, 1],
          [1, 0],
        ],
      ),
    );
    const grid = new HitGrid(index, 0);
    expect(grid.nearestLine(-3, 4, 10)).toEqual({ line: 0, t: 0, distance: 5 });
    expect(grid.nearestLine(103, -4, 10)).toEqual({ line: 0, t: 1, distance: 5 });
    expect(grid.nearestLine(25, 2, 10)).toEqual({ line: 0, t: 0.25, distance: 2 });
  });

  it('finds a line of the band shown leading to a node of another band', () => {
    const nav = viewNav(
      [
        { at: [0, 0, 0], band: 0 },
        { at: [200, 0, 300], band: 1 },
        { at: [0, 200, 0], band: 2 },
        { at: [200, 200, 300], band: 1 },
      ],
      [
        [0, 1],
        [2, 3],
      ],
    );
    const grid = new HitGrid(new NavIndex(nav), 0);
    expect(grid.nearestLine(150, 1, 5)?.line).toBe(0);
    // The node at the far end stands in band 1: not pickable as a node in band 0.
    expect(grid.nearestNode(200, 0, 5)).toBe(-1);
    // The line 2 → 3 has no end in band 0.
    expect(grid.nearestLine(100, 200, 5)).toBeNull();
  });

  it('finds nodes outside every band in every band', () => {
    const nav = viewNav([{ at: [0, 0, 0], band: -1 }]);
    const index = new NavIndex(nav);
    for (const band of [0, 1, 5]) expect(new HitGrid(index, band).nearestNode(1, 1, 2)).toBe(0);
  });

  it('finds a line of zero length (two nodes on one spot) as a point', () => {
    const index = new NavIndex(viewNav([{ at: [7, 7, 0] }, { at: [7, 7, 64] }], [[0, 1]]));
    expect(new HitGrid(index, 0).nearestLine(10, 11, 6)).toEqual({ line: 0, t: 0, distance: 5 });
  });
});
