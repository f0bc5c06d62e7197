/**
 * Damaged demos: each gives a DemoParseError with the right code and position (file, segment,
 * block, byte offset of the failing command, frame), after every frame before the damage.
 * Offsets are counted by hand: magic at 0..3, the first block's length at 4..5, its first
 * command at 6.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { writeDemo } from '../../../tools/mvd2-writer/writer.js';
import type { DemoParseErrorCode } from '../../../src/sources/demo/errors.js';
import { decodeBytes, framesOf, parseError, readAll, TempDir } from './demo-harness.js';
import {
  EMPTY_FRAME,
  END_MARK,
  MAGIC,
  NEW,
  OLD,
  block,
  bytes,
  frame,
  i32,
  serverdata,
  str,
  u16,
  type HandServerdata,
} from './hand-bytes.js';

const temp = new TempDir();
afterAll(() => temp.remove());

interface Where {
  readonly code: DemoParseErrorCode;
  readonly offset: number;
  readonly block: number;
  readonly segment: number;
  readonly frame: number;
}

/** Decodes `demo` in memory, whole and byte by byte; both must fail the same way. */
function expectFailure(demo: Uint8Array, where: Where, framesBefore: number): void {
  for (const chunks of [[demo.length], [1]]) {
    const outcome = decodeBytes(demo, {}, chunks);
    const e = parseError(outcome);
    expect({
      code: e.code,
      offset: e.offset,
      block: e.block,
      segment: e.segment,
      frame: e.frame,
    }).toEqual(where);
    expect(e.file).toBe('mem.mvd2');
    expect(e.message).toContain(`mem.mvd2@0x${where.offset.toString(16)}`);
    expect(framesOf(outcome.events)).toHaveLength(framesBefore);
  }
}

/** A demo whose first block is a valid serverdata (offset 6), then the given blocks. */
function afterServerdata(
  sd: HandServerdata,
  ...blocks: Uint8Array[]
): { demo: Uint8Array; next: number } {
  const first = block(serverdata(sd));
  return { demo: bytes(MAGIC, first, ...blocks, END_MARK), next: 4 + first.length };
}

describe('framing errors', () => {
  it('BAD_MAGIC at offset 0', () => {
    expectFailure(
      bytes([0x4d, 0x56, 0x44, 0x31], block(serverdata())),
      { code: 'BAD_MAGIC', offset: 0, block: -1, segment: -1, frame: -1 },
      0,
    );
  });

  it('EMPTY for a file shorter than the magic, the magic alone, or an end mark first', () => {
    expectFailure(bytes(), { code: 'EMPTY', offset: 0, block: -1, segment: -1, frame: -1 }, 0);
    expectFailure(
      bytes(0x4d, 0x56, 0x44),
      { code: 'EMPTY', offset: 3, block: -1, segment: -1, frame: -1 },
      0,
    );
    expectFailure(bytes(MAGIC), { code: 'EMPTY', offset: 4, block: -1, segment: -1, frame: -1 }, 0);
    expectFailure(
      bytes(MAGIC, END_MARK),
      { code: 'EMPTY', offset: 4, block: -1, segment: -1, frame: -1 },
      0,
    );
  });

  it('BAD_BLOCK_LENGTH above 32768, at the length word', () => {
    expectFailure(
      bytes(MAGIC, u16(32769)),
      { code: 'BAD_BLOCK_LENGTH', offset: 4, block: 0, segment: -1, frame: -1 },
      0,
    );
    const { demo, next } = afterServerdata({});
    const bad = bytes(demo.subarray(0, next), u16(0xffff), new Uint8Array(10));
    expectFailure(
      bad,
      { code: 'BAD_BLOCK_LENGTH', offset: next, block: 1, segment: 0, frame: 0 },
      1,
    );
  });

  it('NO_SERVERDATA when the first block starts with another command or holds none', () => {
    expectFailure(
      bytes(MAGIC, block(EMPTY_FRAME)),
      { code: 'NO_SERVERDATA', offset: 6, block: 0, segment: -1, frame: -1 },
      0,
    );
    // Nops are harmless, but a first block of nops only: the reader notices after the last one.
    expectFailure(
      bytes(MAGIC, block(1, 1, 1)),
      { code: 'NO_SERVERDATA', offset: 8, block: 0, segment: -1, frame: -1 },
      0,
    );
  });
});

describe('command errors', () => {
  for (const op of [0, 2, 3, 7, 18, 19, 20, 24, 31, 0x20 | 7, 0xe0 | 18]) {
    it(`BAD_OPCODE for command byte ${op} (opcode ${op & 31})`, () => {
      const { demo, next } = afterServerdata({}, block(EMPTY_FRAME, 1, op, 1, 1));
      // The frame takes 5 bytes, then a nop; the bad byte follows.
      expectFailure(
        demo,
        { code: 'BAD_OPCODE', offset: next + 2 + 6, block: 1, segment: 0, frame: 1 },
        2,
      );
    });
  }

  it('BLOCK_OVERRUN: a string without its NUL, a frame cut by the block end, a multicast longer than its block', () => {
    const cut = bytes(MAGIC, block(0x04, i32(37), u16(2010), i32(1), [0x61, 0x62]));
    expectFailure(cut, { code: 'BLOCK_OVERRUN', offset: 6, block: 0, segment: 0, frame: -1 }, 0);

    // Player 0 announces an origin (4 bytes) but the block ends after 2.
    const player = afterServerdata({}, block(frame(0, u16(0x0002), 1, 2)));
    expectFailure(
      player.demo,
      { code: 'BLOCK_OVERRUN', offset: player.next + 2, block: 1, segment: 0, frame: 1 },
      1,
    );

    // multicast_all of 300 bytes (extrabits 1, low byte 44) with 10 bytes left.
    const multicast = afterServerdata(
      {},
      block(EMPTY_FRAME, 0x0a | (1 << 5), 44, new Uint8Array(10)),
    );
    expectFailure(
      multicast.demo,
      { code: 'BLOCK_OVERRUN', offset: multicast.next + 2 + 5, block: 1, segment: 0, frame: 1 },
      2,
    );

    // A unicast whose length runs past the block.
    const unicast = afterServerdata({}, block(0x08, 20, 0, 10, 1));
    expectFailure(
      unicast.demo,
      { code: 'BLOCK_OVERRUN', offset: unicast.next + 2, block: 1, segment: 0, frame: 0 },
      1,
    );
  });

  it('BAD_PLAYER_NUMBER for a player slot or unicast client at or above maxclients', () => {
    const slot = afterServerdata({ maxclients: '4' }, block(frame(4, u16(0), 0xff, 0, 0)));
    expectFailure(
      slot.demo,
      { code: 'BAD_PLAYER_NUMBER', offset: slot.next + 2, block: 1, segment: 0, frame: 1 },
      1,
    );
    const unicast = afterServerdata({ maxclients: '4' }, block(EMPTY_FRAME, 0x09, 1, 4, 1));
    expectFailure(
      unicast.demo,
      { code: 'BAD_PLAYER_NUMBER', offset: unicast.next + 2 + 5, block: 1, segment: 0, frame: 1 },
      2,
    );
  });

  it('BAD_ENTITY_NUMBER beyond 1023 (8191 with EXTLIMITS), in frames and sounds', () => {
    // Entity 1024: U_NUMBER16 | U_MOREBITS1, then the number; nothing else.
    const old = afterServerdata({}, block(frame(0xff, 0x80, 0x01, u16(1024), 0, 0)));
    expectFailure(
      old.demo,
      { code: 'BAD_ENTITY_NUMBER', offset: old.next + 2, block: 1, segment: 0, frame: 1 },
      1,
    );
    const ext = { version: 2012, flags: 4 };
    const fine = afterServerdata(ext, block(frame(0xff, 0x80 | 0x20, 0x01, u16(1024), 9, 0, 0)));
    expect(decodeBytes(fine.demo).error).toBeNull();
    const big = afterServerdata(ext, block(frame(0xff, 0x80, 0x01, u16(8192), 0, 0)));
    expectFailure(
      big.demo,
      { code: 'BAD_ENTITY_NUMBER', offset: big.next + 2, block: 1, segment: 0, frame: 1 },
      1,
    );
    // Sound on entity 1024: sendchan = 1024 << 3.
    const sound = afterServerdata({}, block(EMPTY_FRAME, 0x10, 0, 7, u16(1024 << 3)));
    expectFailure(
      sound.demo,
      { code: 'BAD_ENTITY_NUMBER', offset: sound.next + 2 + 5, block: 1, segment: 0, frame: 1 },
      2,
    );
  });

  it('BAD_CONFIGSTRING for an index at or beyond the layout end, or a string too long for its slot', () => {
    const index = afterServerdata({}, block(EMPTY_FRAME, 0x05, u16(OLD.end + 1), str('x')));
    expectFailure(
      index.demo,
      { code: 'BAD_CONFIGSTRING', offset: index.next + 2 + 5, block: 1, segment: 0, frame: 1 },
      2,
    );
    const long = afterServerdata({}, block(0x05, u16(OLD.worldmodel + 1), str('m'.repeat(64))));
    expectFailure(
      long.demo,
      { code: 'BAD_CONFIGSTRING', offset: long.next + 2, block: 1, segment: 0, frame: 0 },
      1,
    );
    // 63 bytes fit a 64-byte slot; the status bar (index 5) spans many slots.
    const fits = afterServerdata(
      {},
      block(0x05, u16(OLD.worldmodel + 1), str('m'.repeat(63)), 0x05, u16(5), str('s'.repeat(500))),
    );
    expect(decodeBytes(fits.demo).error).toBeNull();
    // Inside serverdata; under EXTLIMITS the old end index is an ordinary one.
    expectFailure(
      bytes(MAGIC, block(serverdata({ extra: [[OLD.end + 5, 'x']] }))),
      { code: 'BAD_CONFIGSTRING', offset: 6, block: 0, segment: 0, frame: -1 },
      0,
    );
    const extended = bytes(
      MAGIC,
      block(serverdata({ version: 2011, flags: 4, extra: [[OLD.end + 5, 'x']] })),
      END_MARK,
    );
    expect(decodeBytes(extended).error).toBeNull();
    // A unicast's configstring is checked too (the engine rejects it), after its string.
    const unicast = afterServerdata({}, block(EMPTY_FRAME, 0x08, 5, 1, 13, u16(NEW.end), str('y')));
    expectFailure(
      unicast.demo,
      { code: 'BAD_CONFIGSTRING', offset: unicast.next + 2 + 5, block: 1, segment: 0, frame: 1 },
      2,
    );
  });
});

describe('BAD_SERVERDATA', () => {
  const cases: readonly [string, HandServerdata][] = [
    ['protocol 36', { protocol: 36 }],
    ['protocol 34', { protocol: 34 }],
    ['version 2008', { version: 2008 }],
    ['version 2013', { version: 2013 }],
    ['maxclients 0', { maxclients: '0' }],
    ['maxclients 257', { maxclients: '257' }],
    ['maxclients missing', { maxclients: '' }],
    ['clientNum = maxclients', { maxclients: '4', clientNum: 4 }],
    ['clientNum -2', { clientNum: -2 }],
    ['world model without maps/', { worldmodel: 'q2dm1.bsp' }],
    ['world model not .bsp', { worldmodel: 'maps/q2dm1.bsx' }],
    ['world model without a name', { worldmodel: 'maps/.bsp' }],
    ['EXTLIMITS_2 without EXTLIMITS', { version: 2012, flags: 8 }],
    ['a gamedir of 64 characters', { gamedir: 'g'.repeat(64) }],
  ];
  for (const [name, sd] of cases) {
    it(name, () => {
      const demo = bytes(MAGIC, block(serverdata(sd)), END_MARK);
      expectFailure(
        demo,
        { code: 'BAD_SERVERDATA', offset: 6, block: 0, segment: 0, frame: -1 },
        0,
      );
    });
  }

  it('accepts the limits: maxclients 1 and 256, clientNum maxclients - 1, a MAPS/X.BSP world model', () => {
    for (const sd of [
      { maxclients: '1', clientNum: 0 },
      { maxclients: '256', clientNum: 255 },
      { worldmodel: 'MAPS/Q2DM1.BSP' },
    ]) {
      expect(decodeBytes(bytes(MAGIC, block(serverdata(sd)), END_MARK)).error).toBeNull();
    }
  });

  it('in a later segment, names that segment and keeps the frames of the first', () => {
    const { demo, next } = afterServerdata(
      {},
      block(EMPTY_FRAME),
      block(serverdata({ version: 2013 })),
    );
    expectFailure(
      demo,
      { code: 'BAD_SERVERDATA', offset: next + 7 + 2, block: 2, segment: 1, frame: -1 },
      2,
    );
  });
});

describe('BAD_GZIP', () => {
  const demo = writeDemo({
    segments: [
      {
        serverdata: { version: 2010, maxclients: 4, map: 'q2dm1' },
        baseline: { players: [] },
        frames: Array.from({ length: 40 }, () => ({
          players: [],
          before: [{ kind: 'print' as const, level: 1, text: 'hello '.repeat(30) }],
        })),
      },
    ],
  });
  const gz = gzipSync(demo.stream);

  it('a damaged CRC fails after every frame was delivered', async () => {
    const bad = Uint8Array.from(gz);
    bad[bad.length - 8] ^= 0xff; // first byte of the CRC32 trailer
    const path = temp.file(bad, 'crc.mvd2.gz');
    const outcome = await readAll(path);
    const e = parseError(outcome);
    // Everything was inflated and parsed, the end mark included, when the trailer failed.
    expect({
      code: e.code,
      file: e.file,
      offset: e.offset,
      block: e.block,
      segment: e.segment,
      frame: e.frame,
    }).toEqual({
      code: 'BAD_GZIP',
      file: path,
      offset: demo.stream.length,
      block: demo.blocks.length - 1,
      segment: 0,
      frame: 40,
    });
    expect(framesOf(outcome.events)).toHaveLength(41);
    expect(outcome.events.some((x) => x.kind === 'end')).toBe(false);
  });

  it('an unknown compression method fails before any frame', async () => {
    const bad = Uint8Array.from(gz);
    bad[2] = 7; // CM: only 8 (deflate) exists
    const outcome = await readAll(temp.file(bad, 'cm.mvd2.gz'));
    expect(parseError(outcome).code).toBe('BAD_GZIP');
    expect(framesOf(outcome.events)).toHaveLength(0);
  });

  it('an invalid deflate block fails, with the frames inflated before it delivered', async () => {
    const bad = Uint8Array.from(gz);
    // Block type 3 is reserved: set BTYPE of the first deflate block (bits 1-2 of byte 10) to 11.
    bad[10] |= 0x06;
    const outcome = await readAll(temp.file(bad, 'btype.mvd2.gz'));
    expect(parseError(outcome).code).toBe('BAD_GZIP');
  });
});
