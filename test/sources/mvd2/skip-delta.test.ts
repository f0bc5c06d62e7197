/**
 * Summary mode steps over player and entity deltas by their bits (`skipDelta`,
 * `skipEntityDelta`): for every header, with and without EXTLIMITS, the position after the
 * delta must be the one the full parser reaches. Random headers over random payload bytes
 * (seeded, so a failure repeats), including the value-dependent length of an extended sound.
 */
import { describe, expect, it } from 'vitest';
import { EntityTable, skipEntityDelta } from '../../../src/sources/mvd2/entity-table.js';
import { PlayerTable } from '../../../src/sources/mvd2/player-table.js';

/** xorshift32: a repeatable stream of 32-bit values. */
function random(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

/** A header word with each bit set with probability 1/2, 1/4 or 1/8 (sparse and dense). */
function bitsOf(next: () => number, width: number): number {
  const sparsity = next() % 3;
  let w = next();
  for (let i = 0; i < sparsity; i++) w &= next();
  return width >= 32 ? w | 0 : w & ((1 << width) - 1);
}

describe('summary-mode delta lengths', () => {
  for (const ext of [false, true]) {
    it(`players${ext ? ', EXTLIMITS' : ''}: skipDelta ends where parseDelta ends`, () => {
      const next = random(ext ? 7 : 3);
      const table = new PlayerTable();
      const b = new Uint8Array(512);
      for (let round = 0; round < 20000; round++) {
        for (let i = 0; i < 256; i++) b[i] = next() & 0xff;
        const bits = bitsOf(next, 16);
        const start = next() % 8;
        const full = table.parseDelta(b, start, round % 16, bits, ext, false);
        expect(table.skipDelta(b, start, bits, ext)).toBe(full);
      }
    });

    it(`entities${ext ? ', EXTLIMITS' : ''}: skipEntityDelta ends where parseDelta ends`, () => {
      const next = random(ext ? 11 : 5);
      const table = new EntityTable(1024);
      const b = new Uint8Array(512);
      let longest = 0;
      for (let round = 0; round < 20000; round++) {
        for (let i = 0; i < 256; i++) b[i] = next() & 0xff;
        table.bitsLo = bitsOf(next, 32);
        table.bitsHi = ext ? bitsOf(next, 8) : 0;
        const start = next() % 8;
        const full = table.parseDelta(b, start, 1 + (round % 1000), ext, false);
        expect(skipEntityDelta(b, start, table.bitsLo, table.bitsHi, ext)).toBe(full);
        longest = Math.max(longest, full - start);
      }
      // The random headers reached long deltas (most fields at once), not only short ones.
      expect(longest).toBeGreaterThan(ext ? 40 : 30);
    });
  }
});
