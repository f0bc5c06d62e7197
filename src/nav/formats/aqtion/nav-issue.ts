/**
 * One violation found by `validateNav`: what is wrong, where in the file it sits, and whether
 * the engine can live with it.
 */
import { hex } from '../../../hex.js';

/** Issue kinds. Errors unless listed in {@link NAV_WARNING_CODES}. */
export type NavIssueCode =
  /** Version other than 1 or 2: the loader refuses the file. */
  | 'BAD_VERSION'
  /** Node count + 1 > 8096 (`MAX_PNODES`): the loader refuses the file. */
  | 'TOO_MANY_NODES'
  /** Area not an `i32`, or non-zero in a version 1 nav (which cannot store it). */
  | 'BAD_AREA'
  /** Origin component not finite or not a float32 value (it would change when written). */
  | 'BAD_ORIGIN'
  /** Node type not an integer 0..255. */
  | 'BAD_NODE_TYPE'
  /** Node type that the node-type table does not name. */
  | 'UNKNOWN_NODE_TYPE'
  /** nodenum differs from the node's index: game code uses nodenum as the node's index. */
  | 'BAD_NODENUM'
  /** inuse not an `i32`. */
  | 'BAD_INUSE'
  /** More than 32 links (`MAXLINKS`): the loader would overrun its link array. */
  | 'TOO_MANY_LINKS'
  /** Link target outside 0..node count - 1: the engine would index past its node array. */
  | 'BAD_LINK_TARGET'
  /** Link target type not an integer 0..255. */
  | 'BAD_LINK_TYPE'
  /** Link target type that the node-type table does not name. */
  | 'UNKNOWN_LINK_TYPE'
  /** Cost not finite or negative: path search (Dijkstra) needs non-negative weights. */
  | 'BAD_LINK_COST'
  /** Cost differs from the float32 distance between the origins (what the engine stores). */
  | 'LINK_COST_MISMATCH'
  /** inuse is 0: the loader removes every link to and from the node. */
  | 'NODE_NOT_IN_USE'
  /** Origin (0, 0, 0): the loader removes every link to and from the node. */
  | 'ZERO_ORIGIN'
  /** A link from a node to itself; the engine never makes one. */
  | 'SELF_LINK'
  /** A second link to the same target; the engine refuses to add one. */
  | 'DUPLICATE_LINK';

export type NavIssueSeverity = 'error' | 'warning';

/** Oddities the engine loads and copes with; everything else is an error. */
export const NAV_WARNING_CODES: ReadonlySet<NavIssueCode> = new Set<NavIssueCode>([
  'NODE_NOT_IN_USE',
  'ZERO_ORIGIN',
  'SELF_LINK',
  'DUPLICATE_LINK',
]);

/**
 * Errors the reader tolerates and returns as warnings: the engine loads such a file and uses the
 * values as they are (costs as path weights, unknown types as plain nodes). `validateNav`
 * still reports them as errors, so that we never write them.
 */
export const NAV_READ_TOLERATED_CODES: ReadonlySet<NavIssueCode> = new Set<NavIssueCode>([
  'UNKNOWN_NODE_TYPE',
  'UNKNOWN_LINK_TYPE',
  'LINK_COST_MISMATCH',
]);

/** Where a byte offset points: the file itself (header) or the uncompressed payload. */
export type NavSection = 'file' | 'payload';

export interface NavIssue {
  code: NavIssueCode;
  severity: NavIssueSeverity;
  /** Index of the node concerned, -1 for the whole file. */
  node: number;
  /** Index of the link within its node (in the nav's current order), -1 if not about a link. */
  link: number;
  section: NavSection;
  /**
   * Byte offset of the offending field, in the file for `section: 'file'`, in the uncompressed
   * payload (laid out with the links in their current order) for `'payload'`. For a nav just
   * read, that is the offset in the file's payload. [Units: bytes]
   */
  offset: number;
  /** What is wrong, without the position. */
  message: string;
}

/** `payload@0x1a2 node 12 link 3: … [BAD_LINK_TARGET]` */
export function formatNavIssue(issue: NavIssue): string {
  const where = [`${issue.section}@${hex(issue.offset)}`];
  if (issue.node >= 0) where.push(`node ${issue.node}`);
  if (issue.link >= 0) where.push(`link ${issue.link}`);
  return `${where.join(' ')}: ${issue.message} [${issue.code}]`;
}
