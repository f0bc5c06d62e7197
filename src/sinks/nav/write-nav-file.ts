/**
 * Writes a `.nav` file atomically and only if it is engine-safe: the nav is validated and
 * encoded, the bytes go to a temporary file, which is read back, decoded and validated again
 * and must hold exactly the payload we encoded; only then is it renamed over `path`. A nav that
 * fails any step leaves `path` untouched and no temporary file behind.
 */
import { readFile } from 'node:fs/promises';
import { defaultNodeTypes, type NodeTypeTable } from '../../nav/node-types.js';
import type { NavFile, NavVersion } from '../../nav/types.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { encodeNav } from '../../nav/formats/aqtion/encode.js';
import { NavValidationError } from '../../nav/formats/aqtion/errors.js';
import type { NavIssue } from '../../nav/formats/aqtion/nav-issue.js';
import { decodeNav } from '../../nav/formats/aqtion/read-nav.js';

export interface WriteNavOptions {
  /** Which type numbers are known; a node or link with another number is not written. */
  nodeTypes?: NodeTypeTable;
}

/** What was written. */
export interface WrittenNav {
  path: string;
  version: NavVersion;
  nodes: number;
  links: number;
  /** The uncompressed payload as written (links in the engine's save order). */
  payload: Uint8Array;
  /** [Units: bytes] Size of the file. */
  fileBytes: number;
  /** Engine-safe oddities the nav carries (e.g. a node with inuse 0). */
  warnings: NavIssue[];
}

/** Writes `nav` to `path` (see the module comment). Throws `NavValidationError` for an unsafe nav. */
export async function writeNavFile(
  path: string,
  nav: NavFile,
  options: WriteNavOptions = {},
): Promise<WrittenNav> {
  const nodeTypes = options.nodeTypes ?? defaultNodeTypes;
  const { bytes, payload } = encodeNav(nav, nodeTypes, path);
  let warnings: NavIssue[] = [];
  // The same bytes as the file in place: nothing to write (a rebuild with nothing changed
  // leaves the nav, its time and its backups alone).
  const inPlace = await readFile(path).catch(() => null);
  if (inPlace && inPlace.equals(bytes)) {
    const reread = decodeNav(inPlace, path, nodeTypes);
    const errors = reread.warnings.filter((w) => w.severity === 'error');
    if (errors.length > 0) throw new NavValidationError(path, errors);
    warnings = reread.warnings;
  } else {
    await writeFileAtomic(path, bytes, {
      verify: async (temp) => {
        const reread = decodeNav(await readFile(temp), temp, nodeTypes);
        // The reader tolerates a few errors as warnings; the writer does not.
        const errors = reread.warnings.filter((w) => w.severity === 'error');
        if (errors.length > 0) throw new NavValidationError(temp, errors);
        if (!sameBytes(reread.payload, payload)) {
          throw new Error(`${temp}: the payload read back differs from the one written`);
        }
        warnings = reread.warnings;
      },
    });
  }
  return {
    path,
    version: nav.version,
    nodes: nav.nodes.length,
    links: nav.nodes.reduce((sum, n) => sum + n.links.length, 0),
    payload,
    fileBytes: bytes.length,
    warnings,
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
