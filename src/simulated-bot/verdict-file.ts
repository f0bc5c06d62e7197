/**
 * A map's verdict table on disk: one cache entry (`NGSV`, `files/cache-entry.ts`) per map
 * content hash and source fingerprint, holding every verdict any build of that map asked for.
 * Read at the start of a build, written back (atomically) at its end when it grew; a damaged
 * entry is reported and the table starts empty. Two builds of one map at once may each write
 * what they found: the later rename wins and the other's new verdicts are simulated again next
 * time (work lost, never a wrong verdict).
 */
import { hashText } from '../files/content-hash.js';
import { entryPath, readEntryOf, writeEntryBytes, encodeEntryOf } from '../files/cache-entry.js';
import type { EntryKind } from '../files/cache-entry.js';
import { sourceFingerprint } from '../source-fingerprint.js';
import { LINK_REASONS, type LinkResult } from './simulate-link.js';
import { VerdictTable } from './verdict-table.js';

const VERDICT_ENTRY: EntryKind = { magic: 'NGSV', version: 2 };

/** The table as columns (msgpack packs typed arrays as bytes: a tenth of the size of objects). */
interface VerdictColumns {
  readonly keys: string[];
  readonly passed: Uint8Array;
  readonly reason: Uint8Array;
  readonly detail: string[];
  readonly steps: Uint32Array;
  /** [Form: (x, y, z) × verdicts] */
  readonly end: Float64Array;
  readonly health: Float64Array;
  readonly stalled: Uint8Array;
}

export function verdictFilePath(cacheDir: string, mapHash: string): string {
  return entryPath(cacheDir, hashText(`verdicts:${mapHash}:${sourceFingerprint()}`), 'ngsv');
}

function toColumns(entries: readonly (readonly [string, LinkResult])[]): VerdictColumns {
  const n = entries.length;
  const c: VerdictColumns = {
    keys: [],
    passed: new Uint8Array(n),
    reason: new Uint8Array(n),
    detail: [],
    steps: new Uint32Array(n),
    end: new Float64Array(3 * n),
    health: new Float64Array(n),
    stalled: new Uint8Array(n),
  };
  entries.forEach(([key, r], i) => {
    c.keys.push(key);
    c.passed[i] = r.passed ? 1 : 0;
    c.reason[i] = LINK_REASONS.indexOf(r.reason);
    c.detail.push(r.detail);
    c.steps[i] = r.steps;
    c.end.set(r.end, 3 * i);
    c.health[i] = r.health;
    c.stalled[i] = r.stalled ? 1 : 0;
  });
  return c;
}

function fromColumns(c: VerdictColumns): [string, LinkResult][] {
  const n = c.keys.length;
  const sane =
    Array.isArray(c.keys) &&
    Array.isArray(c.detail) &&
    c.detail.length === n &&
    c.passed?.length === n &&
    c.reason?.length === n &&
    c.steps?.length === n &&
    c.end?.length === 3 * n &&
    c.health?.length === n &&
    c.stalled?.length === n;
  if (!sane) throw new Error('verdict columns of unequal lengths');
  return c.keys.map((key, i) => {
    const reason = LINK_REASONS[c.reason[i]];
    if (reason === undefined) throw new Error(`verdict ${i}: unknown reason ${c.reason[i]}`);
    return [
      key,
      {
        passed: c.passed[i] === 1,
        reason,
        detail: c.detail[i],
        steps: c.steps[i],
        end: [c.end[3 * i], c.end[3 * i + 1], c.end[3 * i + 2]],
        health: c.health[i],
        stalled: c.stalled[i] === 1,
      },
    ];
  });
}

/** The map's table from the cache; empty when there is none, or a damaged one (reported). */
export async function loadVerdicts(
  cacheDir: string,
  mapHash: string,
  onCorrupt: (reason: string) => void,
): Promise<VerdictTable> {
  const path = verdictFilePath(cacheDir, mapHash);
  const hit = await readEntryOf<VerdictColumns>(VERDICT_ENTRY, path, onCorrupt);
  if (!hit) return new VerdictTable();
  try {
    return new VerdictTable(fromColumns(hit.value));
  } catch (e) {
    onCorrupt(`${path}: ${(e as Error).message}`);
    return new VerdictTable();
  }
}

/** Writes the table back when it grew in this build; the bytes written (0: nothing new). */
export async function saveVerdicts(
  cacheDir: string,
  mapHash: string,
  table: VerdictTable,
): Promise<number> {
  if (table.added === 0) return 0;
  const bytes = encodeEntryOf(VERDICT_ENTRY, toColumns(table.entries()));
  await writeEntryBytes(verdictFilePath(cacheDir, mapHash), bytes);
  return bytes.length;
}
