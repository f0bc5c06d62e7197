/**
 * The fill operator on a small world: a room with a pillar and one demo node. It asks its map
 * loader for floor at its own spacing, covers the room's floor with map nodes round the pillar,
 * joined to the demo node by links the simulated bot makes, and says what it added; without a
 * map the graph passes unchanged. (Each step of the work: the map-analysis tests.)
 */
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { FillMap } from '../../src/map-analysis/fill-graph.js';
import { sampleFloor } from '../../src/map-analysis/walkable-floor.js';
import { fill } from '../../src/operators/fill.js';
import type { WorkAhead } from '../../src/pausing/run-steps.js';
import { nodeWithoutVotes, type DraftGraph, type GraphEvent } from '../../src/stage/graph-types.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { box, syntheticWorld } from '../map-analysis/synthetic-world.js';

const SOLID = 1;
// A 512 × 512 room's floor (walls round it) and a 64 × 64 pillar in its middle.
const PILLAR = { min: [-32, -32], max: [32, 32] };
const room = syntheticWorld([
  box([-256, -256, -32], [256, 256, 0], SOLID),
  box([-288, -288, 0], [-256, 288, 160], SOLID),
  box([256, -288, 0], [288, 288, 160], SOLID),
  box([-256, -288, 0], [256, -256, 160], SOLID),
  box([-256, 256, 0], [256, 288, 160], SOLID),
  box([PILLAR.min[0], PILLAR.min[1], 0], [PILLAR.max[0], PILLAR.max[1], 160], SOLID),
]);
const collision = buildCollisionModel(room);
const demo: DraftGraph = {
  nodes: [nodeWithoutVotes([-160, -160, 24.125], 'MOVE', 'spawn')],
  links: [],
};

/** Runs `events` through fill with a loader of the room; what came out and what was asked. */
async function fillRoom(
  events: GraphEvent[],
  withMap: boolean,
): Promise<{ out: GraphEvent[]; asked: [number, boolean][]; ahead: WorkAhead[] }> {
  const asked: [number, boolean][] = [];
  const ahead: WorkAhead[] = [];
  const load = async (spacing: number, withMesh: boolean): Promise<FillMap | null> => {
    asked.push([spacing, withMesh]);
    if (!withMap) return null;
    return { world: room, collision, floor: sampleFloor(room, spacing), cached: false };
  };
  const work = async (w: WorkAhead) => {
    ahead.push(w);
  };
  const op = fill({ spacing: 48 }, load, work);
  const out = await lastValueFrom(from(events).pipe(op, toArray()));
  return { out, asked, ahead };
}

describe('fill', () => {
  it('covers the room round the pillar with map nodes joined to the demo node', async () => {
    const { out, asked, ahead } = await fillRoom([{ kind: 'graph', graph: demo }], true);
    expect(asked).toEqual([[48, false]]);
    expect(out.map((e) => e.kind)).toEqual(['graph', 'summary']);
    const g = (out[0] as Extract<GraphEvent, { kind: 'graph' }>).graph;
    expect(g.nodes[0]).toBe(demo.nodes[0]);
    const added = g.nodes.slice(1);
    // The floor is 512 units across at 48: dozens of places, none inside the pillar.
    expect(added.length).toBeGreaterThan(20);
    for (const n of added) {
      expect(n.source).toBe('map');
      expect(Math.abs(n.origin[0])).toBeLessThan(256);
      expect(Math.abs(n.origin[1])).toBeLessThan(256);
      const inPillar =
        Math.abs(n.origin[0]) < PILLAR.max[0] + 16 && Math.abs(n.origin[1]) < PILLAR.max[1] + 16;
      expect(inPillar, `node at ${n.origin.join(', ')}`).toBe(false);
    }
    // Some map nodes stand on the far side of the pillar from the demo node.
    expect(added.some((n) => n.origin[0] > 64 && n.origin[1] > 64)).toBe(true);
    // Joined both ways to the demo node, every link between two nodes of the graph.
    expect(g.links.some((l) => l.from === 0)).toBe(true);
    expect(g.links.some((l) => l.to === 0)).toBe(true);
    for (const l of g.links) {
      expect(l.from).toBeLessThan(g.nodes.length);
      expect(l.to).toBeLessThan(g.nodes.length);
      expect(l.from).not.toBe(l.to);
    }
    const stats = (out[1] as Extract<GraphEvent, { kind: 'summary' }>).data;
    expect(out[1]).toMatchObject({ kind: 'summary', stage: 'fill' });
    expect(stats).toMatchObject({ nodesAdded: added.length, simulated: true });
    // The links it tried were handed over ahead to be run on every core.
    expect(ahead.length).toBeGreaterThan(0);
  });

  it('passes the graph and other events on unchanged without a map, and says so', async () => {
    const before: GraphEvent = { kind: 'summary', stage: 'cluster', data: { nodes: 1 } };
    const { out, asked } = await fillRoom([before, { kind: 'graph', graph: demo }], false);
    expect(asked).toEqual([[48, false]]);
    expect(out).toEqual([
      before,
      { kind: 'graph', graph: demo },
      { kind: 'summary', stage: 'fill', data: { skipped: 'the pipeline names no BSP' } },
    ]);
  });
});
