/** The Quake II re-release's `NAV3` reader (`decodeNav3`), seeded with the engine's navs converted. */
import { NavFormatError } from '../../../../src/nav/formats/format-error.js';
import { decodeNav3 } from '../../../../src/nav/formats/nav3/read.js';
import type { FuzzTarget } from '../target.js';

export const target: FuzzTarget = {
  name: 'nav3',
  reader: 'NAV3: decodeNav3 (src/nav/formats/nav3/)',
  seeds: { fixtures: ['nav/{wizs,subway2,city,simplicity}.autogen.nav', 'maps/{wizs,subway2}.bsp'], maker: 'nav3' },
  instrument: ['src/nav/formats/nav3/', 'src/nav/formats/byte-cursor.ts', 'src/nav/formats/nav-bytes.ts'],
  fileName: 'fuzz.nav',
  maxBytes: 128 << 10,
  typed: [NavFormatError],
  dictionary: ['NAV3'],
  run(bytes, ctx) {
    decodeNav3(bytes, ctx.file);
  },
};
