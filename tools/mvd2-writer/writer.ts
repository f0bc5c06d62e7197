/**
 * Our own MVD2 writer: demos encoded the way q2pro's recorder encodes them (`mvd.c`), for
 * tests with known truth and for benchmarks. Like a recorder, {@link Mvd2Writer} streams: it
 * holds one segment's delta state and one block, and hands each finished block to a sink, so
 * a demo of any size can be produced. {@link writeDemo} builds a whole (small) demo in memory
 * and adds the file-level edge cases: gzip, a cut at any byte, bytes after the end mark.
 *
 * @example
 * const { bytes } = writeDemo({ segments: [{ serverdata, baseline, frames }] }, { gzip: true });
 * @see synthetic.ts for scenarios described as player tracks
 */
import { gzipSync } from 'node:zlib';
import { MVD_MAGIC } from '../../src/sources/mvd2/protocol.js';
import {
  BlockPacker,
  type BlockLayout,
  type BlockingOptions,
  type EncodedCommand,
} from './block-packer.js';
import { ByteWriter } from './byte-writer.js';
import { writeCommand, type MvdCommand } from './commands.js';
import type { DemoInput, FrameInput, FrameState } from './demo-input.js';
import { FrameEncoder } from './frame-encoder.js';
import { writeServerdataHead, type ServerdataInput } from './serverdata.js';
import { wireFormat } from './wire-format.js';

export interface Mvd2WriterOptions extends BlockingOptions {
  /** Write the recorder's end mark (a zero block length) at the end. Default true. */
  readonly endMark?: boolean;
  /** Bytes appended after the end mark (or after the last block without one). */
  readonly trailing?: Uint8Array;
  /** Receives the layout of every block, for tests that cut or damage a demo at a known place. */
  readonly onBlock?: (layout: BlockLayout) => void;
}

/** Streaming writer: magic, then segments and frames in order, then {@link finish}. */
export class Mvd2Writer {
  private readonly options: Mvd2WriterOptions;
  private readonly packer: BlockPacker;
  private readonly scratch = new ByteWriter(4096);
  private encoder: FrameEncoder | null = null;
  private segment = -1;
  private frameIndex = 0;
  private finished = false;

  /** @param sink receives the stream's bytes in order, starting with the magic */
  constructor(
    options: Mvd2WriterOptions,
    private readonly sink: (bytes: Uint8Array) => void,
  ) {
    this.options = options;
    const magic = new Uint8Array(4);
    new DataView(magic.buffer).setUint32(0, MVD_MAGIC, true);
    sink(magic);
    this.packer = new BlockPacker(options, magic.length, (bytes, layout) => {
      options.onBlock?.(layout);
      sink(bytes);
    });
  }

  /** Starts a segment: a serverdata command with its configstrings and baseline frame (frame 0). */
  serverdata(serverdata: ServerdataInput, baseline: FrameState): void {
    this.checkOpen();
    const fmt = wireFormat(serverdata.version, serverdata.flags ?? 0);
    this.encoder = new FrameEncoder(fmt, serverdata.maxclients);
    this.segment++;
    this.frameIndex = 0;
    const w = this.scratch;
    w.clear();
    writeServerdataHead(w, serverdata, fmt);
    this.encoder.writeBaseline(w, baseline);
    this.packer.addFrame([this.encoded('serverdata', 0)]);
  }

  /** Adds the next frame of the current segment, with the commands of its block. */
  frame(frame: FrameInput): void {
    this.checkOpen();
    if (this.encoder === null) throw new Error('a frame before the first serverdata');
    this.frameIndex++;
    const commands: EncodedCommand[] = [];
    for (const c of frame.before ?? []) commands.push(this.command(c));
    const w = this.scratch;
    w.clear();
    this.encoder.writeFrame(w, frame);
    commands.push(this.encoded('frame', this.frameIndex));
    for (const c of frame.after ?? []) commands.push(this.command(c));
    this.packer.addFrame(commands);
  }

  /** Ends the stream: the last block, the end mark unless disabled, the trailing bytes. */
  finish(): void {
    this.checkOpen();
    this.packer.flush();
    if (this.options.endMark ?? true) this.sink(new Uint8Array(2));
    if (this.options.trailing !== undefined) this.sink(this.options.trailing.slice());
    this.finished = true;
  }

  private command(c: MvdCommand): EncodedCommand {
    const w = this.scratch;
    w.clear();
    writeCommand(w, c);
    return this.encoded(c.kind, -1);
  }

  private encoded(kind: string, frame: number): EncodedCommand {
    return { bytes: this.scratch.toBytes(), kind, segment: this.segment, frame };
  }

  private checkOpen(): void {
    if (this.finished) throw new Error('the writer has finished');
  }
}

export interface WriteDemoOptions extends Mvd2WriterOptions {
  /** Wrap the stream in gzip (node:zlib). Default false. */
  readonly gzip?: boolean;
  /** Keep only the first bytes of the file (after gzip). [Units: bytes] */
  readonly truncateAt?: number;
}

export interface WrittenDemo {
  /** The file's bytes. */
  readonly bytes: Uint8Array;
  /** The uncompressed MVD2 stream (equal to `bytes` without gzip and truncation). */
  readonly stream: Uint8Array;
  /** Where every block and command is in `stream`. */
  readonly blocks: readonly BlockLayout[];
}

/** Writes a whole demo in memory. */
export function writeDemo(demo: DemoInput, options: WriteDemoOptions = {}): WrittenDemo {
  const chunks: Uint8Array[] = [];
  const blocks: BlockLayout[] = [];
  const writer = new Mvd2Writer({ ...options, onBlock: (b) => blocks.push(b) }, (c) =>
    chunks.push(c),
  );
  for (const segment of demo.segments) {
    writer.serverdata(segment.serverdata, segment.baseline);
    for (const frame of segment.frames) writer.frame(frame);
  }
  writer.finish();
  const stream = Buffer.concat(chunks);
  let bytes: Uint8Array = options.gzip ? gzipSync(stream) : stream;
  if (options.truncateAt !== undefined) bytes = bytes.subarray(0, options.truncateAt);
  return { bytes: new Uint8Array(bytes), stream: new Uint8Array(stream), blocks };
}
