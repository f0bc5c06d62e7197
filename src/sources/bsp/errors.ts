/**
 * The one error type of the BSP source. It always says where: the file and the absolute byte
 * offset of the field or record at fault, plus the 1-based line for entity-text errors.
 *
 * Errors cross worker boundaries as plain {@link BspErrorData} (structured clone drops Error
 * subclasses and their fields) and are rebuilt with {@link BspError.fromData}.
 */
import { hex } from '../../hex.js';

/** Closed set of failure kinds. */
export type BspErrorCode =
  /** Could not open or read the file. */
  | 'IO'
  /** The file is larger than the engine loads (q2pro's MAX_LOADFILE). */
  | 'TOO_LARGE'
  /** The first four bytes are not `IBSP`. */
  | 'BAD_MAGIC'
  /** The version field is not 38. */
  | 'BAD_VERSION'
  /** The file ends inside the 160-byte header. */
  | 'TRUNCATED'
  /** A lump's offset + length lies beyond the end of the file. */
  | 'LUMP_OUT_OF_BOUNDS'
  /** A lump's length is not a whole number of its records. */
  | 'BAD_LUMP_SIZE'
  /** A lump the engine cannot do without (models, leaves, nodes, planes) holds no record. */
  | 'EMPTY_LUMP'
  /** A record refers to records (of its own lump or another) that do not exist, or to too few (a face with fewer than 3 edges). */
  | 'BAD_INDEX'
  /** The node tree is not a tree: a node is reached twice from the models' head nodes. */
  | 'BAD_TREE'
  /** The entity text (lump 0) is malformed, or an entity field cannot be read. */
  | 'BAD_ENTITIES';

/** The plain-data form of a {@link BspError}. */
export interface BspErrorData {
  readonly name: 'BspError';
  readonly code: BspErrorCode;
  readonly file: string;
  /** Absolute byte offset in the file of the failing field or record. */
  readonly offset: number;
  /** 1-based line in the entity text for `BAD_ENTITIES`, else -1. */
  readonly line: number;
  /** What went wrong, without the position prefix. */
  readonly reason: string;
}

/** A map that cannot be read. The message reads like `maps/x.bsp@0x70: lump 13 (models) …`. */
export class BspError extends Error {
  readonly code: BspErrorCode;
  readonly file: string;
  readonly offset: number;
  readonly line: number;
  readonly reason: string;

  constructor(
    code: BspErrorCode,
    reason: string,
    at: { readonly file: string; readonly offset: number; readonly line?: number },
    options?: ErrorOptions,
  ) {
    const line = at.line ?? -1;
    const where = `${at.file}@${hex(at.offset)}` + (line >= 0 ? ` line ${line}` : '');
    super(`${where}: ${reason} [${code}]`, options);
    this.name = 'BspError';
    this.code = code;
    this.file = at.file;
    this.offset = at.offset;
    this.line = line;
    this.reason = reason;
  }

  toData(): BspErrorData {
    return {
      name: 'BspError',
      code: this.code,
      file: this.file,
      offset: this.offset,
      line: this.line,
      reason: this.reason,
    };
  }

  static fromData(d: BspErrorData): BspError {
    return new BspError(d.code, d.reason, d);
  }

  static isData(x: unknown): x is BspErrorData {
    return typeof x === 'object' && x !== null && (x as { name?: unknown }).name === 'BspError';
  }
}
