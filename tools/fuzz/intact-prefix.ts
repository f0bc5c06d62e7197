/**
 * How much of the undamaged MVD2 stream a damaged demo file still yields: inflate it with an
 * independent inflater (pako, gzip wrapper only, as node:zlib's gunzip) and compare the output
 * with the original stream. Every frame whose block ends within that prefix must still come
 * out of the reader.
 *
 * pako drops the output of its last buffer when inflate fails; the stream state still holds
 * it, so it is taken from there: the prefix counts every byte inflated before the error.
 */
import { Inflate } from 'pako';

/** gzip wrapper only, 32 KiB window (what node:zlib's createGunzip accepts). */
const GZIP_WINDOW_BITS = 16 + 15;
const CHUNK = 1 << 16;
/** zlib's Z_SYNC_FLUSH: hand out everything inflated so far, also when the input stops early. */
const Z_SYNC_FLUSH = 2;

function inflatedPrefix(gz: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  const inflater = new Inflate({ windowBits: GZIP_WINDOW_BITS, chunkSize: CHUNK });
  inflater.onData = (chunk) => parts.push(chunk.slice());
  inflater.push(gz, Z_SYNC_FLUSH);
  const strm = (inflater as unknown as { strm: { output: Uint8Array | null; next_out: number } })
    .strm;
  if (inflater.err !== 0 && strm.output && strm.next_out > 0)
    parts.push(strm.output.slice(0, strm.next_out));
  return parts;
}

/**
 * Length of the longest prefix of `stream` that reading `file` reproduces. A file without the
 * gzip magic is read as it is, as the reader does. [Units: bytes]
 */
export function intactStreamLength(file: Uint8Array, stream: Uint8Array): number {
  const gzip = file.length >= 2 && file[0] === 0x1f && file[1] === 0x8b;
  const parts = gzip ? inflatedPrefix(file) : [file];
  let at = 0;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++, at++) {
      if (at >= stream.length || part[i] !== stream[at]) return at;
    }
  }
  return at;
}
