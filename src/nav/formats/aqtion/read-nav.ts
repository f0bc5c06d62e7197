/**
 * `.nav` bytes → NavFile, strictly: anything the engine would refuse, misread or never write
 * is a {@link NavReadError} naming the file, the section (file header or uncompressed payload),
 * the byte offset and the reason.
 *
 * Errors, in the order they are found:
 * 1. header: fewer than 9 bytes, version not 1 or 2, a length field ≤ 0 (or an uncompressed
 *    length beyond what 8095 nodes of 32 links take), a file shorter than the header plus the
 *    compressed length, or longer (trailing bytes);
 * 2. zlib: not a zlib stream (gzip or raw deflate included: the engine's `inflateInit` expects
 *    the zlib wrapper), damaged or cut short, or ending before the compressed length does;
 *    then a payload size other than the uncompressed length field (inflating stops at the
 *    first byte beyond it: a zlib bomb costs no memory);
 * 3. payload, while decoding (`decode-payload.ts`): node count + 1 > 8096, more than 32 links,
 *    a record cut short, bytes after the last node;
 * 4. then every error of `validateNav` (link target out of range, nodenum ≠ index, …), except
 *    {@link NAV_READ_TOLERATED_CODES}: a wrong cost or an unknown type number, which the
 *    engine loads and uses as they are, comes back as a warning with the validator's warnings.
 *
 * nodenum ≠ index is an error although the loader copies it blindly: the engine's game code
 * uses `nodes[i].nodenum` as node i's index (path requests, deleted-node marks).
 */
import { readFileWithin } from '../../../files/read-within.js';
import { Inflate, type ZStream } from 'pako';
import { defaultNodeTypes, type NodeTypeTable } from '../../node-types.js';
import type { NavFile } from '../../types.js';
import { NavReadError } from './errors.js';
import { decodeNavPayload } from './decode-payload.js';
import {
  HEADER_COMPRESSED_LENGTH_OFFSET,
  HEADER_UNCOMPRESSED_LENGTH_OFFSET,
  MAX_PAYLOAD_BYTES,
  NAV_HEADER_BYTES,
  NAV_VERSION_1,
  NAV_VERSION_2,
} from './format.js';
import { NAV_READ_TOLERATED_CODES, type NavIssue } from './nav-issue.js';
import { validateNav } from './validate.js';

export interface DecodedNav {
  nav: NavFile;
  /** The uncompressed payload, as stored. */
  payload: Uint8Array;
  /** [Units: bytes] Size of the whole file. */
  fileBytes: number;
  /** Oddities the engine copes with (see the module comment), in payload order. */
  warnings: NavIssue[];
}

/** zlib window of the engine's `inflateInit` (a zlib wrapper, 32 KiB window, no gzip). */
const ZLIB_WINDOW_BITS = 15;

/** Reads and decodes `path` (see {@link decodeNav}). */
export async function readNavFile(
  path: string,
  nodeTypes: NodeTypeTable = defaultNodeTypes,
): Promise<DecodedNav> {
  let bytes: Uint8Array;
  try {
    bytes = await readFileWithin(path);
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new NavReadError(
      'IO',
      `cannot read: ${reason}`,
      { file: path, section: 'file', offset: 0 },
      { cause: e },
    );
  }
  return decodeNav(bytes, path, nodeTypes);
}

/** Decodes the bytes of a `.nav` file; `file` names it in errors. */
export function decodeNav(
  bytes: Uint8Array,
  file: string,
  nodeTypes: NodeTypeTable = defaultNodeTypes,
): DecodedNav {
  const atFile = (offset: number) => ({ file, section: 'file' as const, offset });
  if (bytes.length < NAV_HEADER_BYTES) {
    throw new NavReadError(
      'TRUNCATED_HEADER',
      `${bytes.length} bytes; the header alone is ${NAV_HEADER_BYTES}`,
      atFile(0),
    );
  }
  const head = new DataView(bytes.buffer, bytes.byteOffset, NAV_HEADER_BYTES);
  const version = head.getUint8(0);
  if (version !== NAV_VERSION_1 && version !== NAV_VERSION_2) {
    throw new NavReadError(
      'BAD_VERSION',
      `version ${version}; the engine loads ${NAV_VERSION_1} and ${NAV_VERSION_2}`,
      atFile(0),
    );
  }
  const uncompressedLength = head.getInt32(HEADER_UNCOMPRESSED_LENGTH_OFFSET, true);
  const compressedLength = head.getInt32(HEADER_COMPRESSED_LENGTH_OFFSET, true);
  if (uncompressedLength <= 0 || uncompressedLength > MAX_PAYLOAD_BYTES) {
    throw new NavReadError(
      'BAD_LENGTH',
      `uncompressed length ${uncompressedLength}; a loadable payload has 1..${MAX_PAYLOAD_BYTES} bytes`,
      atFile(HEADER_UNCOMPRESSED_LENGTH_OFFSET),
    );
  }
  if (compressedLength <= 0) {
    throw new NavReadError(
      'BAD_LENGTH',
      `compressed length ${compressedLength}`,
      atFile(HEADER_COMPRESSED_LENGTH_OFFSET),
    );
  }
  const streamEnd = NAV_HEADER_BYTES + compressedLength;
  if (bytes.length < streamEnd) {
    throw new NavReadError(
      'TRUNCATED_FILE',
      `the compressed length says ${compressedLength} bytes, the file holds ${bytes.length - NAV_HEADER_BYTES}`,
      atFile(bytes.length),
    );
  }
  if (bytes.length > streamEnd) {
    throw new NavReadError(
      'TRAILING_FILE_BYTES',
      `${bytes.length - streamEnd} bytes after the compressed stream`,
      atFile(streamEnd),
    );
  }

  const payload = inflatePayload(bytes.subarray(NAV_HEADER_BYTES), uncompressedLength, atFile);
  if (payload.length !== uncompressedLength) {
    throw new NavReadError(
      'LENGTH_MISMATCH',
      `the uncompressed length says ${uncompressedLength} bytes, the stream holds ${payload.length}`,
      atFile(HEADER_UNCOMPRESSED_LENGTH_OFFSET),
    );
  }

  const nav = decodeNavPayload(payload, version, file);
  const warnings: NavIssue[] = [];
  for (const issue of validateNav(nav, nodeTypes)) {
    if (issue.severity === 'warning' || NAV_READ_TOLERATED_CODES.has(issue.code))
      warnings.push(issue);
    else throw NavReadError.fromIssue(file, issue);
  }
  return { nav, payload, fileBytes: bytes.length, warnings };
}

/** Thrown out of pako's output hook to stop a stream that inflates beyond its declared length. */
const TOO_LONG = Symbol('too long');

/**
 * Inflates the zlib stream that fills `stream` exactly. A failure's offset is where inflate
 * stopped (e.g. 2 bytes in for a bad zlib header, the end for a stream cut short). Inflating
 * stops as soon as the output exceeds `expected` bytes (the header's uncompressed length), so
 * a small file that inflates to gigabytes (a zlib bomb) costs no more memory than an honest one.
 */
function inflatePayload(
  stream: Uint8Array,
  expected: number,
  atFile: (offset: number) => { file: string; section: 'file'; offset: number },
): Uint8Array {
  const inflator = new Inflate({ windowBits: ZLIB_WINDOW_BITS });
  // The stream state is reachable only through the start hook; it says how much was consumed.
  let state: ZStream | undefined;
  inflator.onStart = (s) => {
    state = s;
  };
  const keep = inflator.onData.bind(inflator);
  let inflated = 0;
  inflator.onData = (chunk) => {
    inflated += chunk.length;
    if (inflated > expected) throw TOO_LONG;
    keep(chunk);
  };
  try {
    inflator.push(stream, true);
  } catch (e) {
    if (e !== TOO_LONG) throw e;
    throw new NavReadError(
      'LENGTH_MISMATCH',
      `the uncompressed length says ${expected} bytes, the stream holds more`,
      atFile(HEADER_UNCOMPRESSED_LENGTH_OFFSET),
    );
  }
  const consumed = state?.total_in ?? 0;
  if (inflator.err !== 0) {
    throw new NavReadError(
      'BAD_ZLIB',
      `zlib: ${inflator.msg} (error ${inflator.err})`,
      atFile(NAV_HEADER_BYTES + consumed),
    );
  }
  if (consumed < stream.length) {
    throw new NavReadError(
      'TRAILING_COMPRESSED_BYTES',
      `the zlib stream ends ${stream.length - consumed} bytes before the compressed length`,
      atFile(NAV_HEADER_BYTES + consumed),
    );
  }
  return inflator.result;
}
