/**
 * The demo formats `readDemo` knows: a registry of {@link DemoFormat}s, each told by the first
 * bytes of the (gunzipped) stream, never by the file name, and asked in the order listed: the
 * first that recognises the stream reads it. A new format is a folder beside `../mvd2/` and
 * `../dm2/` (a decoder of the {@link DemoDecoder} shape emitting the events of `events.ts`) and
 * one entry here.
 */
import { Dm2Decoder } from '../dm2/decoder.js';
import { Mvd2Decoder } from '../mvd2/decoder.js';
import { MVD_MAGIC } from '../mvd2/protocol.js';
import type { DemoDecoder, DemoDecoderOptions, DemoFormat } from './demo-decoder.js';
import type { DemoEvent } from './events.js';

/** The first four bytes as a little-endian number (the MVD2 magic's form). */
const magicOf = (head: Uint8Array) =>
  (head[0] | (head[1] << 8) | (head[2] << 16) | (head[3] << 24)) >>> 0;

/** Multi-view demos: the `MVD2` magic. */
const MVD2_FORMAT: DemoFormat = {
  name: 'mvd2',
  extension: 'mvd2',
  // A stream of under four bytes is too short for any format: the MVD2 reader says so, in
  // terms of its magic.
  detect: (head) => head === null || head.length < 4 || magicOf(head) === MVD_MAGIC,
  decoder: (options, emit) =>
    new Mvd2Decoder(
      {
        file: options.file,
        entities: options.entities,
        fullPlayers: options.fullPlayers,
        summary: options.summary,
      },
      emit,
    ),
};

/**
 * Quake 2 client demos: they have no magic number, so they take what no format before them
 * claims; an unknown file is refused by their reader, by its first block's length (the message
 * names both formats).
 */
const DM2_FORMAT: DemoFormat = {
  name: 'dm2',
  extension: 'dm2',
  detect: () => true,
  decoder: (options, emit) =>
    new Dm2Decoder(
      {
        file: options.file,
        entities: options.entities,
        fullPlayers: options.fullPlayers,
        entityPlayers: options.entityPlayers,
        summary: options.summary,
      },
      emit,
    ),
};

/** The formats, in the order they are asked; the last takes every stream. */
export const DEMO_FORMATS: readonly DemoFormat[] = Object.freeze([MVD2_FORMAT, DM2_FORMAT]);

/** The format of a stream starting with `head`, null for a stream of under four bytes. */
export function demoFormatOf(head: Uint8Array | null): DemoFormat {
  for (const format of DEMO_FORMATS) if (format.detect(head)) return format;
  // Not reached: the last format takes every stream.
  throw new Error('no demo format takes this stream');
}

/** The decoder for a stream starting with `head` (see {@link demoFormatOf}). */
export function decoderFor(
  head: Uint8Array | null,
  options: DemoDecoderOptions,
  emit: (event: DemoEvent) => void,
): DemoDecoder {
  return demoFormatOf(head).decoder(options, emit);
}
