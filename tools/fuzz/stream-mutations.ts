/**
 * Mutations of a demo's MVD2 stream (after gunzip): cuts at block boundaries and anywhere, bit
 * flips, garbage, inserted and deleted bytes, corrupted block length words and opcodes, huge
 * declared sizes (block lengths above 32 KiB, multicast/unicast lengths past the block, portal
 * bits, configstring indices, strings without their NUL), and reordered, repeated or missing
 * blocks. Each knows the first byte it changed, which tells the harness which frames must still
 * come out intact. The result is written raw or, now and then, gzip-wrapped again (an intact
 * gzip layer around a damaged stream; pako, so that the bytes are the same on every machine).
 */
import { gzip } from 'pako';
import { blockEnd, type DemoBlock, type DemoFixture } from './demo-fixture.js';
import { type DemoMutation, type DemoMutator, type MutationContext } from './mutation.js';
import { hex } from '../../src/hex.js';
import { concatBytes } from './concat-bytes.js';

interface StreamDamage {
  readonly stream: Uint8Array;
  readonly damageAt: number;
  readonly description: string;
  readonly cutOnly?: boolean;
}

/** A prime above any block count: stepping by it visits every boundary once per sweep. */
const BOUNDARY_STRIDE = 1_000_003;
/** Share of damaged streams that are gzip-wrapped again before writing. */
const REGZIP_SHARE = 0.3;
/** Opcodes the engine's MVD reader refuses (bad, disconnect, reconnect, frame_nodelta, stufftext, 19..31). */
const BAD_OPCODES = [0, 2, 3, 7, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];
/** MVD opcodes whose length is `u8 | extrabits << 8` (unicast, unicast_r, the six multicasts). */
const SIZED_OPCODES = new Set([8, 9, 10, 11, 12, 13, 14, 15]);
const OP_SERVERDATA = 4;
const OP_CONFIGSTRING = 5;
const OP_FRAME = 6;

function anyBlock(fx: DemoFixture, ctx: MutationContext): { k: number; block: DemoBlock } {
  const k = ctx.rnd.int(0, fx.blocks.length - 1);
  return { k, block: fx.blocks[k] };
}

function withU16(stream: Uint8Array, at: number, value: number): Uint8Array {
  const out = Uint8Array.from(stream);
  out[at] = value & 0xff;
  out[at + 1] = (value >> 8) & 0xff;
  return out;
}

const cutAtBlockBoundary = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  const boundaries = fx.blocks.length + 1;
  const k = (ctx.round * BOUNDARY_STRIDE + ctx.seed) % boundaries;
  const cut = k < fx.blocks.length ? fx.blocks[k].offset : fx.endMark;
  return {
    stream: fx.stream.subarray(0, cut),
    damageAt: cut,
    cutOnly: true,
    description: `cut before block ${k} (boundary ${k} of ${boundaries}) at ${hex(cut)}`,
  };
};

const cutAnywhere = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  const cut = ctx.rnd.int(0, fx.endMark + 1);
  return {
    stream: fx.stream.subarray(0, cut),
    damageAt: cut,
    cutOnly: true,
    description: `cut at ${hex(cut)}`,
  };
};

const bitFlips = (fx: DemoFixture, { rnd }: MutationContext): StreamDamage => {
  const out = Uint8Array.from(fx.stream);
  const n = rnd.int(1, 8);
  const spread = rnd.chance(0.5);
  const centre = rnd.int(0, out.length - 1);
  let first = out.length;
  const at: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = spread
      ? rnd.int(0, out.length - 1)
      : Math.min(out.length - 1, centre + rnd.int(0, 63));
    const bit = rnd.int(0, 7);
    out[p] ^= 1 << bit;
    first = Math.min(first, p);
    at.push(`${hex(p)}:${bit}`);
  }
  // Two flips of the same bit cancel out: the damage starts at the first byte that differs.
  let d = 0;
  while (d < out.length && out[d] === fx.stream[d]) d++;
  return { stream: out, damageAt: d, description: `flip bits ${at.join(' ')}` };
};

const garbageRun = (fx: DemoFixture, { rnd }: MutationContext): StreamDamage => {
  const out = Uint8Array.from(fx.stream);
  const at = rnd.int(0, out.length - 1);
  const run = rnd.bytes(Math.min(rnd.int(1, 256), out.length - at));
  out.set(run, at);
  let d = at;
  while (d < out.length && out[d] === fx.stream[d]) d++;
  return { stream: out, damageAt: d, description: `overwrite ${run.length} bytes at ${hex(at)}` };
};

const insertBytes = (fx: DemoFixture, { rnd }: MutationContext): StreamDamage => {
  const at = rnd.int(0, fx.stream.length);
  const extra = rnd.bytes(rnd.int(1, 64));
  return {
    stream: concatBytes([fx.stream.subarray(0, at), extra, fx.stream.subarray(at)]),
    damageAt: at,
    description: `insert ${extra.length} bytes at ${hex(at)}`,
  };
};

const deleteBytes = (fx: DemoFixture, { rnd }: MutationContext): StreamDamage => {
  const at = rnd.int(0, fx.stream.length - 1);
  const n = rnd.int(1, 64);
  return {
    stream: concatBytes([fx.stream.subarray(0, at), fx.stream.subarray(at + n)]),
    damageAt: at,
    description: `delete ${n} bytes at ${hex(at)}`,
  };
};

const blockLength = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  const { k, block } = anyBlock(fx, ctx);
  const { rnd } = ctx;
  const value = rnd.pick([
    0,
    1,
    block.length - 1,
    block.length + 1,
    rnd.int(1, 32768),
    32768,
    32769,
    rnd.int(32769, 65535),
    0xffff,
  ]);
  return {
    stream: withU16(fx.stream, block.offset, value),
    damageAt: block.offset,
    description: `block ${k} length ${block.length} → ${value} at ${hex(block.offset)}`,
  };
};

const badOpcode = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  const { k, block } = anyBlock(fx, ctx);
  const { rnd } = ctx;
  // The first command of a block is the one position known to hold an opcode.
  const at = block.offset + block.header;
  const byte = rnd.pick(BAD_OPCODES) | (rnd.int(0, 7) << 5);
  const out = Uint8Array.from(fx.stream);
  out[at] = byte;
  return {
    stream: out,
    damageAt: at,
    description: `block ${k} first command ${fx.stream[at]} → ${byte} at ${hex(at)}`,
  };
};

/** Strings run on to the end of their block: every NUL of the block from a point on becomes 'A'. */
function unterminate(
  fx: DemoFixture,
  block: DemoBlock,
  from: number,
): { stream: Uint8Array; first: number; count: number } {
  const out = Uint8Array.from(fx.stream);
  let first = -1;
  let count = 0;
  for (let p = from; p < blockEnd(block); p++) {
    if (out[p] === 0) {
      out[p] = 0x41;
      if (first < 0) first = p;
      count++;
    }
  }
  return { stream: out, first, count };
}

/** The first command's declared size made huge: length fields, portal bits, configstring index, strings. */
const hugeCommandSize = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  const { k, block } = anyBlock(fx, ctx);
  const at = block.offset + block.header;
  const op = fx.stream[at] & 31;
  if (SIZED_OPCODES.has(op)) {
    const out = Uint8Array.from(fx.stream);
    out[at] |= 0xe0;
    out[at + 1] = 0xff;
    return {
      stream: out,
      damageAt: at,
      description: `block ${k} opcode ${op}: length → 2047 at ${hex(at)}`,
    };
  }
  if (op === OP_FRAME) {
    const out = Uint8Array.from(fx.stream);
    out[at + 1] = 0xff;
    return {
      stream: out,
      damageAt: at + 1,
      description: `block ${k} frame: portal bits 255 at ${hex(at + 1)}`,
    };
  }
  if (op === OP_CONFIGSTRING) {
    const value = ctx.rnd.pick([0xffff, 0x8000, 0x7fff, 4096, 2080]);
    return {
      stream: withU16(fx.stream, at + 1, value),
      damageAt: at + 1,
      description: `block ${k} configstring index → ${value} at ${hex(at + 1)}`,
    };
  }
  const u = unterminate(fx, block, at + 1);
  if (u.first < 0) return garbageRun(fx, ctx);
  return {
    stream: u.stream,
    damageAt: u.first,
    description: `block ${k} opcode ${op}: ${u.count} string terminators removed from ${hex(u.first)}`,
  };
};

const unterminatedStrings = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  const texts = fx.blocks.filter((b) =>
    [OP_SERVERDATA, OP_CONFIGSTRING, 17].includes(fx.stream[b.offset + b.header] & 31),
  );
  const block = texts.length > 0 ? ctx.rnd.pick(texts) : anyBlock(fx, ctx).block;
  const u = unterminate(fx, block, ctx.rnd.int(block.offset + 3, blockEnd(block) - 1));
  if (u.first < 0) return garbageRun(fx, ctx);
  return {
    stream: u.stream,
    damageAt: u.first,
    description: `${u.count} string terminators removed from ${hex(u.first)} (block at ${hex(block.offset)})`,
  };
};

/** A field of a serverdata command (protocol, version, flags, servercount, clientNum, configstring index) made huge. */
const hugeServerdataField = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  const serverdata = fx.blocks.filter(
    (b) => (fx.stream[b.offset + b.header] & 31) === OP_SERVERDATA,
  );
  const block = ctx.rnd.pick(serverdata.length > 0 ? serverdata : fx.blocks);
  const at = ctx.rnd.int(
    block.offset + block.header + 1,
    Math.min(blockEnd(block) - 2, block.offset + 64),
  );
  const value = ctx.rnd.pick([0xffff, 0x7fff, 0x8000, 0]);
  return {
    stream: withU16(fx.stream, at, value),
    damageAt: at,
    description: `serverdata u16 at ${hex(at)} → ${value}`,
  };
};

/** Two blocks exchanged, a block repeated or a block missing: intact framing, broken deltas. */
const reorderBlocks = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  const { rnd } = ctx;
  const { k, block } = anyBlock(fx, ctx);
  const bytes = fx.stream.subarray(block.offset, blockEnd(block));
  const variant = rnd.int(0, 2);
  if (variant === 0 && k + 1 < fx.blocks.length) {
    const j = rnd.int(k + 1, Math.min(fx.blocks.length - 1, k + 20));
    const other = fx.blocks[j];
    const stream = concatBytes([
      fx.stream.subarray(0, block.offset),
      fx.stream.subarray(other.offset, blockEnd(other)),
      fx.stream.subarray(blockEnd(block), other.offset),
      bytes,
      fx.stream.subarray(blockEnd(other)),
    ]);
    return {
      stream,
      damageAt: block.offset,
      description: `blocks ${k} and ${j} swapped (from ${hex(block.offset)})`,
    };
  }
  if (variant === 1) {
    return {
      stream: concatBytes([
        fx.stream.subarray(0, blockEnd(block)),
        bytes,
        fx.stream.subarray(blockEnd(block)),
      ]),
      damageAt: blockEnd(block),
      description: `block ${k} repeated at ${hex(blockEnd(block))}`,
    };
  }
  return {
    stream: concatBytes([fx.stream.subarray(0, block.offset), fx.stream.subarray(blockEnd(block))]),
    damageAt: block.offset,
    description: `block ${k} removed at ${hex(block.offset)}`,
  };
};

/** The damaged stream as a file: raw, or wrapped in an intact gzip layer now and then. */
function asFile(
  d: StreamDamage,
  { rnd }: MutationContext,
  format: DemoFixture['format'],
): DemoMutation {
  const ext = format === 'dm2' ? '.dm2' : '.mvd2';
  const damageAt = Math.min(d.damageAt, d.stream.length);
  const cutOnly = d.cutOnly ?? false;
  if (rnd.chance(REGZIP_SHARE)) {
    return {
      bytes: gzip(d.stream, { level: 1 }),
      extension: `${ext}.gz`,
      description: `${d.description}; gzip`,
      damageAt,
      cutOnly,
    };
  }
  return { bytes: d.stream, extension: ext, description: d.description, damageAt, cutOnly };
}

const streamMutator =
  (damage: (fx: DemoFixture, ctx: MutationContext) => StreamDamage): DemoMutator<DemoFixture> =>
  (fx, ctx) =>
    asFile(damage(fx, ctx), ctx, fx.format);

/**
 * Client demo mutations (on an MVD2 fixture each falls back to its MVD2 counterpart, so every
 * mutation kind runs on every fixture). Opcodes a protocol-34 client demo never holds: bad,
 * the out-of-place frame parts, 21..31.
 */
const DM2_BAD_OPCODES = [0, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];

/** Client demos: a block's first command becomes a message protocol 34 does not have. */
const dm2BadMessage = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  if (fx.format !== 'dm2') return badOpcode(fx, ctx);
  const { k, block } = anyBlock(fx, ctx);
  const at = block.offset + block.header;
  const out = Uint8Array.from(fx.stream);
  out[at] = ctx.rnd.pick(DM2_BAD_OPCODES);
  return {
    stream: out,
    damageAt: at,
    description: `block ${k} first message ${fx.stream[at]} → ${out[at]} at ${hex(at)}`,
  };
};

/** Client demos: a length word becomes negative (other than the end mark) or above 32 KiB. */
const dm2BlockLength32 = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  if (fx.format !== 'dm2') return blockLength(fx, ctx);
  const { k, block } = anyBlock(fx, ctx);
  const value = ctx.rnd.pick([-2, -0x7fffffff, 0x8001, 0x7fffffff, block.length + 1, 0]);
  const out = Uint8Array.from(fx.stream);
  new DataView(out.buffer).setInt32(block.offset, value, true);
  return {
    stream: out,
    damageAt: block.offset,
    description: `block ${k} length ${block.length} → ${value} at ${hex(block.offset)}`,
  };
};

/**
 * Client demos: an end mark (-1) early, at a block boundary; the rest becomes trailing data
 * (not a cut: the demo ends properly, with a TRAILING_DATA warning).
 */
const dm2EarlyEndMark = (fx: DemoFixture, ctx: MutationContext): StreamDamage => {
  if (fx.format !== 'dm2') return cutAtBlockBoundary(fx, ctx);
  const { k, block } = anyBlock(fx, ctx);
  const out = Uint8Array.from(fx.stream);
  new DataView(out.buffer).setInt32(block.offset, -1, true);
  return {
    stream: out,
    damageAt: block.offset,
    description: `end mark instead of block ${k} at ${hex(block.offset)}`,
  };
};

export const STREAM_MUTATIONS: Readonly<Record<string, DemoMutator<DemoFixture>>> = {
  'cut-block-boundary': streamMutator(cutAtBlockBoundary),
  'cut-anywhere': streamMutator(cutAnywhere),
  'bit-flips': streamMutator(bitFlips),
  'garbage-run': streamMutator(garbageRun),
  'insert-bytes': streamMutator(insertBytes),
  'delete-bytes': streamMutator(deleteBytes),
  'block-length': streamMutator(blockLength),
  'bad-opcode': streamMutator(badOpcode),
  'huge-command-size': streamMutator(hugeCommandSize),
  'unterminated-strings': streamMutator(unterminatedStrings),
  'huge-serverdata-field': streamMutator(hugeServerdataField),
  'reorder-blocks': streamMutator(reorderBlocks),
  'dm2-bad-message': streamMutator(dm2BadMessage),
  'dm2-block-length': streamMutator(dm2BlockLength32),
  'dm2-early-end-mark': streamMutator(dm2EarlyEndMark),
};
