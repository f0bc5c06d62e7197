/**
 * Mesh files on disk: write a mesh as navgen's own format or as a Source `.nav`, and get the
 * mesh of a map either from a native file (`--mesh FILE`) or by building it.
 */
import { stat } from 'node:fs/promises';
import { readFileWithin } from '../files/read-within.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { buildNavMeshForMap } from './build-from-map.js';
import { MeshFileError } from './io/byte-reader.js';
import { decodeNativeMesh, encodeNativeMesh } from './io/native-mesh.js';
import { encodeSourceNav } from './io/source-nav.js';
import type { NavMesh } from './mesh.js';

export type MeshFormat = 'native' | 'source';

/** Writes `mesh` atomically; returns the bytes written. */
export async function writeMeshFile(
  path: string,
  mesh: NavMesh,
  format: MeshFormat,
): Promise<number> {
  const bytes = format === 'source' ? encodeSourceNav(mesh) : encodeNativeMesh(mesh);
  await writeFileAtomic(path, bytes);
  return bytes.length;
}

/**
 * The bytes of a mesh file, navgen's own or a Source `.nav`, read whole within navgen's bound
 * (`files/read-within.ts`); a file that cannot be read is a `MeshFileError` at offset 0.
 */
export async function readMeshBytes(path: string): Promise<Uint8Array> {
  return readFileWithin(path).catch((e: NodeJS.ErrnoException) => {
    throw new MeshFileError(path, 0, `cannot read: ${e.code ?? e.message}`);
  });
}

/** Reads a native mesh file (errors name the file and offset). */
export async function readMeshFile(path: string): Promise<NavMesh> {
  return decodeNativeMesh(await readMeshBytes(path), path);
}

/**
 * The mesh of `bsp`: read from `meshFile` when given (its BSP size must match the map's), else
 * built from the map.
 */
export async function meshForMap(bsp: string, meshFile?: string): Promise<NavMesh> {
  if (!meshFile) return (await buildNavMeshForMap(bsp)).mesh;
  const mesh = await readMeshFile(meshFile);
  const size = (await stat(bsp)).size;
  if (mesh.bspSize !== size)
    throw new MeshFileError(
      meshFile,
      20,
      `built for a ${mesh.bspSize}-byte map, but ${bsp} has ${size} bytes`,
    );
  return mesh;
}
