/**
 * Helpers for client demo tests: decode bytes in memory (any chunking), list the block
 * boundaries of a demo by walking its length words, and build blocks by hand.
 */
import { Dm2Decoder, type Dm2DecoderOptions } from '../../../src/sources/dm2/decoder.js';
import type { DemoEvent, Frame } from '../../../src/sources/demo/events.js';

export interface Dm2Outcome {
  readonly events: DemoEvent[];
  readonly error: unknown;
}

/** Decodes `bytes` cut into chunks of the given sizes (cycled), then finishes; never throws. */
export function decodeDm2(
  bytes: Uint8Array,
  options: Partial<Dm2DecoderOptions> = {},
  chunkSizes: readonly number[] = [bytes.length],
): Dm2Outcome {
  const events: DemoEvent[] = [];
  const decoder = new Dm2Decoder({ file: 'mem.dm2', ...options }, (e) => events.push(e));
  try {
    let at = 0;
    for (let k = 0; at < bytes.length; k++) {
      const size = Math.max(1, chunkSizes[k % chunkSizes.length]);
      decoder.push(bytes.subarray(at, at + size));
      at += size;
    }
    decoder.finish();
    return { events, error: null };
  } catch (error) {
    return { events, error };
  }
}

export function framesOf(events: readonly DemoEvent[]): Frame[] {
  return events.filter((e): e is Frame => e.kind === 'frame');
}

/** A block: its length word's offset, its body's offset and length. */
export interface BlockSpan {
  readonly at: number;
  readonly body: number;
  readonly length: number;
}

/** The blocks of a complete demo, up to (not including) the end mark. */
export function blocksOf(bytes: Uint8Array): BlockSpan[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: BlockSpan[] = [];
  let at = 0;
  while (at + 4 <= bytes.length) {
    const length = view.getInt32(at, true);
    if (length === -1) break;
    out.push({ at, body: at + 4, length });
    at += 4 + length;
  }
  return out;
}

/** Frames each block completes, by one decode that pushes the demo block by block. */
export function framesPerBlock(bytes: Uint8Array, blocks: readonly BlockSpan[]): number[] {
  const counts: number[] = [];
  let n = 0;
  const decoder = new Dm2Decoder({ file: 'count' }, (e) => {
    if (e.kind === 'frame') n++;
  });
  for (const b of blocks) {
    n = 0;
    decoder.push(bytes.subarray(b.at, b.body + b.length));
    counts.push(n);
  }
  return counts;
}

/** Frames whose blocks end at or before byte `cut`: what a demo cut there still delivers. */
export function framesBefore(
  blocks: readonly BlockSpan[],
  counts: readonly number[],
  cut: number,
): number {
  let frames = 0;
  for (let i = 0; i < blocks.length; i++) {
    if (blocks[i].body + blocks[i].length > cut) break;
    frames += counts[i];
  }
  return frames;
}

export function le32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, n, true);
  return b;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
