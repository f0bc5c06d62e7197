/** The BSP reader (`parseBsp`: header, lumps, entities, world), on the smaller fixture maps. */
import { parseBsp } from '../../../../src/sources/bsp/read-bsp.js';
import { BspError } from '../../../../src/sources/bsp/errors.js';
import type { FuzzTarget } from '../target.js';

export const target: FuzzTarget = {
  name: 'bsp',
  reader: 'BSP v38 maps: parseBsp (src/sources/bsp/read-bsp.ts)',
  seeds: { fixtures: ['maps/{wizs,simplicity,storm,wfall,jungle1}.bsp'] },
  instrument: ['src/sources/bsp/'],
  fileName: 'fuzz.bsp',
  // The seeds are 0.5–1 MB: an input is a whole map.
  maxBytes: 1 << 20,
  typed: [BspError],
  dictionary: ['IBSP', '\x26\0\0\0', 'classname', 'info_player_deathmatch', '{\n', '}\n', '"origin"'],
  run(bytes, ctx) {
    parseBsp(bytes, ctx.file);
  },
};
