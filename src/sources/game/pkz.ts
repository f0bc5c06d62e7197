/**
 * `.pkz` archives: zip files (stored or deflated entries, as the engine reads them), read with
 * yauzl — the central directory on open, an entry's bytes when asked for, so finding one map in
 * a large archive reads little of it. yauzl checks the directory and every entry's sizes and
 * CRC; its messages are passed on with the archive's name and the entry's offset.
 */
import { close as closeFd, fstat, open as openFd, read as readFd } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { hex } from '../../hex.js';
import {
  entryIndex,
  normalizeGamePath,
  tooLargeToLoad,
  type Archive,
  type ArchiveEntry,
} from './archive-entry.js';
import { ArchiveError } from './errors.js';

/** The engine reads these two methods only (0 stored, 8 deflate). */
const METHODS = new Set([0, 8]);
/** A local file header without its name and extra field. [Units: bytes] */
const LOCAL_HEADER_BYTES = 30;
/** Where a central directory record keeps the offset of its entry's local header. */
const LOCAL_HEADER_OFFSET_AT = 42;

/**
 * Where yauzl reads the next central directory record (`readEntryCursor`, not part of its
 * documented API): with it an error names the record at fault; without it, the directory.
 */
function directoryCursor(zip: ZipFile): number | null {
  const cursor = (zip as unknown as { readEntryCursor?: unknown }).readEntryCursor;
  return typeof cursor === 'number' ? cursor : null;
}

/**
 * yauzl's view of the file, with every read checked against the file's size first. yauzl reads
 * where the archive's own fields say (a ZIP64 locator's 64-bit offset among them); through its
 * default reader, a read at an offset past 2^53 made node's `fs.read` throw inside one of
 * yauzl's callbacks, where no caller could catch it: navgen stopped with a RangeError and a
 * stack trace (found by fuzzing). Here such a read fails as a stream error, which yauzl passes
 * on to the caller.
 *
 * The descriptor is closed by the archive's `close` (`shut`), not only when yauzl's reference
 * count comes back to zero: a read stream that failed never gives its reference back, and the
 * descriptor would stay open (measured: a fuzz run ran out of descriptors). Reads after that
 * fail instead of reading a descriptor number the system may have given to another file.
 */
class CheckedReader extends yauzl.RandomAccessReader {
  private closed = false;

  constructor(
    private readonly fd: number,
    private readonly size: number,
  ) {
    super();
  }

  /** Closes the descriptor once, whoever asks first (yauzl or the archive). */
  shut(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    return promisify(closeFd)(this.fd).catch(() => undefined);
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const { fd, size } = this;
    // The streams' own `this` is the stream: they ask the archive through this.
    const closed = () => this.closed;
    if (
      !Number.isSafeInteger(start) ||
      !Number.isSafeInteger(end) ||
      start < 0 ||
      start > end ||
      end > size
    ) {
      return new Readable({
        read() {
          this.destroy(
            new Error(`the archive points outside the file: bytes ${start} to ${end} of ${size}`),
          );
        },
      });
    }
    // Positioned reads of the shared descriptor (a stream of fs.createReadStream would close
    // it when yauzl destroys the stream).
    let at = start;
    return new Readable({
      read(wanted) {
        const n = Math.min(wanted, end - at);
        if (closed()) {
          this.destroy(new Error('the archive was closed'));
          return;
        }
        if (n <= 0) {
          this.push(null);
          return;
        }
        const chunk = Buffer.allocUnsafe(n);
        readFd(fd, chunk, 0, n, at, (err, got) => {
          if (err) this.destroy(err);
          else if (got === 0) this.push(null);
          else {
            at += got;
            this.push(got < n ? chunk.subarray(0, got) : chunk);
          }
        });
      },
    });
  }

  override close(callback: (err: Error | null) => void): void {
    void this.shut().then(() => callback(null));
  }
}

export async function openPkz(file: string): Promise<Archive> {
  let zip: ZipFile;
  let fd: number;
  let size: number;
  let reader: CheckedReader | null = null;
  try {
    fd = await promisify(openFd)(file, 'r');
  } catch (e) {
    throw new ArchiveError(file, 0, `cannot be opened: ${(e as Error).message}`);
  }
  try {
    size = (await promisify(fstat)(fd)).size;
    reader = new CheckedReader(fd, size);
    zip = await yauzl.fromRandomAccessReaderPromise(reader, size, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: true,
      // Backslashes become slashes instead of failing: Windows tools write them.
      strictFileNames: false,
    });
  } catch (e) {
    if (reader) await reader.shut();
    else await promisify(closeFd)(fd).catch(() => undefined);
    throw new ArchiveError(file, 0, `not a readable zip archive: ${(e as Error).message}`);
  }
  const checked = reader;
  const shut = async () => {
    zip.close();
    await checked.shut();
  };
  const entries: ArchiveEntry[] = [];
  const zipEntries = new Map<ArchiveEntry, Entry>();
  let bad: ArchiveError | null = null;
  try {
    let record = directoryCursor(zip);
    for await (const e of zip.eachEntry()) {
      const at = record;
      record = directoryCursor(zip);
      // yauzl checks this only once the entry is read: every error about an entry names its
      // local header's offset, so that offset must lie in the file (found by fuzzing).
      if (e.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES > size) {
        bad = new ArchiveError(
          file,
          at === null ? 0 : at + LOCAL_HEADER_OFFSET_AT,
          `entry "${e.fileName}": its local header at ${hex(e.relativeOffsetOfLocalHeader)} lies outside the file (${size} bytes)`,
        );
        break;
      }
      if (e.fileName.endsWith('/')) continue; // a folder
      const entry: ArchiveEntry = {
        name: e.fileName,
        key: normalizeGamePath(e.fileName),
        offset: e.relativeOffsetOfLocalHeader,
        storedSize: e.compressedSize,
        size: e.uncompressedSize,
      };
      entries.push(entry);
      zipEntries.set(entry, e);
    }
  } catch (e) {
    await shut();
    throw new ArchiveError(file, 0, `zip directory cannot be read: ${(e as Error).message}`);
  }
  if (bad) {
    await shut();
    throw bad;
  }
  const find = entryIndex(entries);
  return {
    file,
    kind: 'pkz',
    entries,
    find,
    async read(entry) {
      const e = zipEntries.get(entry);
      if (!e)
        throw new ArchiveError(
          file,
          entry.offset,
          `"${entry.name}" is not an entry of this archive`,
        );
      const large = tooLargeToLoad(entry);
      if (large) throw new ArchiveError(file, entry.offset, large);
      if (!METHODS.has(e.compressionMethod))
        throw new ArchiveError(
          file,
          entry.offset,
          `entry "${entry.name}" uses compression method ${e.compressionMethod} (the engine reads 0 and 8 only)`,
        );
      try {
        const stream = await zip.openReadStreamPromise(e);
        const parts: Buffer[] = [];
        for await (const chunk of stream) parts.push(chunk as Buffer);
        return new Uint8Array(Buffer.concat(parts));
      } catch (err) {
        throw new ArchiveError(
          file,
          entry.offset,
          `entry "${entry.name}": ${(err as Error).message}`,
        );
      }
    },
    close: shut,
  };
}
