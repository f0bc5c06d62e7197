/**
 * A mesh for a map file: reads the BSP once (shared with the other map stages,
 * `map-source.ts`), builds its collision model, takes its spawn points (and any extra seeds, e.g.
 * demo positions) as seeds and its ladder climbs, then runs the build.
 */
import { stat } from 'node:fs/promises';
import { loadMap, loadCollision } from '../map-analysis/map-source.js';
import { mapLadderClimbs } from '../map-analysis/map-ladders.js';
import { spawnPointsOf } from '../sources/bsp/spawn-points.js';
import { buildNavMesh, type NavMeshBuildReport } from './build/build-mesh.js';
import { navMeshBuildConfig, type NavMeshBuildConfig } from './build/config.js';
import { worldFloorTracer } from './build/floor-tracer.js';
import type { NavMesh } from './mesh.js';

/** Shortest ladder climb made a mesh ladder. [Units: world units] */
const MIN_LADDER_CLIMB = 40;

export async function buildNavMeshForMap(
  bspPath: string,
  options: {
    config?: Partial<NavMeshBuildConfig>;
    seeds?: readonly (readonly number[])[];
    /** Include the static func_walls (the game's world); false: the world brushes only. */
    staticWalls?: boolean;
  } = {},
): Promise<{ mesh: NavMesh; report: NavMeshBuildReport; spawns: number[][] }> {
  const config = navMeshBuildConfig(options.config);
  const map = await loadMap(bspPath);
  const model = await loadCollision(bspPath);
  const bspSize = (await stat(bspPath)).size;
  const spawns = spawnPointsOf(map.entities, bspPath).map((s) => [
    s.origin[0],
    s.origin[1],
    s.origin[2],
  ]);
  const t0 = performance.now();
  const climbs = config.ladders ? mapLadderClimbs(map.world, MIN_LADDER_CLIMB) : [];
  const climbMs = performance.now() - t0;
  const { mesh, report } = buildNavMesh(
    {
      tracer: worldFloorTracer(model, map.entities, options.staticWalls ?? true),
      seeds: [...spawns, ...(options.seeds ?? [])],
      ladders: climbs,
      bspSize,
    },
    config,
  );
  return {
    mesh,
    report: { ...report, times: { 'ladder-climbs': climbMs, ...report.times } },
    spawns,
  };
}
