/**
 * Which maps each demo was played on, for `navgen build --all-maps`. A demo's maps are its
 * segments' (a server that recorded across map changes writes several in one file). Reading
 * them means reading the whole demo (a segment can start anywhere), so the answer is kept in
 * the cache folder (`demo-maps.json`, by path, size and modification time): a second run over
 * the same folder reads no demo for this step. How a demo is read is the caller's choice
 * ({@link ReadMaps}): `--all-maps` with a cache reads each demo once for its maps and every
 * map's votes together (../../pipeline/multi-map-read.ts); the summary read is the default.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { summarizeDemo } from '../../sources/demo/demo-summary.js';
import { DemoParseError } from '../../sources/demo/errors.js';
import { writeFileAtomic } from '../../files/atomic-write.js';

const INDEX = 'demo-maps.json';
const VERSION = 1;

interface IndexEntry {
  readonly size: number;
  readonly mtimeMs: number;
  readonly maps: readonly string[];
  /** The reader's error, when the demo is damaged (its maps up to the damage are listed). */
  readonly error: string | null;
}

export interface DemoMaps {
  readonly path: string;
  readonly maps: readonly string[];
  readonly error: string | null;
  /** Read now (false: from the index). */
  readonly read: boolean;
}

/** A demo's maps (each once, in the order they start) and the reader's error, if any. */
export type ReadMaps = (path: string) => Promise<{ maps: readonly string[]; error: string | null }>;

/** The maps from the demo's summary (a read for nothing else). */
export const summaryMaps: ReadMaps = async (path) => {
  const s = await summarizeDemo(path);
  const maps = [...new Set(s.segments.map((g) => g.map))];
  return { maps, error: s.error ? DemoParseError.fromData(s.error).message : null };
};

async function loadIndex(cacheDir: string | null): Promise<Record<string, IndexEntry>> {
  if (!cacheDir) return {};
  try {
    const data = JSON.parse(await readFile(join(cacheDir, INDEX), 'utf8')) as {
      version?: number;
      demos?: Record<string, IndexEntry>;
    };
    return data.version === VERSION && data.demos ? data.demos : {};
  } catch {
    return {}; // none yet, or unreadable: every demo is read again
  }
}

/**
 * The maps of every demo, in the order given; `onDemo` after each (in finishing order).
 * `concurrency` demos are read at a time: a read for the maps alone is light, but the one read
 * of `--all-maps` runs every map's per-demo stages, and the reads of gzip demos inflate in a
 * thread of their own, so two reads overlap well. The index lists demos in the given order.
 */
export async function demoMaps(
  paths: readonly string[],
  cacheDir: string | null,
  onDemo: (d: DemoMaps, done: number) => void = () => undefined,
  readMaps: ReadMaps = summaryMaps,
  concurrency = 1,
): Promise<DemoMaps[]> {
  const index = await loadIndex(cacheDir);
  const out: DemoMaps[] = new Array<DemoMaps>(paths.length);
  const sizes: ({ size: number; mtimeMs: number } | null)[] = new Array(paths.length).fill(null);
  let done = 0;
  let next = 0;
  const one = async (i: number): Promise<void> => {
    const path = paths[i];
    const st = await stat(path).catch(() => null);
    const known = index[path];
    let d: DemoMaps;
    if (st && known && known.size === st.size && known.mtimeMs === st.mtimeMs) {
      d = { path, maps: known.maps, error: known.error, read: false };
    } else {
      const { maps, error } = await readMaps(path);
      d = { path, maps, error, read: true };
      if (st) sizes[i] = { size: st.size, mtimeMs: st.mtimeMs };
    }
    out[i] = d;
    onDemo(d, ++done);
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, paths.length)) }, async () => {
      while (next < paths.length) await one(next++);
    }),
  );
  let changed = false;
  for (let i = 0; i < paths.length; i++) {
    const st = sizes[i];
    if (!st) continue;
    index[paths[i]] = { ...st, maps: out[i].maps, error: out[i].error };
    changed = true;
  }
  if (cacheDir && changed) {
    const text = JSON.stringify({ version: VERSION, demos: index }) + '\n';
    // A cache that cannot be written only costs time on the next run.
    await mkdir(cacheDir, { recursive: true })
      .then(() => writeFileAtomic(join(cacheDir, INDEX), Buffer.from(text)))
      .catch(() => undefined);
  }
  return out;
}

/** Demos by map, maps in name order, demos in the given order. */
export function demosByMap(list: readonly DemoMaps[]): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const d of list) for (const m of d.maps) by.set(m, [...(by.get(m) ?? []), d.path]);
  return new Map([...by].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
