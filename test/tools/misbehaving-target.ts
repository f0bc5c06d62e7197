/**
 * A toy target that misbehaves on purpose, for the coverage fuzzer's own test: the input
 * `HANG` never returns (a hang; four different bytes, so that mutations seldom make it again),
 * `WAIT` returns a promise that never settles, an input opening with 2 takes 700 MiB (over
 * the memory cap), one opening with 3 throws from a timer after the reader returned (an
 * escaped error), one opening with 5 opens a file and never closes it (a leak); anything else
 * is a clean result.
 */
import { openSync } from 'node:fs';
import type { FuzzTarget } from '../../tools/fuzz/coverage/target.js';

let held: Uint8Array | null = null;

export const target: FuzzTarget = {
  name: 'misbehaving',
  reader: 'a toy reader that hangs, never settles, takes too much memory or throws late',
  seeds: { fixtures: [] },
  instrument: ['test/tools/misbehaving-target.ts'],
  fileName: 'toy.bin',
  maxBytes: 4,
  typed: [],
  run(bytes) {
    const text = String.fromCharCode(...bytes);
    if (text === 'HANG') for (;;);
    if (bytes[0] === 2) held = new Uint8Array(700 * 2 ** 20);
    else held = null;
    if (bytes[0] === 3)
      setTimeout(() => {
        throw new Error('thrown from a timer after the reader returned');
      }, 0);
    if (text === 'WAIT') return new Promise(() => {});
    if (bytes[0] === 5) openSync('/dev/null', 'r');
    return held?.length;
  },
};
