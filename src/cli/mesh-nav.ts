/**
 * The waypoint nav of `mesh --nav` and `path --nav`: read in any format navgen reads, and
 * refused when it is a nav of another map (its nodes stand on no floor of this one).
 */
import type { NavFile } from '../nav/types.js';
import { defaultNodeTypes, type NodeTypeTable } from '../nav/node-types.js';
import { isNavReadError, readAnyNav } from '../nav/formats/read-any-nav.js';
import type { OffMeshLinkReport } from '../navmesh/build-from-map.js';
import { navFitsMap } from '../navmesh/nav-links.js';
import { CliError, EXIT_FAILURE } from './exit-codes.js';

/** The nav at `path` as the mesh build takes it; one navgen cannot read is an error naming it. */
export async function readMeshNav(
  path: string,
): Promise<{ readonly file: NavFile; readonly types: NodeTypeTable }> {
  try {
    return { file: (await readAnyNav(path)).nav, types: defaultNodeTypes };
  } catch (e) {
    if (isNavReadError(e)) throw new CliError(e.message, EXIT_FAILURE);
    throw e;
  }
}

/** Refuses the nav at `path` (`links`: its report from the mesh build) when it is not of `map`. */
export function refuseForeignNav(
  path: string,
  links: OffMeshLinkReport,
  map: string,
  after = '',
): void {
  if (navFitsMap(links)) return;
  throw new CliError(
    `${path}: ${links.nodes - links.nodesOnAreas} of its ${links.nodes} nodes stand on no floor ` +
      `of ${map} (a nav of another map, or of another version of it?)${after}`,
    EXIT_FAILURE,
  );
}
