/**
 * The independent brush-level checker (tools/independent-checks/independent-map-check.ts) against geometry
 * whose answers are known by hand, and against the engine's own position tests recorded on the
 * fixture maps (trace/<map>.trace.jsonl.gz: box traces with start = end, whose allsolid is the
 * engine's verdict "this box overlaps a brush of the mask"), its point-contents queries (liquid
 * bits), and its own player movement (pmove/<map>.pmove.jsonl.gz: water level, on-ladder).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { defaultNodeTypes as T } from '../../../src/nav/node-types.js';
import type { NavFile, NavNode } from '../../../src/nav/types.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';
import {
  boxBrush,
  boxInSolid,
  brushContentsAt,
  CONTENTS_LADDER,
  CONTENTS_SOLID,
  CONTENTS_WATER,
  coverage,
  groundBelow,
  largestComponentShare,
  loadCheckMap,
  MASK_PLAYERSOLID,
  MASK_WATER,
  maxDepth,
  measureNavOn,
  standingBlocked,
  STAND_MAXS,
  STAND_MINS,
  touchesLadder,
  waterLevel,
  type CheckBrush,
  type CheckMap,
  type V3,
} from '../../../tools/independent-checks/independent-map-check.js';

const floor = boxBrush([-512, -512, -16], [512, 512, 0], CONTENTS_SOLID);
/** x in [-64, 64], y in [0, 128], z from 0 up to the 45° slope z = y. */
const wedge: CheckBrush = {
  contents: CONTENTS_SOLID,
  normals: [1, 0, 0, -1, 0, 0, 0, 1, 0, 0, 0, -1, 0, -Math.SQRT1_2, Math.SQRT1_2],
  dists: [64, 64, 128, 0, 0],
  mins: [-64, 0, 0],
  maxs: [64, 128, 128],
};
const node = (origin: V3, type: number = T.MOVE, links: number[] = []): NavNode => ({
  area: 0,
  origin: [...origin],
  type,
  nodenum: 0,
  inuse: 1,
  links: links.map((target) => ({ target, targetType: T.MOVE, cost: 1 })),
});
const navOf = (nodes: NavNode[]): NavFile => ({
  version: 2,
  nodes: nodes.map((n, i) => ({ ...n, nodenum: i })),
});

describe('independent map check on synthetic brushes', () => {
  it('uses the engine value of MASK_PLAYERSOLID', () => {
    expect(MASK_PLAYERSOLID).toBe(33619971);
  });

  it('a player box on a floor: in solid only when sunk more than the depth', () => {
    const map: CheckMap = { brushes: [floor] };
    expect(boxInSolid(map, [0, 0, 24], STAND_MINS, STAND_MAXS)).toBe(false); // resting on it
    expect(boxInSolid(map, [0, 0, 23.5], STAND_MINS, STAND_MAXS)).toBe(false); // 0.5 < 1
    expect(boxInSolid(map, [0, 0, 23.5], STAND_MINS, STAND_MAXS, 0)).toBe(true);
    expect(boxInSolid(map, [0, 0, 20], STAND_MINS, STAND_MAXS)).toBe(true); // 4 units in
    expect(maxDepth(map, [0, 0, 20], STAND_MINS, STAND_MAXS, MASK_PLAYERSOLID)).toBeCloseTo(4, 9);
  });

  it('a slope: the box corner is what touches (Minkowski support), not the centre', () => {
    const map: CheckMap = { brushes: [wedge] };
    // Centred over y = 64, the box's high corner (y = 80) meets the slope at z = 80: origin z 104.
    expect(maxDepth(map, [0, 64, 104], STAND_MINS, STAND_MAXS, MASK_PLAYERSOLID)).toBeCloseTo(0, 9);
    expect(maxDepth(map, [0, 64, 100], STAND_MINS, STAND_MAXS, MASK_PLAYERSOLID)).toBeCloseTo(
      4 * Math.SQRT1_2,
      9,
    );
    expect(boxInSolid(map, [0, 64, 103], STAND_MINS, STAND_MAXS)).toBe(false); // 0.71 in
    expect(boxInSolid(map, [0, 64, 100], STAND_MINS, STAND_MAXS)).toBe(true); // 2.83 in
    // Bounding boxes overlap, the slope separates them.
    expect(boxInSolid(map, [0, 10, 100], STAND_MINS, STAND_MAXS, 0)).toBe(false);
    // A centre point test would call this free (the origin is 16 units above the slope at
    // y = 64 + 0), the box is 8 / sqrt(2) into it.
    expect(boxInSolid(map, [0, 64, 96], STAND_MINS, STAND_MAXS)).toBe(true);
  });

  it('only player-solid contents count as solid', () => {
    const water = boxBrush([-512, -512, -200], [512, 512, 0], CONTENTS_WATER);
    expect(boxInSolid({ brushes: [water] }, [0, 0, 0], STAND_MINS, STAND_MAXS)).toBe(false);
  });

  it('ladders: touching within the margin, not a step away', () => {
    const ladder = boxBrush([64, -32, 0], [72, 32, 256], CONTENTS_LADDER | CONTENTS_SOLID);
    const map: CheckMap = { brushes: [floor, ladder] };
    expect(touchesLadder(map, [48, 0, 100], STAND_MINS, STAND_MAXS)).toBe(true); // flush
    expect(touchesLadder(map, [45, 0, 100], STAND_MINS, STAND_MAXS)).toBe(true); // 3 units off
    expect(touchesLadder(map, [40, 0, 100], STAND_MINS, STAND_MAXS)).toBe(false); // 8 units off
    expect(touchesLadder(map, [48, 0, 320], STAND_MINS, STAND_MAXS)).toBe(false); // above its top
    // A solid brush without the ladder bit is no ladder.
    const wall = boxBrush([64, -32, 0], [72, 32, 256], CONTENTS_SOLID);
    expect(touchesLadder({ brushes: [wall] }, [48, 0, 100], STAND_MINS, STAND_MAXS)).toBe(false);
  });

  it('standing blocked: a vent a crouched player fits in, a room, and a crack nobody fits in', () => {
    const at = (ceiling: number) => ({
      brushes: [floor, boxBrush([-512, -512, ceiling], [512, 512, ceiling + 16], CONTENTS_SOLID)],
    });
    expect(standingBlocked(at(40), [0, 0, 24])).toBe(true); // 40 high: crouch (28) fits, stand (56) not
    expect(standingBlocked(at(60), [0, 0, 24])).toBe(false); // standing fits
    expect(standingBlocked(at(20), [0, 0, 24])).toBe(false); // not even crouched
  });

  it('water level from the three sample heights of PM_CategorizePosition', () => {
    const map: CheckMap = {
      brushes: [boxBrush([-512, -512, -200], [512, 512, 0], CONTENTS_WATER)],
    };
    // Standing samples: z - 23, z - 1, z + 22.
    expect(waterLevel(map, [0, 0, 30])).toBe(0);
    expect(waterLevel(map, [0, 0, 10])).toBe(1);
    expect(waterLevel(map, [0, 0, 1])).toBe(1); // waist sample exactly on the surface: out
    expect(waterLevel(map, [0, 0, 0.5])).toBe(2);
    expect(waterLevel(map, [0, 0, -21])).toBe(2);
    expect(waterLevel(map, [0, 0, -23])).toBe(3);
    // Crouched samples: z - 23, z - 8, z + 8.
    expect(waterLevel(map, [0, 0, 10], true)).toBe(1);
    expect(waterLevel(map, [0, 0, 5], true)).toBe(2);
    expect(waterLevel(map, [0, 0, -9], true)).toBe(3);
  });

  it('ground within a step below', () => {
    const map: CheckMap = { brushes: [floor] };
    expect(groundBelow(map, [0, 0, 24], STAND_MINS, STAND_MAXS)).toBe(true);
    expect(groundBelow(map, [0, 0, 34], STAND_MINS, STAND_MAXS)).toBe(true); // 10 above
    expect(groundBelow(map, [0, 0, 54], STAND_MINS, STAND_MAXS)).toBe(false); // 30 above
    expect(groundBelow(map, [600, 0, 24], STAND_MINS, STAND_MAXS)).toBe(false); // off the edge
  });

  it('graph metrics: largest undirected component and coverage', () => {
    const nav = navOf([
      node([0, 0, 0], T.MOVE, [1]),
      node([100, 0, 0]),
      node([200, 0, 0], T.MOVE, [1]),
      node([900, 0, 0]),
    ]);
    expect(largestComponentShare(nav)).toBe(0.75);
    expect(largestComponentShare(navOf([]))).toBe(0);
    // Points: one on a node, one 60 away, one 70 away, one far.
    expect(coverage([0, 0, 0, 160, 0, 0, 270, 0, 0, 500, 500, 0], nav)).toBe(0.5);
  });

  it('measures a nav: confirmed and contradicted types, nodes in solid, nodes in the air', () => {
    const ladder = boxBrush([64, -32, 0], [72, 32, 256], CONTENTS_LADDER | CONTENTS_SOLID);
    const vent = boxBrush([200, -512, 40], [400, 512, 56], CONTENTS_SOLID);
    // The floor ends at y = 200; beyond it a pool 200 deep with its own bottom.
    const ground = boxBrush([-512, -512, -16], [512, 200, 0], CONTENTS_SOLID);
    const pool = boxBrush([-512, 200, -200], [-200, 512, 0], CONTENTS_WATER);
    const bottom = boxBrush([-512, 200, -216], [-200, 512, -200], CONTENTS_SOLID);
    const map: CheckMap = { brushes: [ground, ladder, vent, pool, bottom] };
    const nav = navOf([
      node([48, 0, 100], T.LADDER, [1]), // at the ladder: confirmed
      node([0, 0, 24], T.LADDER_UP, [2]), // 32 units from it: contradicted
      node([300, 0, 24], T.CROUCH, [3]), // under the vent: confirmed
      node([-100, 0, 24], T.CROUCH, [4]), // open floor: contradicted
      node([-300, 300, -30], T.WATER, [5]), // deep water: confirmed
      node([-300, 300, 20], T.WATER, [6]), // feet wet only: contradicted
      node([0, -100, 10], T.MOVE, [7]), // 14 units into the floor
      node([0, -200, 80]), // in the air, 56 above the floor
    ]);
    const m = measureNavOn(map, nav, [0, 0, 24, 3000, 0, 0]);
    expect(m.nodes).toBe(8);
    expect(m.ladder).toEqual({ total: 2, confirmed: 1 });
    expect(m.crouch).toEqual({ total: 2, confirmed: 1, near: 1 });
    expect(m.water).toEqual({ total: 2, confirmed: 1 });
    expect(m.inSolid).toBe(1);
    // The node in the air; the one sunk into the floor has ground too (the floor).
    expect(m.noGround).toBe(1);
    expect(m.largestComponent).toBe(1);
    expect(m.ltkCoverage).toBe(0.5);
  });
});

interface TraceLine {
  kind: string;
  point?: V3;
  contents?: number;
  start: number[];
  end: number[];
  mins: V3;
  maxs: V3;
  brushmask: number;
  headnode: number;
  allsolid: boolean;
}

describeFixtures('independent map check against the engine', () => {
  // The engine's position tests (box traces with start = end, world model) on every map with a
  // trace recording: the checker's depth >= 0 (touching counts, as CM_TestBoxInBrush does) must
  // give the engine's allsolid. Boxes within 0.01 unit of touching are counted, not judged: the
  // engine tests only the brushes of the leaves its box enumeration reaches, and for a box that
  // exactly touches a brush that enumeration (and float32 rounding) decides; the recordings hold
  // such boxes both ways.
  for (const mapName of ['wizs', 'city', 'urbanjungle', 'simplicity', 'beer']) {
    it(`agrees with the engine's position tests on ${mapName}`, async () => {
      const map = await loadCheckMap(fixture('maps', `${mapName}.bsp`), true);
      const lines = createInterface({
        input: createReadStream(fixture('trace', `${mapName}.trace.jsonl.gz`)).pipe(createGunzip()),
      });
      let judged = 0;
      let solid = 0;
      let borderline = 0;
      const wrong: string[] = [];
      let points = 0;
      let wet = 0;
      const wrongPoints: string[] = [];
      for await (const line of lines) {
        const t = JSON.parse(line) as TraceLine;
        if (t.kind === 'pointcontents') {
          // Liquid bits of the world's point contents, from brushes alone. (Not the solid bit:
          // the void outside a map is a solid leaf with no brush.)
          const mask = MASK_WATER;
          const mine = brushContentsAt(map, t.point![0], t.point![1], t.point![2], mask);
          points++;
          if ((t.contents! & MASK_WATER) !== 0) wet++;
          if (mine !== (t.contents! & mask))
            wrongPoints.push(`${JSON.stringify(t)} brushes ${mine}`);
          continue;
        }
        if (t.kind !== 'world' || t.headnode !== 0) continue;
        if (t.start.some((v, k) => v !== t.end[k])) continue;
        const d = maxDepth(map, t.start as unknown as V3, t.mins, t.maxs, t.brushmask);
        if (Math.abs(d) <= 0.01) {
          borderline++;
          continue;
        }
        judged++;
        if (t.allsolid) solid++;
        if (d >= 0 !== t.allsolid) wrong.push(`${JSON.stringify(t)} depth ${d}`);
      }
      expect(judged).toBeGreaterThan(500);
      expect(solid).toBeGreaterThan(10);
      expect(borderline).toBeLessThan(judged * 0.15);
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(points).toBeGreaterThan(1000);
      expect(wrongPoints.slice(0, 5)).toEqual([]);
      console.log(
        `${mapName}: ${judged} engine position tests agree (${solid} solid), ${borderline} touching; ` +
          `${points} point-contents agree on liquid bits (${wet} in liquid)`,
      );
    });
  }

  it("gives the engine's water level after its own player moves on urbanjungle", async () => {
    // pmove lines of real bot calls with world-only collision (nonWorld false): waterlevel comes
    // from PM_CategorizePosition at the moved origin before it is snapped to 1/8 unit, so a
    // sample within 1/8 unit of a water surface may fall either way; those are rare.
    const map = await loadCheckMap(fixture('maps', 'urbanjungle.bsp'), true);
    const lines = createInterface({
      input: createReadStream(fixture('pmove', 'urbanjungle.pmove.jsonl.gz')).pipe(createGunzip()),
    });
    let n = 0;
    let wet = 0;
    let same = 0;
    for await (const line of lines) {
      const p = JSON.parse(line) as {
        src: string;
        nonWorld: boolean;
        out: { pm_type: number; origin: number[] };
        viewheight: number;
        waterlevel: number;
      };
      if (p.src !== 'bot' || p.nonWorld || p.out.pm_type !== 0) continue;
      const o = p.out.origin.map((v) => v / 8) as unknown as V3;
      n++;
      if (p.waterlevel > 0) wet++;
      if (waterLevel(map, o, p.viewheight === 8) === p.waterlevel) same++;
    }
    expect(n).toBeGreaterThan(1000);
    expect(wet).toBeGreaterThan(100);
    expect(same / n).toBeGreaterThan(0.995);
    console.log(`urbanjungle: water level equal on ${same} of ${n} pmove calls (${wet} in water)`);
  });

  it("counts every position where the engine's pmove was on a ladder as touching one", async () => {
    // pmove's ladder test looks 1 unit ahead along the view; touching within 4 units in any
    // direction must include all of those. Real and shadow calls (the shadows cover ladders),
    // also those the engine marks nonWorld: wizs's ladders are func_walls, which the map check
    // includes.
    let onLadder = 0;
    let touching = 0;
    for (const mapName of ['simplicity', 'beer', 'wizs']) {
      const map = await loadCheckMap(fixture('maps', `${mapName}.bsp`));
      const lines = createInterface({
        input: createReadStream(fixture('pmove', `${mapName}.pmove.jsonl.gz`)).pipe(createGunzip()),
      });
      for await (const line of lines) {
        const p = JSON.parse(line) as {
          nonWorld: boolean;
          in: { origin: number[] };
          mins: V3;
          maxs: V3;
          ladder: boolean;
        };
        if (!p.ladder) continue;
        onLadder++;
        // The ladder test runs from the origin after the move's start (before the move): `in`.
        const o = p.in.origin.map((v) => v / 8) as unknown as V3;
        if (touchesLadder(map, o, p.mins, p.maxs)) touching++;
      }
    }
    expect(onLadder).toBeGreaterThan(300);
    expect(touching).toBe(onLadder);
  });
});
