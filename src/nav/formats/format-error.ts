/**
 * Why a re-release nav (`NAV3`, `NAV2`) cannot be read or must not be written: one error for
 * both formats, always with the file and the byte offset of the field at fault. Message:
 * `maps/q2dm1.nav@0x1c node 3: first link 70 + 4 links pass the 72 links [BAD_NODE_LINKS]`.
 */
import { hex } from '../../hex.js';

/** What went wrong; every code is something at least one engine's loader refuses. */
export type NavFormatErrorCode =
  /** The file could not be opened or read. */
  | 'IO'
  /** A known format this reader does not view as waypoints (a Source navigation mesh). */
  | 'UNSUPPORTED'
  /** The first four bytes are not the format's magic. */
  | 'BAD_MAGIC'
  /** A version the loaders do not read. */
  | 'BAD_VERSION'
  /** A count that is negative, zero where the engine needs some, or beyond its limit. */
  | 'BAD_COUNT'
  /** The file ends inside a record (both engines refuse a short read). */
  | 'TRUNCATED'
  /** Bytes after the last record (the `NAV2` loader refuses them; `NAV3` loaders ignore them). */
  | 'TRAILING_BYTES'
  /** A node's links reach outside the link array. */
  | 'BAD_NODE_LINKS'
  /** A link to a node that does not exist. */
  | 'BAD_LINK_TARGET'
  /** A link's traversal is neither -1 (none) nor an index into the traversals. */
  | 'BAD_TRAVERSAL'
  /** An edict's link is not an index into the links. */
  | 'BAD_EDICT_LINK'
  /** A value the file's field cannot hold (written by us only). */
  | 'BAD_VALUE';

export class NavFormatError extends Error {
  readonly code: NavFormatErrorCode;
  readonly file: string;
  /** Of the field at fault, from the start of the file. [Units: bytes] */
  readonly offset: number;
  /** What went wrong, without the position. */
  readonly reason: string;

  constructor(
    code: NavFormatErrorCode,
    reason: string,
    file: string,
    offset: number,
    options?: ErrorOptions,
  ) {
    super(`${file}@${hex(offset)}: ${reason} [${code}]`, options);
    this.name = 'NavFormatError';
    this.code = code;
    this.file = file;
    this.offset = offset;
    this.reason = reason;
  }
}
