/**
 * The per-demo cache: a demo's votes, keyed by the demo's content hash, the hash of the
 * per-demo stage configuration and the tool version, framed as `NGDC` entries
 * (`files/cache-entry.ts`).
 *
 * Adding a demo reads only that demo; removing one simply stops using its entry; changing a
 * graph-stage parameter (the cluster radius…) reuses every entry because graph stages are not
 * in the key. An entry whose checksum or length does not match is reported and recomputed,
 * never trusted.
 */
import {
  decodeEntryOf,
  encodeEntryOf,
  entryPath,
  readEntryOf,
  writeEntryBytes,
  type EntryKind,
} from '../files/cache-entry.js';
import { hashText } from '../files/content-hash.js';
import { VERSION } from '../version.js';
import type { DemoRunResult } from './run-demo.js';

const DEMO_ENTRY: EntryKind = { magic: 'NGDC', version: 1 };

export function cacheKey(contentHash: string, configHash: string): string {
  return hashText(`${contentHash}:${configHash}:${VERSION}`);
}

export function cachePath(cacheDir: string, key: string): string {
  return entryPath(cacheDir, key, 'ngdc');
}

/**
 * Whether a demo's outcome may be cached. Damage found in the demo's bytes is a fact about the
 * file and is cached like votes; a read failure (an I/O error, a reader thread that could not
 * start) is a fact about this process, so it is reported for this build only and the next
 * build reads the demo again.
 */
export function cacheableOutcome(damage: DemoRunResult['damage']): boolean {
  if (!damage) return true;
  return 'code' in damage && damage.code !== 'IO';
}

/** Serialises a result into the entry format (also what workers hand to the main thread). */
export function encodeEntry(result: DemoRunResult): Uint8Array {
  return encodeEntryOf(DEMO_ENTRY, result);
}

/** Checks and decodes an entry; throws {@link CorruptEntryError} for anything wrong with it. */
export function decodeEntry(bytes: Uint8Array): DemoRunResult {
  return decodeEntryOf<DemoRunResult>(DEMO_ENTRY, bytes);
}

/** The cached result, or null for a miss; a corrupt entry is reported through `onCorrupt`. */
export async function readEntry(
  cacheDir: string,
  key: string,
  onCorrupt: (reason: string) => void,
): Promise<{ result: DemoRunResult; bytes: Uint8Array } | null> {
  const hit = await readEntryOf<DemoRunResult>(DEMO_ENTRY, cachePath(cacheDir, key), onCorrupt);
  return hit && { result: hit.value, bytes: hit.bytes };
}

export async function writeEntry(cacheDir: string, key: string, entry: Uint8Array): Promise<void> {
  await writeEntryBytes(cachePath(cacheDir, key), entry);
}
