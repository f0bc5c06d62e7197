/**
 * What a click picks: a point on a dot is its node even with a line nearer; off the dots the
 * nearer of node and line wins, each within its reach in screen pixels; of a two-way line the
 * link leaving the end nearer the click, of a one-way line its one link; hidden layers are not
 * picked. And the other way round: the point `screenOfLink` gives picks that very link in either
 * direction at every zoom, and `screenOf` refuses a node the nav lacks.
 */
import { describe, expect, it } from 'vitest';
import { Camera } from '../../src/view-page/camera.js';
import { HitGrid } from '../../src/view-page/hit-test.js';
import { NavIndex } from '../../src/view-page/nav-index.js';
import { linkScreenPoint, nodeScreenPoint, pickAt } from '../../src/view-page/pick.js';
import type { ViewNav } from '../../src/sinks/view/view-model.js';
import { viewNav } from './view-nav.js';

const both = { nodes: true, links: true };

/** An 800 × 600 view centred on the world's origin at `scale` pixels a unit. */
function cameraAt(scale: number): Camera {
  const c = new Camera();
  c.resize(800, 600);
  c.centreOn(0, 0);
  c.scale = scale;
  return c;
}

/** Picks at world point (wx, wy) of `nav`'s band 0. */
function pickWorld(
  nav: ViewNav,
  wx: number,
  wy: number,
  scale = 1,
  shown: { nodes: boolean; links: boolean } = both,
) {
  const index = new NavIndex(nav);
  const camera = cameraAt(scale);
  return pickAt(
    new HitGrid(index, 0),
    index,
    camera,
    shown,
    camera.screenX(wx),
    camera.screenY(wy),
  );
}

describe('pickAt', () => {
  // Node 0 alone at the origin; the line 1 → 2 runs 7 units above it (a one-way link).
  const crossing = viewNav(
    [{ at: [0, 0, 0] }, { at: [-100, 7, 0] }, { at: [100, 7, 0] }],
    [[1, 2]],
  );

  it('picks the node of a dot clicked, even with a line nearer the click', () => {
    // At scale 1 a dot's radius is 4 pixels, on it up to 5; the line is 3 pixels away here.
    expect(pickWorld(crossing, 0, 4)).toEqual({ kind: 'node', node: 0 });
    expect(pickWorld(crossing, 3, -3)).toEqual({ kind: 'node', node: 0 });
  });

  it('off the dot, picks the nearer of the node and the line', () => {
    // 6.3 pixels from the node, 5 from the line: the link.
    expect(pickWorld(crossing, 6, 2)).toEqual({ kind: 'link', from: 1, to: 2 });
    // 6 pixels from the node, 7 from the line (beyond the line's reach): the node.
    expect(pickWorld(crossing, 6, 0)).toEqual({ kind: 'node', node: 0 });
  });

  it('picks nothing beyond the reach of a node (8 pixels) and of a line (5.6 pixels)', () => {
    expect(pickWorld(crossing, 0, -8.5)).toBeNull();
    expect(pickWorld(crossing, 50, 7 + 5.5)).toEqual({ kind: 'link', from: 1, to: 2 });
    expect(pickWorld(crossing, 50, 7 + 5.7)).toBeNull();
  });

  it('measures the reach in screen pixels: zoomed in, a near world point is out of reach', () => {
    // 6 units from the node: 6 pixels at scale 1 (in reach), 60 pixels at scale 10.
    expect(pickWorld(crossing, 6, 0, 1)).toEqual({ kind: 'node', node: 0 });
    expect(pickWorld(crossing, 6, 0, 10)).toBeNull();
    // Zoomed out (scale 0.25), 14 units from the node are 3.5 pixels: on its dot (radius 2.5).
    expect(pickWorld(crossing, 0, -14, 0.25)).toEqual({ kind: 'node', node: 0 });
  });

  it('does not pick a hidden layer', () => {
    expect(pickWorld(crossing, 0, 0, 1, { nodes: false, links: true })).toBeNull();
    expect(pickWorld(crossing, 0, 4, 1, { nodes: false, links: true })).toEqual({
      kind: 'link',
      from: 1,
      to: 2,
    });
    expect(pickWorld(crossing, 50, 7, 1, { nodes: true, links: false })).toBeNull();
    expect(pickWorld(crossing, 50, 7, 1, { nodes: false, links: false })).toBeNull();
  });

  it('picks, of a two-way line, the link leaving the end nearer the click', () => {
    // Listed 1 → 0 first: the line still runs from the lower node, 0.
    const twoWay = viewNav(
      [{ at: [0, 0, 0] }, { at: [100, 0, 0] }],
      [
        [1, 0],
        [0, 1],
      ],
    );
    expect(pickWorld(twoWay, 30, 2)).toEqual({ kind: 'link', from: 0, to: 1 });
    expect(pickWorld(twoWay, 49, -2)).toEqual({ kind: 'link', from: 0, to: 1 });
    expect(pickWorld(twoWay, 51, -2)).toEqual({ kind: 'link', from: 1, to: 0 });
    expect(pickWorld(twoWay, 70, 2)).toEqual({ kind: 'link', from: 1, to: 0 });
  });

  it('picks a one-way line’s link from either half', () => {
    const oneWay = viewNav([{ at: [0, 0, 0] }, { at: [100, 0, 0] }], [[1, 0]]);
    expect(pickWorld(oneWay, 30, 2)).toEqual({ kind: 'link', from: 1, to: 0 });
    expect(pickWorld(oneWay, 70, 2)).toEqual({ kind: 'link', from: 1, to: 0 });
  });

  it('picks nothing in an empty nav', () => {
    expect(pickWorld(viewNav([]), 0, 0)).toBeNull();
  });
});

describe('linkScreenPoint and nodeScreenPoint', () => {
  // A two-way diagonal line 0 ↔ 1, a one-way line 2 → 3, and a crowd of lines around them.
  const nav = viewNav(
    [
      { at: [-300, -200, 0] },
      { at: [250, 180, 0] },
      { at: [400, -300, 0] },
      { at: [-200, 350, 0] },
      { at: [0, 500, 0] },
      { at: [500, 500, 0] },
    ],
    [
      [0, 1],
      [1, 0],
      [2, 3],
      [4, 5],
      [5, 4],
      [0, 4],
    ],
  );
  const index = new NavIndex(nav);
  const grid = new HitGrid(index, 0);

  for (const scale of [0.1, 0.5, 1, 4, 40]) {
    it(`gives a point that picks the very link asked, both ways, at scale ${scale}`, () => {
      const camera = cameraAt(scale);
      for (const [from, to] of [
        [0, 1],
        [1, 0],
        [2, 3],
        [4, 5],
        [5, 4],
        [0, 4],
      ]) {
        const p = linkScreenPoint(index, camera, from, to);
        expect(pickAt(grid, index, camera, both, p.x, p.y)).toEqual({ kind: 'link', from, to });
      }
    });
  }

  it('gives a node’s centre, which picks the node', () => {
    const camera = cameraAt(0.5);
    camera.panBy(33, -12);
    const p = nodeScreenPoint(index, camera, 3);
    expect(p).toEqual({ x: camera.screenX(-200), y: camera.screenY(350) });
    expect(pickAt(grid, index, camera, both, p.x, p.y)).toEqual({ kind: 'node', node: 3 });
  });

  it('refuses a node the nav lacks, saying which nodes it has', () => {
    const camera = cameraAt(1);
    expect(() => nodeScreenPoint(index, camera, 6)).toThrow(
      new RangeError('no node 6: the nav has nodes 0 to 5'),
    );
    expect(() => nodeScreenPoint(index, camera, -1)).toThrow(RangeError);
    expect(() => nodeScreenPoint(index, camera, 1.5)).toThrow(RangeError);
    expect(() => linkScreenPoint(index, camera, 0, 99)).toThrow(RangeError);
    expect(() => nodeScreenPoint(new NavIndex(viewNav([])), camera, 0)).toThrow(
      'no node 0: the nav has no nodes',
    );
  });
});
