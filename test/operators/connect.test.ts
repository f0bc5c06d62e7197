import { describe, expect, it } from 'vitest';
import { connectDefaults as stageDefaults } from '../../src/operators/connect.js';
import { feedbackDefaults } from '../../src/operators/feedback.js';
import { connectGraph, mendWaysOut } from '../../src/map-analysis/connect-graph.js';
import type { DraftGraph, DraftLink, DraftNode } from '../../src/stage/graph-types.js';
import { NO_LINK_EVIDENCE, nodeWithoutVotes } from '../../src/stage/graph-types.js';
import { EMPTY_FEEDBACK } from '../../src/sources/feedback/feedback.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { box, syntheticWorld } from '../map-analysis/synthetic-world.js';

const SOLID = 1;
// A floor with a sealed cell: walls round x ∈ [300, 500], y ∈ [-100, 100] (no door).
const FLOOR = box([-512, -512, -32], [512, 512, 0], SOLID);
const CELL = [
  box([280, -120, 0], [300, 120, 128], SOLID),
  box([500, -120, 0], [520, 120, 128], SOLID),
  box([280, -120, 0], [520, -100, 128], SOLID),
  box([280, 100, 0], [520, 120, 128], SOLID),
];
const world = syntheticWorld([FLOOR, ...CELL]);
const map = { world, collision: buildCollisionModel(world) };
const Z = 24.125;
const node = (x: number, y: number, type = 'MOVE'): DraftNode =>
  nodeWithoutVotes([x, y, Z], type, 'map');
// The stage's defaults, and feedback's match radius (the pipeline's when it sets none).
const connectDefaults = { ...stageDefaults, matchRadius: feedbackDefaults.matchRadius };
const link = (from: number, to: number): DraftLink => ({
  from,
  to,
  type: 'MOVE',
  ...NO_LINK_EVIDENCE,
});

/** A plateau 100 units high (x −200…200) between a pit 120 deep (west) and the floor (east). */
function plateauMap() {
  const world = syntheticWorld([
    box([-1024, -512, -152], [-200, 512, -120], SOLID),
    box([-200, -512, -32], [200, 512, 100], SOLID),
    box([200, -512, -32], [1024, 512, 0], SOLID),
  ]);
  return { world, collision: buildCollisionModel(world) };
}

describe('connect', () => {
  // Main loop 0 ⇄ 1 ⇄ 2; node 3 (open floor) linked only from 2 (a dead end); node 4 (open
  // floor) linked only to 0 (nothing leads to it); 5 ⇄ 6 inside the sealed cell.
  const g: DraftGraph = {
    nodes: [
      node(-200, 0),
      node(-100, 0),
      node(0, 0),
      node(100, 0),
      node(-300, 0),
      node(380, 0),
      node(420, 0),
    ],
    links: [
      link(0, 1),
      link(1, 0),
      link(1, 2),
      link(2, 1),
      link(2, 3),
      link(4, 0),
      link(5, 6),
      link(6, 5),
    ],
  };
  const r = connectGraph(g, map, EMPTY_FEEDBACK, connectDefaults);
  const has = (gr: DraftGraph, a: readonly number[], b: readonly number[]) =>
    gr.links.some(
      (l) =>
        gr.nodes[l.from].origin.every((v, k) => v === a[k]) &&
        gr.nodes[l.to].origin.every((v, k) => v === b[k]),
    );

  it('a dead end gets a way out the simulated bot walks, and a node nothing leads to a way in', () => {
    expect(has(r.graph, [100, 0, Z], [0, 0, Z])).toBe(true);
    expect(has(r.graph, [-200, 0, Z], [-300, 0, Z])).toBe(true);
    expect(r.stats.escapeLinksAdded).toBe(1);
    expect(r.stats.entryLinksAdded).toBe(1);
  });

  it('a sealed group no walk leaves is removed with its links; the rest keep their order', () => {
    expect(r.stats.trapNodesRemoved).toBe(2);
    expect(r.graph.nodes.map((n) => n.origin[0])).toEqual([-200, -100, 0, 100, -300]);
    expect(r.graph.links.every((l) => l.from < 5 && l.to < 5)).toBe(true);
  });

  it('an island of at least minIsland nodes is kept (bots roam it)', () => {
    const kept = connectGraph(g, map, EMPTY_FEEDBACK, { ...connectDefaults, minIsland: 2 });
    expect(kept.graph.nodes).toHaveLength(7);
    expect(kept.stats.trapNodesRemoved).toBe(0);
  });

  it('an island is never a goal: no link leads into it from where a bot can come back', () => {
    // A link from the main loop into the sealed cell: a bot sent there would stay.
    const intoCell = { ...g, links: [...g.links, link(2, 5)] };
    const kept = connectGraph(intoCell, map, EMPTY_FEEDBACK, { ...connectDefaults, minIsland: 2 });
    expect(kept.graph.nodes).toHaveLength(7);
    expect(kept.stats.linksIntoIslandsRemoved).toBe(1);
    expect(has(kept.graph, [0, 0, Z], [380, 0, Z])).toBe(false);
    expect(has(kept.graph, [380, 0, Z], [420, 0, Z])).toBe(true);
  });

  it('a node apart beside an island, and no way into the main part, walks into the island', () => {
    // A spawn point in the sealed cell, linked to nothing, beside the cell's loop (an island at
    // minIsland 2): without a way into the island it was a group of one a bot stood in.
    const spawnInCell = { ...g, nodes: [...g.nodes, node(460, 60, 'SPAWNPOINT')] };
    const kept = connectGraph(spawnInCell, map, EMPTY_FEEDBACK, {
      ...connectDefaults,
      minIsland: 2,
    });
    expect(kept.stats.islandEscapeLinksAdded).toBe(1);
    const out = kept.graph.links.filter((l) => l.from === 7);
    expect(out).toHaveLength(1);
    expect([5, 6]).toContain(out[0].to);
    // Nothing of the main part leads there.
    expect(kept.graph.links.some((l) => l.from < 5 && l.to >= 5)).toBe(false);
  });

  it('never makes a fall into an island a way out', () => {
    // A plateau node whose only neighbours are an island on the floor 100 units below (the main
    // part lies in the pit, beyond the radius): a drop without damage, into a part a bot could
    // not leave; step 1 would take it, were the island the main part.
    const top = 100 + Z;
    const pit = -120 + Z;
    const g2: DraftGraph = {
      nodes: [
        nodeWithoutVotes([-700, 0, pit], 'MOVE', 'map'),
        nodeWithoutVotes([-800, 0, pit], 'MOVE', 'map'),
        nodeWithoutVotes([-800, 100, pit], 'MOVE', 'map'),
        node(260, 0),
        node(330, 0),
        nodeWithoutVotes([150, 0, top], 'MOVE', 'map'),
      ],
      links: [link(0, 1), link(1, 2), link(2, 0), link(3, 4), link(4, 3)],
    };
    const r2 = connectGraph(g2, plateauMap(), EMPTY_FEEDBACK, { ...connectDefaults, minIsland: 2 });
    expect(r2.stats.islandEscapeLinksAdded).toBe(0);
    expect(r2.stats.trapNodesRemoved).toBe(1);
  });

  it('never proposes a link the nav test reported bad; a dead end with no other way gets a bridge node', () => {
    const bad = {
      ...EMPTY_FEEDBACK,
      badLinks: [
        [
          [100, 0, Z],
          [0, 0, Z],
        ],
      ] as never,
    };
    // With another way within reach (node 1, 200 units off), that one is taken.
    const wider = connectGraph(g, map, bad, { ...connectDefaults, radius: 256 });
    expect(has(wider.graph, [100, 0, Z], [0, 0, Z])).toBe(false);
    expect(has(wider.graph, [100, 0, Z], [-100, 0, Z])).toBe(true);
    // With none, two links through a new MOVE node on the floor between, each made by the bot.
    const only = connectGraph(g, map, bad, connectDefaults);
    expect(has(only.graph, [100, 0, Z], [0, 0, Z])).toBe(false);
    expect(only.stats.bridgeNodesAdded).toBe(1);
    const mid = only.graph.nodes.length - 1;
    const m = only.graph.nodes[mid];
    expect(m).toMatchObject({ type: 'MOVE', source: 'map' });
    expect(m.origin[0]).toBeGreaterThan(0);
    expect(m.origin[0]).toBeLessThan(100);
    expect(has(only.graph, [100, 0, Z], m.origin)).toBe(true);
    expect(has(only.graph, m.origin, [0, 0, Z])).toBe(true);
  });

  it('a roof whose only way down is deeper than maxDrop gets one drop down to escapeMaxDrop', () => {
    const roofWorld = syntheticWorld([FLOOR, box([-512, -512, 0], [-24, 512, 240], SOLID)]);
    const roofMap = { world: roofWorld, collision: buildCollisionModel(roofWorld) };
    const high = 240 + Z;
    const roof: DraftGraph = {
      nodes: [
        nodeWithoutVotes([-100, 0, high], 'MOVE', 'map'),
        nodeWithoutVotes([-60, 0, high], 'MOVE', 'map'),
        node(100, 0),
        node(200, 0),
        node(150, 100),
      ],
      links: [link(0, 1), link(1, 0), link(2, 3), link(3, 4), link(4, 2)],
    };
    const r2 = connectGraph(roof, roofMap, EMPTY_FEEDBACK, connectDefaults);
    const down = r2.graph.links.filter((l) => l.from < 2 && l.to >= 2);
    expect(down).toHaveLength(1);
    expect(down[0].type).toBe('STAND_DROP');
    expect(r2.stats.trapNodesRemoved).toBe(0);
    // Not with escapeMaxDrop at maxDrop: the roof is a trap and goes.
    const strict = connectGraph(roof, roofMap, EMPTY_FEEDBACK, {
      ...connectDefaults,
      escapeMaxDrop: 180,
    });
    expect(strict.stats.trapNodesRemoved).toBe(2);
  });

  it('a group apart leaves by the safest way any of its nodes has, not by its first node’s', () => {
    // A plateau 100 units high between a pit 120 deep (west) and the floor (east). Its first
    // node overlooks the pit: only a 220-unit drop, deeper than maxDrop. Its second overlooks
    // the floor: a 100-unit drop the bot makes from everywhere it counts the node reached.
    // Node by node, the first took its deep drop and the plateau led out through it.
    const top = 100 + Z;
    const pit = -120 + Z;
    const plateau: DraftGraph = {
      nodes: [
        nodeWithoutVotes([-150, 0, top], 'MOVE', 'map'),
        nodeWithoutVotes([150, 0, top], 'MOVE', 'map'),
        nodeWithoutVotes([-260, 0, pit], 'MOVE', 'map'),
        node(260, 0),
        node(400, 0),
        node(400, 200),
      ],
      // The plateau's two nodes both ways; the main part a loop through the pit and the floor.
      links: [link(0, 1), link(1, 0), link(2, 3), link(3, 4), link(4, 5), link(5, 2)],
    };
    const r3 = connectGraph(plateau, plateauMap(), EMPTY_FEEDBACK, connectDefaults);
    const out = r3.graph.links.filter((l) => l.from < 2 && l.to >= 2);
    expect(out.map((l) => [l.from, l.to, l.type])).toEqual([[1, 3, 'STAND_DROP']]);
    expect(r3.stats.escapeLinksFromCentreOnly).toBe(0);
    expect(r3.stats.trapNodesRemoved).toBe(0);
  });

  it('mends a way out the own test took, never along the failed link', () => {
    // The plateau again: its way down onto the floor (1 → 3) failed the build's own test.
    const top = 100 + Z;
    const plateau: DraftGraph = {
      nodes: [
        nodeWithoutVotes([-150, 0, top], 'MOVE', 'map'),
        nodeWithoutVotes([150, 0, top], 'MOVE', 'map'),
        nodeWithoutVotes([-260, 0, -120 + Z], 'MOVE', 'map'),
        node(260, 0),
        node(400, 0),
        node(400, 200),
        node(260, 120),
      ],
      links: [link(0, 1), link(1, 0), link(2, 3), link(3, 6), link(6, 4), link(4, 5), link(5, 2)],
    };
    const failed = {
      ...EMPTY_FEEDBACK,
      badLinks: [[plateau.nodes[1].origin, plateau.nodes[3].origin]] as never,
    };
    const lost = Uint8Array.from([1, 1, 0, 0, 0, 0, 0]);
    const mended = mendWaysOut(plateau, plateauMap(), failed, lost, connectDefaults);
    const out = mended.graph.links.filter((l) => l.from < 2 && l.to >= 2);
    expect(out.map((l) => [l.from, l.to])).toEqual([[1, 6]]);
    expect(mended.escapes).toBe(1);
    expect(mended.cut).toBe(0);
    // Nodes not marked lost are left as they are.
    const none = mendWaysOut(plateau, plateauMap(), failed, new Uint8Array(7), connectDefaults);
    expect(none.graph.links).toHaveLength(plateau.links.length);
  });

  it('cuts the ways into what a mend could not give a way out again', () => {
    // The sealed cell: its one way out (6 → 2) failed the own test, and no walk leaves it; the
    // main loop's link into it (2 → 5) would send bots where they stay.
    const cell: DraftGraph = {
      nodes: g.nodes,
      links: [link(0, 1), link(1, 0), link(1, 2), link(2, 1), link(2, 5), link(5, 6), link(6, 5)],
    };
    const failed = {
      ...EMPTY_FEEDBACK,
      badLinks: [[g.nodes[6].origin, g.nodes[2].origin]] as never,
    };
    const lost = Uint8Array.from([0, 0, 0, 0, 0, 1, 1]);
    const mended = mendWaysOut(cell, map, failed, lost, connectDefaults);
    expect(mended.escapes).toBe(0);
    expect(mended.cut).toBe(1);
    expect(mended.graph.links.some((l) => l.from === 2 && l.to === 5)).toBe(false);
    expect(mended.graph.links.some((l) => l.from === 5 && l.to === 6)).toBe(true);
  });

  it('is deterministic', () => {
    expect(connectGraph(g, map, EMPTY_FEEDBACK, connectDefaults)).toEqual(r);
  });
});
