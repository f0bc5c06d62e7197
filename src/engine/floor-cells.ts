/**
 * The map's walkable floor as played-area cells: where a player could stand, for a map nobody
 * has played yet, and a measure of roaming that owes nothing to any nav or demo. The played
 * area of a map's demos is where those players went; when they were bots on one nav, it is the
 * part of the map that nav let them reach (issue 35: on hostile the engine's nav holds a third
 * of its nodes in the part bots can return to), so a nav whose bots spread wider reaches less
 * of it. The floor is the area mesh built from the map alone, seeded at the spawn points: every
 * floor a player walks to from a spawn point.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildNavMeshForMap } from '../navmesh/build-from-map.js';
import { areaHeightAt, type NavMesh } from '../navmesh/mesh.js';
import { cellKey, type AreaOfPlay } from './played-cells.js';

/** The cells (`played-cells.ts` keys, ascending) a standing player's origin takes on the mesh's floor. */
export function floorCells(mesh: NavMesh): number[] {
  const cells = new Set<number>();
  const c = mesh.cellSize;
  for (let a = 0; a < mesh.areaCount; a++) {
    const [i0, j0, i1, j1] = mesh.areaCells.subarray(a * 4, a * 4 + 4);
    for (let i = i0; i <= i1; i++)
      for (let j = j0; j <= j1; j++) {
        const x = mesh.originX + (i + 0.5) * c;
        const y = mesh.originY + (j + 0.5) * c;
        cells.add(cellKey(x, y, areaHeightAt(mesh, a, x, y)));
      }
  }
  return [...cells].sort((p, q) => p - q);
}

/** The walkable floor of the map file `bsp`. */
export async function mapFloorAt(bsp: string): Promise<AreaOfPlay> {
  const { mesh } = await buildNavMeshForMap(bsp);
  return { cells: floorCells(mesh), from: 'floor' };
}

/**
 * The walkable floor of a map given as its bytes (the trial's map may sit in a `.pak`): the
 * mesh builder reads a file, so the bytes go to a temporary one.
 */
export async function mapFloor(bsp: Uint8Array): Promise<AreaOfPlay> {
  const dir = await mkdtemp(join(tmpdir(), 'navgen-floor-'));
  try {
    const file = join(dir, 'map.bsp');
    await writeFile(file, bsp);
    return await mapFloorAt(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
