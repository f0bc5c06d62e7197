/**
 * The one error type of the LTK waypoint source: file, absolute byte offset of the field or
 * record at fault, and a closed code. Crosses workers as plain {@link LtkErrorData}.
 */

/** Closed set of failure kinds. */
export type LtkErrorCode =
  /** Could not open or read the file. */
  | 'IO'
  /** The file ends inside the 12-byte header. */
  | 'TRUNCATED'
  /** A version this reader does not know (only 4 is). */
  | 'BAD_VERSION'
  /** A negative or zero node count, or a negative item count. */
  | 'BAD_COUNT'
  /** The file length does not match the header's counts. */
  | 'BAD_SIZE'
  /** A node record with an unknown type or a node number that is not its index. */
  | 'BAD_NODE'
  /** A link to a node that does not exist. */
  | 'BAD_LINK'
  /** A path-table entry naming a node that does not exist. */
  | 'BAD_PATH';

/** The plain-data form of an {@link LtkError}. */
export interface LtkErrorData {
  readonly name: 'LtkError';
  readonly code: LtkErrorCode;
  readonly file: string;
  readonly offset: number;
  readonly reason: string;
}

/** A waypoint file that cannot be read. The message reads like `beer.ltk@0xc: …`. */
export class LtkError extends Error {
  readonly code: LtkErrorCode;
  readonly file: string;
  readonly offset: number;
  readonly reason: string;

  constructor(
    code: LtkErrorCode,
    reason: string,
    at: { readonly file: string; readonly offset: number },
    options?: ErrorOptions,
  ) {
    super(`${at.file}@0x${at.offset.toString(16)}: ${reason} [${code}]`, options);
    this.name = 'LtkError';
    this.code = code;
    this.file = at.file;
    this.offset = at.offset;
    this.reason = reason;
  }

  toData(): LtkErrorData {
    return {
      name: 'LtkError',
      code: this.code,
      file: this.file,
      offset: this.offset,
      reason: this.reason,
    };
  }

  static fromData(d: LtkErrorData): LtkError {
    return new LtkError(d.code, d.reason, d);
  }

  static isData(x: unknown): x is LtkErrorData {
    return typeof x === 'object' && x !== null && (x as { name?: unknown }).name === 'LtkError';
  }
}
