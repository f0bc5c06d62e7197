/**
 * The bytes of a demo file as a stream of chunks: gzip is recognised by its magic (`1f 8b`),
 * not by the file name, and inflated on the fly with node:zlib (about 3× faster than pako on
 * the fixture demos; see README "Choices"). Nothing holds more than one chunk.
 */
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { constants, createGunzip, type ZlibOptions } from 'node:zlib';

/** Read size from disk and inflate output size. [Units: bytes] */
export const CHUNK_SIZE = 1 << 18;

export interface DemoByteStream {
  readonly gzip: boolean;
  /** Size of the file on disk. [Units: bytes] */
  readonly fileSize: number;
  readonly chunks: AsyncIterable<Uint8Array>;
  /** Stops reading and releases the file. */
  close(): void;
}

/** Distinguishes a cut-short gzip stream (a truncated upload) from a damaged one. */
export function isTruncatedGzip(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(e?.message ?? '');
}

export function isZlibError(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

/** Size of the gzip trailer (CRC32 and ISIZE). [Units: bytes] */
const GZIP_TRAILER = 8;

/**
 * Passes the file through, handing its last 8 bytes (the gzip trailer) to zlib in a write of
 * their own. node:zlib drops the output of a write that ends in an error, so a bad CRC
 * checked in the same write as the last data would swallow the demo's last frames. For the
 * same reason the inflater finishes with Z_SYNC_FLUSH: a cut-short stream then simply ends
 * after everything it holds (the decoder reports TRUNCATED) instead of failing in a last
 * write whose output would be lost.
 */
function splitGzipTrailer(fileSize: number): Transform {
  const cut = fileSize - GZIP_TRAILER;
  let at = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const end = at + chunk.length;
      if (at < cut && end > cut) {
        this.push(chunk.subarray(0, cut - at));
        this.push(chunk.subarray(cut - at));
      } else {
        this.push(chunk);
      }
      at = end;
      done();
    },
  });
}

/**
 * The inflated chunks of a gzip demo; when node:zlib fails on damage it drops the output of its
 * last call, which `inflatedAfter` recovers before the error is passed on.
 */
async function* losslessGunzip(stream: Readable, path: string): AsyncGenerator<Uint8Array> {
  let delivered = 0;
  try {
    for await (const chunk of stream) {
      delivered += (chunk as Uint8Array).length;
      yield chunk as Uint8Array;
    }
  } catch (e) {
    if (isZlibError(e) && !isTruncatedGzip(e)) {
      try {
        // Loaded only on damage: pako is not part of reading a sound demo.
        const { inflatedAfter } = await import('./gzip-recovery.js');
        yield* inflatedAfter(path, delivered);
      } catch {
        // The file cannot be read again: what node:zlib delivered is all there is.
      }
    }
    throw e;
  }
}

/** Opens `path` and returns its (decompressed) bytes. */
export async function openDemoBytes(path: string): Promise<DemoByteStream> {
  const fh = await open(path, 'r');
  let stream: Readable;
  let gzip = false;
  let fileSize = 0;
  try {
    fileSize = (await fh.stat()).size;
    const head = Buffer.alloc(2);
    const { bytesRead } = await fh.read(head, 0, 2, 0);
    gzip = bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
    const raw = fh.createReadStream({ start: 0, highWaterMark: CHUNK_SIZE, autoClose: true });
    stream = gzip
      ? raw.pipe(splitGzipTrailer(fileSize)).pipe(
          createGunzip({
            chunkSize: CHUNK_SIZE,
            finishFlush: constants.Z_SYNC_FLUSH,
            // Room for several output chunks, so zlib keeps inflating while the decoder works
            // (with the 16 KiB default every chunk fills the buffer and zlib waits for a read:
            // measured 58 ms instead of 70 ms waiting over the fixture demos).
            readableHighWaterMark: 4 * CHUNK_SIZE,
          } as ZlibOptions),
        )
      : raw;
    if (gzip) raw.on('error', (e) => stream.destroy(e));
  } catch (e) {
    await fh.close();
    throw e;
  }
  return {
    gzip,
    fileSize,
    chunks: gzip ? losslessGunzip(stream, path) : stream,
    close() {
      stream.destroy();
      void fh.close().catch(() => undefined);
    },
  };
}
