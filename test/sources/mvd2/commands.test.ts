/**
 * The decoder, command by command, on hand-built bytes: each fixture says exactly which byte
 * means what, and checks that the decoder consumes a command exactly (a following frame or
 * nop must parse) or rejects it as the engine's reader does.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, PlayerNameChange, SegmentHeader } from '../../../src/sources/demo/events.js';
import { decodeBytes, framesOf, parseError } from './demo-harness.js';
import {
  EMPTY_FRAME,
  END_MARK,
  MAGIC,
  NEW,
  OLD,
  block,
  bytes,
  frame,
  serverdata,
  str,
  u16,
  type HandServerdata,
  type Part,
} from './hand-bytes.js';

const FULL = { fullPlayers: true, entities: true } as const;

/** Decodes a demo made of a serverdata block and a second block of `commands`. */
function decodeAfter(sd: HandServerdata, ...commands: Part[]) {
  return decodeBytes(bytes(MAGIC, block(serverdata(sd)), block(...commands), END_MARK), FULL);
}

/** The DeltaInt23 absolute form: the value shifted left with the low bit set, in 3 bytes. */
function absolute23(v: number): number[] {
  const w = ((v << 1) | 1) & 0xffffff;
  return [w & 0xff, (w >> 8) & 0xff, w >> 16];
}

/** The DeltaInt23 delta form: the 15-bit delta shifted left, low bit clear, in 2 bytes. */
function delta15(d: number): number[] {
  return u16((d << 1) & 0xffff);
}

describe('multicast', () => {
  const ops = [
    [0x0a, 'all'],
    [0x0b, 'phs'],
    [0x0c, 'pvs'],
    [0x0d, 'all reliable'],
    [0x0e, 'phs reliable'],
    [0x0f, 'pvs reliable'],
  ] as const;
  for (const [op, name] of ops) {
    for (const length of [0, 255, 256, 683, 2047]) {
      it(`${name} of ${length} bytes is skipped exactly by its length (high bits in the command byte)`, () => {
        // A payload full of bytes that would be illegal commands.
        const payload = new Uint8Array(length).fill(0x07);
        const leaf = op === 0x0a || op === 0x0d ? [] : u16(0x1234);
        const { events, error } = decodeAfter(
          {},
          op | ((length >> 8) << 5),
          length & 0xff,
          leaf,
          payload,
          EMPTY_FRAME,
        );
        expect(error).toBeNull();
        expect(framesOf(events)).toHaveLength(2);
      });
    }
  }

  it('a leaf word is read only for phs and pvs', () => {
    // multicast_all with length 2: if a leaf were read, the payload would swallow the frame.
    const { events, error } = decodeAfter({}, 0x0a, 2, 0xaa, 0xbb, EMPTY_FRAME);
    expect(error).toBeNull();
    expect(framesOf(events)).toHaveLength(2);
  });
});

describe('unicast', () => {
  it('reads layouts, prints, stufftexts and configstrings, then the next command', () => {
    const items = bytes(
      4,
      str('xv 0 layout'),
      10,
      2,
      str('hello\n'),
      11,
      str('play x.wav\n'),
      13,
      u16(OLD.end - 1),
      str('cs'),
    );
    const { events, error } = decodeAfter({}, 0x08, items.length, 3, items, EMPTY_FRAME);
    expect(error).toBeNull();
    expect(framesOf(events)).toHaveLength(2);
  });

  it('an unknown svc ends the parse: the rest of the unicast is skipped by its length', () => {
    // svc 21 and garbage that would be a bad opcode (7) and an overrunning string if parsed.
    const items = bytes(10, 2, str('x'), 21, 7, 7, 10, 2, 0x41, 0x41);
    const { events, error } = decodeAfter({}, 0x09, items.length, 0, items, EMPTY_FRAME);
    expect(error).toBeNull();
    expect(framesOf(events)).toHaveLength(2);
  });

  it('a length above 255 carries its high bits in the command byte', () => {
    const items = bytes(4, str('L'.repeat(298)));
    expect(items.length).toBe(300);
    const { events, error } = decodeAfter({}, 0x08 | (1 << 5), 300 & 0xff, 1, items, EMPTY_FRAME);
    expect(error).toBeNull();
    expect(framesOf(events)).toHaveLength(2);
  });

  it('an inner configstring index out of range is fatal, as in the engine', () => {
    const items = bytes(13, u16(OLD.end), str('x'));
    const outcome = decodeAfter({}, EMPTY_FRAME, 0x08, items.length, 1, items);
    const e = parseError(outcome);
    expect(e.code).toBe('BAD_CONFIGSTRING');
    expect(e.offset).toBe(4 + 2 + serverdata({}).length + 2 + 5);
    expect(framesOf(outcome.events)).toHaveLength(2);
  });

  it('the same index is fine under EXTLIMITS (13630 indices)', () => {
    const items = bytes(13, u16(OLD.end), str('x'));
    expect(decodeAfter({ version: 2011, flags: 4 }, 0x08, items.length, 1, items).error).toBeNull();
  });

  it('an inner command that reads past the unicast end is fatal (BLOCK_OVERRUN)', () => {
    // Declared length 3, but the print's string runs on (inside the block).
    const outcome = decodeAfter({}, 0x08, 3, 1, 10, 2, 0x41, 0x41, 0x41, 0, EMPTY_FRAME);
    expect(parseError(outcome).code).toBe('BLOCK_OVERRUN');
  });
});

describe('sound', () => {
  // flags: SND_VOLUME | SND_INDEX16; index 0x0102; volume 0xff; entity 5 on channel 1.
  const sound = bytes(0x10, 0x21, u16(0x0102), 0xff, u16((5 << 3) | 1));

  it('SND_INDEX16 under EXTLIMITS reads a 16-bit index', () => {
    const { events, error } = decodeAfter({ version: 2012, flags: 4 }, sound, EMPTY_FRAME);
    expect(error).toBeNull();
    expect(framesOf(events)).toHaveLength(2);
  });

  it('without EXTLIMITS the index is one byte, so the same bytes misparse', () => {
    // index 0x02, volume 0x01, entity word 0x29ff -> entity 1343 >= 1024.
    const outcome = decodeAfter({}, sound, EMPTY_FRAME);
    expect(parseError(outcome).code).toBe('BAD_ENTITY_NUMBER');
  });

  it('volume, attenuation and offset bytes are read when flagged; extra bits do not matter', () => {
    const all = bytes(0x10 | (3 << 5), 0x01 | 0x02 | 0x10, 9, 200, 64, 12, u16((1023 << 3) | 7));
    const { events, error } = decodeAfter({}, all, EMPTY_FRAME);
    expect(error).toBeNull();
    expect(framesOf(events)).toHaveLength(2);
  });
});

describe('print, configstring, nop', () => {
  it('a print is a level byte and a string', () => {
    const { events, error } = decodeAfter({}, 0x11, 3, str('Match ended.\n'), 1, EMPTY_FRAME);
    expect(error).toBeNull();
    expect(framesOf(events)).toHaveLength(2);
  });

  it('a player-skin configstring renames the slot; other indices do not', () => {
    const { events, error } = decodeAfter(
      { maxclients: '8' },
      0x05,
      u16(OLD.playerskins + 3),
      str('Bob\\male/grunt'),
      0x05,
      u16(OLD.playerskins + 8),
      str('Ghost\\male/grunt'),
      0x05,
      u16(OLD.playerskins - 1),
      str('item'),
      EMPTY_FRAME,
    );
    expect(error).toBeNull();
    const names = events.filter((e): e is PlayerNameChange => e.kind === 'player-name');
    expect(names).toEqual([{ kind: 'player-name', segment: 0, slot: 3, name: 'Bob' }]);
  });

  it('nops may come before the first serverdata and anywhere after it', () => {
    const demo = bytes(MAGIC, block(1, 1, serverdata({}), 1), block(1, EMPTY_FRAME, 1), END_MARK);
    const { events, error } = decodeBytes(demo);
    expect(error).toBeNull();
    expect(framesOf(events)).toHaveLength(2);
  });
});

describe('serverdata', () => {
  it('before 2012 the flags are the command byte extra bits', () => {
    const { events } = decodeBytes(
      bytes(MAGIC, block(serverdata({ version: 2010, flags: 5 })), END_MARK),
    );
    expect(events[0]).toMatchObject({
      kind: 'segment',
      version: 2010,
      flags: 5,
      extendedLimits: false,
    });
  });

  it('from 2012 the flags are a u16 and the extra bits are ignored', () => {
    const sd = serverdata({ version: 2012, flags: 4 });
    sd[0] |= 7 << 5;
    const { events } = decodeBytes(bytes(MAGIC, block(sd), END_MARK));
    expect(events[0]).toMatchObject({
      kind: 'segment',
      version: 2012,
      flags: 4,
      extendedLimits: true,
    });
  });

  it('EXTLIMITS needs version 2011: a 2010 stream with flag 4 keeps the old layout', () => {
    const { events, error } = decodeBytes(
      bytes(MAGIC, block(serverdata({ version: 2010, flags: 4 })), END_MARK),
    );
    expect(error).toBeNull();
    expect(events[0]).toMatchObject({ flags: 4, extendedLimits: false });
  });

  it('reports maxclients, map, checksum, names and the dummy; two serverdatas in one block are two segments', () => {
    const extended = serverdata({
      version: 2012,
      flags: 4,
      maxclients: '3',
      clientNum: 2,
      worldmodel: 'maps/city.bsp',
      extra: [
        [NEW.mapchecksum, '-123'],
        [NEW.playerskins + 1, 'Ann\\female/athena'],
      ],
    });
    const { events, error } = decodeBytes(bytes(MAGIC, block(serverdata({}), extended), END_MARK));
    expect(error).toBeNull();
    const segments = events.filter((e): e is SegmentHeader => e.kind === 'segment');
    expect(segments.map((s) => s.segment)).toEqual([0, 1]);
    expect(segments[1]).toMatchObject({
      clientNum: 2,
      maxclients: 3,
      map: 'city',
      worldmodel: 'maps/city.bsp',
      mapChecksum: -123,
      playerNames: ['', 'Ann', ''],
      offset: 6 + serverdata({}).length,
    });
    expect(framesOf(events).map((f) => [f.segment, f.index])).toEqual([
      [0, 0],
      [1, 0],
    ]);
  });
});

describe('frame', () => {
  it('portal bits are skipped by their length', () => {
    const { events, error } = decodeAfter({}, 0x06, 3, 0xff, 0xff, 0xff, 0xff, 0, 0, EMPTY_FRAME);
    expect(error).toBeNull();
    expect(framesOf(events).map((f) => f.index)).toEqual([0, 1, 2]);
  });

  it('a slot keeps its state through PPS_REMOVE; an empty delta brings it back', () => {
    // Baseline: slot 0 origin (10, -2, 1) with REMOVE, so not in use.
    const baseline = bytes(
      0,
      0,
      u16(0x0002 | 0x0004 | 0x8000),
      u16(80),
      u16(-16),
      u16(8),
      0xff,
      0,
      0,
    );
    const back = frame(0, u16(0), 0xff, 0, 0);
    const { events, error } = decodeAfter({ baseline }, back);
    expect(error).toBeNull();
    const [f0, f1] = framesOf(events);
    expect(f0.players).toEqual([]);
    expect(f1.players.map((p) => [p.slot, p.origin])).toEqual([[0, [10, -2, 1]]]);
  });

  it('DeltaInt23 origins under EXTLIMITS_2: absolute and delta forms', () => {
    const sd = { version: 2012, flags: 12 } as const;
    const baseline = bytes(
      0,
      0,
      u16(0x0006),
      absolute23(1_000_000),
      delta15(-5),
      absolute23(-3_000_000),
      0xff,
      0,
      0,
    );
    const next = frame(0, u16(0x0002), delta15(16), delta15(0x3fff), 0xff, 0, 0);
    const { events, error } = decodeAfter({ ...sd, baseline }, next);
    expect(error).toBeNull();
    const [f0, f1] = framesOf(events);
    expect(f0.players[0].origin).toEqual([125_000, -5 / 8, -375_000]);
    expect(f1.players[0].origin).toEqual([(1_000_000 + 16) / 8, (-5 + 0x3fff) / 8, -375_000]);
  });

  it('a 10-byte varint stat mask reaches stat 63 under EXTLIMITS_2', () => {
    // Mask with bits 1 and 63 set: 0x8000000000000002 as LEB128.
    const mask = [0x82, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01];
    const baseline = bytes(0, 0, u16(0x4000 | 0x0100), 90, mask, u16(100), u16(-7), 0xff, 0, 0);
    const { events, error } = decodeAfter({ version: 2012, flags: 12, baseline }, EMPTY_FRAME);
    expect(error).toBeNull();
    const p = framesOf(events)[0].players[0];
    expect(p.health).toBe(100);
    expect(p.detail!.stats[63]).toBe(-7);
    expect(p.detail!.stats.filter((s) => s !== 0)).toHaveLength(2);
  });

  it('the fifth entity bits byte exists only under EXTLIMITS', () => {
    // U_MODEL with MOREBITS1..4 and, in the fifth byte, U_SCALE: entity 9, model 3, scale 32.
    const entity = [0x80, 0x88, 0x80, 0x80, 0x01, 9, 3, 32];
    const ext = decodeAfter({ version: 2011, flags: 4 }, frame(0xff, entity, 0, 0));
    expect(ext.error).toBeNull();
    const e = (framesOf(ext.events)[1] as Frame).entities!;
    expect(e.map((x) => [x.number, x.modelindex[0], x.scale])).toEqual([[9, 3, 32]]);
    // Without EXTLIMITS the fifth byte is the number (1) and the rest misparses.
    const old = decodeAfter({}, frame(0xff, entity, 0, 0));
    const wrong = framesOf(old.events)[1]?.entities ?? [];
    expect(wrong.some((x) => x.number === 9)).toBe(false);
  });

  it('an entity removal keeps its origin as the old origin (the engine reader does)', () => {
    // Entity 40 at x = 5 with old origin x = 1, removed, back without an old origin.
    // Bits: U_ORIGIN1 | MOREBITS1, U_MODEL | MOREBITS2, MOREBITS3, U_OLDORIGIN; then number,
    // model, origin x, old origin (x, y, z).
    const appear = frame(
      0xff,
      0x81,
      0x88,
      0x80,
      0x01,
      40,
      7,
      u16(40),
      u16(8),
      u16(0),
      u16(0),
      0,
      0,
    );
    const remove = frame(0xff, 0x40, 40, 0, 0);
    const back = frame(0xff, 0x80, 0x08, 40, 7, 0, 0);
    const { events, error } = decodeAfter({}, appear, remove, back);
    expect(error).toBeNull();
    const entities = framesOf(events).map((f) =>
      f.entities!.map((x) => [x.number, x.origin[0], x.oldOrigin[0]]),
    );
    expect(entities).toEqual([[], [[40, 5, 1]], [], [[40, 5, 5]]]);
  });
});
