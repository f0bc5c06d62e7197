/**
 * Cut demos: a demo cut anywhere delivers every frame of its complete blocks, then a
 * TRUNCATED warning at the cut, then completes; bytes after the end mark give TRAILING_DATA.
 * The expected frames come from the writer's block layout and from a full read.
 */
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../tools/mvd2-writer/seeded-random.js';
import { writeDemo } from '../../../tools/mvd2-writer/writer.js';
import type { DemoEnd, Frame, ParseWarning } from '../../../src/sources/demo/events.js';
import { framesBefore, framesOf, parseError, readAll, TempDir } from './demo-harness.js';
import { randomDemo } from './random-demo.js';

const temp = new TempDir();
afterAll(() => temp.remove());

const demo = randomDemo({ version: 2012, flags: 12, seed: 5, frames: 25 });
const written = writeDemo(demo);
const full = written.stream;

let allFrames: Frame[] = [];

async function expectTruncated(path: string, streamCut: number): Promise<void> {
  const outcome = await readAll(path, { fullPlayers: true, entities: true });
  expect(outcome.error).toBeNull();
  const frames = framesOf(outcome.events);
  expect(frames).toEqual(allFrames.slice(0, framesBefore(written, streamCut)));
  const warnings = outcome.events.filter((e): e is ParseWarning => e.kind === 'warning');
  expect(warnings.map((w) => [w.code, w.offset])).toEqual([['TRUNCATED', streamCut]]);
  expect(warnings[0].message).toContain(`@0x${streamCut.toString(16)}`);
  const end = outcome.events[outcome.events.length - 1] as DemoEnd;
  expect(end).toMatchObject({ kind: 'end', endMark: false, streamBytes: streamCut });
  // The warning comes after the last frame and before the end.
  expect(outcome.events.at(-2)).toBe(warnings[0]);
}

describe('truncated demos', () => {
  it('reads the whole demo first (the reference)', async () => {
    const outcome = await readAll(temp.file(full), { fullPlayers: true, entities: true });
    expect(outcome.error).toBeNull();
    allFrames = framesOf(outcome.events);
    expect(allFrames).toHaveLength(2 * 26);
  });

  it('cut at every block boundary', async () => {
    const boundaries = written.blocks.map((b) => b.offset).filter((o) => o > 4);
    boundaries.push(full.length - 2); // just before the end mark
    expect(boundaries.length).toBeGreaterThan(50);
    for (const cut of boundaries) await expectTruncated(temp.file(full.subarray(0, cut)), cut);
  });

  it('cut at random offsets, inside blocks and length words', async () => {
    const rnd = new SeededRandom(11);
    for (let k = 0; k < 40; k++) {
      const cut = rnd.int(5, full.length - 3);
      await expectTruncated(temp.file(full.subarray(0, cut)), cut);
    }
  });

  it('cut at random offsets of the gzip file: what inflates before the cut is read', async () => {
    const gz = gzipSync(full);
    const rnd = new SeededRandom(12);
    const cuts = [gz.length - 1, gz.length - 8, gz.length - 9, 30, 11];
    for (let k = 0; k < 30; k++) cuts.push(rnd.int(11, gz.length - 1));
    for (const cut of cuts) {
      const available = gunzipSync(gz.subarray(0, cut), {
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length;
      const path = temp.file(gz.subarray(0, cut), 'cut.mvd2.gz');
      if (available === full.length) {
        // Only the gzip trailer is missing: the demo itself is complete.
        const outcome = await readAll(path);
        expect(outcome.error).toBeNull();
        expect(framesOf(outcome.events)).toHaveLength(allFrames.length);
      } else if (available <= 4) {
        expect(parseError(await readAll(path)).code).toBe('EMPTY');
      } else {
        await expectTruncated(path, available);
      }
    }
  });

  it('a file that is only part of the magic, or the magic alone, is EMPTY', async () => {
    for (const cut of [0, 2, 4])
      expect(parseError(await readAll(temp.file(full.subarray(0, cut)))).code).toBe('EMPTY');
  });

  it('a demo without the end mark warns TRUNCATED between blocks at its end', async () => {
    const open = writeDemo(demo, { endMark: false });
    expect(open.stream.length).toBe(full.length - 2);
    await expectTruncated(temp.file(open.bytes), open.stream.length);
    const outcome = await readAll(temp.file(open.bytes));
    expect((outcome.events.find((e) => e.kind === 'warning') as ParseWarning).message).toContain(
      'between blocks',
    );
  });
});

describe('trailing data', () => {
  for (const gzip of [false, true]) {
    it(`bytes after the end mark give TRAILING_DATA at the first of them (${gzip ? 'gzip' : 'raw'})`, async () => {
      const trailing = Uint8Array.from({ length: 5000 }, (_, i) => (i * 37) & 0xff);
      const w = writeDemo(demo, { trailing, gzip });
      const outcome = await readAll(temp.file(w.bytes), { fullPlayers: true, entities: true });
      expect(outcome.error).toBeNull();
      expect(framesOf(outcome.events)).toEqual(allFrames);
      const warnings = outcome.events.filter((e): e is ParseWarning => e.kind === 'warning');
      expect(warnings.map((x) => [x.code, x.offset])).toEqual([['TRAILING_DATA', full.length]]);
      expect(outcome.events.at(-1)).toMatchObject({
        kind: 'end',
        endMark: true,
        streamBytes: full.length + 5000,
        gzip,
      });
    });
  }
});
