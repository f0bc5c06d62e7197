/**
 * Map analysis on box worlds whose every answer is known: where the player box fits, where
 * the ground is, water levels, ladders, node placement, type confirmation, walks / drops /
 * jumps, and the fill stage's floor and links.
 */
import { describe, expect, it } from 'vitest';
import {
  CROUCHED,
  STANDING,
  fits,
  groundBelow,
  laddersTouched,
  supportedGround,
  waterLevel,
} from '../../src/map-analysis/box-query.js';
import { placeNode, standsAt } from '../../src/map-analysis/place-node.js';
import { confirmNodes } from '../../src/map-analysis/confirm-types.js';
import { traverse } from '../../src/map-analysis/walk-link.js';
import { sampleFloor, walkableFloor } from '../../src/map-analysis/walkable-floor.js';
import { fillDefaults } from '../../src/operators/fill.js';
import { fillGraph } from '../../src/map-analysis/fill-graph.js';
import { classifyDefaults } from '../../src/operators/classify.js';
import { classifyGraph } from '../../src/map-analysis/classify-graph.js';
import type { DraftGraph, DraftLink, DraftNode } from '../../src/stage/graph-types.js';
import { simulateLink } from '../../src/simulated-bot/simulate-link.js';
import { box, syntheticWorld } from './synthetic-world.js';
import { registerStaticModels, staticWallModels } from '../../src/map-analysis/static-models.js';
import type { BspEntity } from '../../src/sources/bsp/entities.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOLID = 1;
const WATER = 32;
const LAVA = 8;
const LADDER = 1 << 29;

/** A 1024 × 1024 floor with its top at z = 0. */
const FLOOR = box([-512, -512, -32], [512, 512, 0], SOLID);

function node(origin: [number, number, number], over: Partial<DraftNode> = {}): DraftNode {
  return {
    origin,
    type: 'MOVE',
    weight: 1,
    demos: 3,
    votes: 10,
    underwater: 0,
    crouched: 0,
    ladder: 0,
    airborne: 0,
    vz: 0,
    dxy: 40,
    source: 'votes',
    ...over,
  };
}

const confirmOptions = {
  maxShift: 48,
  grid: 4,
  ladderRatio: 0.5,
  ladderReach: 16,
  ladderMinClimb: 40,
};

describe('box queries', () => {
  const w = syntheticWorld([FLOOR, box([100, -512, 0], [132, 512, 200], SOLID)]);

  it('a box touching a brush face is in it (the engine counts contact), 1/8 above is free', () => {
    expect(fits(w, 0, 0, 24)).toBe(false);
    expect(fits(w, 0, 0, 24.125)).toBe(true);
    // The wall at x = 100: a box reaching x = 100 exactly touches it.
    expect(fits(w, 84, 0, 40)).toBe(false);
    expect(fits(w, 83.875, 0, 40)).toBe(true);
  });

  it('ground below: the lowest free eighth above the floor, null beyond the depth', () => {
    expect(groundBelow(w, 0, 0, 100, 200)).toBe(24.125);
    expect(groundBelow(w, 0, 0, 100, 50)).toBeNull();
    expect(groundBelow(w, 0, 0, 37.3, 18)).toBe(24.125);
    // Crouched box: same feet, so the same height.
    expect(groundBelow(w, 0, 0, 100, 200, CROUCHED)).toBe(24.125);
  });

  it('ground held only by the box rim is no ground (a box flush against a ledge side)', () => {
    // A ledge x ∈ [-200, -100] up to z = 40; a box centred at x = -84 overlaps it by 0 units.
    const l = syntheticWorld([FLOOR, box([-200, -512, 0], [-100, 512, 40], SOLID)]);
    expect(groundBelow(l, -84, 0, 100, 200)).toBe(64.125); // the rim rests on the ledge
    expect(supportedGround(l, -84, 0, 100, 200)).toBeNull();
    expect(supportedGround(l, -90, 0, 100, 200)).toBe(64.125); // 6 units on it: held
  });

  it('static func_walls block once registered; doors and trigger-spawned walls do not count', () => {
    const pillar = box([200, -16, 0], [232, 16, 128], SOLID);
    const wm = syntheticWorld([FLOOR], [], [[pillar]]);
    expect(fits(wm, 216, 0, 60)).toBe(true); // a brush model nobody registered: not solid
    const ent = (classname: string, model: string, flags: string): BspEntity => ({
      classname,
      origin: null,
      angle: 0,
      keyValues: [
        ['classname', classname],
        ['model', model],
        ['spawnflags', flags],
      ],
      line: 1,
      offset: 0,
    });
    expect(
      staticWallModels(
        [
          ent('func_wall', '*1', '0'),
          ent('func_door', '*2', '0'),
          ent('func_wall', '*3', '1'),
          ent('func_wall', '*4', '5'),
        ],
        5,
      ),
    ).toEqual([1, 4]);
    registerStaticModels(wm, staticWallModels([ent('func_wall', '*1', '0')], wm.models.count));
    expect(fits(wm, 216, 0, 60)).toBe(false);
    expect(fits(wm, 260, 0, 60)).toBe(true);
    expect(placeNode(wm, [216, 0, 24.125], STANDING, true)!.origin[0]).toBeGreaterThanOrEqual(248);
  });

  it('water level counts feet, waist and eyes as pmove does', () => {
    const pool = box([-64, -64, 0], [64, 64, 30], WATER);
    const deep = box([200, -64, 0], [328, 64, 60], WATER);
    const ww = syntheticWorld([FLOOR], [pool, deep]);
    expect(waterLevel(ww, 0, 0, 24.125)).toBe(2); // feet 1.125, waist 23.125 in; eyes 46.125 out
    expect(waterLevel(ww, 264, 0, 24.125)).toBe(3);
    expect(waterLevel(ww, 0, 0, 60)).toBe(0);
    expect(waterLevel(ww, 400, 0, 24.125)).toBe(0);
  });

  it('finds ladder brushes in the world and in brush models (func_wall ladders)', () => {
    const wl = syntheticWorld(
      [FLOOR, box([0, 100, 0], [8, 108, 128], SOLID | LADDER)],
      [],
      [[box([300, 100, 0], [308, 108, 128], SOLID | LADDER)]],
    );
    expect(laddersTouched(wl, -16.5, 104, 60, 1)).toEqual([1]);
    expect(laddersTouched(wl, -20, 104, 60, 1)).toEqual([]);
    expect(laddersTouched(wl, 283.5, 104, 60, 1)).toEqual([2]);
  });
});

describe('node placement', () => {
  const wall = box([100, -512, 0], [132, 512, 200], SOLID);
  const w = syntheticWorld([FLOOR, wall]);

  it('a node in a wall moves to the nearest standing position, deterministically', () => {
    const p = placeNode(w, [95, 10, 24.125], STANDING, true);
    expect(p).not.toBeNull();
    expect(p!.origin[0]).toBeLessThanOrEqual(84);
    expect(p!.origin[0]).toBeGreaterThanOrEqual(80); // the 4-unit grid's nearest free column
    expect(p!.origin[1]).toBe(10);
    expect(p!.origin[2]).toBe(24.125);
    expect(standsAt(w, ...(p!.origin as [number, number, number]))).toBe(true);
    expect(placeNode(w, [95, 10, 24.125], STANDING, true)).toEqual(p);
  });

  it('a node hovering less than a step above the floor settles on it; one deep in solid is lost', () => {
    expect(placeNode(w, [0, 0, 35], STANDING, true)!.origin).toEqual([0, 0, 24.125]);
    expect(placeNode(w, [116, 0, -200], STANDING, true)).toBeNull();
  });
});

describe('types the map confirms', () => {
  // A low tunnel: ceiling from z = 40 over x ∈ [200, 400].
  const ceiling = box([200, -512, 40], [400, 512, 80], SOLID);
  const pool = box([-400, -400, 0], [-200, -200, 30], WATER);
  const ladderWall = box([-40, 300, 0], [40, 340, 128], SOLID);
  const ladder = box([-16, 296, 0], [16, 300, 128], SOLID | LADDER);
  const upper = box([-512, 340, 0], [512, 512, 104], SOLID);
  const w = syntheticWorld([FLOOR, ceiling, ladderWall, ladder, upper], [pool]);

  it('CROUCH votes where standing is blocked are confirmed; elsewhere contradicted and reported', () => {
    const c = confirmNodes(
      [
        node([300, 0, 24.125], { type: 'CROUCH', crouched: 1 }),
        node([0, 0, 24.125], { type: 'CROUCH', crouched: 1 }),
        node([300, 100, 24.125]),
      ],
      w,
      confirmOptions,
    );
    expect(c.nodes.map((n) => n.type)).toEqual(['CROUCH', 'MOVE', 'CROUCH']);
    expect(c.stats.confirmed).toEqual({ CROUCH: 1 });
    expect(c.stats.typedByMap).toEqual({ CROUCH: 1 });
    expect(c.stats.contradicted).toHaveLength(1);
    expect(c.stats.contradicted[0]).toMatchObject({ voted: 'CROUCH', typed: 'MOVE', votes: 10 });
  });

  it('a CROUCH vote at the mouth of a low passage is confirmed (passing needs it)', () => {
    const c = confirmNodes(
      [node([180, 0, 24.125], { type: 'CROUCH', crouched: 1 })],
      w,
      confirmOptions,
    );
    expect(c.nodes[0].type).toBe('CROUCH');
    expect(fits(w, 180, 0, 24.125, STANDING)).toBe(true); // standing fits at the node itself
    expect(c.stats.contradicted).toHaveLength(0);
  });

  it('WATER by the water level: a dry water vote is contradicted, waist-deep water is WATER', () => {
    const c = confirmNodes(
      [
        node([-300, -300, 24.125], { type: 'WATER', underwater: 1 }),
        node([0, 0, 24.125], { type: 'WATER', underwater: 1 }),
        node([-250, -250, 24.125]),
      ],
      w,
      confirmOptions,
    );
    expect(c.nodes.map((n) => n.type)).toEqual(['WATER', 'MOVE', 'WATER']);
    expect(c.stats.contradicted[0].map).toMatch(/water level 0/);
  });

  it('a climb at a ladder brush gives a LADDER node at the foot and one at the top, same x y, linked', () => {
    const climbs = new Map([
      [3, [{ from: [0, 280, 24.125], to: [0, 360, 128.125], at: [0, 283, 70], demo: 0 }]],
    ] as [
      number,
      {
        from: [number, number, number];
        to: [number, number, number];
        at: [number, number, number];
        demo: number;
      }[],
    ][]);
    const floorNode = node([0, 200, 24.125]);
    const topNode = node([0, 360, 128.125]);
    const c = confirmNodes([floorNode, topNode], w, confirmOptions, climbs);
    // The engine's running bot climbs only between two LADDER nodes; nothing else is typed
    // for the ladder.
    expect(c.nodes.some((n) => n.type === 'LADDER_UP' || n.type === 'LADDER_DOWN')).toBe(false);
    const ends = c.nodes.flatMap((n, i) => (n.type === 'LADDER' ? [i] : []));
    expect(ends).toHaveLength(2);
    const [down, up] = ends.sort((a, b) => c.nodes[a].origin[2] - c.nodes[b].origin[2]);
    const [bx, by, bz] = c.nodes[down].origin;
    const [tx, ty, tz] = c.nodes[up].origin;
    expect([bx, by]).toEqual([tx, ty]);
    expect(bz).toBe(24.125);
    // The box stays within 3 units of the ladder (top at 128) up to origin 128 + 24 + 3.
    expect(tz).toBeGreaterThan(128);
    expect(tz).toBeLessThanOrEqual(155);
    expect(laddersTouched(w, bx, by, bz, 1)).toContain(3);
    const has = (from: number, to: number, type: string) =>
      c.links.some((l) => l.from === from && l.to === to && l.type === type);
    expect(has(down, up, 'LADDER')).toBe(true);
    expect(has(up, down, 'LADDER')).toBe(true);
    expect(has(0, down, 'LADDER')).toBe(true); // floor node onto the foot
    expect(has(down, 0, 'MOVE')).toBe(true); // and off it
    expect(has(up, 1, 'MOVE')).toBe(true); // off the top onto the floor beyond
    expect(has(1, up, 'LADDER')).toBe(true); // and back onto the ladder from above
  });

  it('a ladder vote with no ladder brush near is contradicted', () => {
    const c = confirmNodes(
      [node([100, -100, 24.125], { type: 'LADDER_UP', ladder: 1 })],
      w,
      confirmOptions,
    );
    expect(c.nodes[0].type).toBe('MOVE');
    expect(c.stats.contradicted[0].map).toMatch(/no ladder brush/);
  });

  it('classify with the map keeps links with their moved nodes', () => {
    const g: DraftGraph = {
      nodes: [node([0, 0, 30]), node([60, 0, 24.125]), node([200, 0, 24.125])],
      links: [
        { from: 0, to: 1, type: 'MOVE', weight: 1, demos: 2, votes: 3, airborne: 0, rise: 0 },
        { from: 1, to: 0, type: 'MOVE', weight: 1, demos: 2, votes: 3, airborne: 0, rise: 0 },
      ],
    };
    const wall = syntheticWorld([FLOOR, box([100, -512, 0], [300, 512, 200], SOLID)]);
    const r = classifyGraph(g, classifyDefaults, wall);
    expect(r.graph.nodes.map((n) => n.origin)).toEqual([
      [0, 0, 24.125],
      [60, 0, 24.125],
    ]);
    expect(r.graph.links.map((l) => [l.from, l.to])).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect((r.stats.map as { removed: number }).removed).toBe(1);
  });
});

describe('walks, drops and jumps', () => {
  const stairs = [1, 2, 3, 4].map((k) => box([k * 32, -64, 0], [k * 32 + 32, 64, k * 16], SOLID));
  const high = box([-200, -64, 0], [-100, 64, 30], SOLID); // 30 up: a jump
  const cliff = box([-512, 200, 0], [512, 512, 150], SOLID); // 150 down to the floor
  const tower = box([-512, -512, 0], [512, -300, 300], SOLID); // 300 down
  const lavaPit = box([300, 100, -32], [400, 200, 0], 0);
  const w = syntheticWorld([FLOOR, ...stairs, high, cliff, tower]);

  it('walks up and down stairs of 16-unit steps', () => {
    expect(traverse(w, [0, 0, 24.125], [150, 0, 88.125])).toBe('walk');
    expect(traverse(w, [150, 0, 88.125], [0, 0, 24.125])).toBe('walk');
  });

  it('a 30-unit ledge needs a jump; down from it is a drop', () => {
    expect(traverse(w, [-50, 0, 24.125], [-150, 0, 54.125])).toBeNull();
    expect(traverse(w, [-50, 0, 24.125], [-150, 0, 54.125], 0, 40)).toBe('jump');
    expect(traverse(w, [-150, 0, 54.125], [-50, 0, 24.125], 210)).toBe('drop');
  });

  it('drops up to the limit only, and never into lava', () => {
    expect(traverse(w, [0, 250, 174.125], [0, 150, 24.125], 210)).toBe('drop');
    expect(traverse(w, [0, 250, 174.125], [0, 150, 24.125], 100)).toBeNull();
    expect(traverse(w, [0, -350, 324.125], [0, -250, 24.125], 210)).toBeNull();
    const lw = syntheticWorld(
      [FLOOR, box([-512, 200, 0], [512, 512, 150], SOLID)],
      [box([-100, 60, -32], [100, 199, 10], LAVA)],
    );
    expect(traverse(lw, [0, 250, 174.125], [0, 120, 34.125], 210)).toBeNull();
    void lavaPit;
  });
});

describe('fill', () => {
  // Room A: x ∈ [-512, 0] (demo nodes), room B: x ∈ [0, 512] joined by a door at y ∈ [-64, 64];
  // room C: sealed behind a wall at x ∈ [600, 632], reachable by no one.
  const wallAB = [
    box([-16, -512, 0], [16, -64, 128], SOLID),
    box([-16, 64, 0], [16, 512, 128], SOLID),
  ];
  const sealed = [
    box([600, -512, 0], [632, 512, 400], SOLID),
    box([632, -512, -32], [900, 512, 0], SOLID),
  ];
  const w = syntheticWorld([FLOOR, ...wallAB, ...sealed]);
  const demo: DraftGraph = {
    nodes: [node([-300, 0, 24.125]), node([-200, 0, 24.125])],
    links: [{ from: 0, to: 1, type: 'MOVE', weight: 1, demos: 3, votes: 5, airborne: 0, rise: 0 }],
  };
  const floor = sampleFloor(w, 64);
  const collision = buildCollisionModel(w);
  const r = fillGraph(demo, { world: w, collision, floor, cached: false }, fillDefaults);
  const added = r.graph.nodes.slice(2);

  it('covers the floor reached from demo nodes, through the door, with map nodes', () => {
    expect(added.length).toBeGreaterThan(100);
    expect(added.every((n) => n.source === 'map' && n.type === 'MOVE')).toBe(true);
    expect(added.some((n) => n.origin[0] > 100)).toBe(true); // room B
    expect(added.some((n) => n.origin[0] > 632)).toBe(false); // sealed room C
  });

  it('demo nodes win: no map node within minGap of one', () => {
    for (const n of added)
      for (const d of demo.nodes)
        expect(Math.hypot(n.origin[0] - d.origin[0], n.origin[1] - d.origin[1])).toBeGreaterThan(
          fillDefaults.minGap,
        );
    expect(r.graph.nodes.slice(0, 2)).toEqual(demo.nodes);
  });

  it('every filled link is a traversal the box or the simulated bot confirms, and every map node stands', () => {
    const added = r.graph.links.slice(demo.links.length);
    expect(added.length).toBeGreaterThan(200);
    for (const l of added) {
      const a = r.graph.nodes[l.from].origin;
      const b = r.graph.nodes[l.to].origin;
      // The box walk confirms it, or it is a gap jump the simulated bot makes.
      const boxed = traverse(w, a, b, fillDefaults.maxDrop, fillDefaults.maxJump) !== null;
      const jumped =
        l.type === 'JUMP' &&
        simulateLink(collision, {
          from: a,
          to: b,
          linkType: 'JUMP',
          fromType: r.graph.nodes[l.from].type,
          toType: r.graph.nodes[l.to].type,
        }).passed;
      expect(boxed || jumped).toBe(true);
    }
    for (const n of r.graph.nodes)
      expect(standsAt(w, ...(n.origin as [number, number, number]))).toBe(true);
    expect(r.graph.links.some((l) => l.from < 2 && l.to >= 2)).toBe(true); // joined to the demo nodes
    expect(r.stats.simulated).toBe(true);
  });

  it('runs every filled link with the engine movement: a link the bot fails is not kept', () => {
    // A 200-unit shelf over the floor: the boxes call the drop safe (<= 210 allowed here; the
    // default 180 would make none); the simulated bot with AQtion's fall damage has the last
    // word, link by link.
    const sky = box([-512, -512, 600], [512, 512, 632], SOLID);
    const shelf = syntheticWorld([FLOOR, sky, box([-512, -512, 0], [-24, 512, 200], SOLID)]);
    const top: DraftGraph = {
      nodes: [node([-300, 0, 224.125]), node([-200, 0, 224.125])],
      links: [],
    };
    const f = sampleFloor(shelf, 64);
    const model = buildCollisionModel(shelf);
    const deep = { ...fillDefaults, maxDrop: 210 };
    const boxesOnly = fillGraph(
      top,
      { world: shelf, collision: null, floor: f, cached: false },
      deep,
    );
    const simulated = fillGraph(
      top,
      { world: shelf, collision: model, floor: f, cached: false },
      deep,
    );
    const key = (g: DraftGraph, l: DraftLink) =>
      `${g.nodes[l.from].origin.join(',')}>${g.nodes[l.to].origin.join(',')}`;
    const kept = new Set(simulated.graph.links.map((l) => key(simulated.graph, l)));
    const drops = boxesOnly.graph.links.filter((l) => l.type === 'STAND_DROP');
    expect(drops.length).toBeGreaterThan(0);
    let refused = 0;
    for (const l of drops) {
      const g = boxesOnly.graph;
      const r = simulateLink(model, {
        from: g.nodes[l.from].origin,
        to: g.nodes[l.to].origin,
        linkType: l.type,
        fromType: g.nodes[l.from].type,
        toType: g.nodes[l.to].type,
      });
      const both = [g.nodes[l.from], g.nodes[l.to]].every((n) =>
        simulated.graph.nodes.some((m) => m.origin.join() === n.origin.join()),
      );
      if (!r.passed) refused++;
      if (both) expect(kept.has(key(g, l))).toBe(r.passed);
    }
    const failed = Object.values(simulated.stats.linksFailedSimulation as Record<string, number>);
    expect(failed.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(refused);
  });

  it('joins two demo nodes the floor joins but no demo link does, marked as from the map', () => {
    const open = syntheticWorld([FLOOR, box([-512, -512, 600], [512, 512, 632], SOLID)]);
    const two: DraftGraph = {
      nodes: [node([-300, 0, 24.125]), node([-190, 0, 24.125])],
      links: [],
    };
    const f = sampleFloor(open, 64);
    const r = fillGraph(
      two,
      { world: open, collision: buildCollisionModel(open), floor: f, cached: false },
      { ...fillDefaults, minGap: 80 },
    );
    const between = r.graph.links.filter((l) => l.from < 2 && l.to < 2);
    expect(between.map((l) => [l.from, l.to]).sort()).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(between.every((l) => l.fromMap === true && l.type === 'MOVE')).toBe(true);
  });

  it('jumps a gap the box walk cannot cross, when the simulated bot makes it', () => {
    // Two floors at z = 0 split by a pit 80 units wide and 200 deep (x ∈ [-40, 40]).
    const sky = box([-512, -512, 600], [512, 512, 632], SOLID);
    const pit = syntheticWorld([
      box([-512, -512, -32], [-40, 512, 0], SOLID),
      box([40, -512, -32], [512, 512, 0], SOLID),
      box([-512, -512, -232], [512, 512, -200], SOLID),
      sky,
    ]);
    const start: DraftGraph = {
      nodes: [node([-300, 0, 24.125]), node([-200, 0, 24.125])],
      links: [],
    };
    const f = sampleFloor(pit, 64);
    const model = buildCollisionModel(pit);
    const far = (g: DraftGraph) => g.nodes.filter((n) => n.origin[0] > 40 && n.origin[2] > 0);
    const noGaps = fillGraph(
      start,
      { world: pit, collision: model, floor: f, cached: false },
      { ...fillDefaults, gapJumps: false, maxDrop: 0 },
    );
    expect(far(noGaps.graph)).toHaveLength(0);
    const withGaps = fillGraph(
      start,
      { world: pit, collision: model, floor: f, cached: false },
      { ...fillDefaults, maxDrop: 0 },
    );
    expect(far(withGaps.graph).length).toBeGreaterThan(20);
    const g = withGaps.graph;
    const across = g.links.filter(
      (l) => g.nodes[l.from].origin[0] < -40 !== g.nodes[l.to].origin[0] < -40,
    );
    expect(across.length).toBeGreaterThan(0);
    expect(across.every((l) => l.type === 'JUMP')).toBe(true);
  });

  it('the floor is cached by hash and a cached floor gives the same graph', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navgen-floor-'));
    const first = await walkableFloor(w, 'abc', 64, dir);
    const second = await walkableFloor(w, 'abc', 64, dir);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith('map-abc-64'))).toHaveLength(1);
    const again = fillGraph(
      demo,
      { world: w, collision, floor: second.floor, cached: true },
      fillDefaults,
    );
    expect(again.graph).toEqual(r.graph);
  });

  it('walks the floor from the spawn points too: a map with no demo nodes is filled from them', () => {
    const none: DraftGraph = { nodes: [], links: [] };
    // A spawn entity floats above the floor of room A, as in the BSPs.
    const spawns = [[-300, 100, 40]];
    // (Way-back nodes off: the tops of this level's walls drop into the rooms.)
    const fromSpawns = fillGraph(
      none,
      { world: w, collision, floor, cached: false, spawns },
      { ...fillDefaults, returns: false },
    );
    const off = fillGraph(
      none,
      { world: w, collision, floor, cached: false, spawns },
      { ...fillDefaults, fromSpawns: false },
    );
    expect(off.graph.nodes).toHaveLength(0);
    const nodes = fromSpawns.graph.nodes;
    expect(nodes.length).toBeGreaterThan(100);
    expect(nodes.every((n) => n.source === 'map' && Math.abs(n.origin[2] - 24.125) < 1)).toBe(true);
    expect(nodes.some((n) => n.origin[0] > 100)).toBe(true); // room B, through the door
    expect(nodes.some((n) => n.origin[0] > 632)).toBe(false); // sealed room C
    expect(fromSpawns.stats.spawnSeeds).toBe(1);
  });

  it('covers a ledge the floor walk never reaches with way-back nodes: links lead down, none up', () => {
    // A ledge 128 high over y >= 200 and no ladder: no walk climbs it, a drop leaves it.
    const ledge = box([-512, 200, 0], [512, 512, 128], SOLID);
    const pillar = box([-512, -512, 0], [-496, -496, 400], SOLID);
    const lw = syntheticWorld([FLOOR, ledge, pillar]);
    const lfloor = sampleFloor(lw, 64);
    const model = buildCollisionModel(lw);
    const run = (returns: boolean) =>
      fillGraph(
        demo,
        { world: lw, collision: model, floor: lfloor, cached: false },
        { ...fillDefaults, ladders: false, returns },
      );
    const onLedge = (n: { origin: readonly number[] }) => n.origin[2] > 128;
    expect(run(false).graph.nodes.some(onLedge)).toBe(false);
    const r = run(true);
    const g = r.graph;
    const ledgeNodes = g.nodes.flatMap((n, i) => (onLedge(n) ? [i] : []));
    expect(ledgeNodes.length).toBeGreaterThan(10);
    expect(r.stats.returnNodesAdded).toBe(ledgeNodes.length);
    // No link climbs onto the ledge; some drop off it.
    expect(g.links.some((l) => !onLedge(g.nodes[l.from]) && onLedge(g.nodes[l.to]))).toBe(false);
    const drops = g.links.filter((l) => onLedge(g.nodes[l.from]) && !onLedge(g.nodes[l.to]));
    expect(drops.length).toBeGreaterThan(0);
    expect(drops.every((l) => l.type === 'STAND_DROP')).toBe(true);
    // Every ledge node leads down by links (the way back), checked by a walk over the links.
    const leadsDown = new Set(g.nodes.flatMap((n, i) => (onLedge(n) ? [] : [i])));
    for (let changed = true; changed;) {
      changed = false;
      for (const l of g.links)
        if (leadsDown.has(l.to) && !leadsDown.has(l.from)) {
          leadsDown.add(l.from);
          changed = true;
        }
    }
    expect(ledgeNodes.every((i) => leadsDown.has(i))).toBe(true);
  });

  it('climbs a ladder of the map the demos never climbed, and fills the floor it leads to', () => {
    // A ledge 128 high over y >= 200, reached only by a ladder on its face at x ∈ [-16, 16].
    const ledge = box([-512, 200, 0], [512, 512, 128], SOLID);
    const rungs = box([-16, 196, 0], [16, 200, 128], SOLID | LADDER);
    // A pillar in a corner raises the map's bounds (the floor search starts below their top).
    const pillar = box([-512, -512, 0], [-496, -496, 400], SOLID);
    const lw = syntheticWorld([FLOOR, ledge, rungs, pillar]);
    const lfloor = sampleFloor(lw, 64);
    const model = buildCollisionModel(lw);
    const run = (ladders: boolean, returns = true) =>
      fillGraph(
        demo,
        { world: lw, collision: model, floor: lfloor, cached: false },
        {
          ...fillDefaults,
          ladders,
          returns,
        },
      ).graph;
    const up = 128 + 24;
    const without = run(false, false);
    expect(without.nodes.some((n) => n.origin[2] > up - 2)).toBe(false);
    const withLadders = run(true);
    expect(withLadders.nodes.some((n) => n.type === 'LADDER_UP' || n.type === 'LADDER_DOWN')).toBe(
      false,
    );
    const ends = withLadders.nodes.flatMap((n, i) => (n.type === 'LADDER' ? [i] : []));
    expect(ends).toHaveLength(2);
    const [bottom, top] = ends.sort(
      (a, b) => withLadders.nodes[a].origin[2] - withLadders.nodes[b].origin[2],
    );
    expect(bottom).toBeGreaterThanOrEqual(2);
    expect(withLadders.nodes[top].origin[2]).toBeGreaterThan(
      withLadders.nodes[bottom].origin[2] + 40,
    );
    expect(withLadders.nodes[bottom].source).toBe('map');
    expect(laddersTouched(lw, ...withLadders.nodes[bottom].origin, 3)).toEqual([2]);
    expect(laddersTouched(lw, ...withLadders.nodes[top].origin, 3)).toEqual([2]);
    // The climb itself is kept: the simulated bot made it.
    expect(
      withLadders.links.some((l) => l.from === bottom && l.to === top && l.type === 'LADDER'),
    ).toBe(true);
    // The ledge is covered, every node standing there on its floor.
    const onLedge = withLadders.nodes.filter((n) => n.type === 'MOVE' && n.origin[2] > up - 2);
    expect(onLedge.length).toBeGreaterThan(50);
    expect(onLedge.every((n) => n.source === 'map' && Math.abs(n.origin[2] - up) < 1)).toBe(true);
  });
});
