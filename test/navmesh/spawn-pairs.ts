/**
 * Whether a map's area mesh, built with a waypoint nav of the map (`navgen mesh --nav`),
 * connects the pairs of spawn points the nav connects (issue 35's fourth delivery). A spawn
 * point is where its players stand (`spawn-stands.ts`); on the nav it is the nearest node within
 * {@link NODE_REACH}; the nav connects two when its links lead from the one node to the other,
 * the mesh when a path query (ladders both ways) finds a path between the two places.
 */
import { buildNavMeshForMap } from '../../src/navmesh/build-from-map.js';
import { createNavQuery, findPath } from '../../src/navmesh/query/find-path.js';
import { loadMap } from '../../src/map-analysis/map-source.js';
import { spawnStands } from '../../src/map-analysis/spawn-stands.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import type { NavFile } from '../../src/nav/types.js';

/** How far a spawn point's nearest node may be. [Units: world units] */
const NODE_REACH = 128;

export interface SpawnPairs {
  /** Ordered pairs of spawn points the nav connects. */
  readonly navConnected: number;
  /** Those the mesh does not, with the query's reason. */
  readonly meshMisses: string[];
  readonly links: number;
}

export async function meshSpawnPairs(bsp: string, nav: NavFile): Promise<SpawnPairs> {
  const { mesh, spawns } = await buildNavMeshForMap(bsp, {
    nav: { file: nav, types: defaultNodeTypes },
  });
  const { world } = await loadMap(bsp);
  const stands = spawns.map((s) => spawnStands(world, [s])[0] ?? s);
  const nodes = nav.nodes;
  const nearest = (p: readonly number[]): number => {
    let best = -1;
    let bestD = NODE_REACH;
    nodes.forEach((n, i) => {
      const d = Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1], n.origin[2] - p[2]);
      if (d < bestD) [best, bestD] = [i, d];
    });
    return best;
  };
  const reached = (from: number): Uint8Array => {
    const seen = new Uint8Array(nodes.length);
    const stack = [from];
    seen[from] = 1;
    while (stack.length > 0)
      for (const l of nodes[stack.pop()!].links)
        if (!seen[l.target]) {
          seen[l.target] = 1;
          stack.push(l.target);
        }
    return seen;
  };
  const at = stands.map(nearest);
  const q = createNavQuery(mesh, { ladders: 'both' });
  let navConnected = 0;
  const meshMisses: string[] = [];
  stands.forEach((_, i) => {
    if (at[i] < 0) return;
    const seen = reached(at[i]);
    stands.forEach((__, j) => {
      if (i === j || at[j] < 0 || !seen[at[j]]) return;
      navConnected++;
      const r = findPath(q, stands[i], stands[j]);
      if (!r.ok) meshMisses.push(`spawn ${i} → ${j}: ${r.reason}: ${r.detail}`);
    });
  });
  return { navConnected, meshMisses, links: mesh.linkCount };
}
