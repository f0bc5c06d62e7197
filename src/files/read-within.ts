/**
 * A whole file read with a bound on its size: the readers of navs, reports, waypoints, meshes,
 * edits and pipeline files take a file whole, and a file of gigabytes (a wrong path, a device, a
 * file made to hurt) must be refused before its bytes are in memory, not after. The bound holds
 * for files whose size `stat` cannot tell too (a pipe, `/dev/zero`): the read stops one chunk
 * past it.
 *
 * The error thrown has no `code`, so the readers' "cannot read: …" messages quote its text.
 */
import { open } from 'node:fs/promises';

/**
 * The most navgen reads of one such file: the engine's own bound on a file it loads (q2pro's
 * `MAX_LOADFILE` is 64 MiB and 4 KiB) rounded down, 20 times the largest report or nav a
 * fixture map gives (a 2.3 MB navtest report), and an eighth of the 512 MiB a read may take in
 * memory (docs/robustness.md). [Units: bytes]
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

const CHUNK_BYTES = 1 << 20;

/** A file larger than a reader takes. */
export class FileTooLargeError extends Error {
  constructor(
    /** The file's size; null when it has none to tell (a pipe), only that it goes on. */
    readonly bytes: number | null,
    readonly limit: number,
  ) {
    super(
      `the file holds ${bytes ?? `more than ${limit}`} bytes, more than navgen reads of it (${limit} bytes)`,
    );
    this.name = 'FileTooLargeError';
  }
}

/** The bytes of `path`, at most `limit` of them; a larger file is a {@link FileTooLargeError}. */
export async function readFileWithin(path: string, limit = MAX_FILE_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    if (size > limit) throw new FileTooLargeError(size, limit);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limit + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limit) throw new FileTooLargeError(null, limit);
      chunks.push(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

/** {@link readFileWithin} as UTF-8 text. */
export async function readTextWithin(path: string, limit = MAX_FILE_BYTES): Promise<string> {
  return (await readFileWithin(path, limit)).toString('utf8');
}
