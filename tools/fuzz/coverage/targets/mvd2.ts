/**
 * The multi-view demo decoder (`Mvd2Decoder`: blocks, the MVD commands, player and entity
 * deltas), on the uncompressed stream as `readDemo` hands it over after gunzip (the gzip layer
 * is the mutation fuzzer's: `npm run fuzz -- --kind demo`). Seeded with the first 64 KiB of
 * the fixture demos. Every warning must name the file and its offset.
 */
import { DemoParseError } from '../../../../src/sources/demo/errors.js';
import { Mvd2Decoder } from '../../../../src/sources/mvd2/decoder.js';
import type { FuzzTarget } from '../target.js';
import { decodeDemo } from './demo-run.js';

export const target: FuzzTarget = {
  name: 'mvd2',
  reader: 'MVD2 demos: Mvd2Decoder (src/sources/mvd2/, src/sources/demo/)',
  seeds: {
    fixtures: [
      'demos/mvd2/{wizs_dm_6bots_60s_captureflags5,opentdm_q2dm1_short,tequila_dm_8bots_240s_ext,multimap_tdm_wizs_city_storm_8bots,asylum_2022_human}.mvd2.gz',
      'demos/mvd2/storm_dm_6bots_240s_raw.mvd2',
    ],
    maker: 'demo-prefix',
  },
  instrument: ['src/sources/mvd2/', 'src/sources/demo/block-framing.ts', 'src/sources/demo/cursor.ts', 'src/sources/demo/q2-protocol.ts', 'src/sources/demo/errors.ts'],
  fileName: 'fuzz.mvd2',
  maxBytes: 64 << 10,
  typed: [DemoParseError],
  dictionary: ['MVD2'],
  run(bytes, ctx) {
    decodeDemo(bytes, ctx.file, (emit) => new Mvd2Decoder({ file: ctx.file, entities: true, fullPlayers: true }, emit));
  },
};

