/**
 * id's PACK archives (`.pak`): a 12-byte header ("PACK", directory offset, directory length,
 * little-endian), then anywhere in the file a directory of 64-byte entries (a 56-byte
 * NUL-padded name, the file's offset and length). Files are stored uncompressed. Only the
 * header and the directory are read on open; an entry's bytes are read when asked for.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { hex } from '../../hex.js';
import {
  entryIndex,
  normalizeGamePath,
  tooLargeToLoad,
  type Archive,
  type ArchiveEntry,
} from './archive-entry.js';
import { ArchiveError } from './errors.js';

const HEADER_BYTES = 12;
const ENTRY_BYTES = 64;
const NAME_BYTES = 56;
/** The engine refuses archives with more files than this. */
export const MAX_FILES_IN_PACK = 1 << 20;
/** q2pro refuses a directory length above `INT_MAX` ("bad directory length"). [Units: bytes] */
const MAX_DIRECTORY_BYTES = 0x7fffffff;
const MAGIC = 0x4b434150; // "PACK" read as a little-endian uint32

export async function openPak(file: string): Promise<Archive> {
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (e) {
    throw new ArchiveError(file, 0, `cannot be opened: ${(e as Error).message}`);
  }
  try {
    const size = (await fh.stat()).size;
    const head = Buffer.alloc(HEADER_BYTES);
    const got = (await fh.read(head, 0, HEADER_BYTES, 0)).bytesRead;
    if (got < HEADER_BYTES) throw new ArchiveError(file, got, 'too short for a PACK header');
    if (head.readUInt32LE(0) !== MAGIC)
      throw new ArchiveError(
        file,
        0,
        `not a PACK archive (starts with ${hex(head.readUInt32LE(0))})`,
      );
    const dirOffset = head.readInt32LE(4);
    // Unsigned, as q2pro reads it: a 2 GB directory is refused for its length, not taken for a
    // negative number.
    const dirLength = head.readUInt32LE(8);
    if (dirLength > MAX_DIRECTORY_BYTES)
      throw new ArchiveError(
        file,
        8,
        `directory length ${dirLength} is more than the engine reads (${MAX_DIRECTORY_BYTES} bytes: q2pro's "bad directory length")`,
      );
    if (dirLength % ENTRY_BYTES !== 0)
      throw new ArchiveError(
        file,
        8,
        `directory length ${dirLength} is not a multiple of ${ENTRY_BYTES}`,
      );
    const count = dirLength / ENTRY_BYTES;
    if (count > MAX_FILES_IN_PACK)
      throw new ArchiveError(
        file,
        8,
        `${count} files, more than the engine's ${MAX_FILES_IN_PACK}`,
      );
    if (dirOffset < 0 || dirOffset + dirLength > size)
      throw new ArchiveError(
        file,
        4,
        `directory ${hex(dirOffset)}+${dirLength} lies outside the file (${size} bytes)`,
      );
    const dir = Buffer.alloc(dirLength);
    await fh.read(dir, 0, dirLength, dirOffset);
    const entries: ArchiveEntry[] = [];
    for (let i = 0; i < count; i++) {
      const at = i * ENTRY_BYTES;
      const raw = dir.subarray(at, at + NAME_BYTES);
      const end = raw.indexOf(0);
      const name = raw.subarray(0, end < 0 ? NAME_BYTES : end).toString('latin1');
      const offset = dir.readUInt32LE(at + NAME_BYTES);
      const length = dir.readUInt32LE(at + NAME_BYTES + 4);
      if (offset + length > size)
        throw new ArchiveError(
          file,
          dirOffset + at + NAME_BYTES,
          `entry "${name}" at ${hex(offset)}+${length} lies outside the file (${size} bytes)`,
        );
      entries.push({
        name,
        key: normalizeGamePath(name),
        offset,
        storedSize: length,
        size: length,
      });
    }
    const find = entryIndex(entries);
    return {
      file,
      kind: 'pak',
      entries,
      find,
      async read(entry) {
        const large = tooLargeToLoad(entry);
        if (large) throw new ArchiveError(file, entry.offset, large);
        const out = new Uint8Array(entry.size);
        const r = await fh.read(out, 0, entry.size, entry.offset);
        if (r.bytesRead !== entry.size)
          throw new ArchiveError(
            file,
            entry.offset + r.bytesRead,
            `entry "${entry.name}" is cut short`,
          );
        return out;
      },
      close: () => fh.close(),
    };
  } catch (e) {
    await fh.close();
    throw e;
  }
}
