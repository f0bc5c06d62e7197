/**
 * The map's mesh in the build cache (for the HTML report's coverage holes): a second build
 * reads what the first wrote, the mesh read back is the mesh built, a damaged entry is built
 * again and replaced, and a cache that cannot be written still gives the mesh.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cachedMapMesh } from '../../src/navmesh/mesh-cache.js';
import { buildNavMeshForMap } from '../../src/navmesh/build-from-map.js';
import { encodeNativeMesh } from '../../src/navmesh/io/native-mesh.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

describeFixtures('the map mesh in the build cache', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes the mesh once, reads it back equal, rebuilds a damaged entry', async () => {
    dir = await mkdtemp(join(tmpdir(), 'navgen-mesh-cache-'));
    const bsp = fixture('maps', 'wizs.bsp');
    const built = encodeNativeMesh((await buildNavMeshForMap(bsp)).mesh);

    const first = await cachedMapMesh(bsp, dir);
    expect(encodeNativeMesh(first)).toEqual(built);
    const files = await readdir(join(dir, 'meshes'));
    expect(files).toHaveLength(1);
    const entry = join(dir, 'meshes', files[0]);
    expect(new Uint8Array(await readFile(entry))).toEqual(built);

    const second = await cachedMapMesh(bsp, dir);
    expect(encodeNativeMesh(second)).toEqual(built);

    await writeFile(entry, Buffer.from('not a mesh'));
    const third = await cachedMapMesh(bsp, dir);
    expect(encodeNativeMesh(third)).toEqual(built);
    expect(new Uint8Array(await readFile(entry))).toEqual(built);

    // No cache folder: built each time, nothing written.
    expect(encodeNativeMesh(await cachedMapMesh(bsp, null))).toEqual(built);
    // A cache that cannot be written (a file where its folder should be): the mesh all the same.
    const blocked = join(dir, 'not-a-folder');
    await writeFile(blocked, 'x');
    expect(encodeNativeMesh(await cachedMapMesh(bsp, blocked))).toEqual(built);
  }, 60_000);
});
