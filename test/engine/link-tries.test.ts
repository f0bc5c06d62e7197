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

type Sample = { origin: Vec3; yaw: number };
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
        pmType: 0,
        origin: s.origin,
        viewoffset: [0, 0, 22],
        viewangles: [0, s.yaw, 0],
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
  return a.result();
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
