/**
 * `.pkz` (zip) archives (`openPkz`, then every entry read): the input is written to the work
 * folder and opened as a game's `.pkz` is. The zip reader is yauzl's, so yauzl is instrumented
 * with navgen's code. Seeded with zips (stored and deflated) of fixture files.
 */
import { writeFileSync } from 'node:fs';
import { ArchiveError } from '../../../../src/sources/game/errors.js';
import { openPkz } from '../../../../src/sources/game/pkz.js';
import type { FuzzTarget } from '../target.js';

/** Entries read per input. */
const READ_ENTRIES = 64;

export const target: FuzzTarget = {
  name: 'pkz',
  reader: 'zip .pkz: openPkz + read (src/sources/game/pkz.ts, yauzl)',
  seeds: { fixtures: ['nav/{wizs,simplicity}.autogen.nav', 'ltk/asylum.ltk'], maker: 'pkz' },
  instrument: ['src/sources/game/'],
  instrumentPackages: ['yauzl'],
  fileName: 'fuzz.pkz',
  maxBytes: 128 << 10,
  typed: [ArchiveError],
  dictionary: ['PK\x03\x04', 'PK\x01\x02', 'PK\x05\x06', 'PK\x06\x06', 'PK\x06\x07', 'maps/', '../'],
  async run(bytes, ctx) {
    writeFileSync(ctx.file, bytes);
    const pkz = await openPkz(ctx.file);
    try {
      for (const e of pkz.entries.slice(0, READ_ENTRIES)) await pkz.read(e);
    } finally {
      await pkz.close();
    }
  },
};
