/** The Source engine `.nav` reader (`readSourceNav`), seeded with meshes of fixture maps. */
import { MeshFileError } from '../../../../src/navmesh/io/byte-reader.js';
import { readSourceNav, type SourceNavArea } from '../../../../src/navmesh/io/source-nav.js';
import type { FuzzTarget } from '../target.js';

export const target: FuzzTarget = {
  name: 'source-nav',
  reader: 'Source .nav: readSourceNav (src/navmesh/io/source-nav.ts)',
  seeds: { fixtures: ['maps/{wizs,simplicity}.bsp'], maker: 'source-nav' },
  instrument: ['src/navmesh/io/source-nav.ts', 'src/navmesh/io/byte-reader.ts'],
  fileName: 'fuzz.nav',
  maxBytes: 256 << 10,
  typed: [MeshFileError],
  dictionary: [new Uint8Array([0xce, 0xfa, 0xed, 0xfe])],
  run(bytes, ctx) {
    const areas: SourceNavArea[] = [];
    readSourceNav(bytes, ctx.file, areas);
  },
};
