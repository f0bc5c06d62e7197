/**
 * The demo formats `readDemo` knows, told apart by the first four bytes of the (gunzipped)
 * stream, never by the file name: `MVD2` is a multi-view demo, anything else a Quake 2 client
 * demo. A new format adds its folder beside `../mvd2/` and `../dm2/` (a decoder of the
 * {@link DemoDecoder} shape emitting the events of `events.ts`) and its test in `decoderFor`.
 */
import { Dm2Decoder } from '../dm2/decoder.js';
import { Mvd2Decoder } from '../mvd2/decoder.js';
import { MVD_MAGIC } from '../mvd2/protocol.js';
import type { DemoDecoder, DemoDecoderOptions } from './demo-decoder.js';
import type { DemoEvent } from './events.js';

/**
 * The decoder for a stream starting with `head` (at least four bytes), or for a stream of
 * under four bytes (`head` null: too short for either format; the MVD2 reader says so).
 */
export function decoderFor(
  head: Uint8Array | null,
  options: DemoDecoderOptions,
  emit: (event: DemoEvent) => void,
): DemoDecoder {
  const magic =
    head && head.length >= 4
      ? (head[0] | (head[1] << 8) | (head[2] << 16) | (head[3] << 24)) >>> 0
      : MVD_MAGIC;
  return magic === MVD_MAGIC
    ? new Mvd2Decoder(
        {
          file: options.file,
          entities: options.entities,
          fullPlayers: options.fullPlayers,
          summary: options.summary,
        },
        emit,
      )
    : new Dm2Decoder(
        {
          file: options.file,
          entities: options.entities,
          fullPlayers: options.fullPlayers,
          entityPlayers: options.entityPlayers,
          summary: options.summary,
        },
        emit,
      );
}
