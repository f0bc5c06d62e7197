/**
 * Client demos of protocols 35 (R1Q2) and 36 (Q2PRO), built by hand byte by byte (no fixture
 * uses them): the packed frame header with extra player bits in the command byte, the
 * enhanced player delta, Q2PRO's client number, 32-bit solids and 16-bit angles, compressed
 * packets, the gamestate message, the server frame rate; and what is refused.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DemoParseError } from '../../../src/sources/demo/errors.js';
import type { SegmentHeader } from '../../../src/sources/demo/events.js';
import { concat, decodeDm2, framesOf, le32 } from './dm2-harness.js';

const u8 = (...v: number[]): Uint8Array => Uint8Array.from(v.map((x) => x & 255));
const i16 = (v: number): Uint8Array => u8(v, v >> 8);
const u32 = (v: number): Uint8Array => le32(v | 0);
const str = (s: string): Uint8Array => concat(Uint8Array.from(Buffer.from(s, 'latin1')), u8(0));
const block = (...parts: Uint8Array[]): Uint8Array => {
  const body = concat(...parts);
  return concat(le32(body.length), body);
};
const END = le32(-1);

const R1Q2 = 35;
const Q2PRO = 36;

function serverdata(protocol: number, minor: number, flags = 0): Uint8Array {
  const common = concat(u8(12), u32(protocol), u32(77), u8(1), str('action'), i16(0), str('Test'));
  if (protocol === R1Q2) return concat(common, u8(0), i16(minor), u8(0), u8(0));
  return concat(common, i16(minor), u8(2), minor >= 1024 ? i16(flags) : u8(0, 0, 0));
}

const configstrings = concat(u8(13), i16(30), str('8'), u8(13), i16(33), str('maps/test.bsp'));

/** A frame of protocols 35/36: origin (x, y and, by EPS_M_ORIGIN2, z), fov, stats (health). */
function frame(
  number: number,
  delta: number,
  origin: [number, number, number],
  health: number,
  entities: Uint8Array,
  trailer: Uint8Array = new Uint8Array(0),
): Uint8Array {
  // Extra bits: EPS_M_ORIGIN2 (8) in the byte's high nibble, EPS_STATS (32) as extrabits 2.
  const distance = delta < 0 ? 31 : number - delta;
  const PS_M_ORIGIN = 2;
  const PS_FOV = 1 << 11;
  return concat(
    u8(20 | (2 << 5)),
    u32(number | (distance << 27)),
    u8(8 << 4),
    u8(0), // area bytes
    i16(PS_M_ORIGIN | PS_FOV),
    i16(origin[0] * 8),
    i16(origin[1] * 8),
    i16(origin[2] * 8),
    u8(90), // fov
    u32(1 << 1), // stats: health
    i16(health),
    trailer,
    entities,
    u8(0, 0), // end of entities
  );
}

// Entity update bits, by the protocol's bit numbers.
const U_ORIGIN1 = 1 << 0;
const U_ORIGIN2 = 1 << 1;
const U_ANGLE2 = 1 << 2;
const U_EVENT = 1 << 5;
const U_MOREBITS1 = 1 << 7;
const U_ORIGIN3 = 1 << 9;
const U_ANGLE16 = 1 << 13;
const U_MOREBITS2 = 1 << 15;
const U_MOREBITS3 = 1 << 23;
const U_SOLID = 1 << 27;

/** Entity 1 (the recorder, slot 0): origin, a 16-bit yaw, an event and a 32-bit solid. */
function playerEntity(
  origin: [number, number, number],
  event: number,
  shortYaw = true,
): Uint8Array {
  const bits =
    U_ORIGIN1 |
    U_ORIGIN2 |
    U_EVENT |
    U_MOREBITS1 |
    U_ORIGIN3 |
    U_MOREBITS2 |
    U_MOREBITS3 |
    U_SOLID |
    (shortYaw ? U_ANGLE2 | U_ANGLE16 : 0);
  return concat(
    u8(bits, bits >> 8, bits >> 16, bits >> 24),
    u8(1), // number
    i16(origin[0] * 8),
    i16(origin[1] * 8),
    i16(origin[2] * 8),
    shortYaw ? i16(16384) : new Uint8Array(0), // yaw 90°
    u8(event),
    u32(0x12345), // solid, 32 bits
  );
}

function demo(protocol: number, minor: number, frames: Uint8Array[]): Uint8Array {
  return concat(block(serverdata(protocol, minor), configstrings), ...frames, END);
}

describe('protocol 36 (Q2PRO)', () => {
  const frames = [
    block(frame(1, -1, [10, 20, 30], 100, playerEntity([10, 20, 30], 2))),
    block(frame(2, 1, [11, 20, 30], 99, new Uint8Array(0))),
  ];

  it('reads the packed frame header, the enhanced player delta and the entity options', () => {
    const out = decodeDm2(demo(Q2PRO, 1025, frames), { entities: true });
    expect(out.error).toBeNull();
    const header = out.events.find((e): e is SegmentHeader => e.kind === 'segment')!;
    expect(header).toMatchObject({ protocol: 36, version: 1025, map: 'test', recorder: 0 });
    const fs = framesOf(out.events);
    expect(fs.map((f) => f.players[0].origin)).toEqual([
      [10, 20, 30],
      [11, 20, 30],
    ]);
    expect(fs.map((f) => f.players[0].health)).toEqual([100, 99]);
    // The recorder's event comes from its own entity, in the frame that carries it only.
    expect(fs.map((f) => f.players[0].event)).toEqual([2, 0]);
    const e = fs[0].entities![0];
    expect(e).toMatchObject({ number: 1, origin: [10, 20, 30], solid: 0x12345 });
    expect(e.angles[1]).toBeCloseTo(90, 5);
    // Unchanged in frame 2 (delta from frame 1): same entity, event cleared.
    expect(fs[1].entities![0]).toMatchObject({ number: 1, origin: [10, 20, 30], event: 0 });
  });

  it('reads the same messages inside a compressed packet', () => {
    const inner = concat(configstrings);
    const z = deflateRawSync(inner);
    const zpacket = concat(u8(21), i16(z.length), i16(inner.length), z);
    const bytes = concat(block(serverdata(Q2PRO, 1025), zpacket), ...frames, END);
    const plain = decodeDm2(demo(Q2PRO, 1025, frames));
    const packed = decodeDm2(bytes);
    expect(packed.error).toBeNull();
    expect(framesOf(packed.events)).toEqual(framesOf(plain.events));
  });

  it('reads configstrings and baselines from the gamestate message', () => {
    // Configstrings up to the layout's end index (2080), then a baseline of entity 1, then 0.
    const gamestate = concat(
      u8(23),
      i16(30),
      str('8'),
      i16(33),
      str('maps/test.bsp'),
      i16(2080),
      u8(U_ORIGIN1 | U_MOREBITS1, U_ORIGIN3 >> 8),
      u8(1),
      i16(5 * 8),
      i16(7 * 8),
      u8(0, 0),
    );
    // A frame that brings entity 1 from its baseline with no bits.
    const f = block(frame(1, -1, [0, 0, 0], 100, u8(0, 1)));
    const out = decodeDm2(concat(block(serverdata(Q2PRO, 1025), gamestate), f, END), {
      entities: true,
    });
    expect(out.error).toBeNull();
    expect(out.events.find((e) => e.kind === 'segment')).toMatchObject({ map: 'test' });
    expect(framesOf(out.events)[0].entities).toMatchObject([{ number: 1, origin: [5, 0, 7] }]);
  });

  it('reads the client number of a chased player and the server frame rate', () => {
    // EPS_CLIENTNUM (64) = extrabits 4; minor 1025 sends it as a short.
    const withClient = frame(1, -1, [1, 2, 3], 100, new Uint8Array(0), i16(3));
    withClient[0] = 20 | (6 << 5);
    const setting = concat(u8(24), u32(1), u32(40));
    const out = decodeDm2(
      concat(
        block(serverdata(Q2PRO, 1025), configstrings, setting),
        block(withClient),
        block(frame(2, 1, [1, 2, 4], 100, new Uint8Array(0))),
        END,
      ),
    );
    expect(out.error).toBeNull();
    const fs = framesOf(out.events);
    expect(fs.map((x) => x.players[0].origin)).toEqual([
      [1, 2, 3],
      [1, 2, 4],
    ]);
    expect(fs[1].time).toBeCloseTo(0.025, 9);
  });

  it('refuses extensions 2 without extensions, and extra bits outside a frame', () => {
    const ext = decodeDm2(concat(block(serverdata(Q2PRO, 1025, 1 << 4)), END));
    expect((ext.error as DemoParseError).code).toBe('BAD_SERVERDATA');
    const bad = decodeDm2(concat(block(serverdata(Q2PRO, 1025), u8(6 | (1 << 5))), END));
    expect((bad.error as DemoParseError).code).toBe('BAD_OPCODE');
  });
});

/** A DeltaInt23 holding an absolute value (1/8 units): the low bit set, a third byte. */
const abs23 = (v: number): Uint8Array => {
  const w = ((v << 1) | 1) & 0xffffff;
  return u8(w, w >> 8, w >> 16);
};
/** A DeltaInt23 holding a change from the previous value (15 bits). */
const rel23 = (d: number): Uint8Array => i16((d << 1) & 0xfffe);

describe('the extended limits (q2pro recordings 3434/3435, Q2PRO extensions)', () => {
  // Configstrings of the extended layout: maxclients at 60, the world model at 63.
  const extConfigstrings = concat(u8(13), i16(60), str('8'), u8(13), i16(63), str('maps/ext.bsp'));

  /** A protocol-34-framed frame with EXTENSIONS_2 player and entity encodings. */
  function extFrame(number: number, delta: number, player: Uint8Array, entities: Uint8Array) {
    return concat(
      u8(20),
      u32(number),
      u32(delta),
      u8(0),
      u8(0),
      u8(17),
      player,
      u8(18),
      entities,
      u8(0, 0),
    );
  }
  const PS_M_ORIGIN = 2;
  const PS_WEAPONINDEX = 1 << 12;
  const PS_FOV = 1 << 11;
  // Entity: origin x/y/z as DeltaInt23, 16-bit model, alpha, and (fifth byte) scale.
  const U_MODEL = 1 << 11;
  const U_MODEL16 = 1 << 28;
  const U_ALPHA = 1 << 30;
  const U_MOREBITS4 = 1 << 31;
  const entityBits =
    U_ORIGIN1 |
    U_ORIGIN2 |
    U_MOREBITS1 |
    U_ORIGIN3 |
    U_MODEL |
    U_MOREBITS2 |
    U_MOREBITS3 |
    U_MODEL16 |
    U_ALPHA |
    U_MOREBITS4;

  it('3435: DeltaInt23 origins, 16-bit models, alpha and scale, varint stats, 16-bit gun index', () => {
    const first = extFrame(
      1,
      -1,
      concat(
        i16(PS_M_ORIGIN | PS_WEAPONINDEX | PS_FOV),
        abs23(100 * 8),
        abs23(-200 * 8),
        abs23(30 * 8),
        i16(300), // gun index, 16 bits
        u8(90), // fov
        u8(0x02), // varint stat mask: stat 1
        i16(87), // health
      ),
      concat(
        u8(entityBits, entityBits >> 8, entityBits >> 16, entityBits >> 24),
        u8(1), // U_SCALE in the fifth byte
        u8(1), // entity 1
        i16(700), // model, 16 bits
        abs23(100 * 8),
        abs23(-200 * 8),
        abs23(30 * 8),
        u8(128), // alpha
        u8(32), // scale × 16
      ),
    );
    const second = extFrame(
      2,
      1,
      concat(i16(PS_M_ORIGIN), rel23(8), rel23(0), rel23(-4), u8(0)),
      concat(u8(U_ORIGIN1), u8(1), rel23(16)),
    );
    const bytes = concat(
      block(
        concat(u8(12), u32(3435), u32(5), u8(1), str('action'), i16(0), str('Ext')),
        extConfigstrings,
      ),
      block(first),
      block(second),
      END,
    );
    const out = decodeDm2(bytes, { entities: true, fullPlayers: true });
    expect(out.error).toBeNull();
    expect(out.events.find((e) => e.kind === 'segment')).toMatchObject({
      protocol: 3435,
      map: 'ext',
      maxclients: 8,
      extendedLimits: true,
    });
    const fs = framesOf(out.events);
    expect(fs.map((f) => f.players[0].origin)).toEqual([
      [100, -200, 30],
      [101, -200, 29.5],
    ]);
    expect(fs[0].players[0].health).toBe(87);
    expect(fs[0].players[0].detail).toMatchObject({ gunIndex: 300 });
    expect(fs[0].players[0].detail!.stats).toHaveLength(64);
    expect(fs[0].entities).toMatchObject([
      { number: 1, modelindex: [700, 0, 0, 0], origin: [100, -200, 30], alpha: 128, scale: 32 },
    ]);
    expect(fs[1].entities).toMatchObject([{ number: 1, origin: [102, -200, 30] }]);
  });

  it('3434: the extended layout without the second extensions (short origins)', () => {
    const f = extFrame(
      1,
      -1,
      concat(i16(PS_M_ORIGIN | PS_FOV), i16(8), i16(16), i16(24), u8(90), u32(0)),
      new Uint8Array(0),
    );
    const bytes = concat(
      block(
        concat(u8(12), u32(3434), u32(5), u8(1), str('action'), i16(0), str('Ext')),
        extConfigstrings,
      ),
      block(f),
      END,
    );
    const out = decodeDm2(bytes);
    expect(out.error).toBeNull();
    expect(framesOf(out.events)[0].players[0].origin).toEqual([1, 2, 3]);
  });

  it('Q2PRO with both extension flags reads the enhanced delta with DeltaInt23', () => {
    // EPS_M_ORIGIN2 (8) in the frame byte; EPS_STATS (32) as extrabits 2.
    const f = concat(
      u8(20 | (2 << 5)),
      u32(1 | (31 << 27)),
      u8(8 << 4),
      u8(0),
      i16(PS_M_ORIGIN | PS_FOV),
      abs23(40),
      abs23(48),
      abs23(56),
      u8(90),
      u8(0x02),
      i16(55),
      u8(0, 0),
    );
    const bytes = concat(
      block(serverdata(Q2PRO, 1025, (1 << 3) | (1 << 4)), extConfigstrings),
      block(f),
      END,
    );
    const out = decodeDm2(bytes);
    expect(out.error).toBeNull();
    expect(out.events.find((e) => e.kind === 'segment')).toMatchObject({ map: 'ext' });
    expect(framesOf(out.events)[0].players[0]).toMatchObject({ origin: [5, 6, 7], health: 55 });
  });
});

describe('protocol 35 (R1Q2)', () => {
  it('reads frames and 32-bit solids from minor 1905 on', () => {
    const out = decodeDm2(
      demo(R1Q2, 1905, [block(frame(1, -1, [4, 5, 6], 80, playerEntity([4, 5, 6], 9, false)))]),
      { entities: true },
    );
    expect(out.error).toBeNull();
    expect(out.events.find((e) => e.kind === 'segment')).toMatchObject({
      protocol: 35,
      version: 1905,
    });
    const fs = framesOf(out.events);
    expect(fs[0].players[0]).toMatchObject({ origin: [4, 5, 6], health: 80, event: 9 });
    expect(fs[0].entities).toMatchObject([{ number: 1, solid: 0x12345, event: 9 }]);
  });

  it('reads 16-bit solids before minor 1905 (the 32-bit value then misreads)', () => {
    const out = decodeDm2(
      demo(R1Q2, 1904, [block(frame(1, -1, [4, 5, 6], 80, playerEntity([4, 5, 6], 9, false)))]),
      { entities: true },
    );
    // The two bytes left over are read as the next entity header: entity 1 again, a
    // different parse than above, which shows the minor version is honoured.
    expect(out.error === null ? framesOf(out.events)[0].entities![0].solid : -1).not.toBe(0x12345);
  });

  it('protocol 34 has no compressed packets and no extra bits', () => {
    const sd34 = concat(u8(12), u32(34), u32(1), u8(1), str('a'), i16(0), str('T'));
    const z = decodeDm2(concat(block(sd34, u8(21, 0, 0, 0, 0)), END));
    expect((z.error as DemoParseError).code).toBe('BAD_OPCODE');
    const x = decodeDm2(concat(block(sd34, u8(20 | (1 << 5))), END));
    expect((x.error as DemoParseError).code).toBe('BAD_OPCODE');
  });
});
