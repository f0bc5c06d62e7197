/**
 * A toy target for the coverage fuzzer's own test: it throws an untyped error (a crash) only
 * when the input opens with the four bytes `FUZZ`, checked one byte at a time. Blind mutation
 * of the seed must guess all four at once (about one chance in 10^16 a try); with coverage,
 * each byte that matches reaches a new branch, so the fuzzer keeps that input and goes on
 * from it, one byte at a time.
 */
import type { FuzzTarget } from '../../tools/fuzz/coverage/target.js';

class ToyError extends Error {}

export const target: FuzzTarget = {
  name: 'planted-bug',
  reader: 'a toy reader with a crash behind a 4-byte magic',
  seeds: { fixtures: [] },
  instrument: ['test/tools/planted-bug-target.ts'],
  fileName: 'toy.bin',
  maxBytes: 8,
  typed: [ToyError],
  run(bytes, ctx) {
    if (bytes.length < 4) throw new ToyError(`${ctx.file}: ${bytes.length} bytes`);
    if (bytes[0] === 0x46) {
      if (bytes[1] === 0x55) {
        if (bytes[2] === 0x5a) {
          if (bytes[3] === 0x5a) throw new RangeError('the planted bug');
        }
      }
    }
  },
};
