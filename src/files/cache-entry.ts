/**
 * The frame of every cache entry navgen writes (per-demo votes, map analyses, link verdicts):
 * four magic bytes that say what the entry holds, a format version, the payload's length and
 * its SHA-256, then the payload (msgpack). Entries are written atomically (temp file, fsync,
 * rename) at `cache/ab/abcdef….ext`, by content-hash key; a damaged, truncated or foreign entry
 * fails its check and is reported and recomputed, never trusted.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Packr } from 'msgpackr';
import { writeFileAtomic } from './atomic-write.js';

/**
 * msgpackr must be told to keep typed arrays as typed arrays (`moreTypes`): with its defaults,
 * version 2 writes a Float32Array as bytes from the wrong offset (found by our round-trip test).
 */
export const packr = new Packr({ moreTypes: true, useRecords: false });

/** What an entry holds and how: its magic (four ASCII letters) and format version. */
export interface EntryKind {
  readonly magic: string;
  readonly version: number;
}

const HEADER_BYTES = 4 + 4 + 4 + 32;

export class CorruptEntryError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CorruptEntryError';
  }
}

function magicNumber(kind: EntryKind): number {
  if (!/^[A-Z0-9]{4}$/.test(kind.magic)) throw new RangeError(`bad entry magic ${kind.magic}`);
  return Buffer.from(kind.magic, 'latin1').readUInt32LE(0);
}

/** `payload` framed as an entry of `kind`. */
export function frameEntry(kind: EntryKind, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEADER_BYTES + payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, magicNumber(kind), true);
  view.setUint32(4, kind.version, true);
  view.setUint32(8, payload.length, true);
  out.set(createHash('sha256').update(payload).digest(), 12);
  out.set(payload, HEADER_BYTES);
  return out;
}

/** The payload of an entry of `kind`; throws {@link CorruptEntryError} for anything wrong. */
export function unframeEntry(kind: EntryKind, bytes: Uint8Array): Uint8Array {
  if (bytes.length < HEADER_BYTES)
    throw new CorruptEntryError(`entry is ${bytes.length} bytes, shorter than its header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== magicNumber(kind)) throw new CorruptEntryError('bad magic');
  if (view.getUint32(4, true) !== kind.version) throw new CorruptEntryError('other format version');
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
  return payload;
}

/** `value` packed and framed. */
export function encodeEntryOf(kind: EntryKind, value: unknown): Uint8Array {
  return frameEntry(kind, packr.pack(value));
}

/** An entry's value, checked; throws {@link CorruptEntryError}. */
export function decodeEntryOf<T>(kind: EntryKind, bytes: Uint8Array): T {
  const payload = unframeEntry(kind, bytes);
  try {
    return packr.unpack(payload) as T;
  } catch (e) {
    throw new CorruptEntryError(`payload does not decode: ${(e as Error).message}`);
  }
}

/** Where the entry of `key` (a hex hash) lives: a fan-out folder of its first two digits. */
export function entryPath(cacheDir: string, key: string, extension: string): string {
  return join(cacheDir, key.slice(0, 2), `${key}.${extension}`);
}

/**
 * The entry's value, or null for a miss; a damaged entry is reported through `onCorrupt` (and
 * is then a miss: the caller recomputes and writes it again).
 */
export async function readEntryOf<T>(
  kind: EntryKind,
  path: string,
  onCorrupt: (reason: string) => void,
): Promise<{ value: T; bytes: Uint8Array } | null> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch {
    return null;
  }
  try {
    const value = decodeEntryOf<T>(kind, bytes);
    // Used now: the cache's bound removes the entries used longest ago (`cache-bound.ts`).
    const now = new Date();
    await utimes(path, now, now).catch(() => undefined);
    return { value, bytes };
  } catch (e) {
    onCorrupt((e as Error).message);
    return null;
  }
}

/** Writes framed bytes atomically, making the fan-out folder. */
export async function writeEntryBytes(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, bytes);
}
