/**
 * A cache folder's size, kept under a bound: after a build the folder is measured, and when it
 * holds more than the limit the entries used longest ago go first (an entry read by a build has
 * its modification time set then, `cache-entry.ts`), until it fits again. Only navgen's own
 * entries go (the `ab/` fan-out folders' files with the extensions of `ENTRY_EXTENSIONS`); the
 * index files beside them and anything else in the folder stay.
 *
 * Entries sit in the folder itself (floor samples) or one folder down (the fan-out folders,
 * `meshes/`).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What the cache folder holds and what this bound removed. [Units: bytes] */
export interface CacheUse {
  readonly bytes: number;
  readonly entries: number;
  readonly removed: number;
  readonly removedBytes: number;
}

/**
 * The entries navgen writes: per-demo votes, graph stages' results, link verdicts, meshes and
 * floor samples.
 */
export const ENTRY_EXTENSIONS = ['.ngdc', '.nggr', '.ngsv', '.ngnm', '.floor'] as const;

/** Default bound of a cache folder. [Units: bytes] */
export const DEFAULT_CACHE_LIMIT = 4 * 1024 ** 3;

/** `500M`, `2G`, `1.5G`, `800000000`: bytes (K, M, G, T are powers of 1024). */
export function parseSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*$/i.exec(text);
  if (!m) throw new RangeError(`not a size: ${JSON.stringify(text)} (e.g. 500M, 2G)`);
  const power = ' kmgt'.indexOf(m[2].toLowerCase() || ' ');
  return Math.round(Number(m[1]) * 1024 ** power);
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${Math.ceil(bytes / 1024)} KiB`;
}

/** Measures `dir` and removes its least recently used entries past `limit` bytes. */
export async function boundCache(dir: string, limit: number): Promise<CacheUse> {
  const entries: { path: string; bytes: number; used: number }[] = [];
  let other = 0;
  const look = async (path: string, name: string): Promise<void> => {
    const st = await stat(path).catch(() => null);
    if (!st?.isFile()) return;
    if (ENTRY_EXTENSIONS.some((e) => name.endsWith(e)))
      entries.push({ path, bytes: st.size, used: st.mtimeMs });
    else other += st.size;
  };
  for (const top of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, top.name);
    if (!top.isDirectory()) {
      await look(path, top.name);
      continue;
    }
    for (const f of await readdir(path).catch(() => [])) await look(join(path, f), f);
  }
  let bytes = other + entries.reduce((n, e) => n + e.bytes, 0);
  let removed = 0;
  let removedBytes = 0;
  if (bytes > limit) {
    // Oldest use first; ties by path, so two runs remove the same entries.
    entries.sort((a, b) => a.used - b.used || (a.path < b.path ? -1 : 1));
    for (const e of entries) {
      if (bytes <= limit) break;
      await rm(e.path, { force: true });
      bytes -= e.bytes;
      removed++;
      removedBytes += e.bytes;
    }
  }
  return { bytes, entries: entries.length - removed, removed, removedBytes };
}
