/** FTEQW's `NAV2` reader (`decodeNav2`), seeded with the engine's navs converted, versions 12–17. */
import { NavFormatError } from '../../../../src/nav/formats/format-error.js';
import { decodeNav2 } from '../../../../src/nav/formats/nav2/codec.js';
import type { FuzzTarget } from '../target.js';

export const target: FuzzTarget = {
  name: 'nav2',
  reader: 'NAV2: decodeNav2 (src/nav/formats/nav2/)',
  seeds: { fixtures: ['nav/{wizs,subway2,simplicity}.autogen.nav', 'maps/{wizs,subway2}.bsp'], maker: 'nav2' },
  instrument: ['src/nav/formats/nav2/', 'src/nav/formats/byte-cursor.ts', 'src/nav/formats/nav-bytes.ts'],
  fileName: 'fuzz.nav',
  maxBytes: 128 << 10,
  typed: [NavFormatError],
  dictionary: ['NAV2'],
  run(bytes, ctx) {
    decodeNav2(bytes, ctx.file);
  },
};
