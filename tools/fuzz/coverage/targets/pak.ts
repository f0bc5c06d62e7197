/**
 * id PACK archives (`openPak`, then every entry read): the input is written to the work
 * folder and opened as a game's `.pak` is. Seeded with archives of fixture files.
 */
import { writeFileSync } from 'node:fs';
import { ArchiveError } from '../../../../src/sources/game/errors.js';
import { openPak } from '../../../../src/sources/game/pak.js';
import type { FuzzTarget } from '../target.js';

/** Entries read per input (a directory may list a million). */
const READ_ENTRIES = 64;

export const target: FuzzTarget = {
  name: 'pak',
  reader: 'id PACK: openPak + read (src/sources/game/pak.ts)',
  seeds: { fixtures: ['nav/{wizs,simplicity}.autogen.nav', 'ltk/asylum.ltk'], maker: 'pak' },
  instrument: ['src/sources/game/'],
  fileName: 'fuzz.pak',
  maxBytes: 128 << 10,
  typed: [ArchiveError],
  dictionary: ['PACK', 'maps/', '../', 'bots/nav/', '.bsp'],
  async run(bytes, ctx) {
    writeFileSync(ctx.file, bytes);
    const pak = await openPak(ctx.file);
    try {
      for (const e of pak.entries.slice(0, READ_ENTRIES)) {
        if (pak.find(e.name) === null) throw new Error(`entry "${e.name}" is not found by its name`);
        await pak.read(e);
      }
    } finally {
      await pak.close();
    }
  },
};
