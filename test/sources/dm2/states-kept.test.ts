/**
 * The client demo decoder keeps the other entities' states only when entity output is asked
 * for (`entities`, `entityPlayers`); otherwise its lists hold placeholders and only the
 * recorder's event is taken from the deltas. Both ways must give the same recorder, the same
 * frames and the same errors at the same places, on every fixture demo and on damaged copies
 * (bytes changed at random, so that deltas, removals and entity order go wrong).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DemoEvent } from '../../../src/sources/demo/events.js';
import { SeededRandom } from '../../../tools/mvd2-writer/seeded-random.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';
import { decodeDm2, type Dm2Outcome } from './dm2-harness.js';

const DEMOS = [
  'AQtion-ladder-guide.dm2',
  'AQtion-doors-guide.dm2',
  'AQtion-jumping-guide.dm2',
  'opentdm_testduel.dm2',
];

/** The events with the entity lists left out, and the error as code and message. */
function withoutEntities(o: Dm2Outcome): { events: DemoEvent[]; error: unknown } {
  const events = o.events.map((e) => (e.kind === 'frame' ? { ...e, entities: null } : e));
  const err = o.error as { code?: string; message?: string } | null;
  return { events, error: err && { code: err.code, message: err.message } };
}

describeFixtures('client demos: states kept or not', () => {
  for (const name of DEMOS) {
    describe(name, () => {
      const bytes = new Uint8Array(readFileSync(fixture('dm2', name)));

      it('gives the same frames with and without the entity states', () => {
        const without = decodeDm2(bytes);
        const kept = decodeDm2(bytes, { entities: true });
        expect(without.error).toBeNull();
        const frames = without.events.filter((e) => e.kind === 'frame');
        expect(frames.length).toBeGreaterThan(100);
        // The recorder's events come from its entity: some must be there to compare.
        const events = frames.filter((f) => f.kind === 'frame' && f.players[0].event !== 0);
        expect(events.length).toBeGreaterThan(0);
        expect(withoutEntities(without)).toEqual(withoutEntities(kept));
      });

      it('gives the same frames and errors on damaged copies', () => {
        const rng = new SeededRandom(name.length * 7919);
        let failed = 0;
        for (let k = 0; k < 25; k++) {
          const damaged = bytes.slice();
          for (let n = rng.int(1, 4); n > 0; n--) {
            damaged[rng.int(0, damaged.length - 1)] = rng.int(0, 255);
          }
          const without = decodeDm2(damaged);
          if (without.error !== null) failed++;
          expect(withoutEntities(without)).toEqual(
            withoutEntities(decodeDm2(damaged, { entities: true })),
          );
        }
        // The damage must reach the decoder: some copies end in an error.
        expect(failed).toBeGreaterThan(0);
      });
    });
  }
});
