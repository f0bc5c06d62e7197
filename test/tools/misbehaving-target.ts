/**
 * A toy target that misbehaves on purpose, for the coverage fuzzer's own test: an input
 * of 1, 1, 1, 1 never returns (a hang; four bytes, so that mutations seldom make another),
 * one opening with 2 takes 700 MiB (over the memory cap), one opening with 3 throws from a
 * timer after the reader returned (an escaped error); anything else is a clean result.
 */
import type { FuzzTarget } from '../../tools/fuzz/coverage/target.js';

let held: Uint8Array | null = null;

export const target: FuzzTarget = {
  name: 'misbehaving',
  reader: 'a toy reader that hangs, takes too much memory or throws late',
  seeds: { fixtures: [] },
  instrument: ['test/tools/misbehaving-target.ts'],
  fileName: 'toy.bin',
  maxBytes: 4,
  typed: [],
  run(bytes) {
    if (bytes.length === 4 && bytes.every((b) => b === 1)) for (;;);
    if (bytes[0] === 2) held = new Uint8Array(700 * 2 ** 20);
    else held = null;
    if (bytes[0] === 3)
      setTimeout(() => {
        throw new Error('thrown from a timer after the reader returned');
      }, 0);
    return held?.length;
  },
};
