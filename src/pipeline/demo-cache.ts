/**
 * The per-demo cache: a demo's votes, keyed by the demo's content hash, the hash of the
 * per-demo stage configuration and the tool version, stored with msgpackr.
 *
 * Adding a demo reads only that demo; removing one simply stops using its entry; changing a
 * graph-stage parameter (the cluster radius…) reuses every entry because graph stages are not
 * in the key. An entry is `NGDC` + format version + payload length + SHA-256 of the payload +
 * payload, written atomically (temp file, fsync, rename); an entry whose checksum or length
 * does not match is reported and recomputed, never trusted.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Packr } from 'msgpackr';
import { writeFileAtomic } from '../sinks/atomic-write.js';
import { VERSION } from '../version.js';
import type { DemoRunResult } from './run-demo.js';

const MAGIC = 0x4344474e; // "NGDC" little-endian
const FORMAT_VERSION = 1;
const HEADER_BYTES = 4 + 4 + 4 + 32;

/**
 * msgpackr must be told to keep typed arrays as typed arrays (`moreTypes`): with its defaults,
 * version 2 writes a Float32Array as bytes from the wrong offset (found by our round-trip test).
 */
export const packr = new Packr({ moreTypes: true, useRecords: false });

/** SHA-256 of a file's bytes, streamed (demos can be large). */
export function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path, { highWaterMark: 1 << 20 })
      .on('data', (chunk) => h.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

/** Canonical JSON: object keys sorted, so equal configurations hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function cacheKey(contentHash: string, configHash: string): string {
  return hashText(`${contentHash}:${configHash}:${VERSION}`);
}

export function cachePath(cacheDir: string, key: string): string {
  return join(cacheDir, key.slice(0, 2), `${key}.ngdc`);
}

/** Serialises a result into the entry format (also what workers hand to the main thread). */
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

export function encodeEntry(result: DemoRunResult): Uint8Array {
  const payload = packr.pack(result);
  const out = new Uint8Array(HEADER_BYTES + payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, FORMAT_VERSION, true);
  view.setUint32(8, payload.length, true);
  out.set(createHash('sha256').update(payload).digest(), 12);
  out.set(payload, HEADER_BYTES);
  return out;
}

export class CorruptEntryError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CorruptEntryError';
  }
}

/** Checks and decodes an entry; throws {@link CorruptEntryError} for anything wrong with it. */
export function decodeEntry(bytes: Uint8Array): DemoRunResult {
  if (bytes.length < HEADER_BYTES)
    throw new CorruptEntryError(`entry is ${bytes.length} bytes, shorter than its header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new CorruptEntryError('bad magic');
  if (view.getUint32(4, true) !== FORMAT_VERSION)
    throw new CorruptEntryError('other format version');
  const length = view.getUint32(8, true);
  if (bytes.length !== HEADER_BYTES + length) {
    throw new CorruptEntryError(
      `payload is ${bytes.length - HEADER_BYTES} bytes, header says ${length}`,
    );
  }
  const payload = bytes.subarray(HEADER_BYTES);
  const sum = createHash('sha256').update(payload).digest();
  if (!sum.equals(Buffer.from(bytes.buffer, bytes.byteOffset + 12, 32)))
    throw new CorruptEntryError('checksum mismatch');
  try {
    return packr.unpack(payload) as DemoRunResult;
  } catch (e) {
    throw new CorruptEntryError(`payload does not decode: ${(e as Error).message}`);
  }
}

/** The cached result, or null for a miss; a corrupt entry is reported through `onCorrupt`. */
export async function readEntry(
  cacheDir: string,
  key: string,
  onCorrupt: (reason: string) => void,
): Promise<{ result: DemoRunResult; bytes: Uint8Array } | null> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(cachePath(cacheDir, key));
  } catch {
    return null;
  }
  try {
    return { result: decodeEntry(bytes), bytes };
  } catch (e) {
    onCorrupt((e as Error).message);
    return null;
  }
}

export async function writeEntry(cacheDir: string, key: string, entry: Uint8Array): Promise<void> {
  const path = cachePath(cacheDir, key);
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, entry);
}
