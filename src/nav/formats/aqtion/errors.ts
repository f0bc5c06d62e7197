/**
 * The two failures of the `.nav` sink: a file that cannot be read ({@link NavReadError}, always
 * with file, section and byte offset) and a nav that must not be written
 * ({@link NavValidationError}, with every error `validateNav` found).
 */
import { formatNavIssue, type NavIssue, type NavIssueCode, type NavSection } from './nav-issue.js';
import { hex } from '../../../hex.js';

/** Why a file could not be read: the decoding failures, plus every error-severity issue code. */
export type NavReadErrorCode =
  /** The file could not be opened or read. */
  | 'IO'
  /** Fewer than the 9 header bytes. */
  | 'TRUNCATED_HEADER'
  /** Uncompressed or compressed length field not positive. */
  | 'BAD_LENGTH'
  /** The file ends before the compressed length says. */
  | 'TRUNCATED_FILE'
  /** Bytes after the compressed stream (the engine never writes any). */
  | 'TRAILING_FILE_BYTES'
  /** Not a zlib stream (a gzip or raw deflate stream is not loadable either), or a damaged one. */
  | 'BAD_ZLIB'
  /** The zlib stream ends before the compressed length does. */
  | 'TRAILING_COMPRESSED_BYTES'
  /** The payload size differs from the uncompressed length field. */
  | 'LENGTH_MISMATCH'
  /** The payload ends inside a node or link record. */
  | 'TRUNCATED_PAYLOAD'
  /** Bytes after the last node record. */
  | 'TRAILING_PAYLOAD_BYTES'
  | NavIssueCode;

/** A `.nav` file that cannot be read. Message: `wizs.nav payload@0x1a2 node 12 link 3: … [CODE]`. */
export class NavReadError extends Error {
  readonly code: NavReadErrorCode;
  readonly file: string;
  readonly section: NavSection;
  /** In the file for `section: 'file'`, in the uncompressed payload for `'payload'`. [Units: bytes] */
  readonly offset: number;
  /** Node concerned, -1 if none. */
  readonly node: number;
  /** Link (within the node, stored order) concerned, -1 if none. */
  readonly link: number;
  /** What went wrong, without the position. */
  readonly reason: string;

  constructor(
    code: NavReadErrorCode,
    reason: string,
    at: { file: string; section: NavSection; offset: number; node?: number; link?: number },
    options?: ErrorOptions,
  ) {
    const node = at.node ?? -1;
    const link = at.link ?? -1;
    const where = [`${at.file} ${at.section}@${hex(at.offset)}`];
    if (node >= 0) where.push(`node ${node}`);
    if (link >= 0) where.push(`link ${link}`);
    super(`${where.join(' ')}: ${reason} [${code}]`, options);
    this.name = 'NavReadError';
    this.code = code;
    this.file = at.file;
    this.section = at.section;
    this.offset = at.offset;
    this.node = node;
    this.link = link;
    this.reason = reason;
  }

  static fromIssue(file: string, issue: NavIssue): NavReadError {
    return new NavReadError(issue.code, issue.message, { file, ...issue });
  }
}

/** [Limit: 10] How many issues the message of a {@link NavValidationError} spells out. */
const ISSUES_IN_MESSAGE = 10;

/** A nav that breaks what the engine assumes; `issues` holds every error (warnings excluded). */
export class NavValidationError extends Error {
  readonly issues: readonly NavIssue[];

  constructor(what: string, issues: readonly NavIssue[]) {
    const shown = issues.slice(0, ISSUES_IN_MESSAGE).map((i) => `  ${formatNavIssue(i)}`);
    const more =
      issues.length > ISSUES_IN_MESSAGE
        ? [`  … and ${issues.length - ISSUES_IN_MESSAGE} more`]
        : [];
    super([`${what}: ${issues.length} engine-safety error(s)`, ...shown, ...more].join('\n'));
    this.name = 'NavValidationError';
    this.issues = issues;
  }
}
