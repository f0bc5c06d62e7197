/**
 * Client demos (`.dm2`): every fixture parses to its end with no unknown message and the right
 * map and frame count; framing does not depend on chunking; cuts deliver every complete frame
 * then TRUNCATED; damage is an error naming file, block and byte offset; gzip is read by
 * content; other players can be reported from their entities.
 *
 * The frame counts were checked against an independent parser (packetflinger/libq2, Go): the
 * same number of frames and the same recorder origin on every frame of every fixture (see the
 * README, "Client demos").
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { lastValueFrom, toArray } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../tools/mvd2-writer/seeded-random.js';
import { DemoParseError } from '../../../src/sources/demo/errors.js';
import { readDemo } from '../../../src/sources/demo/read-demo.js';
import type {
  DemoEnd,
  DemoEvent,
  ParseWarning,
  SegmentHeader,
} from '../../../src/sources/demo/events.js';
import type { Dm2PlayerDetail } from '../../../src/sources/dm2/types.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';
import {
  blocksOf,
  concat,
  decodeDm2,
  framesBefore,
  framesOf,
  framesPerBlock,
  le32,
} from './dm2-harness.js';

const temp = mkdtempSync(join(tmpdir(), 'navgen-dm2-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** map, frames, the recorder's slot and maxclients of each fixture. */
const FIXTURES: [string, string, number, number, number][] = [
  ['AQtion-bandaging-guide.dm2', 'terminal', 1465, 1, 18],
  ['AQtion-demo-guide.dm2', 'terminal', 1233, 0, 8],
  ['AQtion-doors-guide.dm2', 'city', 1393, 0, 18],
  ['AQtion-double-jumping-guide.dm2', 'terminal', 2536, 0, 8],
  ['AQtion-jumping-guide.dm2', 'terminal', 2109, 0, 8],
  ['AQtion-ladder-guide.dm2', 'urbanjungle', 2087, 0, 8],
  ['AQtion-ramp-jumping-guide.dm2', 'terminal', 2387, 0, 8],
  ['opentdm_test.dm2', 'q2dm1', 23, 0, 8],
  ['opentdm_testduel.dm2', 'q2rdm2', 3199, 2, 25],
];

const dm2 = (name: string): string => fixture('dm2', name);
const read = (path: string, options = {}): Promise<DemoEvent[]> =>
  lastValueFrom(readDemo(path, options).pipe(toArray()));

describeFixtures('client demo fixtures', () => {
  it.each(FIXTURES)(
    '%s: map %s, %i frames, to the end mark',
    async (name, map, frames, slot, maxclients) => {
      const events = await read(dm2(name));
      const headers = events.filter((e): e is SegmentHeader => e.kind === 'segment');
      expect(headers).toHaveLength(1);
      expect(headers[0]).toMatchObject({
        protocol: 34,
        map,
        worldmodel: `maps/${map}.bsp`,
        clientNum: -1,
        recorder: slot,
        maxclients,
      });
      expect(events.filter((e) => e.kind === 'warning')).toEqual([]);
      const fs = framesOf(events);
      expect(fs).toHaveLength(frames);
      // The recorder is the one player of every frame, with a real player state.
      for (const f of fs) {
        expect(f.players.map((p) => p.slot)).toEqual([slot]);
      }
      expect(fs.map((f) => f.index)).toEqual(fs.map((_, i) => i));
      const end = events.at(-1) as DemoEnd;
      expect(end).toMatchObject({ kind: 'end', endMark: true, frames, segments: 1, gzip: false });
      expect(end.streamBytes).toBe(readFileSync(dm2(name)).length);
    },
  );

  it('the recorder moves: its velocity agrees with its origins (10 frames per second)', async () => {
    // While running on the ground, the step to the next frame's origin is the pmove velocity
    // times 0.1 s give or take friction and acceleration within the frame: the median ratio
    // is 1 at 10 frames per second (0.25 at 40). A wrong delta decode would scatter it.
    const fs = framesOf(await read(dm2('AQtion-jumping-guide.dm2'), { fullPlayers: true }));
    const ratios: number[] = [];
    for (let i = 1; i < fs.length; i++) {
      const a = fs[i - 1].players[0];
      const b = fs[i].players[0];
      const v = (b.detail as Dm2PlayerDetail).pmove.velocity;
      const speed = Math.hypot(v[0], v[1]);
      if (a.pmType !== 0 || b.pmType !== 0 || speed < 100) continue;
      ratios.push(Math.hypot(b.origin[0] - a.origin[0], b.origin[1] - a.origin[1]) / (speed * 0.1));
    }
    ratios.sort((x, y) => x - y);
    expect(ratios.length).toBeGreaterThan(200);
    const median = ratios[ratios.length >> 1];
    expect(median).toBeGreaterThan(0.9);
    expect(median).toBeLessThan(1.1);
  });

  it('framing does not depend on how the bytes are chunked', () => {
    const bytes = new Uint8Array(readFileSync(dm2('opentdm_test.dm2')));
    const whole = decodeDm2(bytes, { entities: true, fullPlayers: true });
    expect(whole.error).toBeNull();
    for (const sizes of [[1], [3, 7], [4096, 1, 2]]) {
      const parts = decodeDm2(bytes, { entities: true, fullPlayers: true }, sizes);
      expect(parts.error).toBeNull();
      expect(parts.events).toEqual(whole.events);
    }
  });

  it('gzip is read by content: the same frames, end says gzip', async () => {
    const raw = readFileSync(dm2('AQtion-demo-guide.dm2'));
    const gz = join(temp, 'guide.dm2.gz');
    writeFileSync(gz, gzipSync(raw));
    const plain = framesOf(await read(dm2('AQtion-demo-guide.dm2')));
    const events = await read(gz);
    expect(framesOf(events)).toEqual(plain);
    expect(events.at(-1)).toMatchObject({
      kind: 'end',
      gzip: true,
      endMark: true,
      streamBytes: raw.length,
    });
  });

  it('the other players as entities, when asked (entityPlayers)', async () => {
    const events = await read(dm2('opentdm_testduel.dm2'), { entityPlayers: true });
    const fs = framesOf(events);
    const others = new Set<number>();
    let alive = 0;
    let dead = 0; // inferred deaths (no pm_type is sent for entities)
    for (const f of fs) {
      const slots = f.players.map((p) => p.slot);
      expect(slots).toEqual([...slots].sort((a, b) => a - b));
      expect(slots).toContain(2);
      for (const p of f.players) {
        if (p.slot === 2) continue;
        others.add(p.slot);
        expect(p.slot).toBeLessThan(25);
        if (p.pmType === 0) alive++;
        else if (p.pmType === 2) dead++;
        else throw new Error(`unexpected inferred pm_type ${p.pmType}`);
        // Entity origins are multiples of 1/8 unit.
        for (const c of p.origin) expect(Number.isInteger(c * 8)).toBe(true);
      }
    }
    expect(others.size).toBeGreaterThan(0);
    expect(alive).toBeGreaterThan(100);
    // A duel has deaths: the opponent's body without a packed box is read as dead.
    expect(dead).toBeGreaterThan(0);
    expect(dead).toBeLessThan(alive);
    // Without the option only the recorder is reported.
    const plain = framesOf(await read(dm2('opentdm_testduel.dm2')));
    expect(plain.every((f) => f.players.length === 1)).toBe(true);
  });

  describe('cut demos deliver every complete frame, then TRUNCATED', () => {
    const bytes = new Uint8Array(readFileSync(dm2('AQtion-demo-guide.dm2')));
    const blocks = blocksOf(bytes);
    const counts = framesPerBlock(bytes, blocks);
    const all = framesOf(decodeDm2(bytes).events);

    const expectCut = (cut: number): void => {
      const outcome = decodeDm2(bytes.subarray(0, cut));
      expect(outcome.error).toBeNull();
      expect(framesOf(outcome.events)).toEqual(all.slice(0, framesBefore(blocks, counts, cut)));
      const warnings = outcome.events.filter((e): e is ParseWarning => e.kind === 'warning');
      expect(warnings.map((w) => [w.code, w.offset])).toEqual([['TRUNCATED', cut]]);
      expect(warnings[0].message).toContain(`mem.dm2@0x${cut.toString(16)}`);
    };

    it('at block boundaries (just before the end mark too)', () => {
      expect(blocks.length).toBeGreaterThan(100);
      const cuts = blocks.map((b) => b.at).filter((a) => a > 0);
      cuts.push(bytes.length - 4);
      for (const cut of cuts.filter((_, i) => i % 7 === 0 || i === cuts.length - 1)) expectCut(cut);
    });

    it('at random offsets inside blocks and length words', () => {
      const rnd = new SeededRandom(15);
      for (let k = 0; k < 60; k++) expectCut(rnd.int(1, bytes.length - 5));
    });

    it('a cut gzip file delivers what inflates before the cut', async () => {
      const gz = gzipSync(bytes);
      const path = join(temp, 'cut.dm2.gz');
      writeFileSync(path, gz.subarray(0, Math.floor(gz.length * 0.6)));
      const events = await read(path);
      const got = framesOf(events);
      expect(got.length).toBeGreaterThan(0);
      expect(got).toEqual(all.slice(0, got.length));
      expect(
        events.filter((e) => e.kind === 'warning').map((e) => (e as ParseWarning).code),
      ).toEqual(['TRUNCATED']);
    });
  });
});

describeFixtures('damaged client demos: errors name file, block and byte offset', () => {
  const bytes = new Uint8Array(readFileSync(dm2('AQtion-demo-guide.dm2')));
  const blocks = blocksOf(bytes);
  const counts = framesPerBlock(bytes, blocks);
  const all = framesOf(decodeDm2(bytes).events);

  it('an unknown message', () => {
    // Replace the first byte of a block in the middle of the demo (a command byte) by 25,
    // an opcode protocol 34 does not have.
    const k = Math.floor(blocks.length / 2);
    const damaged = bytes.slice();
    damaged[blocks[k].body] = 25;
    const outcome = decodeDm2(damaged);
    const e = outcome.error as DemoParseError;
    expect(e).toBeInstanceOf(DemoParseError);
    expect(e).toMatchObject({
      code: 'BAD_OPCODE',
      file: 'mem.dm2',
      block: k,
      offset: blocks[k].body,
      segment: 0,
    });
    expect(e.message).toContain(`mem.dm2@0x${blocks[k].body.toString(16)}`);
    expect(e.message).toContain(`block ${k}`);
    expect(e.message).toContain('unknown server message 25');
    // Every frame before the damaged block was delivered.
    expect(framesOf(outcome.events)).toEqual(
      all.slice(0, framesBefore(blocks, counts, blocks[k].at)),
    );
  });

  it('a block length out of range', () => {
    const k = 40;
    const damaged = concat(
      bytes.subarray(0, blocks[k].at),
      le32(0x10000),
      bytes.subarray(blocks[k].body),
    );
    const e = decodeDm2(damaged).error as DemoParseError;
    expect(e).toMatchObject({ code: 'BAD_BLOCK_LENGTH', block: k, offset: blocks[k].at });
  });

  it('a block that reads past its end', () => {
    // Shorten a frame block by one byte and move the rest: its last command overruns.
    const k = blocks.findIndex((b, i) => i > 50 && counts[i] === 1);
    const b = blocks[k];
    const damaged = concat(
      bytes.subarray(0, b.at),
      le32(b.length - 1),
      bytes.subarray(b.body, b.body + b.length - 1),
      bytes.subarray(b.body + b.length),
    );
    const e = decodeDm2(damaged).error as DemoParseError;
    expect(e).toBeInstanceOf(DemoParseError);
    expect(e.code).toBe('BLOCK_OVERRUN');
    expect(e.block).toBe(k);
    expect(e.offset).toBeGreaterThanOrEqual(b.body);
    expect(e.offset).toBeLessThan(b.body + b.length);
  });

  it('trailing bytes after the end mark are a warning', () => {
    const outcome = decodeDm2(concat(bytes, new Uint8Array([1, 2, 3])));
    expect(outcome.error).toBeNull();
    const w = outcome.events.filter((e): e is ParseWarning => e.kind === 'warning');
    expect(w.map((x) => [x.code, x.offset])).toEqual([['TRAILING_DATA', bytes.length]]);
  });

  it('a frame before any serverdata, and an empty file', () => {
    const frameBlock = blocks.find((_, i) => counts[i] === 1)!;
    const lone = concat(
      bytes.subarray(frameBlock.at, frameBlock.body + frameBlock.length),
      le32(-1),
    );
    expect((decodeDm2(lone).error as DemoParseError).code).toBe('NO_SERVERDATA');
    expect((decodeDm2(le32(-1)).error as DemoParseError).code).toBe('EMPTY');
  });
});
