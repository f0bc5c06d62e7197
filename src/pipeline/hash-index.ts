/**
 * Remembers each demo's content hash with the file's identity (size, inode, modification and
 * status-change times), so a rebuild does not read every demo again just to hash it: adding a
 * demo to an archive of thousands reads only that demo.
 *
 * The status-change time cannot be set by tools that copy times (touch, rsync, tar), so a file
 * whose bytes changed never matches its old entry. The index lives in the cache folder, one per
 * map (`hashes-<map>.json`, so pipelines sharing a cache do not evict each other's entries), is
 * written atomically, and a damaged or foreign one is simply ignored: it only ever saves reads,
 * it never decides a result.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import { hashFile } from '../files/content-hash.js';

interface Entry {
  readonly size: number;
  readonly ino: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly sha256: string;
}

const FORMAT = 'navgen-hash-index';

export class HashIndex {
  private readonly entries: Map<string, Entry>;
  private dirty = false;

  private constructor(
    private readonly file: string | null,
    entries: Map<string, Entry>,
  ) {
    this.entries = entries;
  }

  /** The index of a cache folder (empty when there is none yet, or it cannot be trusted). */
  static async open(cacheDir: string | null, map: string): Promise<HashIndex> {
    if (!cacheDir) return new HashIndex(null, new Map());
    const file = join(cacheDir, `hashes-${map.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}.json`);
    try {
      const data = JSON.parse(await readFile(file, 'utf8')) as {
        format?: string;
        entries?: Record<string, Entry>;
      };
      if (data.format !== FORMAT || typeof data.entries !== 'object' || data.entries === null)
        throw new Error('foreign');
      return new HashIndex(file, new Map(Object.entries(data.entries)));
    } catch {
      return new HashIndex(file, new Map());
    }
  }

  /** SHA-256 of `path`, from the index when the file is unchanged, else read and remembered. */
  async hash(path: string): Promise<string> {
    const s = await stat(path);
    const known = this.entries.get(path);
    if (
      known &&
      known.size === s.size &&
      known.ino === s.ino &&
      known.mtimeMs === s.mtimeMs &&
      known.ctimeMs === s.ctimeMs
    ) {
      return known.sha256;
    }
    const sha256 = await hashFile(path);
    this.entries.set(path, {
      size: s.size,
      ino: s.ino,
      mtimeMs: s.mtimeMs,
      ctimeMs: s.ctimeMs,
      sha256,
    });
    this.dirty = true;
    return sha256;
  }

  /** Forgets files that are no longer demos of the build, then writes the index if it changed. */
  async save(keep: readonly string[]): Promise<void> {
    if (!this.file) return;
    const wanted = new Set(keep);
    for (const path of [...this.entries.keys()]) {
      if (!wanted.has(path)) {
        this.entries.delete(path);
        this.dirty = true;
      }
    }
    if (!this.dirty) return;
    const entries = Object.fromEntries(
      [...this.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const text = JSON.stringify({ format: FORMAT, entries });
    await mkdir(join(this.file, '..'), { recursive: true });
    await writeFileAtomic(this.file, Buffer.from(text, 'utf8'));
    this.dirty = false;
  }
}
