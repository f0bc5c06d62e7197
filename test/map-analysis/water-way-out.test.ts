/**
 * fill's way out of the water (`water-volume.ts`, `water-way-out.ts`) on a box world: a pool
 * sunk into the ground, half of it under a slab of rock (an underwater channel), its surface
 * just above the ground's level so a swimmer steps out onto it (the box world's point contents
 * report every open leaf as solid, so pmove's water jump, which probes for empty space above a
 * ledge, never fires here; the fixture maps have real ledges).
 */
import { describe, expect, it } from 'vitest';
import { box, syntheticWorld } from './synthetic-world.js';
import { sampleFloor } from '../../src/map-analysis/walkable-floor.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { fillGraph } from '../../src/map-analysis/fill-graph.js';
import { fillDefaults } from '../../src/operators/fill.js';
import { waterColumns } from '../../src/map-analysis/water-volume.js';
import { nodeWithoutVotes, type DraftGraph } from '../../src/stage/graph-types.js';

const SOLID = 1;
const WATER = 32;
const LAVA = 8;
/** Top of the ground around the pool; a standing origin on it is 24 higher. */
const GROUND = -24;

const ground = [
  box([-512, -512, -256], [512, -128, GROUND], SOLID),
  box([-512, 128, -256], [512, 512, GROUND], SOLID),
  box([-512, -128, -256], [-128, 128, GROUND], SOLID),
  box([128, -128, -256], [512, 128, GROUND], SOLID),
  // The pool's bottom, and a pillar that raises the map's bounds (the scans start below them).
  box([-128, -128, -256], [128, 128, -224], SOLID),
  box([-512, -512, 0], [-496, -496, 400], SOLID),
];
/** The rock over the pool's west half: under it the water is a channel 104 units high. */
const slab = box([-128, -128, -120], [0, 128, GROUND], SOLID);
const pool = box([-128, -128, -224], [128, 128, -8], WATER);

const w = syntheticWorld([...ground, slab], [pool]);
const model = buildCollisionModel(w);
const floor = sampleFloor(w, 64);
const demo: DraftGraph = {
  nodes: [
    { ...nodeWithoutVotes([300, 0, GROUND + 24.125], 'MOVE', 'map'), source: 'votes' },
    { ...nodeWithoutVotes([300, 100, GROUND + 24.125], 'MOVE', 'map'), source: 'votes' },
  ],
  links: [{ from: 0, to: 1, type: 'MOVE', weight: 1, demos: 3, votes: 5, airborne: 0, rise: 0 }],
};
const run = (water: boolean) =>
  fillGraph(demo, { world: w, collision: model, floor, cached: false }, { ...fillDefaults, water });

/** The nodes from which a chain of links leads to a node that is not WATER. */
function leadingOut(g: DraftGraph): Set<number> {
  const out = new Set(g.nodes.flatMap((n, i) => (n.type === 'WATER' ? [] : [i])));
  for (let changed = true; changed;) {
    changed = false;
    for (const l of g.links)
      if (out.has(l.to) && !out.has(l.from)) {
        out.add(l.from);
        changed = true;
      }
  }
  return out;
}

describe('the way out of the water', () => {
  const withWater = run(true);
  const g = withWater.graph;
  const water = g.nodes.flatMap((n, i) => (n.type === 'WATER' ? [i] : []));

  it('adds no WATER node with the option off', () => {
    expect(run(false).graph.nodes.some((n) => n.type === 'WATER')).toBe(false);
  });

  it('stacks positions in each column of water, under the rock too, and none in lava', () => {
    const cols = waterColumns(w, 64, 96);
    const under = cols.filter((c) => c.origins[0][0] < 0);
    expect(under.length).toBeGreaterThan(0);
    // Under the slab: from the bottom (origin 24 above it) to where the box meets the rock.
    for (const c of under)
      for (const o of c.origins) {
        expect(o[2]).toBeGreaterThanOrEqual(-224 + 24);
        expect(o[2] + 32).toBeLessThanOrEqual(-120);
      }
    const lava = syntheticWorld([...ground, slab], [box([-128, -128, -224], [128, 128, -8], LAVA)]);
    expect(waterColumns(lava, 64, 96)).toHaveLength(0);
  });

  it('a bot anywhere in the water has a WATER node within the 96 units and 60 of height it looks', () => {
    expect(water.length).toBeGreaterThan(10);
    // Points a swimming player's origin takes: the pool's inside, a box's width from its walls,
    // from the bottom to the surface, and under the rock.
    const points: number[][] = [];
    for (let x = -112; x <= 112; x += 16)
      for (let y = -112; y <= 112; y += 16)
        for (let z = -200; z <= -10; z += 10) {
          if (x < 16 && z + 32 > -120) continue; // in or above the slab
          points.push([x, y, z]);
        }
    const missed = points.filter(
      (p) =>
        !water.some((i) => {
          const o = g.nodes[i].origin;
          return (
            Math.abs(o[2] - p[2]) <= 60 && Math.hypot(o[0] - p[0], o[1] - p[1], o[2] - p[2]) < 96
          );
        }),
    );
    expect(missed).toEqual([]);
  });

  it('every WATER node leads out of the water, also from under the rock; no link leads in', () => {
    const out = leadingOut(g);
    expect(water.every((i) => out.has(i))).toBe(true);
    expect(water.some((i) => g.nodes[i].origin[0] < 0 && g.nodes[i].origin[2] < -150)).toBe(true);
    const exits = g.links.filter(
      (l) => g.nodes[l.from].type === 'WATER' && g.nodes[l.to].type !== 'WATER',
    );
    expect(exits.length).toBeGreaterThan(0);
    expect(exits.every((l) => l.type === 'WATER')).toBe(true);
    expect(exits.every((l) => g.nodes[l.to].origin[2] > GROUND)).toBe(true);
    expect(
      g.links.some((l) => g.nodes[l.from].type !== 'WATER' && g.nodes[l.to].type === 'WATER'),
    ).toBe(false);
    expect(withWater.stats.waterNodesAdded).toBe(water.length);
  });

  it('keeps no WATER node where a swimmer only touches the floor node above and cannot climb out', () => {
    // A pool 126 deep (no brink: floor nodes stand at its edge) with its surface 24 below the
    // ground: a swimmer's box touches the nodes on the ground (the bot's 61 units of height),
    // but its feet are 56 below the ledge: no step, no water jump.
    const shallow = [
      ...ground.slice(0, 4),
      box([-128, -128, -256], [128, 128, GROUND - 126], SOLID),
      ground[5],
    ];
    const dw = syntheticWorld(shallow, [
      box([-128, -128, GROUND - 126], [128, 128, GROUND - 24], WATER),
    ]);
    const r = fillGraph(
      demo,
      { world: dw, collision: buildCollisionModel(dw), floor: sampleFloor(dw, 64), cached: false },
      fillDefaults,
    );
    const edge = r.graph.nodes.filter((n) => n.type === 'MOVE' && Math.abs(n.origin[0] - 133) < 8);
    expect(edge.length).toBeGreaterThan(0);
    expect((r.stats.water as { waterPositions: number }).waterPositions).toBeGreaterThan(5);
    expect(r.stats.water).toMatchObject({ exitsKept: 0 });
    expect(r.graph.nodes.some((n) => n.type === 'WATER')).toBe(false);
  });
});
