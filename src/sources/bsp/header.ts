/**
 * Validates a BSP header before anything else is read, so that every later read of a lump is
 * known to stay inside the file: a garbage file fails here, at a named byte, and nothing is
 * allocated from the numbers it contains.
 */
import { BspError } from './errors.js';
import {
  BSP_HEADER_SIZE,
  BSP_LUMP_COUNT,
  BSP_MAGIC,
  BSP_VERSION,
  LUMP_NAMES,
  LUMP_RECORD_SIZES,
  type LumpExtent,
} from './lumps.js';
import { hex } from '../../hex.js';

/** `QBSP`: the extended format of some modern compilers, which this reader does not decode. */
const QBSP_MAGIC = 0x50534251;

/**
 * Checks magic, version and the 19 lump extents of `bytes` and returns the extents, indexed by
 * lump number. Throws a {@link BspError} naming the first problem: `BAD_MAGIC` (offset 0),
 * `BAD_VERSION` (4), `TRUNCATED` (the file length), `LUMP_OUT_OF_BOUNDS` (the lump's
 * directory entry) or `BAD_LUMP_SIZE` (the entry's length field).
 */
export function readBspHeader(bytes: Uint8Array, file: string): readonly LumpExtent[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = bytes.byteLength;

  if (size >= 4) {
    const magic = view.getUint32(0, true);
    if (magic === QBSP_MAGIC) {
      throw new BspError('BAD_MAGIC', 'extended QBSP maps are not supported (need IBSP)', {
        file,
        offset: 0,
      });
    }
    if (magic !== BSP_MAGIC) {
      throw new BspError('BAD_MAGIC', `not a Quake 2 BSP: magic ${hex(magic)}, expected IBSP`, {
        file,
        offset: 0,
      });
    }
  }
  if (size >= 8) {
    const version = view.getUint32(4, true);
    if (version !== BSP_VERSION) {
      throw new BspError('BAD_VERSION', `BSP version ${version}, expected ${BSP_VERSION}`, {
        file,
        offset: 4,
      });
    }
  }
  if (size < BSP_HEADER_SIZE) {
    throw new BspError(
      'TRUNCATED',
      `the file is ${size} bytes, shorter than the ${BSP_HEADER_SIZE}-byte header`,
      { file, offset: size },
    );
  }

  const extents: LumpExtent[] = [];
  for (let lump = 0; lump < BSP_LUMP_COUNT; lump++) {
    const entry = 8 + lump * 8;
    const offset = view.getUint32(entry, true);
    const length = view.getUint32(entry + 4, true);
    const name = `lump ${lump} (${LUMP_NAMES[lump]})`;
    if (offset + length > size) {
      throw new BspError(
        'LUMP_OUT_OF_BOUNDS',
        `${name} runs past the end of the file (${hex(offset)} + ${hex(length)} > ${hex(size)})`,
        { file, offset: entry },
      );
    }
    const record = LUMP_RECORD_SIZES[lump];
    if (length % record !== 0) {
      throw new BspError(
        'BAD_LUMP_SIZE',
        `${name} is ${length} bytes, not a multiple of its ${record}-byte records`,
        { file, offset: entry + 4 },
      );
    }
    extents.push({ offset, length });
  }
  return extents;
}
