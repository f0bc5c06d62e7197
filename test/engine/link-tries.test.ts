/**
 * How the trial analysis reads a bot's link tries from a demo (`src/engine/trial-analysis.ts`),
 * on frames made here: where the bot stands and where it looks, 10 a second, on small navs as
 * dense as the engine's own (a node every 48 u, so that a bot is nearly always within some
 * node's reach). The live measurement is `npm run bench:planted-links`; these are its cases.
 */
import { describe, expect, it } from 'vitest';
import { TrialAnalyzer, type TrialAnalysis } from '../../src/engine/trial-analysis.js';
import { engineReport } from '../../src/engine/engine-report.js';
import type { DemoEvent, PlayerFrame } from '../../src/sources/demo/events.js';
import type { NavFile, Vec3 } from '../../src/nav/types.js';
import { smallNav } from '../helpers/small-nav.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';

/** `pitch`: the view's pitch (> 0 looks down; default level). `dead`: the bot lies dead in this frame (pm_type 2). */
type Sample = { origin: Vec3; yaw: number; pitch?: number; dead?: boolean };
const DUMMY = 7;

/** A dense nav of MOVE nodes and MOVE links. */
function nav(origins: Vec3[], links: [number, number][]): NavFile {
  return smallNav(
    origins,
    links.map(([a, b]) => [a, b, defaultNodeTypes.MOVE] as const),
  );
}

/** From `a` to `b` at 300 u/s, looking along `yaw` (default: the way it walks). */
function walk(a: Vec3, b: Vec3, yaw?: number): Sample[] {
  const d = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  const steps = Math.max(1, Math.ceil(d / 30));
  const y = yaw ?? (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  return Array.from({ length: steps + 1 }, (_, k) => ({
    origin: [
      a[0] + ((b[0] - a[0]) * k) / steps,
      a[1] + ((b[1] - a[1]) * k) / steps,
      a[2] + ((b[2] - a[2]) * k) / steps,
    ] as Vec3,
    yaw: y,
  }));
}

const stand = (p: Vec3, frames: number, yaw: number): Sample[] =>
  Array.from({ length: frames }, () => ({ origin: p, yaw }));

/** The analysis of bots following `tracks` (one per slot; a bot is gone once its track ends). */
function analyse(n: NavFile, tracks: Sample[][]): TrialAnalysis {
  return feedAll(n, tracks).result();
}

function feedAll(n: NavFile, tracks: Sample[][]): TrialAnalyzer {
  const a = new TrialAnalyzer(n);
  const names = tracks.map((_, i) => `bot${i}`);
  a.feed({
    kind: 'segment',
    segment: 0,
    protocol: 37,
    version: 2012,
    flags: 0,
    servercount: 1,
    gamedir: 'action',
    clientNum: DUMMY,
    maxclients: 8,
    map: 'test',
    worldmodel: 'maps/test.bsp',
    mapChecksum: 0,
    playerNames: names,
    extendedLimits: false,
    offset: 0,
  });
  const frames = Math.max(...tracks.map((t) => t.length));
  for (let f = 0; f < frames; f++) {
    const players: PlayerFrame[] = [];
    tracks.forEach((t, slot) => {
      const s = t[f];
      if (!s) return;
      players.push({
        slot,
        pmType: s.dead ? 2 : 0,
        origin: s.origin,
        viewoffset: [0, 0, 22],
        viewangles: [s.pitch ?? 0, s.yaw, 0],
        rdflags: 0,
        health: 100,
        event: 0,
        detail: null,
      });
    });
    const e: DemoEvent = {
      kind: 'frame',
      segment: 0,
      index: f,
      time: f / 10,
      players,
      entities: null,
    };
    a.feed(e);
  }
  return a;
}

const counts = (r: TrialAnalysis, from: number, to: number) => {
  const l = r.links.find((x) => x.from === from && x.to === to);
  return l ? [l.traversals, l.failures, l.timedOut] : [0, 0, 0];
};

// A row of nodes 48 u apart along y = 0 (0..6), a node up the side of node 0 (7, next to a
// wall at y = 104 that the analysis does not see) and one behind the wall (8, y = 250).
const row: Vec3[] = [
  ...Array.from({ length: 7 }, (_, i): Vec3 => [48 * i, 0, 0]),
  [-24, 96, 0],
  [0, 250, 0],
];
const rowLinks: [number, number][] = [
  ...Array.from({ length: 6 }, (_, i): [number, number][] => [
    [i, i + 1],
    [i + 1, i],
  ]).flat(),
  [0, 7],
  [7, 0],
  [0, 8], // through the wall
];

/** Walks the row from node 4 to node 0, turns to node 8 and walks into the wall (y = 88), where it stays facing node 8. */
const intoTheWall = (): Sample[] => [
  ...walk(row[4], row[0]),
  ...walk(row[0], [0, 88, 0], 90),
  ...stand([0, 88, 0], 80, 90),
  ...walk([0, 88, 0], row[2]),
];

describe('link tries read from a demo', () => {
  it('a bot facing a link target behind a wall, pressed against it next to another node, fails that link', () => {
    const n = nav(row, rowLinks);
    const r = analyse(n, [intoTheWall()]);
    // 0→8: one try, timed out (its time is 1.5 s + 2.5 s); the bot passed node 7's reach
    // facing node 8, which is no traversal of 0→7.
    expect(counts(r, 0, 8)).toEqual([1, 1, 1]);
    expect(counts(r, 0, 7)).toEqual([0, 0, 0]);
    // the walk along the row: traversals only
    expect(counts(r, 4, 3)[0] + counts(r, 3, 2)[0] + counts(r, 2, 1)[0] + counts(r, 1, 0)[0]).toBe(
      4,
    );
    expect(r.links.filter((l) => l.failures > 0).map((l) => [l.from, l.to])).toEqual([[0, 8]]);
  });

  it('two such tries make a bad link in the report; one try does not', () => {
    const n = nav(row, rowLinks);
    const one = engineReport({
      map: 'test',
      nodeCount: n.nodes.length,
      bots: 1,
      seconds: 20,
      noCombat: true,
      runs: [{ analysis: analyse(n, [intoTheWall()]), consoleText: '' }],
    });
    expect(one.bad_links).toEqual([]);
    const two = engineReport({
      map: 'test',
      nodeCount: n.nodes.length,
      bots: 2,
      seconds: 20,
      noCombat: true,
      runs: [{ analysis: analyse(n, [intoTheWall(), intoTheWall()]), consoleText: '' }],
    });
    expect(two.bad_links).toEqual([[0, 8]]);
    expect(two.link_stats.find((l) => l.from === 0 && l.to === 8)?.timed_out).toBe(2);
  });

  it('a bot walking the row looking ahead traverses every link and fails none', () => {
    const n = nav(row, rowLinks);
    const r = analyse(n, [[...walk(row[0], row[6]), ...walk(row[6], row[0])]]);
    for (let i = 0; i < 6; i++) {
      expect(counts(r, i, i + 1)).toEqual([1, 0, 0]);
      expect(counts(r, i + 1, i)).toEqual([1, 0, 0]);
    }
    expect(r.links.every((l) => l.failures === 0)).toBe(true);
  });

  it('a bot stuck inside the reach of its node, pushed towards the target it faces, fails that link', () => {
    // 0 at the origin, 1 behind a wall 40 u away (inside node 0's reach), 2 off to the side.
    const n = nav(
      [
        [0, 0, 0],
        [0, 200, 0],
        [200, 0, 0],
      ],
      [
        [0, 1],
        [0, 2],
        [2, 0],
      ],
    );
    const pressed = [
      ...walk([200, 0, 0], [0, 0, 0]),
      ...walk([0, 0, 0], [0, 30, 0], 90),
      ...stand([0, 30, 0], 100, 90),
    ];
    expect(counts(analyse(n, [pressed]), 0, 1)).toEqual([1, 1, 1]);
    // A bot idling on the node itself, looking the same way, is taking no link.
    const idle = [...walk([200, 0, 0], [0, 0, 0]), ...stand([0, 0, 0], 100, 90)];
    expect(analyse(n, [idle]).links.every((l) => l.failures === 0)).toBe(true);
  });
});

// The fatal drop of wizs's planted nav, as the bots took it: a row of nodes on a ledge
// (0, 1, 2 southwards, 3 to the south-east of 1), and a drop planted from node 0 down to node 4,
// 432 u below, just past the ledge's edge (y = -130), with nodes 5 and 6 on the floor there.
// The engine's bot looks five nodes ahead on its path (`BOTLIB_Look`), so while it walks straight
// south from 0 over 1 and 2 towards 4 it looks south-east and turns east, down at the path
// beyond 4, never at 4: the view reads no try of 0→4 (before deaths were placed by the open
// links, this fall was charged to no link, and on wizs to a neighbouring one). It walks off the
// edge at 150 u/s, falls through node 5's reach and dies where it lands, 140 u past node 4.
const drop: Vec3[] = [
  [0, 0, 0],
  [0, -48, 0],
  [0, -96, 0],
  [48, -96, 0],
  [0, -144, -432],
  [0, -288, -432],
  [48, -144, -432],
];
const dropLinks: [number, number][] = [
  [0, 1],
  [1, 0],
  [1, 2],
  [2, 1],
  [1, 3],
  [3, 1],
  [2, 3],
  [3, 2],
  [0, 4], // the planted drop
  [4, 5],
  [5, 4],
  [4, 6],
  [6, 4],
];

/** From north of node 0 south over the ledge's nodes, off its edge, and down to the floor, dead. */
function fallIntoTheDrop(): Sample[] {
  const out: Sample[] = [...walk([0, 96, 0], [0, -130, 0], -90)];
  // looking five nodes ahead: turning from south to south-east while crossing the ledge
  out.forEach((s, k) => (s.yaw = k < 3 ? -90 : -45 + 8 * (k - 3)));
  for (let k = 1; ; k++) {
    const t = k / 10;
    const z = -400 * t * t;
    const y = -130 - 150 * t;
    if (z <= -432) {
      for (let d = 0; d < 10; d++) out.push({ origin: [0, y, -432], yaw: -20, dead: true });
      break;
    }
    out.push({ origin: [0, y, z], yaw: Math.min(30, -5 + 8 * k) });
  }
  return out;
}

describe('deaths charged to the link the bot was on', () => {
  it('a fall off a planted drop that the bot passes other nodes on its way to is charged to the drop and its target', () => {
    const n = smallNav(drop, [
      ...dropLinks.map(([a, b]) => [a, b, defaultNodeTypes.MOVE] as const),
    ]);
    n.nodes[0].links.find((l) => l.target === 4)!.targetType = defaultNodeTypes.STAND_DROP;
    const a = analyse(n, [fallIntoTheDrop()]);
    expect(a.deaths).toHaveLength(1);
    expect(a.deaths[0].link).toEqual({ from: 0, to: 4 });
    expect(a.deaths[0].node).toBe(4);
    expect(counts(a, 0, 4)).toEqual([1, 1, 0]);
    expect(a.links.filter((l) => l.failures > 0).map((l) => [l.from, l.to])).toEqual([[0, 4]]);
    const r = engineReport({
      map: 'test',
      nodeCount: n.nodes.length,
      bots: 1,
      seconds: 5,
      noCombat: true,
      runs: [{ analysis: a, consoleText: 'bot0 plummets to his death\n' }],
    });
    expect(r.bad_links).toEqual([[0, 4]]);
    expect(r.env_death_spots.map((d) => [d.node, d.link])).toEqual([[4, { from: 0, to: 4 }]]);
    expect(r.node_stats.find((s) => s.node === 4)?.env_deaths).toBe(1);
  });

  it('a bot killed on its way along a link it was read taking is charged to that link', () => {
    // two nodes 300 u apart; shot 170 u along the way
    const n = nav(
      [
        [0, 0, 0],
        [300, 0, 0],
        [0, 300, 0],
      ],
      [
        [0, 1],
        [1, 0],
        [0, 2],
      ],
    );
    const track: Sample[] = [
      ...walk([0, 0, 0], [170, 0, 0]),
      ...stand([170, 0, 0], 5, 0).map((s) => ({ ...s, dead: true })),
    ];
    const a = analyse(n, [track]);
    expect(a.deaths.map((d) => [d.node, d.link])).toEqual([[1, { from: 0, to: 1 }]]);
    expect(counts(a, 0, 1)).toEqual([1, 1, 0]);
  });

  it('a bot shot while standing at a node it arrived at is charged to no link', () => {
    const n = nav(drop, dropLinks);
    const track: Sample[] = [
      ...walk(drop[2], drop[0]),
      ...stand(drop[0], 20, -90),
      ...stand(drop[0], 5, -90).map((s) => ({ ...s, dead: true })),
    ];
    const a = analyse(n, [track]);
    expect(a.deaths.map((d) => [d.node, d.link])).toEqual([[0, null]]);
    expect(a.links.every((l) => l.failures === 0)).toBe(true);
  });
});

// A planted ledge, as on museum (1510 → 2239): node 0 on the floor with neighbours 1 (north)
// and 2 (east), node 3 on a ledge 184 u up and 240 u south, behind the wall under the ledge.
// The bot comes from the north, stops 26 u off node 0 to its south-east (not on the way to 3:
// it slid along the wall), and stands there looking level to the north-east, but for a moment
// it looks up at the ledge (where the engine's bot aims, five nodes ahead, is up there).
const ledge: Vec3[] = [
  [0, 0, 0],
  [0, 48, 0],
  [48, 0, 0],
  [0, -240, 184],
];
const ledgeLinks: [number, number][] = [
  [0, 1],
  [1, 0],
  [0, 2],
  [2, 0],
  [1, 2],
  [2, 1],
  [0, 3], // the planted ledge
];
const foot: Vec3 = [20, -16, 0];

/** Walks to the wall's foot, stands there looking level, looks up `lookUp` (pitch) at 3 for a moment, then level again. */
function atTheFoot(lookUp: number): Sample[] {
  return [
    ...walk([0, 96, 0], ledge[0]),
    ...walk(ledge[0], foot),
    ...stand(foot, 20, 20),
    ...stand(foot, 4, -95).map((x) => ({ ...x, pitch: lookUp })),
    ...stand(foot, 80, 20),
  ];
}

describe('a ledge read from a bot that looked up at it', () => {
  it('a bot stuck at the foot of a ledge, having looked up at its top, fails the ledge link', () => {
    const r = analyse(nav(ledge, ledgeLinks), [atTheFoot(-24)]);
    // one try, timed out (its time 1.5 s + 3 s, counted from when the bot came to rest)
    expect(counts(r, 0, 3)).toEqual([1, 1, 1]);
    expect(r.links.filter((l) => l.failures > 0).map((l) => [l.from, l.to])).toEqual([[0, 3]]);
  });

  it('the same bot looking level the whole time tries nothing', () => {
    // the way to the ledge's top is 36° above a level view: not looked at
    const r = analyse(nav(ledge, ledgeLinks), [atTheFoot(0)]);
    expect(r.links.every((l) => l.failures === 0)).toBe(true);
  });
});
