/**
 * What node:zlib loses when a gzip demo turns out damaged: the output of its last inflate call
 * (up to one output chunk, 256 KiB of MVD2 stream: hundreds of frames) is dropped with the
 * error, so frames before the damage would never reach the decoder. Found by the fuzz harness
 * (`npm run fuzz`): a gzip demo with a few bytes appended after its trailer lost every frame.
 *
 * On such an error the file is inflated again with pako, streamed from the start, skipping what
 * node:zlib already delivered and yielding the rest up to where pako fails too (the partial
 * output of its last call included, taken from its stream state). It runs only for damaged
 * files, so pako's speed does not matter; memory stays at one input and one output chunk.
 */
import { createReadStream } from 'node:fs';
import { Inflate } from 'pako';

/** gzip wrapper only, 32 KiB window: what node:zlib's gunzip accepts. */
const GZIP_WINDOW_BITS = 16 + 15;
/** zlib's Z_SYNC_FLUSH: hand out everything inflated so far after each input chunk. */
const Z_SYNC_FLUSH = 2;
/** [Units: bytes] */
const CHUNK = 1 << 16;

/** The inflated bytes of the gzip file `path` after the first `skip`, up to its end or its damage. */
export async function* inflatedAfter(path: string, skip: number): AsyncGenerator<Uint8Array> {
  const inflater = new Inflate({ windowBits: GZIP_WINDOW_BITS, chunkSize: CHUNK });
  let pending: Uint8Array[] = [];
  inflater.onData = (chunk) => pending.push(chunk);
  let at = 0;
  function* fresh(): Generator<Uint8Array> {
    const chunks = pending;
    pending = [];
    for (const c of chunks) {
      const end = at + c.length;
      if (end > skip) yield at >= skip ? c : c.subarray(skip - at);
      at = end;
    }
  }
  const input = createReadStream(path, { highWaterMark: CHUNK });
  try {
    for await (const chunk of input) {
      inflater.push(chunk as Buffer, Z_SYNC_FLUSH);
      yield* fresh();
      if (inflater.ended) break;
    }
    if (inflater.err !== 0) {
      const strm = (
        inflater as unknown as { strm: { output: Uint8Array | null; next_out: number } }
      ).strm;
      if (strm.output && strm.next_out > 0) pending.push(strm.output.slice(0, strm.next_out));
      yield* fresh();
    }
  } finally {
    input.destroy();
  }
}
