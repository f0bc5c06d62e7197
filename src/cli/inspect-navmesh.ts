/**
 * The navigation-mesh parts of `navgen inspect`: a Source engine `.nav` (magic 0xFEEDFACE)
 * printed by its counts, and, with `--bsp`, the coverage holes of an AQtion `.nav` (areas of
 * the map's mesh that no node reaches, `src/navmesh/coverage.ts`). Kept apart from inspect.ts,
 * which calls it.
 */
import { MeshFileError } from '../navmesh/io/byte-reader.js';
import { readSourceNav } from '../navmesh/io/source-nav.js';
import { readMeshBytes } from '../navmesh/mesh-file.js';
import { navFormatOf } from '../nav/formats/read-any-nav.js';
import { mapCoverage } from '../navmesh/map-coverage.js';
import { NODE_REACH_XY, NODE_REACH_Z, type CoverageReport } from '../navmesh/coverage.js';
import type { NavFile } from '../nav/types.js';
import { CliError, EXIT_FAILURE } from './exit-codes.js';

/** Whether `file` starts with the Source `.nav` magic. */
export async function isSourceNav(file: string): Promise<boolean> {
  return (await navFormatOf(file).catch(() => null)) === 'source';
}

/** Prints the counts of a Source `.nav` (or its first error, exit 1). */
export async function inspectSourceNav(file: string, json: boolean): Promise<void> {
  let bytes;
  let s;
  try {
    bytes = await readMeshBytes(file);
    s = readSourceNav(bytes, file);
  } catch (e) {
    if (e instanceof MeshFileError) throw new CliError(e.message, EXIT_FAILURE);
    throw e;
  }
  if (json) {
    process.stdout.write(
      JSON.stringify({ file, fileBytes: bytes.length, format: 'source', ...s }, null, 2) + '\n',
    );
    return;
  }
  const attrs = Object.entries(s.attributes)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  process.stdout.write(
    [
      `file         ${file} (${bytes.length} bytes, Source engine .nav)`,
      `version      ${s.version}, subversion ${s.subversion}${s.analyzed ? ', analyzed' : ''}`,
      `bsp size     ${s.bspSize} bytes`,
      `places       ${s.places}`,
      `areas        ${s.areas}`,
      `connections  ${s.connections}`,
      `ladders      ${s.ladders} (${s.areaLadderLinks} area ladder links)`,
      `hiding spots ${s.hidingSpots}, encounter paths ${s.encounterPaths}`,
      `attributes   ${attrs || 'none'}`,
    ].join('\n') + '\n',
  );
}

/** Coverage holes of `nav` on the mesh of the map `bsp`. */
export async function navCoverage(nav: NavFile, bsp: string): Promise<CoverageReport> {
  const origins = new Float32Array(nav.nodes.length * 3);
  nav.nodes.forEach((n, k) => origins.set(n.origin, k * 3));
  return mapCoverage(bsp, origins);
}

export function formatCoverage(c: CoverageReport): string {
  const pct = c.cells > 0 ? ((100 * c.coveredCells) / c.cells).toFixed(1) : '0';
  const lines = [
    `coverage     ${c.coveredCells} of ${c.cells} mesh cells within a node's reach ` +
      `(${NODE_REACH_XY} u across, ${NODE_REACH_Z} u up or down): ${pct}%`,
    `holes        ${c.holes} of ${c.areas} mesh areas reach no node (${Math.round(c.holeFloor)} square units of floor)`,
  ];
  for (const h of c.largest)
    lines.push(`  area ${h.id} at (${h.centre.join(', ')}): ${h.cells} cells`);
  return lines.join('\n') + '\n';
}
