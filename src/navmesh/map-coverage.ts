/**
 * The coverage holes of a waypoint nav on a map file: builds the map's mesh (the game's world,
 * seeded by its spawn points) and measures which of its areas no node reaches
 * (`coverage.ts`). For `navgen inspect --bsp` and the build's HTML report.
 */
import { buildNavMeshForMap } from './build-from-map.js';
import { nodeCoverage, type CoverageReport } from './coverage.js';

/** Coverage of node origins [Form: (x, y, z) × nodes] on the mesh of the map `bsp`. */
export async function mapCoverage(
  bsp: string,
  origins: Float32Array | readonly number[],
): Promise<CoverageReport> {
  const { mesh } = await buildNavMeshForMap(bsp);
  return nodeCoverage(mesh, origins);
}
