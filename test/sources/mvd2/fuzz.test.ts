/**
 * Damage at random: demos with flipped, dropped or inserted bytes either read to the end or
 * stop with a DemoParseError positioned inside the stream, never with another exception and
 * never hanging; the frames before the error agree with the undamaged demo's frames up to the
 * first damaged block.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../tools/mvd2-writer/seeded-random.js';
import { writeDemo } from '../../../tools/mvd2-writer/writer.js';
import { DemoParseError } from '../../../src/sources/demo/errors.js';
import { decodeBytes, framesBefore, framesOf } from './demo-harness.js';
import { randomDemo } from './random-demo.js';

const FLAGS: readonly [number, number][] = [
  [2010, 1],
  [2011, 4],
  [2012, 12],
];

describe('random damage', () => {
  for (const [version, flags] of FLAGS) {
    it(`version ${version} flags ${flags}: a DemoParseError or a clean end, 200 times`, () => {
      const written = writeDemo(randomDemo({ version, flags, seed: version + flags, frames: 10 }));
      const stream = written.stream;
      const reference = framesOf(decodeBytes(stream, { fullPlayers: true, entities: true }).events);
      const rnd = new SeededRandom(version * 31 + flags);
      let errors = 0;
      for (let k = 0; k < 200; k++) {
        const damaged = Uint8Array.from(stream);
        const at = rnd.int(4, stream.length - 1);
        let bytes = damaged;
        switch (k % 3) {
          case 0:
            for (let i = rnd.int(1, 4); i > 0; i--)
              damaged[rnd.int(at, Math.min(stream.length - 1, at + 40))] ^= 1 << rnd.int(0, 7);
            break;
          case 1:
            bytes = Uint8Array.from([
              ...damaged.subarray(0, at),
              ...damaged.subarray(at + rnd.int(1, 20)),
            ]);
            break;
          default:
            bytes = Uint8Array.from([
              ...damaged.subarray(0, at),
              rnd.int(0, 255),
              ...damaged.subarray(at),
            ]);
        }
        const outcome = decodeBytes(bytes, { fullPlayers: true, entities: true });
        if (outcome.error !== null) {
          expect(outcome.error).toBeInstanceOf(DemoParseError);
          const e = outcome.error as DemoParseError;
          expect(e.offset).toBeGreaterThanOrEqual(0);
          expect(e.offset).toBeLessThanOrEqual(bytes.length);
          errors++;
        }
        // Every block before the damaged one is intact, and so are its frames.
        const before = framesBefore(written, at);
        expect(
          isDeepStrictEqual(framesOf(outcome.events).slice(0, before), reference.slice(0, before)),
        ).toBe(true);
      }
      expect(errors).toBeGreaterThan(40);
    });
  }
});
