/**
 * The first-hops stage on a box world: a floor with a wall from y = 0 northwards; node C south
 * of the wall's end links round it to node E on the east side. Floor samples north of C on the
 * west side pick C and would walk straight at E, into the wall: they get nodes of their own.
 */
import { describe, expect, it } from 'vitest';
import { box, syntheticWorld } from '../map-analysis/synthetic-world.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { sampleFloor } from '../../src/map-analysis/walkable-floor.js';
import { firstHopsDefaults as stageDefaults } from '../../src/operators/first-hops.js';
import { fillDefaults } from '../../src/operators/fill.js';
import { feedbackDefaults } from '../../src/operators/feedback.js';
import { addFirstHopNodes } from '../../src/map-analysis/first-hops-graph.js';
import {
  NO_LINK_EVIDENCE,
  nodeWithoutVotes,
  type DraftGraph,
} from '../../src/stage/graph-types.js';

// The stage's defaults, with the pipeline's shared settings at their owners' defaults (fill's
// brink rule, feedback's match radius).
const firstHopsDefaults = {
  ...stageDefaults,
  brinkClearance: fillDefaults.brinkClearance,
  maxDrop: fillDefaults.maxDrop,
  matchRadius: feedbackDefaults.matchRadius,
};

const SOLID = 1;
const Z = 24.125;
const w = syntheticWorld([
  box([-256, -256, -32], [256, 256, 0], SOLID),
  box([-8, 0, 0], [8, 256, 300], SOLID),
  box([-256, -256, 300], [256, 256, 332], SOLID),
]);
const map = { collision: buildCollisionModel(w), floor: sampleFloor(w, 32) };
const node = (x: number, y: number) => nodeWithoutVotes([x, y, Z], 'MOVE', 'map');
const link = (from: number, to: number) => ({ from, to, type: 'MOVE', ...NO_LINK_EVIDENCE });
const g: DraftGraph = {
  nodes: [node(-30, -30), node(60, -20)],
  links: [link(0, 1), link(1, 0)],
};

describe('first-hops', () => {
  const r = addFirstHopNodes(g, map, firstHopsDefaults);

  it('adds MOVE nodes where samples had a blind first hop, and leaves fewer such samples', () => {
    const s = r.stats as Record<string, number>;
    expect(s.blindBefore).toBeGreaterThan(0);
    expect(s.nodesAdded).toBeGreaterThan(0);
    expect(s.blindAfter).toBeLessThan(s.blindBefore);
    expect(r.graph.nodes.slice(0, 2)).toEqual(g.nodes);
    expect(r.graph.links.slice(0, 2)).toEqual(g.links);
    for (const n of r.graph.nodes.slice(2))
      expect(n).toMatchObject({ type: 'MOVE', source: 'map' });
    // Every new node links out, and only to nodes on its own side of the wall or round its end.
    for (let k = 2; k < r.graph.nodes.length; k++) {
      const out = r.graph.links.filter((l) => l.from === k);
      expect(out.length).toBeGreaterThan(0);
      const west = r.graph.nodes[k].origin[0] < 0 && r.graph.nodes[k].origin[1] > 16;
      for (const l of out)
        if (west)
          expect(r.graph.nodes[l.to].origin[0] < 0 || r.graph.nodes[l.to].origin[1] < 0).toBe(true);
    }
  });

  it('puts no node on the brink of a fall (fill\u2019s brink rule)', () => {
    // The same floor over a 400-unit drop: every blind place is on the brink and stays blind.
    const cliff = syntheticWorld([
      box([-256, -256, -432], [256, 256, -400], SOLID),
      box([-256, -256, -400], [256, 40, 0], SOLID),
      box([-8, 0, 0], [8, 256, 300], SOLID),
      box([-256, -256, 300], [256, 256, 332], SOLID),
    ]);
    const model = buildCollisionModel(cliff);
    const floor = sampleFloor(cliff, 32);
    const onCliff = addFirstHopNodes(
      g,
      { world: cliff, collision: model, floor },
      firstHopsDefaults,
    );
    const anywhere = addFirstHopNodes(g, { collision: model, floor }, firstHopsDefaults);
    // The box falls once its origin is 16 past the edge (y 56); the probe reaches 32 further.
    const brink = (n: { origin: readonly number[] }) => n.origin[1] > 56 - 32;
    expect(anywhere.graph.nodes.slice(2).some(brink)).toBe(true);
    expect(onCliff.graph.nodes.slice(2).some(brink)).toBe(false);
  });

  it('is deterministic', () => {
    expect(addFirstHopNodes(g, map, firstHopsDefaults)).toEqual(r);
  });

  it('never makes again a node or link the nav test recorded as bad', () => {
    // The first new node and one of its links, recorded bad as iterate's feedback would.
    const first = r.graph.nodes[2].origin;
    const out = r.graph.links.find((l) => l.from === 2)!;
    const target = r.graph.nodes[out.to].origin;
    const again = addFirstHopNodes(g, map, firstHopsDefaults, {
      badNodes: [],
      badLinks: [[first, target]],
      warnings: [],
    });
    const near = (p: readonly number[], q: readonly number[]) =>
      Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) <= 48;
    for (const l of again.graph.links)
      expect(
        near(again.graph.nodes[l.from].origin, first) &&
          near(again.graph.nodes[l.to].origin, target),
      ).toBe(false);
    const noNode = addFirstHopNodes(g, map, firstHopsDefaults, {
      badNodes: [first],
      badLinks: [],
      warnings: [],
    });
    for (const n of noNode.graph.nodes.slice(2)) expect(near(n.origin, first)).toBe(false);
  });
});
