/**
 * SPAWNPOINT nodes: one per spawn entity of the map, dropped to the floor at standing height
 * (the engine's node convention), linked both ways with nearby nodes in sight only.
 */
import { beforeAll, expect, it } from 'vitest';
import { spawnPointsDefaults } from '../../src/operators/spawn-points.js';
import {
  spawnPointsGraph,
  standingHeight,
  type SpawnPointsMap,
} from '../../src/map-analysis/spawn-points-graph.js';
import type { DraftGraph, DraftNode } from '../../src/stage/graph-types.js';
import { readBsp } from '../../src/sources/bsp/read-bsp.js';
import { spawnPointsOf } from '../../src/sources/bsp/spawn-points.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

function node(origin: [number, number, number]): DraftNode {
  return {
    origin,
    type: 'MOVE',
    weight: 1,
    demos: 3,
    votes: 3,
    underwater: 0,
    crouched: 0,
    ladder: 0,
    airborne: 0,
    vz: 0,
    dxy: 96,
    source: 'votes',
  };
}

describeFixtures('spawn points on wizs', () => {
  let geometry: SpawnPointsMap;
  let engine: DraftGraph;
  beforeAll(async () => {
    const bsp = await readBsp(fixture('maps', 'wizs.bsp'));
    geometry = { spawns: spawnPointsOf(bsp.entities, 'wizs.bsp'), world: bsp.world };
    // The engine's own nodes stand where players stand: a ground truth for floor heights.
    const nav = (await readNavFile(fixture('nav', 'wizs.autogen.nav'))).nav;
    engine = {
      nodes: nav.nodes.map((n) => node([n.origin[0], n.origin[1], n.origin[2]])),
      links: [],
    };
  });

  it('drops every spawn to standing height on the floor below it', () => {
    expect(geometry.spawns.length).toBe(30);
    for (const s of geometry.spawns) {
      const z = standingHeight(geometry.world!, s.origin[0], s.origin[1], s.origin[2], 256);
      expect(z).not.toBeNull();
      // The nearest engine node on the same floor is at the same height (engine: floor + 24.03).
      const near = engine.nodes
        .filter(
          (n) =>
            Math.hypot(n.origin[0] - s.origin[0], n.origin[1] - s.origin[1]) < 64 &&
            Math.abs(n.origin[2] - z!) < 40,
        )
        .map((n) => Math.abs(n.origin[2] - z!));
      if (near.length > 0) expect(Math.min(...near)).toBeLessThan(1);
    }
  });

  it('adds one SPAWNPOINT node per spawn, linked both ways to near nodes in sight', () => {
    const { graph, stats } = spawnPointsGraph(engine, geometry, spawnPointsDefaults);
    const spawnNodes = graph.nodes.slice(engine.nodes.length);
    expect(spawnNodes).toHaveLength(30);
    expect(spawnNodes.every((n) => n.type === 'SPAWNPOINT' && n.source === 'spawn')).toBe(true);
    const spawnLinks = graph.links.filter(
      (l) => l.from >= engine.nodes.length || l.to >= engine.nodes.length,
    );
    for (const l of spawnLinks) {
      const a = graph.nodes[l.from].origin;
      const b = graph.nodes[l.to].origin;
      expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])).toBeLessThanOrEqual(
        spawnPointsDefaults.radius,
      );
      expect(Math.abs(a[2] - b[2])).toBeLessThanOrEqual(spawnPointsDefaults.maxStep);
      expect(graph.links.some((r) => r.from === l.to && r.to === l.from)).toBe(true);
    }
    // Every spawn of this map is reached by the engine's own nodes.
    expect(stats.unlinked).toBe(0);
    const perSpawn = spawnNodes.map(
      (_, i) => spawnLinks.filter((l) => l.from === engine.nodes.length + i).length,
    );
    expect(Math.max(...perSpawn)).toBeLessThanOrEqual(spawnPointsDefaults.maxLinks);
  });

  it('does not link through walls', () => {
    const s = geometry.spawns[0];
    const z = standingHeight(geometry.world!, s.origin[0], s.origin[1], s.origin[2], 256)!;
    // Probe 16 directions 100 units away; keep one point in solid-free space but behind a wall.
    const candidates: [number, number, number][] = [];
    for (let k = 0; k < 16; k++) {
      const a = (k / 16) * 2 * Math.PI;
      candidates.push([s.origin[0] + 100 * Math.cos(a), s.origin[1] + 100 * Math.sin(a), z]);
    }
    const g: DraftGraph = { nodes: candidates.map(node), links: [] };
    const { graph } = spawnPointsGraph(
      g,
      { spawns: [s], world: geometry.world },
      { ...spawnPointsDefaults, maxLinks: 32 },
    );
    const linked = new Set(
      graph.links.filter((l) => l.from === candidates.length).map((l) => l.to),
    );
    const noWorld = spawnPointsGraph(
      g,
      { spawns: [s], world: null },
      { ...spawnPointsDefaults, maxLinks: 32, dropToFloor: false },
    );
    // Without the map every candidate within reach links; with it, some are hidden by walls or in solid.
    expect(noWorld.graph.links.filter((l) => l.from === candidates.length).length).toBe(16);
    expect(linked.size).toBeLessThan(16);
  });
});
