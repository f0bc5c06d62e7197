/**
 * The one error type of the demo source (both formats). It always says where: file, segment, block index,
 * absolute byte offset of the failing command (in the decompressed stream) and frame.
 *
 * Errors cross worker boundaries as plain {@link DemoParseErrorData} (structured clone drops
 * Error subclasses and their fields) and are rebuilt with {@link DemoParseError.fromData}.
 */
import { hex } from '../../hex.js';

/** Closed set of failure kinds. */
export type DemoParseErrorCode =
  /** Could not open or read the file. */
  | 'IO'
  /** The first four bytes are not `MVD2`. */
  | 'BAD_MAGIC'
  /** The file holds no block at all. */
  | 'EMPTY'
  /** A block length above 32768 (the engine's MAX_MSGLEN). */
  | 'BAD_BLOCK_LENGTH'
  /** A command reads past the end of its block. */
  | 'BLOCK_OVERRUN'
  /** An opcode the engine does not parse. */
  | 'BAD_OPCODE'
  /** A command other than serverdata before the first serverdata. */
  | 'NO_SERVERDATA'
  /** Unsupported protocol or version, bad flags, maxclients, client number or world model. */
  | 'BAD_SERVERDATA'
  /** Configstring index out of range or string too long for its slot. */
  | 'BAD_CONFIGSTRING'
  /** Player slot >= maxclients, unicast client out of range. */
  | 'BAD_PLAYER_NUMBER'
  /** Entity number >= the layout's entity limit. */
  | 'BAD_ENTITY_NUMBER'
  /** The gzip layer is damaged (not merely cut short). */
  | 'BAD_GZIP'
  /** Client demos: a frame the engine rejects (area bits too long, no playerinfo, a removal without a frame to delta from, fov 0). */
  | 'BAD_FRAME';

/** The plain-data form of a {@link DemoParseError}. */
export interface DemoParseErrorData {
  readonly name: 'DemoParseError';
  readonly code: DemoParseErrorCode;
  readonly file: string;
  /** Segment index (serverdata count - 1), -1 before the first serverdata. */
  readonly segment: number;
  /** 0-based index of the block (message) in the file, -1 if not inside a block. */
  readonly block: number;
  /** Absolute byte offset of the failing command in the decompressed stream. */
  readonly offset: number;
  /** Frame index within the segment being parsed, -1 if none. */
  readonly frame: number;
  /** What went wrong, without the position prefix. */
  readonly reason: string;
}

/** Where a failure happened; every field is filled in by the decoder. */
export interface ParsePosition {
  readonly file: string;
  readonly segment: number;
  readonly block: number;
  readonly offset: number;
  readonly frame: number;
}

/** A demo that cannot be read further. Frames before it have already been delivered. */
export class DemoParseError extends Error {
  readonly code: DemoParseErrorCode;
  readonly file: string;
  readonly segment: number;
  readonly block: number;
  readonly offset: number;
  readonly frame: number;
  readonly reason: string;

  constructor(code: DemoParseErrorCode, reason: string, at: ParsePosition, options?: ErrorOptions) {
    const where = [`${at.file}@${hex(at.offset)}`];
    if (at.segment >= 0) where.push(`segment ${at.segment}`);
    if (at.block >= 0) where.push(`block ${at.block}`);
    if (at.frame >= 0) where.push(`frame ${at.frame}`);
    super(`${where.join(' ')}: ${reason} [${code}]`, options);
    this.name = 'DemoParseError';
    this.code = code;
    this.file = at.file;
    this.segment = at.segment;
    this.block = at.block;
    this.offset = at.offset;
    this.frame = at.frame;
    this.reason = reason;
  }

  toData(): DemoParseErrorData {
    return {
      name: 'DemoParseError',
      code: this.code,
      file: this.file,
      segment: this.segment,
      block: this.block,
      offset: this.offset,
      frame: this.frame,
      reason: this.reason,
    };
  }

  static fromData(d: DemoParseErrorData): DemoParseError {
    return new DemoParseError(d.code, d.reason, d);
  }

  static isData(x: unknown): x is DemoParseErrorData {
    return (
      typeof x === 'object' && x !== null && (x as { name?: unknown }).name === 'DemoParseError'
    );
  }
}

/**
 * A failure found by the byte cursor, before the decoder knows the file and segment. The
 * decoder catches it and rethrows a {@link DemoParseError} with the full position.
 */
export class BlockFault extends Error {
  constructor(
    readonly code: DemoParseErrorCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'BlockFault';
  }
}
