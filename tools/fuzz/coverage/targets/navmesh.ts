/**
 * navgen's own mesh file reader (`decodeNativeMesh`), seeded with meshes of fixture maps, from
 * the map alone and with the engine's nav of the map (off-mesh links).
 */
import { MeshFileError } from '../../../../src/navmesh/io/byte-reader.js';
import { decodeNativeMesh } from '../../../../src/navmesh/io/native-mesh.js';
import type { FuzzTarget } from '../target.js';

export const target: FuzzTarget = {
  name: 'navmesh',
  reader: 'navgen mesh file: decodeNativeMesh (src/navmesh/io/native-mesh.ts)',
  seeds: {
    fixtures: ['maps/{wizs,simplicity}.bsp', 'nav/{wizs,simplicity}.autogen.nav'],
    maker: 'navmesh',
  },
  instrument: ['src/navmesh/io/native-mesh.ts', 'src/navmesh/io/byte-reader.ts'],
  fileName: 'fuzz.mesh',
  maxBytes: 256 << 10,
  typed: [MeshFileError],
  dictionary: ['NGNM'],
  run(bytes, ctx) {
    decodeNativeMesh(bytes, ctx.file);
  },
};
