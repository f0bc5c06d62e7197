/**
 * The framing both demo readers share: a stream of length-prefixed blocks (MVD2: a magic,
 * then u16 lengths; client demos: i32 lengths), fed in any chunking, and the counters every
 * error and warning names. A reader says what an item (magic, length, block body) means in
 * its own `consume`.
 *
 * Each reader keeps its own `push` loop (the one cutting chunks into items): one loop shared
 * by both would call two `consume` methods from one place, and in a process that reads both
 * kinds that polymorphic call made decoding about 1.2 % slower (callgrind instruction counts,
 * 30 rounds of the fixtures, `node --single-threaded --predictable`); so did a shared framer
 * object handing items back (0.7 %).
 *
 * An item that straddles two chunks, or that ends less than the reader's read slack before
 * its chunk does, is copied once into the carry buffer; all other items are parsed in place.
 */
import { ByteCursor } from './cursor.js';
import { DemoParseError, type DemoParseErrorCode, type ParsePosition } from './errors.js';
import type { DemoEvent } from './events.js';

/** What the next item of the stream is. */
export const enum Phase {
  Magic,
  Length,
  Body,
  Ended,
}

export abstract class BlockFramedDecoder {
  protected readonly file: string;
  protected readonly emit: (event: DemoEvent) => void;
  protected readonly cursor = new ByteCursor();
  /** An item being assembled from several chunks, with the read slack after it. */
  protected readonly carry: Uint8Array;
  protected carryLen = 0;
  protected phase: Phase;
  /** Bytes of the current item. */
  protected need: number;
  /** Absolute offset (decompressed stream) of the next unconsumed byte. */
  protected streamOffset = 0;
  /** Absolute offset of `cursor.buf[0]` while a block is parsed. */
  protected bufBase = 0;
  protected blockIndex = -1;
  protected commandOffset = 0;
  private trailingWarned = false;
  protected segment = -1;
  protected frameIndex = -1;
  /** Frames of the segments before the current one. */
  protected framesBefore = 0;

  /**
   * `maxItem`: the longest item [Units: bytes]; `readSlack`: readable bytes a block needs
   * after its end [Units: bytes]; `phase`/`need`: the first item and its length.
   */
  protected constructor(
    file: string,
    emit: (event: DemoEvent) => void,
    maxItem: number,
    readSlack: number,
    phase: Phase,
    need: number,
  ) {
    this.file = file;
    this.emit = emit;
    this.carry = new Uint8Array(maxItem + readSlack);
    this.phase = phase;
    this.need = need;
  }

  /** Bytes consumed so far (decompressed). */
  get offset(): number {
    return this.streamOffset + this.carryLen;
  }

  /** True once the end mark was read. */
  get ended(): boolean {
    return this.phase === Phase.Ended;
  }

  /** Segments started so far. */
  get segments(): number {
    return this.segment + 1;
  }

  /** Frames emitted so far, all segments. */
  get totalFrames(): number {
    return this.framesBefore + this.frameIndex + 1;
  }

  /** Where the decoder is: for errors raised outside the block parser (I/O, gzip). */
  position(): ParsePosition {
    return {
      file: this.file,
      segment: this.segment,
      block: this.blockIndex,
      offset: this.offset,
      frame: this.frameIndex,
    };
  }

  /** The TRUNCATED warning of a stream that stops without its end mark (`what`: where). */
  protected warnTruncated(what: string): void {
    const at = this.offset;
    this.emit({
      kind: 'warning',
      code: 'TRUNCATED',
      file: this.file,
      offset: at,
      message: `${this.file}@0x${at.toString(16)}: demo stops without the end mark, ${what}; ${
        this.segment + 1
      } segment(s), ${this.frameIndex + 1} frame(s) in the last one were read`,
    });
    this.phase = Phase.Ended;
  }

  /** Drops `bytes` after the end mark, with one warning per stream. */
  protected skipTrailing(bytes: number): void {
    if (!this.trailingWarned) {
      this.trailingWarned = true;
      const at = this.streamOffset;
      this.emit({
        kind: 'warning',
        code: 'TRAILING_DATA',
        file: this.file,
        offset: at,
        message: `${this.file}@0x${at.toString(16)}: data after the end mark ignored`,
      });
    }
    this.streamOffset += bytes;
  }

  protected fail(code: DemoParseErrorCode, reason: string, offset: number, cause?: unknown): never {
    throw new DemoParseError(
      code,
      reason,
      {
        file: this.file,
        segment: this.segment,
        block: this.blockIndex,
        offset,
        frame: this.frameIndex,
      },
      cause === undefined ? undefined : { cause },
    );
  }
}
