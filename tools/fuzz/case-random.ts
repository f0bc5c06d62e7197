/**
 * The random source of one fuzz case, derived from the run's seed and the case index alone, so
 * that any case can be replayed on its own (`npm run fuzz -- --seed S --case N`) without
 * generating the cases before it. splitmix32 mixes (seed, index) into a state; the project's
 * mulberry32 (`SeededRandom`) draws from it. Both are exact in 32-bit integer arithmetic, hence
 * identical on every machine.
 */
import { SeededRandom } from '../mvd2-writer/seeded-random.js';

/** splitmix32 finaliser: spreads every input bit over the 32-bit result. */
function mix32(x: number): number {
  let z = (x + 0x9e3779b9) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

export class CaseRandom extends SeededRandom {
  constructor(seed: number, index: number) {
    super(mix32(mix32(seed >>> 0) ^ mix32(index >>> 0) ^ Math.floor(index / 2 ** 32)));
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  /** `length` random bytes. */
  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = this.int(0, 255);
    return out;
  }
}
