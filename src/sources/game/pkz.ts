/**
 * `.pkz` archives: zip files (stored or deflated entries, as the engine reads them), read with
 * yauzl — the central directory on open, an entry's bytes when asked for, so finding one map in
 * a large archive reads little of it. yauzl checks the directory and every entry's sizes and
 * CRC; its messages are passed on with the archive's name and the entry's offset.
 */
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
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

export async function openPkz(file: string): Promise<Archive> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: true,
      // Backslashes become slashes instead of failing: Windows tools write them.
      strictFileNames: false,
    });
  } catch (e) {
    throw new ArchiveError(file, 0, `not a readable zip archive: ${(e as Error).message}`);
  }
  const entries: ArchiveEntry[] = [];
  const zipEntries = new Map<ArchiveEntry, Entry>();
  try {
    for await (const e of zip.eachEntry()) {
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
    zip.close();
    throw new ArchiveError(file, 0, `zip directory cannot be read: ${(e as Error).message}`);
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
    close: async () => zip.close(),
  };
}
