/**
 * A map's navigation mesh kept in the build cache: the HTML report's coverage holes need the
 * mesh of the map (0.3–0.9 s of CPU to build), and a map seldom changes between builds while
 * its demos do. Keyed by the BSP's bytes, navgen's version and the mesh build's revision (a new
 * version or build rule may mesh differently); stored in navgen's own mesh format (`navmesh/io/native-mesh.ts`), written
 * atomically, so a killed build leaves no half entry. An unreadable entry is rebuilt; a cache
 * that cannot be written is skipped.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildNavMeshForMap } from './build-from-map.js';
import type { NavMesh } from './mesh.js';
import { decodeNativeMesh, encodeNativeMesh, NATIVE_MESH_VERSION } from './io/native-mesh.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { VERSION } from '../version.js';
import { hashFile, hashText } from '../files/content-hash.js';
import { sourceFingerprint } from '../source-fingerprint.js';

/** The folder of the cache that holds meshes (one of its fan-out folders). */
const MESH_FOLDER = 'meshes';

/** The mesh of the map `bsp` (spawn points as seeds), from `cacheDir` when it holds it. */
export async function cachedMapMesh(bsp: string, cacheDir: string | null): Promise<NavMesh> {
  if (!cacheDir) return (await buildNavMeshForMap(bsp)).mesh;
  const key = hashText(
    // The source fingerprint (a hash of src/): a changed mesh build never meets a mesh an older
    // one cached, with no revision number to raise by hand.
    `${await hashFile(bsp)}:mesh${NATIVE_MESH_VERSION}:${VERSION}:${sourceFingerprint()}`,
  );
  const path = join(cacheDir, MESH_FOLDER, `${key}.ngnm`);
  const bytes = await readFile(path).catch(() => null);
  if (bytes) {
    try {
      return decodeNativeMesh(new Uint8Array(bytes), path);
    } catch {
      // A damaged entry: build the mesh again and replace it.
    }
  }
  const { mesh } = await buildNavMeshForMap(bsp);
  // A cache that cannot be written costs the next build a mesh, not this one its report (the
  // floor cache does the same, `walkable-floor.ts`).
  await mkdir(join(cacheDir, MESH_FOLDER), { recursive: true })
    .then(() => writeFileAtomic(path, encodeNativeMesh(mesh)))
    .catch(() => undefined);
  return mesh;
}
