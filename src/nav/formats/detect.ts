/**
 * Which nav format a file is, from its first bytes: the one place that knows every format's
 * signature. A format registers one entry here (its name, a one-line description and a test of
 * the opening bytes); readers that accept "any nav" ask {@link detectNavFormat} and dispatch on
 * the name. Entries are tried in order, so a format with a real magic comes before AQtion's,
 * whose files open with a bare version byte.
 *
 * To add a format: give it a folder `src/nav/formats/<name>/` (read, write, validate), add its
 * name to {@link NavFormatName} and its entry to {@link NAV_FORMATS}, then teach
 * `read-any-nav.ts` how to view it as a {@link NavFile}.
 */
import { isNav2 } from './nav2/codec.js';
import { isNav3 } from './nav3/read.js';

export type NavFormatName = 'aqtion' | 'nav3' | 'nav2' | 'source';

export interface NavFormatEntry {
  readonly name: NavFormatName;
  readonly description: string;
  /** Whether `head` (at least the first 16 bytes of the file, when it has them) is this format. */
  readonly matches: (head: Uint8Array) => boolean;
}

export const NAV_FORMATS: readonly NavFormatEntry[] = [
  {
    name: 'nav3',
    description: 'Quake II re-release bot/monster nav (NAV3)',
    matches: isNav3,
  },
  { name: 'nav2', description: 'Quake re-release bot nav (NAV2)', matches: isNav2 },
  {
    name: 'source',
    description:
      'Source engine navigation mesh (areas, not waypoints: src/navmesh/io/source-nav.ts)',
    // u32 magic 0xFEEDFACE, little-endian.
    matches: (head) =>
      head.length >= 4 &&
      head[0] === 0xce &&
      head[1] === 0xfa &&
      head[2] === 0xed &&
      head[3] === 0xfe,
  },
  {
    name: 'aqtion',
    description: 'AQtion bot nav (version byte 1 or 2, zlib payload)',
    // u8 version, i32 uncompressed length, i32 compressed length, then a zlib stream (0x78).
    matches: (head) => head.length >= 10 && (head[0] === 1 || head[0] === 2) && head[9] === 0x78,
  },
];

/** The format of a file opening with `head`, or undefined when no entry recognises it. */
export function detectNavFormat(head: Uint8Array): NavFormatName | undefined {
  return NAV_FORMATS.find((f) => f.matches(head))?.name;
}
