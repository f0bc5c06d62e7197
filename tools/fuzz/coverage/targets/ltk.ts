/** The LTK / ACE waypoint reader (`parseLtk`), on the fixture waypoint files. */
import { LtkError } from '../../../../src/sources/ltk/errors.js';
import { parseLtk } from '../../../../src/sources/ltk/read-ltk.js';
import type { FuzzTarget } from '../target.js';

export const target: FuzzTarget = {
  name: 'ltk',
  reader: 'LTK waypoints: parseLtk (src/sources/ltk/)',
  seeds: { fixtures: ['ltk/*.ltk'] },
  instrument: ['src/sources/ltk/'],
  fileName: 'fuzz.ltk',
  maxBytes: 256 << 10,
  typed: [LtkError],
  run(bytes, ctx) {
    parseLtk(bytes, ctx.file);
  },
};
