/**
 * The joint between the demo source (`read-demo.ts`) and the readers of each format: what
 * `readDemo` needs of a decoder, the options it passes on, and what a format tells the registry
 * (`formats.ts`: its name, its detection, its decoder). Each format folder (`../mvd2/`,
 * `../dm2/`) implements the decoder; its {@link DemoFormat} is one entry of the registry.
 */
import type { ParsePosition } from './errors.js';
import type { DemoEvent } from './events.js';

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

/** A demo format, as the registry (`formats.ts`) holds it. */
export interface DemoFormat {
  /** Short name, e.g. `mvd2`. */
  readonly name: string;
  /** The file name ending of its demos, before an optional `.gz` (e.g. `mvd2`). */
  readonly extension: string;
  /**
   * Whether a stream starting with `head` is of this format: `head` holds the first four bytes
   * or more (gunzipped), or is null for a stream shorter than that, which no format reads but
   * one reader has to say so.
   */
  detect(head: Uint8Array | null): boolean;
  /** A decoder for such a stream, emitting through `emit`. */
  decoder(options: DemoDecoderOptions, emit: (event: DemoEvent) => void): DemoDecoder;
}
