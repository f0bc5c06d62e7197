/**
 * A mesh for a map file: reads the BSP once (shared with the other map stages,
 * `map-source.ts`), builds its collision model, takes its spawn points (and any extra seeds, e.g.
 * demo positions) as seeds and its ladder climbs, then runs the build. Given a waypoint nav of
 * the map, its nodes seed the floor too, and the ways its links take that the floor does not
 * join become off-mesh links, each made by the simulated player first (`nav-links.ts`).
 */
import { stat } from 'node:fs/promises';
import { loadMap, loadCollision } from '../map-analysis/map-source.js';
import { mapLadderClimbs } from '../map-analysis/map-ladders.js';
import { spawnPointsOf } from '../sources/bsp/spawn-points.js';
import { buildNavMesh, type NavMeshBuildReport } from './build/build-mesh.js';
import { navMeshBuildConfig, type NavMeshBuildConfig } from './build/config.js';
import { worldFloorTracer } from './build/floor-tracer.js';
import type { NavMesh } from './mesh.js';
import type { NavFile } from '../nav/types.js';
import type { NodeTypeTable } from '../nav/node-types.js';
import { addOffMeshLinks } from './build/off-mesh-links.js';
import { offMeshLinksFromNav } from './nav-links.js';

/** What the off-mesh links from a waypoint nav came to. */
export interface OffMeshLinkReport {
  /** Ways between areas the floor does not join directly, each pair of areas once. */
  readonly candidates: number;
  /** Links the mesh took. */
  readonly added: number;
  /** Ways the mesh needed that the simulated player did not make. */
  readonly failed: number;
  /** The nav's nodes, and how many of them stand on an area (few: a nav of another map). */
  readonly nodes: number;
  readonly nodesOnAreas: number;
}

/** Shortest ladder climb made a mesh ladder. [Units: world units] */
const MIN_LADDER_CLIMB = 40;

export async function buildNavMeshForMap(
  bspPath: string,
  options: {
    config?: Partial<NavMeshBuildConfig>;
    seeds?: readonly (readonly number[])[];
    /** Include the static func_walls (the game's world); false: the world brushes only. */
    staticWalls?: boolean;
    /** A waypoint nav of the map and its node-type numbers: seeds and off-mesh links. */
    nav?: { readonly file: NavFile; readonly types: NodeTypeTable };
  } = {},
): Promise<{
  mesh: NavMesh;
  report: NavMeshBuildReport;
  spawns: number[][];
  /** Present when a nav was given. */
  links?: OffMeshLinkReport;
}> {
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
      seeds: [
        ...spawns,
        ...(options.seeds ?? []),
        ...(options.nav?.file.nodes.map((n) => [n.origin[0], n.origin[1], n.origin[2]]) ?? []),
      ],
      ladders: climbs,
      bspSize,
    },
    config,
  );
  const times: Record<string, number> = { 'ladder-climbs': climbMs, ...report.times };
  if (!options.nav) return { mesh, report: { ...report, times }, spawns };
  const t1 = performance.now();
  const found = offMeshLinksFromNav(mesh, options.nav.file, options.nav.types, model);
  const linked = addOffMeshLinks(mesh, found.links);
  times['off-mesh-links'] = performance.now() - t1;
  return {
    mesh: linked.mesh,
    report: { ...report, times },
    spawns,
    links: {
      candidates: found.candidates,
      added: linked.added,
      failed: found.failed,
      nodes: options.nav.file.nodes.length,
      nodesOnAreas: found.nodesOnAreas,
    },
  };
}
