/**
 * Synthetic scenarios: the track helpers move as their physics says, the scenario's truth is
 * exactly what the reader reports for its demo, and the large-demo stream is deterministic,
 * lazy and readable.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeDemoFile } from '../../../tools/mvd2-writer/demo-file.js';
import {
  EV_FALLFAR,
  EV_LADDER_STEP,
  EV_PLAYER_TELEPORT,
  MVD_FRAME_TIME,
  PmType,
} from '../../../src/sources/mvd2/protocol.js';
import type { EntityFrame, Frame, SegmentHeader } from '../../../src/sources/demo/events.js';
import {
  absent,
  buildScenario,
  crouchWalk,
  fall,
  fallToDeath,
  generateLargeDemo,
  joinTracks,
  ladderClimb,
  stand,
  strafeJump,
  swim,
  walkPolyline,
  withEvent,
  withPmType,
  writeScenario,
  writeScenarioFile,
  type ScenarioOptions,
  type TrackSample,
  type ReadonlyVec3,
} from '../../../tools/mvd2-writer/synthetic.js';
import { framesOf, readAll, TempDir } from '../../sources/mvd2/demo-harness.js';

const temp = new TempDir();
afterAll(() => temp.remove());

const dist = (a: ReadonlyVec3, b: ReadonlyVec3): number =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const xySpeed = (a: TrackSample, b: TrackSample): number =>
  Math.hypot(b.origin[0] - a.origin[0], b.origin[1] - a.origin[1]) / MVD_FRAME_TIME;

describe('track helpers', () => {
  it('walkPolyline advances speed × 0.1 s along the path per frame and ends on its last point', () => {
    const track = walkPolyline(
      [
        [0, 0, 0],
        [100, 0, 0],
        [100, 95, 0],
      ],
      300,
    );
    expect(track[0].origin).toEqual([0, 0, 0]);
    expect(track.at(-1)!.origin).toEqual([100, 95, 0]);
    // 195 units of path: samples at 0, 30, ..., 180, then the end.
    expect(track).toHaveLength(8);
    expect(track[3].origin).toEqual([90, 0, 0]);
    expect(track[4].origin[0]).toBeCloseTo(100);
    expect(track[4].origin[1]).toBeCloseTo(20);
    expect(track[0].viewangles![1]).toBe(0);
    expect(track[5].viewangles![1]).toBe(90);
  });

  it('crouchWalk and swim mark their samples', () => {
    expect(
      crouchWalk(
        [
          [0, 0, 0],
          [50, 0, 0],
        ],
        100,
      ).every((s) => s.crouch === true),
    ).toBe(true);
    expect(
      swim(
        [
          [0, 0, 0],
          [50, 0, 0],
        ],
        100,
      ).every((s) => s.rdflags === 1),
    ).toBe(true);
  });

  it('ladderClimb rises 20 units per frame at 200 u/s with a step event every 3 frames', () => {
    const track = ladderClimb([10, 20, 0], 100);
    expect(track.map((s) => s.origin[2])).toEqual([0, 20, 40, 60, 80, 100]);
    expect(track.every((s) => s.origin[0] === 10 && s.origin[1] === 20)).toBe(true);
    expect(track.map((s) => s.event)).toEqual([0, EV_LADDER_STEP, 0, 0, EV_LADDER_STEP, 0]);
  });

  it('fall follows z0 − 400 t² and lands with EV_FALLFAR; a fatal one lies dead afterwards', () => {
    const track = fallToDeath([0, 0, 500], 0, { deadFrames: 3 });
    for (let i = 1; i < track.length && track[i].origin[2] > 0; i++) {
      expect(track[i].origin[2]).toBeCloseTo(500 - 400 * (i * 0.1) ** 2);
    }
    const landing = track.findIndex((s) => s.event === EV_FALLFAR);
    expect(track[landing].origin[2]).toBe(0);
    expect(track[landing].pmType).toBe(PmType.Dead);
    expect(track.slice(landing)).toHaveLength(4);
    expect(track.slice(landing).every((s) => s.pmType === PmType.Dead && s.health === -20)).toBe(
      true,
    );
    const soft = fall([0, 0, 100], 0, { velocity: [300, 0, 0] });
    expect(soft.at(-1)!.pmType).toBeUndefined();
    expect(soft.at(-1)!.origin[0]).toBeCloseTo(300 * (soft.length - 1) * 0.1);
  });

  it('strafeJump crosses at over 450 u/s on a parabola and lands on its end', () => {
    const track = strafeJump([0, 0, 0], [230, 0, -20]);
    expect(track[0].origin).toEqual([0, 0, 0]);
    expect(track.at(-1)!.origin).toEqual([230, 0, -20]);
    for (let i = 1; i < track.length; i++)
      expect(xySpeed(track[i - 1], track[i])).toBeGreaterThan(450);
    // Constant second difference: −g·dt² = −8 units.
    for (let i = 1; i < track.length - 1; i++) {
      const d2 = track[i + 1].origin[2] - 2 * track[i].origin[2] + track[i - 1].origin[2];
      expect(d2).toBeCloseTo(-8);
    }
    expect(Math.max(...track.map((s) => s.origin[2]))).toBeGreaterThan(0);
  });

  it('joinTracks drops a repeated joint; the other helpers shape samples', () => {
    const joined = joinTracks(
      walkPolyline(
        [
          [0, 0, 0],
          [60, 0, 0],
        ],
        300,
      ),
      walkPolyline(
        [
          [60, 0, 0],
          [60, 60, 0],
        ],
        300,
      ),
      absent(2),
    );
    expect(joined.map((s) => (s === null ? null : s.origin))).toEqual([
      [0, 0, 0],
      [30, 0, 0],
      [60, 0, 0],
      [60, 30, 0],
      [60, 60, 0],
      null,
      null,
    ]);
    expect(stand([1, 2, 3], 3, { yaw: 45 }).map((s) => s.viewangles)).toEqual([
      [0, 45, 0],
      [0, 45, 0],
      [0, 45, 0],
    ]);
    expect(withPmType(stand([0, 0, 0], 2), PmType.Spectator).every((s) => s.pmType === 1)).toBe(
      true,
    );
    expect(withEvent(stand([0, 0, 0], 1)[0], EV_PLAYER_TELEPORT).event).toBe(6);
    expect(dist(walkPolyline([[0, 0, 0]], 100)[0].origin, [0, 0, 0])).toBe(0);
  });
});

function scenario(): ScenarioOptions {
  const runner = joinTracks(
    walkPolyline(
      [
        [0, 0, 0],
        [300, 0, 0],
        [300, 300, 0],
      ],
      320,
    ),
    crouchWalk(
      [
        [300, 300, 0],
        [200, 300, 0],
      ],
      100,
    ),
    ladderClimb([200, 300, 0], 128),
    strafeJump([200, 300, 128], [500, 300, 96]),
    fallToDeath([500, 300, 96], -400),
  );
  const swimmer = joinTracks(
    swim(
      [
        [-500, 0, -100],
        [-500, 250, -100],
      ],
      150,
    ),
    absent(5),
    [withEvent({ origin: [64, 64, 0] }, EV_PLAYER_TELEPORT)],
    stand([64, 64, 0], 5, { health: 40 }),
  );
  return {
    map: 'synth',
    players: [
      { slot: 0, name: 'runner', track: runner },
      { slot: 3, name: 'swimmer', startFrame: 4, track: swimmer },
      {
        slot: 5,
        name: 'watcher',
        skin: 'female/jezebel',
        track: withPmType(stand([7.3, -2.11, 40], 20), PmType.Spectator),
      },
    ],
  };
}

describe('buildScenario', () => {
  for (const [name, extra] of [
    ['2010 raw', {}],
    ['2012 EXTLIMITS_2 gzip', { version: 2012, flags: 12 }],
  ] as const) {
    it(`its truth is what readDemo reports (${name})`, async () => {
      const options = { ...scenario(), ...extra };
      const { truth } = buildScenario(options);
      const gzip = name.includes('gzip');
      const path = temp.file(writeScenario(options, { gzip }));
      const outcome = await readAll(path);
      expect(outcome.error).toBeNull();
      expect(framesOf(outcome.events)).toEqual(truth);
      const header = outcome.events[0] as SegmentHeader;
      expect(header).toMatchObject({ map: 'synth', maxclients: 16, clientNum: 15 });
      expect(header.playerNames.filter((n) => n !== '')).toEqual([
        'runner',
        'swimmer',
        'watcher',
        'MVDSPEC',
      ]);
    });
  }

  it('the truth carries the motions: speeds, crouch, water, events, death, absence', () => {
    const { truth } = buildScenario(scenario());
    const slot = (f: Frame, s: number) => f.players.find((p) => p.slot === s);
    expect(truth.every((f) => slot(f, 15)?.pmType === PmType.Spectator)).toBe(true);
    expect(truth.some((f) => slot(f, 0)?.viewoffset[2] === 4)).toBe(true);
    expect(truth.filter((f) => slot(f, 0)?.event === EV_LADDER_STEP).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(slot(truth.at(-1)!, 0)?.pmType).toBe(PmType.Dead);
    expect(truth.filter((f) => slot(f, 3)?.rdflags === 1).length).toBeGreaterThan(5);
    expect(truth.slice(0, 4).every((f) => slot(f, 3) === undefined)).toBe(true);
    expect(truth.some((f) => slot(f, 3)?.event === EV_PLAYER_TELEPORT)).toBe(true);
    expect(truth.some((f) => f.players.length === 3)).toBe(true); // the swimmer's absence
    expect(slot(truth[0], 5)!.origin).toEqual([7.25, -2.125, 40]);
  });

  it('players are visible entities carrying their events; spectators are not', async () => {
    const path = join(temp.path, 'scenario.mvd2');
    const { truth } = await writeScenarioFile(path, scenario());
    const frames = framesOf((await readAll(path, { entities: true })).events);
    expect(frames.map((f) => f.players)).toEqual(truth.map((f) => f.players));
    const mine = (f: Frame, n: number): EntityFrame | undefined =>
      f.entities!.find((e) => e.number === n);
    for (const f of frames) {
      expect(mine(f, 6)).toBeUndefined();
      expect(mine(f, 16)).toBeUndefined();
      for (const p of f.players)
        if (p.pmType !== PmType.Spectator) expect(mine(f, p.slot + 1)?.event).toBe(p.event);
    }
  });

  it('refuses an event on a spectator and a player in the dummy slot', () => {
    expect(() =>
      buildScenario({
        map: 'x',
        players: [{ slot: 1, name: 's', track: [{ origin: [0, 0, 0], pmType: 1, event: 4 }] }],
      }),
    ).toThrow(RangeError);
    expect(() =>
      buildScenario({
        map: 'x',
        players: [{ slot: 15, name: 'd', track: [{ origin: [0, 0, 0] }] }],
      }),
    ).toThrow(RangeError);
  });
});

describe('generateLargeDemo', () => {
  const concat = (chunks: Iterable<Uint8Array>): Buffer => Buffer.concat([...chunks]);

  it('is deterministic for a seed', () => {
    const a = concat(generateLargeDemo({ players: 6, frames: 300, seed: 1 }));
    const b = concat(generateLargeDemo({ players: 6, frames: 300, seed: 1 }));
    const c = concat(generateLargeDemo({ players: 6, frames: 300, seed: 2 }));
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('is lazy: the first chunk of a billion-frame demo comes at once', () => {
    const started = Date.now();
    const first = generateLargeDemo({
      players: 8,
      frames: 1e9,
      seed: 3,
      chunkBytes: 1 << 16,
    }).next();
    expect(first.done).toBe(false);
    expect(first.value!.length).toBeGreaterThanOrEqual(1 << 16);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('streams to a gzip file that reads back with the requested frames, segments and players', async () => {
    const path = join(temp.path, 'large.mvd2.gz');
    const chunks = generateLargeDemo({
      players: 12,
      frames: 3000,
      seed: 4,
      framesPerSegment: 1000,
      chunkBytes: 1 << 15,
    });
    const sizes: number[] = [];
    async function* counted(): AsyncGenerator<Uint8Array> {
      for (const c of chunks) {
        sizes.push(c.length);
        yield c;
      }
    }
    const fileBytes = await writeDemoFile(path, counted(), { gzip: true });
    expect(sizes.slice(0, -1).every((s) => s >= 1 << 15)).toBe(true);
    expect(readdirSync(temp.path).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const outcome = await readAll(path);
    expect(outcome.error).toBeNull();
    const frames = framesOf(outcome.events);
    expect(frames).toHaveLength(3000);
    expect(outcome.events.filter((e) => e.kind === 'segment')).toHaveLength(3);
    expect(outcome.events.at(-1)).toMatchObject({
      kind: 'end',
      gzip: true,
      endMark: true,
      fileBytes,
    });
    const slots = new Set(frames.flatMap((f) => f.players.map((p) => p.slot)));
    expect(slots.size).toBe(13);
    const pmTypes = new Set(frames.flatMap((f) => f.players.map((p) => p.pmType)));
    expect([...pmTypes].sort()).toEqual([0, 1, 2]);
  });
});
