/**
 * The joint between the demo source (`read-demo.ts`) and the readers of each format: what
 * `readDemo` needs of a decoder, and the options it passes on. Each format folder (`../mvd2/`,
 * `../dm2/`) implements this shape; `formats.ts` picks one by the stream's first bytes.
 */
import type { ParsePosition } from './errors.js';

/** Bytes in (any chunking), events out through the `emit` the decoder was made with. */
export interface DemoDecoder {
  /** Bytes consumed so far (decompressed stream). */
  readonly offset: number;
  /** True once the recorder's end mark was read. */
  readonly ended: boolean;
  readonly segments: number;
  /** Frames of all segments so far, baselines included. */
  readonly totalFrames: number;
  push(chunk: Uint8Array): void;
  /** The stream has ended: warns if it stopped early, throws if nothing readable came. */
  finish(): void;
  /** Where the decoder is, for errors raised outside it (gzip damage, I/O). */
  position(): ParsePosition;
}

/** What `readDemo` asks of every decoder; a format ignores what it has no use for. */
export interface DemoDecoderOptions {
  /** Name used in errors and warnings (usually the path). */
  readonly file: string;
  readonly entities?: boolean;
  readonly fullPlayers?: boolean;
  /** Client demos only: the other players inferred from their entities. */
  readonly entityPlayers?: boolean;
  readonly summary?: boolean;
}
