/**
 * Reads a nav of any known format (by magic, `detect.ts`) and shows it as an AQtion-shaped
 * {@link NavFile} for the tools that summarise, draw and compare navs (`inspect`, `render`,
 * `diff`). Re-release origins are on the ground and come back 24 units up (a player's origin, as
 * AQtion's); types map through `nav3-type-map.ts`; costs are the distances.
 */
import { open } from 'node:fs/promises';
import { linkCost } from '../link-cost.js';
import { defaultNodeTypes, type NodeTypeTable } from '../node-types.js';
import type { NavFile, NavLink, Vec3 } from '../types.js';
import { readNavFile, type DecodedNav } from './aqtion/read-nav.js';
import { NavReadError } from './aqtion/errors.js';
import { formatNavIssue } from './aqtion/nav-issue.js';
import { detectNavFormat, type NavFormatName } from './detect.js';
import { NavFormatError } from './format-error.js';
import { readNav2File } from './nav2/codec.js';
import type { Nav2File } from './nav2/types.js';
import { readNav3File } from './nav3/read.js';
import type { Nav3File } from './nav3/types.js';
import { aqtionLinkTypeOf, aqtionNodeTypeOf, nav3FlagsOfNav2 } from './nav3-type-map.js';

/** [Units: world units] Player origin above the ground the re-release's nodes stand on. */
export const Q2R_NODE_HEIGHT = 24;

export type AnyNav =
  | { format: 'aqtion'; nav: NavFile; warnings: string[]; fileBytes: number; aqtion: DecodedNav }
  | { format: 'nav3'; nav: NavFile; warnings: string[]; fileBytes: number; nav3: Nav3File }
  | { format: 'nav2'; nav: NavFile; warnings: string[]; fileBytes: number; nav2: Nav2File };

/** Either reader's error: both name the file and the byte offset. */
export function isNavReadError(e: unknown): e is NavReadError | NavFormatError {
  return e instanceof NavReadError || e instanceof NavFormatError;
}

async function head(path: string): Promise<{ head: Uint8Array; size: number }> {
  let fh;
  try {
    fh = await open(path, 'r');
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new NavFormatError('IO', `cannot read: ${reason}`, path, 0, { cause: e });
  }
  try {
    const buf = new Uint8Array(16);
    const { bytesRead } = await fh.read(buf, 0, 16, 0);
    return { head: buf.subarray(0, bytesRead), size: (await fh.stat()).size };
  } finally {
    await fh.close();
  }
}

/** The format of `path`; a file no format recognises is an error naming its first bytes. */
export async function navFormatOf(path: string): Promise<NavFormatName> {
  const { head: h } = await head(path);
  const format = detectNavFormat(h);
  if (!format) {
    const shown = Array.from(h.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new NavFormatError(
      'BAD_MAGIC',
      `not a nav navgen reads (opens with ${shown || 'nothing'}; expected "NAV3", "NAV2" or an AQtion version byte 1/2 and a zlib stream)`,
      path,
      0,
    );
  }
  return format;
}

export async function readAnyNav(
  path: string,
  table: NodeTypeTable = defaultNodeTypes,
): Promise<AnyNav> {
  const format = await navFormatOf(path);
  const { size } = await head(path);
  if (format === 'source')
    throw new NavFormatError(
      'UNSUPPORTED',
      'a Source engine navigation mesh (areas, not waypoints): `navgen inspect` prints its counts, `navgen render --mesh` draws a navgen mesh',
      path,
      0,
    );
  if (format === 'nav3') {
    const { nav, warnings } = await readNav3File(path);
    return { format, nav: q2rAsAqtion(nav, (f) => f, table), warnings, fileBytes: size, nav3: nav };
  }
  if (format === 'nav2') {
    const nav = await readNav2File(path);
    return {
      format,
      nav: q2rAsAqtion(nav, nav3FlagsOfNav2, table),
      warnings: [],
      fileBytes: size,
      nav2: nav,
    };
  }
  const decoded = await readNavFile(path, table);
  return {
    format,
    nav: decoded.nav,
    warnings: decoded.warnings.map(formatNavIssue),
    fileBytes: decoded.fileBytes,
    aqtion: decoded,
  };
}

/** A re-release nav as an AQtion-shaped one (see the module comment). */
export function q2rAsAqtion(
  nav: Nav3File | Nav2File,
  flagsOf: (flags: number) => number,
  table: NodeTypeTable = defaultNodeTypes,
): NavFile {
  const origins = nav.nodes.map(
    (n) => [n.origin[0], n.origin[1], Math.fround(n.origin[2] + Q2R_NODE_HEIGHT)] as Vec3,
  );
  return {
    version: 2,
    nodes: nav.nodes.map((n, i) => ({
      area: 0,
      origin: origins[i],
      type: aqtionNodeTypeOf(table, flagsOf(n.flags)),
      nodenum: i,
      inuse: 1,
      links: nav.links.slice(n.firstLink, n.firstLink + n.linkCount).map((l): NavLink => ({
        target: l.target,
        targetType: aqtionLinkTypeOf(table, l.type),
        cost: linkCost(origins[i], origins[l.target]),
      })),
    })),
  };
}
