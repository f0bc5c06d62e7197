/**
 * The writer's exact bytes, against encodings worked out by hand from the engine's rules
 * (`MSG_WriteDeltaPlayerstate_Packet`, `MSG_WriteDeltaEntity`, `SV_Mvd*`), and its input
 * checks. The reader's side of the same bytes is covered in test/sources/mvd2.
 */
import { describe, expect, it } from 'vitest';
import type { MvdCommand } from '../../../tools/mvd2-writer/commands.js';
import type { EntityState, FrameInput, FrameState } from '../../../tools/mvd2-writer/demo-input.js';
import type { ServerdataInput } from '../../../tools/mvd2-writer/serverdata.js';
import { writeDemo, type WriteDemoOptions } from '../../../tools/mvd2-writer/writer.js';
import type { PlayerDetail, PlayerFrame } from '../../../src/sources/demo/events.js';
import { decodeBytes, framesOf } from '../../sources/mvd2/demo-harness.js';
import {
  EMPTY_FRAME,
  END_MARK,
  MAGIC,
  block,
  bytes,
  i32,
  serverdata,
  str,
  u16,
  type Part,
} from '../../sources/mvd2/hand-bytes.js';

const SD_2010: ServerdataInput = { version: 2010, maxclients: 4, map: 'q2dm1' };
const SD_EXT: ServerdataInput = { version: 2012, flags: 4, maxclients: 4, map: 'q2dm1' };
const SD_EXT2: ServerdataInput = { version: 2012, flags: 12, maxclients: 4, map: 'q2dm1' };

function player(slot: number, fields: Partial<PlayerFrame> = {}): PlayerFrame {
  return {
    slot,
    pmType: 0,
    origin: [1, -2, 3],
    viewoffset: [0, 0, 22],
    viewangles: [0, 90, 0],
    rdflags: 0,
    health: 100,
    event: 0,
    detail: null,
    ...fields,
  };
}

function entity(number: number, fields: Partial<EntityState> = {}): EntityState {
  return {
    number,
    modelindex: [5, 0, 0, 0],
    frame: 0,
    skinnum: 0,
    effects: 0,
    renderfx: 0,
    origin: [0, 0, 0],
    angles: [0, 0, 0],
    oldOrigin: [0, 0, 0],
    sound: 0,
    event: 0,
    solid: 0,
    morefx: 0,
    alpha: 0,
    scale: 0,
    ...fields,
  };
}

function detail(fields: Partial<PlayerDetail> = {}, stats = 32): PlayerDetail {
  const s = new Array<number>(stats).fill(0);
  s[1] = 100;
  return {
    kickAngles: [0, 0, 0],
    gunIndex: 0,
    gunFrame: 0,
    gunOffset: [0, 0, 0],
    gunAngles: [0, 0, 0],
    blend: [0, 0, 0, 0],
    damageBlend: [0, 0, 0, 0],
    fov: 90,
    stats: s,
    ...fields,
  };
}

/** The payload of every block after the serverdata block, as arrays. */
function frameBlocks(
  sd: ServerdataInput,
  baseline: FrameState,
  frames: FrameInput[],
  options: WriteDemoOptions = {},
): number[][] {
  const w = writeDemo({ segments: [{ serverdata: sd, baseline, frames }] }, options);
  return w.blocks
    .slice(1)
    .map((b) => [...w.stream.subarray(b.offset + 2, b.offset + 2 + b.length)]);
}

/** The serverdata command's bytes after the configstring list (the baseline frame body). */
function baselineBody(sd: ServerdataInput, baseline: FrameState): number[] {
  const w = writeDemo({ segments: [{ serverdata: sd, baseline, frames: [] }] });
  const empty = writeDemo({
    segments: [{ serverdata: sd, baseline: { players: [] }, frames: [] }],
  });
  const head = empty.blocks[0].length - 4; // the empty body is 0, 0xff, 0, 0
  return [...w.stream.subarray(6 + head, 6 + w.blocks[0].length)];
}

const flat = (...parts: Part[]): number[] => [...bytes(...parts)];

describe('stream layout', () => {
  it('magic, a serverdata block, a frame block, the end mark: byte for byte as built by hand', () => {
    const w = writeDemo({
      segments: [{ serverdata: SD_2010, baseline: { players: [] }, frames: [{ players: [] }] }],
    });
    expect([...w.stream]).toEqual(flat(MAGIC, block(serverdata()), block(EMPTY_FRAME), END_MARK));
  });

  it('flags travel in the command byte before 2012 and as a u16 from 2012, with the matching layout', () => {
    const old = writeDemo({
      segments: [
        {
          serverdata: { ...SD_2010, version: 2009, flags: 1 },
          baseline: { players: [] },
          frames: [],
        },
      ],
    });
    expect([...old.stream]).toEqual(
      flat(MAGIC, block(serverdata({ version: 2009, flags: 1 })), END_MARK),
    );
    const ext = writeDemo({
      segments: [{ serverdata: SD_EXT, baseline: { players: [] }, frames: [] }],
    });
    expect([...ext.stream]).toEqual(
      flat(MAGIC, block(serverdata({ version: 2012, flags: 4 })), END_MARK),
    );
    expect(() =>
      writeDemo({
        segments: [{ serverdata: { ...SD_2010, flags: 8 }, baseline: { players: [] }, frames: [] }],
      }),
    ).toThrow(RangeError);
  });

  it('configstrings in index order: checksum, skins, extra ones; empty ones are not sent', () => {
    const sd: ServerdataInput = {
      ...SD_2010,
      clientNum: 3,
      servercount: -5,
      gamedir: 'baseq2',
      mapChecksum: -77,
      playerSkins: ['', 'B\\m/s'],
      configstrings: { 5: 'bar', 1000: '' },
    };
    const w = writeDemo({ segments: [{ serverdata: sd, baseline: { players: [] }, frames: [] }] });
    const expected = flat(
      0x04,
      i32(37),
      u16(2010),
      i32(-5),
      str('baseq2'),
      u16(3),
      u16(5),
      str('bar'),
      u16(30),
      str('4'),
      u16(31),
      str('-77'),
      u16(33),
      str('maps/q2dm1.bsp'),
      u16(1313),
      str('B\\m/s'),
      u16(2080),
      0,
      0xff,
      0,
      0,
    );
    expect([...w.stream.subarray(6, w.stream.length - 2)]).toEqual(expected);
  });

  it('end mark, trailing bytes, gzip and a cut are options', () => {
    const input = {
      segments: [{ serverdata: SD_2010, baseline: { players: [] }, frames: [{ players: [] }] }],
    };
    const plain = writeDemo(input).stream;
    expect([...writeDemo(input, { endMark: false }).stream]).toEqual([
      ...plain.subarray(0, plain.length - 2),
    ]);
    expect([...writeDemo(input, { trailing: Uint8Array.of(9, 9) }).stream]).toEqual([
      ...plain,
      9,
      9,
    ]);
    const gz = writeDemo(input, { gzip: true, truncateAt: 20 });
    expect(gz.bytes.length).toBe(20);
    expect([gz.bytes[0], gz.bytes[1]]).toEqual([0x1f, 0x8b]);
    expect([...gz.stream]).toEqual([...plain]);
  });
});

describe('player deltas', () => {
  // PPS: M_ORIGIN | M_ORIGIN2 | VIEWOFFSET | VIEWANGLES | FOV | STATS.
  const FIRST_BITS = 0x0002 | 0x0004 | 0x0008 | 0x0010 | 0x0100 | 0x4000;

  it('the baseline sends every field that differs from zero', () => {
    expect(baselineBody(SD_2010, { players: [player(0)] })).toEqual(
      flat(
        0,
        0,
        u16(FIRST_BITS),
        u16(8),
        u16(-16),
        u16(24),
        0,
        0,
        88,
        u16(0),
        u16(16384),
        90,
        i32(2),
        u16(100),
        0xff,
        0,
        0,
      ),
    );
  });

  it('frames send only changed fields; nothing for an unchanged player', () => {
    const blocks = frameBlocks(SD_2010, { players: [player(0)] }, [
      { players: [player(0, { origin: [2, -2, 3] })] },
      { players: [player(0, { origin: [2, -2, 3] })] },
      { players: [player(0, { origin: [2, -2, 3], rdflags: 1, pmType: 2 })] },
    ]);
    expect(blocks).toEqual([
      flat(6, 0, 0, u16(0x0002), u16(16), u16(-16), 0xff, 0, 0),
      flat(6, 0, 0xff, 0, 0),
      flat(6, 0, 0, u16(0x0001 | 0x2000), 2, 1, 0xff, 0, 0),
    ]);
  });

  it('a leaving player gets REMOVE; a returning one a forced delta from its old state', () => {
    const blocks = frameBlocks(SD_2010, { players: [player(0)] }, [
      { players: [] },
      { players: [] },
      { players: [player(0)] },
      { players: [] },
      { players: [player(0, { health: 50 })] },
    ]);
    expect(blocks).toEqual([
      flat(6, 0, 0, u16(0x8000), 0xff, 0, 0),
      flat(6, 0, 0xff, 0, 0),
      flat(6, 0, 0, u16(0), 0xff, 0, 0),
      flat(6, 0, 0, u16(0x8000), 0xff, 0, 0),
      flat(6, 0, 0, u16(0x4000), i32(2), u16(50), 0xff, 0, 0),
    ]);
  });

  it('under EXTLIMITS_2: DeltaInt23 origins (delta and absolute), varint stat mask, flagged blend', () => {
    expect(baselineBody(SD_EXT2, { players: [player(0)] })).toEqual(
      flat(
        0,
        0,
        u16(FIRST_BITS),
        u16(16),
        u16(0xffe0),
        u16(48),
        0,
        0,
        88,
        u16(0),
        u16(16384),
        90,
        0x02,
        u16(100),
        0xff,
        0,
        0,
      ),
    );
    const d = detail({}, 64);
    const stat40 = [...d.stats];
    stat40[40] = -3;
    const blocks = frameBlocks(SD_EXT2, { players: [player(0, { detail: d })] }, [
      // x 5000 units: 40000 - 8 does not fit 15 bits, so the absolute form (40000 << 1 | 1).
      { players: [player(0, { detail: d, origin: [5000, -2, 3] })] },
      { players: [player(0, { detail: { ...d, stats: stat40 }, origin: [5000, -2, 3] })] },
      {
        players: [
          player(0, {
            detail: { ...d, stats: stat40, damageBlend: [7, 0, 0, 0] },
            origin: [5000, -2, 3],
          }),
        ],
      },
    ]);
    expect(blocks).toEqual([
      flat(6, 0, 0, u16(0x0002), 0x81, 0x38, 0x01, u16(0), 0xff, 0, 0),
      flat(6, 0, 0, u16(0x4000), 0x80, 0x80, 0x80, 0x80, 0x80, 0x20, u16(-3), 0xff, 0, 0),
      flat(6, 0, 0, u16(0x0080), 0x10, 7, 0xff, 0, 0),
    ]);
  });

  it('gun index is a u16 under EXTLIMITS, a byte otherwise', () => {
    const blocks = (sd: ServerdataInput) =>
      frameBlocks(sd, { players: [player(0, { detail: detail() })] }, [
        { players: [player(0, { detail: detail({ gunIndex: 7 }) })] },
      ]);
    expect(blocks(SD_2010)).toEqual([flat(6, 0, 0, u16(0x0200), 7, 0xff, 0, 0)]);
    expect(blocks(SD_EXT)).toEqual([flat(6, 0, 0, u16(0x0200), u16(7), 0xff, 0, 0)]);
  });

  it('quantises like the engine: offsets saturate, angles wrap, coordinates round to 1/8', () => {
    const p = player(0, {
      origin: [0.1, -0.07, 4095.9],
      viewoffset: [40, -40, 22.1],
      viewangles: [270, -225, 0.01],
      detail: detail({ kickAngles: [-40, 1.3, 0], fov: 300 }),
    });
    const w = writeDemo({
      segments: [{ serverdata: SD_2010, baseline: { players: [p] }, frames: [] }],
    });
    const read = framesOf(decodeBytes(w.stream, { fullPlayers: true }).events)[0].players[0];
    expect(read.origin).toEqual([0.125, -0.125, 4095.875]);
    expect(read.viewoffset).toEqual([31.75, -32, 22]);
    // 0.01 degree is 1.8 units of 360/65536: truncated to 1 (ANGLE2SHORT).
    expect(read.viewangles).toEqual([-90, 135, 360 / 65536]);
    expect(read.detail!.kickAngles).toEqual([-32, 1.25, 0]);
    expect(read.detail!.fov).toBe(255);
  });
});

describe('entity deltas', () => {
  const body = (sd: ServerdataInput, baseline: FrameState) => baselineBody(sd, baseline);

  it('a new entity: bits, MOREBITS, the 16-bit number above 255', () => {
    // U_MODEL (bit 11) needs MOREBITS1; 300 needs U_NUMBER16 (bit 8).
    expect(body(SD_2010, { players: [], entities: [entity(300)] })).toEqual(
      flat(0, 0xff, 0x80, 0x09, u16(300), 5, 0, 0),
    );
    expect(body(SD_2010, { players: [], entities: [entity(12)] })).toEqual(
      flat(0, 0xff, 0x80, 0x08, 12, 5, 0, 0),
    );
  });

  it('events are sent whenever set; removal is U_REMOVE and the number', () => {
    const blocks = frameBlocks(SD_2010, { players: [], entities: [entity(300)] }, [
      { players: [], entities: [entity(300, { event: 4 })] },
      { players: [], entities: [entity(300)] },
      { players: [] },
    ]);
    expect(blocks).toEqual([
      flat(6, 0, 0xff, 0x20 | 0x80, 0x01, u16(300), 4, 0, 0),
      flat(6, 0, 0xff, 0, 0),
      flat(6, 0, 0xff, 0x40 | 0x80, 0x01, u16(300), 0, 0),
    ]);
  });

  it("a live player's entity gets no origin or angles (first person)", () => {
    const p = player(0);
    const e = entity(1, { origin: [100, 0, 0], angles: [0, 90, 0] });
    expect(body(SD_2010, { players: [p], entities: [e] }).slice(-6)).toEqual(
      flat(0x80, 0x08, 1, 5, 0, 0),
    );
    const dead = player(0, { pmType: 2 });
    // Dead: origin x (U_ORIGIN1) and yaw (U_ANGLE2) travel; 90 degrees is the byte 64.
    expect(body(SD_2010, { players: [dead], entities: [e] }).slice(-9)).toEqual(
      flat(0x01 | 0x04 | 0x80, 0x08, 1, 5, u16(800), 64, 0, 0),
    );
  });

  it('angles: the high byte only, unless a BSP model under EXTLIMITS (16 bits)', () => {
    const blocks = frameBlocks(
      SD_EXT,
      { players: [], entities: [entity(9), entity(10, { solid: 31 })] },
      [
        // 1 degree = 182/65536 of a turn: the high byte stays 0, so nothing is sent for 9.
        {
          players: [],
          entities: [
            entity(9, { angles: [0, 1, 0] }),
            entity(10, { solid: 31, angles: [0, 1, 0] }),
          ],
        },
      ],
    );
    expect(blocks).toEqual([flat(6, 0, 0xff, 0x04 | 0x80, 0x20, 10, u16(182), 0, 0)]);
  });

  it('sizes: 32-bit skins for negative values, 16-bit models, the fifth byte for U_SCALE', () => {
    const blocks = frameBlocks(SD_EXT, { players: [], entities: [entity(9)] }, [
      { players: [], entities: [entity(9, { skinnum: -1 })] },
      { players: [], entities: [entity(9, { skinnum: -1, modelindex: [5, 300, 0, 0] })] },
      {
        players: [],
        entities: [entity(9, { skinnum: -1, modelindex: [5, 300, 0, 0], scale: 32 })],
      },
    ]);
    expect(blocks).toEqual([
      // U_SKIN8 | U_SKIN16 (bits 16, 25): MOREBITS up to 3.
      flat(6, 0, 0xff, 0x80, 0x80, 0x81, 0x02, 9, i32(-1), 0, 0),
      // U_MODEL2 (bit 20) and U_MODEL16 (bit 28).
      flat(6, 0, 0xff, 0x80, 0x80, 0x90, 0x10, 9, u16(300), 0, 0),
      // U_SCALE is bit 32: all four MOREBITS and a fifth byte.
      flat(6, 0, 0xff, 0x80, 0x80, 0x80, 0x80, 0x01, 9, 32, 0, 0),
    ]);
  });

  it('a returning entity sends its old origin only when it differs from the last origin', () => {
    const at = entity(9, { origin: [5, 0, 0] });
    const blocks = frameBlocks(SD_2010, { players: [], entities: [at] }, [
      { players: [] },
      { players: [], entities: [entity(9, { origin: [5, 0, 0], oldOrigin: [5, 0, 0] })] },
      { players: [] },
      { players: [], entities: [entity(9, { origin: [5, 0, 0], oldOrigin: [6, 0, 0] })] },
    ]);
    expect(blocks[1]).toEqual(flat(6, 0, 0xff, 0, 9, 0, 0));
    expect(blocks[3]).toEqual(
      flat(6, 0, 0xff, 0x80, 0x80, 0x80, 0x01, 9, u16(48), u16(0), u16(0), 0, 0),
    );
  });
});

describe('commands', () => {
  const after = (commands: MvdCommand[], sd = SD_2010): number[] =>
    frameBlocks(sd, { players: [] }, [{ players: [], after: commands }])[0].slice(
      EMPTY_FRAME.length,
    );

  it('multicasts: length low byte, high bits in the command byte, a leaf for phs/pvs', () => {
    const payload = new Uint8Array(600).fill(1);
    expect(
      after([{ kind: 'multicast', to: 'pvs', reliable: true, leaf: 0x1234, payload }]),
    ).toEqual(flat(0x0f | (2 << 5), 600 & 0xff, u16(0x1234), payload));
    expect(after([{ kind: 'multicast', to: 'all', payload: Uint8Array.of(7) }])).toEqual(
      flat(0x0a, 1, 7),
    );
    expect(() => after([{ kind: 'multicast', to: 'all', payload: new Uint8Array(2048) }])).toThrow(
      RangeError,
    );
  });

  it('unicasts: svc items with their own opcodes', () => {
    const items = flat(4, str('L'), 10, 2, str('p'), 11, str('s'), 13, u16(1500), str('c'), 99, 1);
    expect(
      after([
        {
          kind: 'unicast',
          reliable: true,
          client: 2,
          items: [
            { kind: 'layout', text: 'L' },
            { kind: 'print', level: 2, text: 'p' },
            { kind: 'stufftext', text: 's' },
            { kind: 'configstring', index: 1500, value: 'c' },
            { kind: 'raw', bytes: Uint8Array.of(99, 1) },
          ],
        },
      ]),
    ).toEqual(flat(0x09, items.length, 2, items));
  });

  it('sounds: SND_INDEX16 above 255, optional bytes, channel and entity in one word', () => {
    expect(
      after(
        [
          {
            kind: 'sound',
            index: 300,
            entity: 12,
            channel: 3,
            volume: 200,
            noPhsAdd: true,
            reliable: true,
          },
        ],
        SD_EXT,
      ),
    ).toEqual(flat(0x10 | (3 << 5), 0x20 | 0x01, u16(300), 200, u16((12 << 3) | 3)));
    expect(after([{ kind: 'sound', index: 7, entity: 1, attenuation: 64, offset: 3 }])).toEqual(
      flat(0x10, 0x02 | 0x10, 7, 64, 3, u16(8)),
    );
  });

  it('print, configstring, nop and raw bytes', () => {
    expect(
      after([
        { kind: 'print', level: 3, text: 'hi' },
        { kind: 'configstring', index: 1313, value: 'X\\m/s' },
        { kind: 'nop' },
        { kind: 'raw', bytes: Uint8Array.of(7) },
      ]),
    ).toEqual(flat(0x11, 3, str('hi'), 0x05, u16(1313), str('X\\m/s'), 0x01, 7));
  });
});

describe('blocks', () => {
  const frames = (n: number, commands: MvdCommand[] = []): FrameInput[] =>
    Array.from({ length: n }, () => ({ players: [], before: commands }));

  it('one frame per block by default; several, or one command per block, on request', () => {
    const input = {
      segments: [
        { serverdata: SD_2010, baseline: { players: [] }, frames: frames(6, [{ kind: 'nop' }]) },
      ],
    };
    expect(writeDemo(input).blocks.map((b) => b.commands.length)).toEqual([1, 2, 2, 2, 2, 2, 2]);
    expect(writeDemo(input, { framesPerBlock: 3 }).blocks.map((b) => b.commands.length)).toEqual([
      5, 6, 2,
    ]);
    expect(
      writeDemo(input, { blockPerCommand: true }).blocks.map((b) => b.commands.length),
    ).toEqual(new Array(13).fill(1));
  });

  it('pads blocks with nops to an exact size, up to 32768', () => {
    const w = writeDemo(
      { segments: [{ serverdata: SD_2010, baseline: { players: [] }, frames: frames(2) }] },
      { padBlocksTo: 32768 },
    );
    expect(w.blocks.map((b) => b.length)).toEqual([32768, 32768, 32768]);
    expect(w.stream.length).toBe(4 + 3 * (2 + 32768) + 2);
    expect([...w.stream.subarray(w.blocks[1].offset, w.blocks[1].offset + 8)]).toEqual(
      flat(u16(32768), EMPTY_FRAME, 1),
    );
    expect(() => writeDemo({ segments: [] }, { padBlocksTo: 32769 })).toThrow(RangeError);
  });

  it('a frame too big for one block continues in the next, between commands; a command above 32768 bytes is refused', () => {
    const big: MvdCommand = { kind: 'multicast', to: 'all', payload: new Uint8Array(2000) };
    const w = writeDemo({
      segments: [
        {
          serverdata: SD_2010,
          baseline: { players: [] },
          frames: [{ players: [], after: new Array(20).fill(big) }],
        },
      ],
    });
    expect(w.blocks.length).toBe(3);
    expect(w.blocks.every((b) => b.length <= 32768)).toBe(true);
    expect(decodeBytes(w.stream).error).toBeNull();
    expect(() =>
      writeDemo({
        segments: [
          {
            serverdata: SD_2010,
            baseline: { players: [] },
            frames: frames(1, [{ kind: 'raw', bytes: new Uint8Array(32769) }]),
          },
        ],
      }),
    ).toThrow(/does not fit a block/);
  });
});

describe('input checks', () => {
  const write = (sd: ServerdataInput, baseline: FrameState) => () =>
    writeDemo({ segments: [{ serverdata: sd, baseline, frames: [] }] });
  const cases: [string, () => unknown][] = [
    [
      'an origin beyond 16 bits without EXTLIMITS_2',
      write(SD_EXT, { players: [player(0, { origin: [4096, 0, 0] })] }),
    ],
    [
      'a gun index above 255 without EXTLIMITS',
      write(SD_2010, { players: [player(0, { detail: detail({ gunIndex: 256 }) })] }),
    ],
    [
      'a damage blend without EXTLIMITS_2',
      write(SD_EXT, { players: [player(0, { detail: detail({ damageBlend: [1, 0, 0, 0] }) })] }),
    ],
    [
      'stat 40 without EXTLIMITS_2',
      write(SD_EXT, {
        players: [
          player(0, { detail: detail({ stats: [0, 100, ...new Array<number>(38).fill(0), 1] }) }),
        ],
      }),
    ],
    [
      'health differing from stat 1',
      write(SD_2010, { players: [player(0, { health: 5, detail: detail() })] }),
    ],
    ['a player event without its entity', write(SD_2010, { players: [player(0, { event: 4 })] })],
    [
      'an entity without model, effects, sound or event',
      write(SD_2010, { players: [], entities: [entity(9, { modelindex: [0, 0, 0, 0] })] }),
    ],
    [
      'a model above 255 without EXTLIMITS',
      write(SD_2010, { players: [], entities: [entity(9, { modelindex: [300, 0, 0, 0] })] }),
    ],
    [
      'an extension field without EXTLIMITS',
      write(SD_2010, { players: [], entities: [entity(9, { alpha: 3 })] }),
    ],
    ['a slot given twice', write(SD_2010, { players: [player(0), player(0)] })],
    ['a slot at maxclients', write(SD_2010, { players: [player(4)] })],
    [
      'an all-zero player in the baseline',
      write(SD_2010, {
        players: [
          player(0, {
            origin: [0, 0, 0],
            viewoffset: [0, 0, 0],
            viewangles: [0, 0, 0],
            health: 0,
            detail: detail({ fov: 0, stats: [] }),
          }),
        ],
      }),
    ],
    ['a character the wire cannot carry', write({ ...SD_2010, map: 'caf\u20ac' }, { players: [] })],
  ];
  for (const [name, fn] of cases) it(`refuses ${name}`, () => expect(fn).toThrow(RangeError));
});
