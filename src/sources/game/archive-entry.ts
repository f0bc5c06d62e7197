/**
 * What the game's archives (`.pak`, `.pkz`) hold, as the engine sees it: entry names compared
 * without case after normalising the path (backslashes to slashes, no `.`/`..`, no doubled,
 * leading or trailing slashes), and, when one archive names a file twice, its later entry wins
 * (the engine's name hash chains put later entries first).
 */

/**
 * The largest file the engine loads (`MAX_LOADFILE` in q2pro's `files.h`: 64 MiB and 4 KiB of
 * slop); a map or any other entry larger than that is nothing the game reads, and an entry
 * that claims more (a zip bomb: a few KB that inflate to gigabytes) is refused from its
 * directory record, before a byte of it is inflated. [Units: bytes]
 */
export const MAX_LOADFILE = 0x4001000;

/** Why `entry` cannot be read, or null when its size is one the engine loads. */
export function tooLargeToLoad(entry: ArchiveEntry): string | null {
  return entry.size > MAX_LOADFILE
    ? `entry "${entry.name}" holds ${entry.size} bytes, more than the engine loads (${MAX_LOADFILE} bytes: q2pro's MAX_LOADFILE)`
    : null;
}

export interface ArchiveEntry {
  /** The name as stored. */
  readonly name: string;
  /** Normalised and lower-cased: what lookups compare. */
  readonly key: string;
  /** Where the stored bytes start. [Units: bytes from the start of the archive] */
  readonly offset: number;
  /** Stored (possibly compressed) size. [Units: bytes] */
  readonly storedSize: number;
  /** Size once extracted. [Units: bytes] */
  readonly size: number;
}

/** An opened archive: its entries, and their bytes on demand. */
export interface Archive {
  readonly file: string;
  readonly kind: 'pak' | 'pkz';
  readonly entries: readonly ArchiveEntry[];
  /** The entry named `path` (any case, any slashes), or null. */
  find(path: string): ArchiveEntry | null;
  read(entry: ArchiveEntry): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** A path as the engine compares it: see the file comment. */
export function normalizeGamePath(path: string): string {
  const out: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/').toLowerCase();
}

/** A lookup table over `entries` where a later entry of the same name wins. */
export function entryIndex(
  entries: readonly ArchiveEntry[],
): (path: string) => ArchiveEntry | null {
  const byKey = new Map<string, ArchiveEntry>();
  for (const e of entries) byKey.set(e.key, e);
  return (path) => byKey.get(normalizeGamePath(path)) ?? null;
}
