/**
 * reader(writer(x)) = x: random engine-consistent demos (`random-demo.ts`: players joining,
 * leaving and returning, entities appearing, disappearing and carrying events, commands
 * between frames, two segments, far and negative coordinates) written for every version and
 * flag combination, read back with every player and entity field.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MVF_EXTLIMITS, MVF_EXTLIMITS_2, MVF_NOMSGS } from '../../../src/sources/mvd2/protocol.js';
import type { DemoEvent } from '../../../src/sources/demo/events.js';
import { writeDemo, type WriteDemoOptions } from '../../../tools/mvd2-writer/writer.js';
import { decodeBytes, readAll, TempDir } from './demo-harness.js';
import { expectedEvents, randomDemo } from './random-demo.js';

const temp = new TempDir();
afterAll(() => temp.remove());

const EXT = MVF_EXTLIMITS;
const EXT2 = MVF_EXTLIMITS | MVF_EXTLIMITS_2;
const MATRIX: readonly [number, number][] = [
  [2009, 0],
  [2009, MVF_NOMSGS],
  [2010, 0],
  [2010, MVF_NOMSGS],
  [2011, 0],
  [2011, MVF_NOMSGS],
  [2011, EXT],
  [2011, EXT | MVF_NOMSGS],
  [2012, 0],
  [2012, MVF_NOMSGS],
  [2012, EXT],
  [2012, EXT2],
  [2012, EXT2 | MVF_NOMSGS],
];

/** Compares event by event so that a failure names the first differing event. */
function expectSameEvents(actual: readonly DemoEvent[], expected: readonly DemoEvent[]): void {
  const n = Math.min(actual.length, expected.length);
  for (let i = 0; i < n; i++) expect({ i, event: actual[i] }).toEqual({ i, event: expected[i] });
  expect(actual.length).toBe(expected.length);
}

describe('reader(writer(x)) = x', () => {
  MATRIX.forEach(([version, flags], k) => {
    for (const gzip of [false, true]) {
      it(`version ${version} flags ${flags} ${gzip ? 'gzip' : 'raw'}`, async () => {
        const demo = randomDemo({ version, flags, seed: 1000 + k * 2 + (gzip ? 1 : 0) });
        const written = writeDemo(demo, { gzip });
        const path = temp.file(written.bytes, gzip ? 'demo.mvd2.gz' : 'demo.mvd2');
        const { events, error } = await readAll(path, { fullPlayers: true, entities: true });
        expect(error).toBeNull();
        expectSameEvents(events, expectedEvents(demo, written, path, gzip));
      });
    }
  });

  it('the random demos exercise what they should: returns, removals, events, every command', () => {
    const demo = randomDemo({ version: 2012, flags: EXT2, seed: 1000 + 11 * 2 });
    const seg = demo.segments[0];
    const states = [seg.baseline, ...seg.frames];
    const inUse = (k: number, slot: number) => states[k].players.some((p) => p.slot === slot);
    const returns = (has: (k: number) => boolean) =>
      states.some(
        (_, k) => k > 1 && has(k) && !has(k - 1) && states.slice(0, k - 1).some((__, m) => has(m)),
      );
    const slots = Array.from({ length: seg.serverdata.maxclients }, (_, s) => s);
    expect(slots.some((s) => returns((k) => inUse(k, s)))).toBe(true);
    const numbers = new Set(states.flatMap((s) => (s.entities ?? []).map((e) => e.number)));
    const present = (k: number, n: number) =>
      (states[k].entities ?? []).some((e) => e.number === n);
    expect([...numbers].some((n) => returns((k) => present(k, n)))).toBe(true);
    expect([...numbers].some((n) => n > 255)).toBe(true);
    expect(states.some((s) => s.players.some((p) => p.event !== 0))).toBe(true);
    expect(states.some((s) => s.players.some((p) => p.pmType === 2))).toBe(true);
    const kinds = new Set(
      seg.frames.flatMap((f) => [...(f.before ?? []), ...(f.after ?? [])].map((c) => c.kind)),
    );
    expect([...kinds].sort()).toEqual([
      'configstring',
      'multicast',
      'nop',
      'print',
      'sound',
      'unicast',
    ]);
    // Moves beyond the 15-bit DeltaInt23 delta (2048 units) and within it.
    const steps = seg.frames.flatMap((f, k) =>
      f.players.flatMap((p) => {
        const before = states[k].players.find((q) => q.slot === p.slot);
        return before ? [Math.abs(p.origin[0] - before.origin[0])] : [];
      }),
    );
    expect(steps.some((d) => d > 2048)).toBe(true);
    expect(steps.some((d) => d > 0 && d < 2048)).toBe(true);
  });

  it('holds the 64 stats of EXTLIMITS_2, far coordinates and both DeltaInt23 forms', () => {
    const demo = randomDemo({ version: 2012, flags: EXT2, seed: 7 });
    const { events } = decodeBytes(writeDemo(demo).stream, { fullPlayers: true, entities: true });
    const players = events.flatMap((e) => (e.kind === 'frame' ? e.players : []));
    expect(players.every((p) => p.detail?.stats.length === 64)).toBe(true);
    expect(players.some((p) => p.detail!.stats.slice(32).some((s) => s !== 0))).toBe(true);
    // Beyond the 16-bit range of the other formats.
    expect(players.some((p) => p.origin.some((c) => Math.abs(c) > 4096))).toBe(true);
    expect(players.some((p) => p.origin.some((c) => c < 0))).toBe(true);
  });

  const blockings: readonly [string, WriteDemoOptions][] = [
    ['several frames per block', { framesPerBlock: 4 }],
    ['one command per block', { blockPerCommand: true }],
    ['blocks padded to 32768 bytes', { padBlocksTo: 32768 }],
  ];
  for (const [name, options] of blockings) {
    it(`survives ${name}, fed in chunks of any size`, () => {
      const demo = randomDemo({ version: 2012, flags: EXT2, seed: 99, frames: 12 });
      const written = writeDemo(demo, options);
      const expected = expectedEvents(demo, written, 'mem.mvd2', false).filter(
        (e) => e.kind !== 'end',
      );
      for (const chunks of [[written.stream.length], [1], [7, 300, 1, 65536], [32770]]) {
        const { events, error } = decodeBytes(
          written.stream,
          { fullPlayers: true, entities: true },
          chunks,
        );
        expect(error).toBeNull();
        expectSameEvents(events, expected);
      }
      if (options.padBlocksTo) expect(written.blocks.every((b) => b.length === 32768)).toBe(true);
      if (options.blockPerCommand)
        expect(written.blocks.every((b) => b.commands.length === 1)).toBe(true);
      if (options.framesPerBlock) {
        expect(
          written.blocks.some((b) => b.commands.filter((c) => c.kind === 'frame').length === 4),
        ).toBe(true);
      }
    });
  }
});
