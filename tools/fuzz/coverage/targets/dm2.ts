/**
 * The Quake 2 client demo decoder (`Dm2Decoder`: protocols 34–36, serverdata, configstrings,
 * frames, packet entities), on the uncompressed stream. Seeded with the first 64 KiB of the
 * fixture client demos. Every warning must name the file and its offset.
 */
import { DemoParseError } from '../../../../src/sources/demo/errors.js';
import { Dm2Decoder } from '../../../../src/sources/dm2/decoder.js';
import type { FuzzTarget } from '../target.js';
import { decodeDemo } from './demo-run.js';

export const target: FuzzTarget = {
  name: 'dm2',
  reader: 'client .dm2 demos: Dm2Decoder (src/sources/dm2/, src/sources/demo/)',
  seeds: { fixtures: ['dm2/*.dm2'], maker: 'demo-prefix' },
  instrument: ['src/sources/dm2/', 'src/sources/demo/block-framing.ts', 'src/sources/demo/cursor.ts', 'src/sources/demo/q2-protocol.ts', 'src/sources/demo/errors.ts'],
  fileName: 'fuzz.dm2',
  maxBytes: 64 << 10,
  typed: [DemoParseError],
  run(bytes, ctx) {
    decodeDemo(
      bytes,
      ctx.file,
      (emit) => new Dm2Decoder({ file: ctx.file, entities: true, fullPlayers: true, entityPlayers: true }, emit),
    );
  },
};
