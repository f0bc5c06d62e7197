/**
 * Map nodes on the found floor and the links proposed for them, on an open box world with two
 * demo nodes: demo nodes win (no map node within minGap, the samples near one stand for it),
 * floor steps become links between map nodes, each map node links to at most maxDemoLinks demo
 * nodes, and two demo nodes the floor joins but no link does get a link marked fromMap.
 */
import { describe, expect, it } from 'vitest';
import { box, syntheticWorld } from './synthetic-world.js';
import { sampleFloor } from '../../src/map-analysis/walkable-floor.js';
import { floorGrid, sampleOrigin } from '../../src/map-analysis/floor-grid.js';
import { walkFloor } from '../../src/map-analysis/floor-walk.js';
import { bucketNodes } from '../../src/map-analysis/node-buckets.js';
import { placeFloorNodes } from '../../src/map-analysis/floor-nodes.js';
import { FILLED_LINK_TYPE, proposeFloorLinks } from '../../src/map-analysis/floor-links.js';
import { traverse } from '../../src/map-analysis/walk-link.js';
import { nodeWithoutVotes, type DraftNode } from '../../src/stage/graph-types.js';

const SOLID = 1;
const w = syntheticWorld([
  box([-256, -256, -32], [256, 256, 0], SOLID),
  box([-256, -256, 300], [256, 256, 332], SOLID),
]);
const grid = floorGrid(sampleFloor(w, 64));
const demo = (x: number, y: number, type = 'MOVE'): DraftNode => ({
  ...nodeWithoutVotes([x, y, 24.125], type, 'map'),
  source: 'votes',
});
const linkOptions = { maxDemoLinks: 3, maxDrop: 210, maxJump: 40 };

function fillOn(graph: DraftNode[], minGap: number, maxDemoLinks = 3) {
  const ground = graph.map((n) => n.type !== 'WATER');
  const walk = walkFloor(w, null, grid, graph, ground, [], {
    maxDz: 64,
    maxDrop: 210,
    maxJump: 40,
    gapJumps: false,
  });
  const buckets = bucketNodes(graph, grid.floor.spacing);
  const placed = placeFloorNodes(grid, walk.order, buckets, ground, graph.length, minGap);
  const nodes = [...graph, ...placed.nodes];
  const links = proposeFloorLinks(w, grid, nodes, buckets, ground, placed, walk.steps, [], {
    ...linkOptions,
    maxDemoLinks,
  });
  return { walk, placed, nodes, links };
}

describe('floor nodes', () => {
  const graph = [demo(-100, 0), demo(70, 5), demo(-180, -180, 'WATER')];
  const { walk, placed } = fillOn(graph, 48);

  it('a MOVE map node on every reached sample with no graph node within minGap, in sample order', () => {
    const withNode = placed.samples.filter((q) => placed.nodeOf[q] >= 0);
    expect(placed.samples).toEqual([...walk.order].sort((a, b) => a - b));
    expect(placed.nodes.map((n) => n.origin)).toEqual(withNode.map((q) => sampleOrigin(grid, q)));
    expect(withNode.map((q) => placed.nodeOf[q])).toEqual(withNode.map((_, k) => graph.length + k));
    expect(placed.nodes.every((n) => n.type === 'MOVE' && n.source === 'map')).toBe(true);
    for (const q of placed.samples) {
      const p = sampleOrigin(grid, q);
      const near = graph.some((n) => Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1]) <= 48);
      expect(placed.nodeOf[q] >= 0).toBe(!near);
    }
  });

  it('a sample near a ground node stands for it; near a water node for nothing', () => {
    const at = (x: number, y: number) =>
      placed.samples.find((q) => {
        const p = sampleOrigin(grid, q);
        return p[0] === x && p[1] === y;
      })!;
    expect(placed.owner[at(-123, 5)]).toBe(0); // 23 from demo node 0
    expect(placed.owner[at(69, 5)]).toBe(1); // right under demo node 1
    expect(placed.owner[at(-187, -187)]).toBe(-1); // the water node's: no owner, no node
    const own = placed.samples.filter((q) => placed.nodeOf[q] >= 0);
    expect(own.every((q) => placed.owner[q] === placed.nodeOf[q])).toBe(true);
  });
});

describe('floor links', () => {
  const graph = [demo(-100, 0), demo(70, 5)];

  it('every floor step between two map nodes is a link of the step’s type', () => {
    const { walk, placed, links } = fillOn(graph, 48);
    const have = new Set(links.map((l) => `${l.from}>${l.to}>${l.type}`));
    let steps = 0;
    for (const [q, out] of walk.steps)
      for (const { r, how } of out)
        if (placed.nodeOf[q] >= 0 && placed.nodeOf[r] >= 0) {
          steps++;
          expect(have.has(`${placed.nodeOf[q]}>${placed.nodeOf[r]}>${FILLED_LINK_TYPE[how]}`)).toBe(
            true,
          );
        }
    expect(steps).toBeGreaterThan(50);
  });

  it('each map node links to at most maxDemoLinks demo nodes, each way only where it goes', () => {
    for (const max of [0, 1, 3]) {
      const { nodes, links } = fillOn(graph, 48, max);
      const demoOf = new Map<number, Set<number>>();
      for (const l of links) {
        const [m, d] = l.from >= graph.length ? [l.from, l.to] : [l.to, l.from];
        if (d >= graph.length || l.fromMap) continue;
        demoOf.set(m, (demoOf.get(m) ?? new Set()).add(d));
        expect(traverse(w, nodes[l.from].origin, nodes[l.to].origin, 210, 40)).not.toBeNull();
      }
      expect(Math.max(0, ...[...demoOf.values()].map((s) => s.size))).toBeLessThanOrEqual(max);
      if (max > 0) expect(demoOf.size).toBeGreaterThan(0);
    }
  });

  it('two demo nodes the floor joins but no link does: a link each way, from the map', () => {
    // 110 apart and minGap 80: every sample between them stands for one of the two.
    const two = [demo(-100, 5), demo(10, 5)];
    const { links } = fillOn(two, 80);
    const between = links.filter((l) => l.from < 2 && l.to < 2);
    expect(between.map((l) => [l.from, l.to]).sort()).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(between.every((l) => l.fromMap === true && l.type === 'MOVE')).toBe(true);
  });

  it('no owner link repeats one the graph has', () => {
    const two = [demo(-100, 5), demo(10, 5)];
    const ground = [true, true];
    const walk = walkFloor(w, null, grid, two, ground, [], {
      maxDz: 64,
      maxDrop: 210,
      maxJump: 40,
      gapJumps: false,
    });
    const buckets = bucketNodes(two, 64);
    const placed = placeFloorNodes(grid, walk.order, buckets, ground, 2, 80);
    const learned = [
      { from: 0, to: 1, type: 'MOVE', weight: 1, demos: 1, votes: 1, airborne: 0, rise: 0 },
    ];
    const links = proposeFloorLinks(
      w,
      grid,
      [...two, ...placed.nodes],
      buckets,
      ground,
      placed,
      walk.steps,
      learned,
      linkOptions,
    );
    expect(links.filter((l) => l.from < 2 && l.to < 2).map((l) => [l.from, l.to])).toEqual([
      [1, 0],
    ]);
  });
});

describe('a node stands for a sample only where a straight walk joins them', () => {
  // A wall from x 30 to 50 for y >= -40 (from the floor to the ceiling) stands between the
  // demo node at (10, 0) and the sample at (69, 5) beside it; samples are at 5 + 64k.
  const walled = syntheticWorld([
    box([-256, -256, -32], [256, 256, 0], SOLID),
    box([-256, -256, 300], [256, 256, 332], SOLID),
    box([30, -40, 0], [50, 256, 300], SOLID),
  ]);
  const g = floorGrid(sampleFloor(walled, 64));
  const node = demo(10, 0);
  const ground = [true];
  const walk = walkFloor(walled, null, g, [node], ground, [], {
    maxDz: 64,
    maxDrop: 210,
    maxJump: 40,
    gapJumps: false,
  });
  const buckets = bucketNodes([node], 64);
  const sampleAt = (x: number, y: number) =>
    walk.order.find((q) => {
      const p = sampleOrigin(g, q);
      return p[0] === x && p[1] === y;
    })!;
  const joins = (p: readonly number[], n: number) =>
    traverse(walled, p, [node].at(n)!.origin) === 'walk' &&
    traverse(walled, [node].at(n)!.origin, p) === 'walk';

  it('without the walk test the node behind the wall stands for the sample', () => {
    const placed = placeFloorNodes(g, walk.order, buckets, ground, 1, 80);
    expect(placed.nodeOf[sampleAt(69, 5)]).toBe(-1);
    expect(placed.owner[sampleAt(69, 5)]).toBe(0);
  });

  it('with it the sample gets a node of its own; a sample the node walks to still has none', () => {
    const placed = placeFloorNodes(g, walk.order, buckets, ground, 1, 80, joins);
    expect(placed.nodeOf[sampleAt(69, 5)]).toBeGreaterThan(0);
    expect(placed.nodeOf[sampleAt(5, -59)]).toBe(-1);
    expect(placed.owner[sampleAt(5, -59)]).toBe(0);
  });
});
