/**
 * A real `.nav` prepared for mutation: its header fields, its uncompressed payload and where
 * each node record starts, found by walking the payload layout (engine-facts.md) here rather
 * than with the reader under test.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Deflate, inflate } from 'pako';
import { concatBytes } from './concat-bytes.js';

/** [Units: bytes] version + uncompressed length + compressed length. */
export const NAV_HEADER = 9;
/** [Units: bytes] origin 12 + type 1 + nodenum 2 + inuse 4 + link count 1, after the v2 area. */
export const NODE_FIXED = 20;
export const LINK_RECORD = 7;
/** Field offsets inside a node record after the area. [Units: bytes] */
export const AT_ORIGIN = 0;
export const AT_LINK_COUNT = 19;

export interface NavNodeRecord {
  /** Payload offset of the record (its area for version 2). [Units: bytes] */
  readonly offset: number;
  /** Payload offset of the origin. [Units: bytes] */
  readonly fields: number;
  readonly links: number;
}

export interface NavFixture {
  readonly id: string;
  readonly bytes: Uint8Array;
  readonly version: number;
  readonly payload: Uint8Array;
  readonly nodes: readonly NavNodeRecord[];
}

export function loadNavFixture(path: string): NavFixture {
  const bytes = new Uint8Array(readFileSync(path));
  const version = bytes[0];
  const payload = inflate(bytes.subarray(NAV_HEADER));
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const count = view.getUint16(0, true);
  const nodes: NavNodeRecord[] = [];
  let at = 2;
  for (let n = 0; n < count; n++) {
    const fields = at + (version === 2 ? 4 : 0);
    const links = payload[fields + AT_LINK_COUNT];
    nodes.push({ offset: at, fields, links });
    at = fields + NODE_FIXED + links * LINK_RECORD;
  }
  return { id: basename(path), bytes, version, payload, nodes };
}

/** A `.nav` file around `payload`; header length fields can be overridden to lie. */
export function wrapNav(
  version: number,
  stream: Uint8Array,
  uncompressedLength: number,
  compressedLength = stream.length,
): Uint8Array {
  const out = new Uint8Array(NAV_HEADER + stream.length);
  const view = new DataView(out.buffer);
  view.setUint8(0, version);
  view.setInt32(1, uncompressedLength, true);
  view.setInt32(5, compressedLength, true);
  out.set(stream, NAV_HEADER);
  return out;
}

/** zlib stream of `payload` (fast level: the content matters here, not the size). */
export function deflatePayload(payload: Uint8Array): Uint8Array {
  const d = new Deflate({ level: 1 });
  d.push(payload, true);
  return d.result;
}

/** zlib's Z_SYNC_FLUSH: end the output on a byte boundary without ending the stream. */
const Z_SYNC_FLUSH = 2;
/** [Units: bytes] One piece of the zero tail of a bomb. */
const ZERO_PIECE = 1 << 20;
/** A final, empty stored deflate block: ends a raw deflate stream. */
const FINAL_EMPTY_BLOCK = [0x01, 0x00, 0x00, 0xff, 0xff];
const ADLER_MOD = 65521;

let zeroPiece: Uint8Array | null = null;

/** Raw deflate blocks of `data`, sync-flushed: more blocks may follow them. */
function rawBlocks(data: Uint8Array): Uint8Array {
  const d = new Deflate({ level: 9, raw: true });
  d.push(data, Z_SYNC_FLUSH);
  return concatBytes(d.chunks);
}

/**
 * A zlib stream of `payload` followed by `zeros` zero bytes (a whole number of MiB), built
 * without ever holding the zeros: raw deflate blocks that end on a byte boundary can follow one
 * another, so the blocks of 1 MiB of zeros are repeated, then closed by an empty final block;
 * the Adler-32 of the zeros follows from that of the payload (s1 stays, s2 grows by s1 per
 * byte). [Units: bytes]
 */
export function deflateWithZeros(payload: Uint8Array, zeros: number): Uint8Array {
  zeroPiece ??= rawBlocks(new Uint8Array(ZERO_PIECE));
  const head = rawBlocks(payload);
  const pieces = Math.ceil(zeros / ZERO_PIECE);
  let s1 = 1;
  let s2 = 0;
  for (const b of payload) {
    s1 = (s1 + b) % ADLER_MOD;
    s2 = (s2 + s1) % ADLER_MOD;
  }
  s2 = (s2 + ((pieces * ZERO_PIECE) % ADLER_MOD) * s1) % ADLER_MOD;
  const adler = ((s2 << 16) | s1) >>> 0;
  const parts = [
    Uint8Array.of(0x78, 0xda),
    head,
    ...Array.from({ length: pieces }, () => zeroPiece!),
    Uint8Array.from(FINAL_EMPTY_BLOCK),
  ];
  const tail = Uint8Array.of(
    adler >>> 24,
    (adler >>> 16) & 0xff,
    (adler >>> 8) & 0xff,
    adler & 0xff,
  );
  return concatBytes([...parts, tail]);
}
