/**
 * Writes a demo to disk from bytes or from a stream of chunks (`generateLargeDemo`), optionally
 * gzip-wrapped on the fly, without holding the whole demo. The file appears atomically: the
 * bytes go to a temporary file in the same folder, which is flushed to disk and renamed.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

export interface DemoFileOptions {
  /** Gzip the stream while writing. Default false. */
  readonly gzip?: boolean;
}

export type DemoBytes = Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

/** Writes `data` to `path`; returns the size of the file. [Units: bytes] */
export async function writeDemoFile(
  path: string,
  data: DemoBytes,
  options: DemoFileOptions = {},
): Promise<number> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const chunks = data instanceof Uint8Array ? [data] : data;
  try {
    const source = Readable.from(chunks, { objectMode: false });
    const sink = createWriteStream(temp);
    if (options.gzip) await pipeline(source, createGzip(), sink);
    else await pipeline(source, sink);
    const fh = await open(temp, 'r+');
    let size: number;
    try {
      await fh.sync();
      size = (await fh.stat()).size;
    } finally {
      await fh.close();
    }
    await rename(temp, path);
    return size;
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}
