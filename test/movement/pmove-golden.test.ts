/**
 * pmove against the engine itself: every line of the five recorded pmove files
 * (`../shared/fixtures/pmove/<map>.pmove.jsonl.gz`, every `ClientThink` pmove call of a 203 s
 * 8-bot game plus three "shadow" calls per real one with human parameter sets) whose `nonWorld`
 * is false is replayed with world-only collision and must match field for field, floats as
 * float32 bit patterns. Lines where another entity took part cannot be exact for a world-only
 * port and are counted, not replayed.

 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { loadCollisionModel } from '../../src/world/collision-model.js';
import {
  PmoveReplayer,
  comparePmoveOutput,
  formatPmoveMismatches,
} from '../../src/movement/replay-pmove.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

const SOURCES = ['bot', 'shadow_default', 'shadow_aqtion', 'shadow_aqtion_airaccel'] as const;

/** Lines per map and how many of them another entity took part in (fixture README). */
const EXPECTED: Record<
  string,
  { bot: number; botNonWorld: number; shadow: number; shadowNonWorld: number }
> = {
  wizs: { bot: 16288, botNonWorld: 343, shadow: 16288, shadowNonWorld: 415 },
  city: { bot: 16264, botNonWorld: 95, shadow: 16264, shadowNonWorld: 116 },
  urbanjungle: { bot: 16240, botNonWorld: 70, shadow: 16240, shadowNonWorld: 80 },
  simplicity: { bot: 16280, botNonWorld: 649, shadow: 16280, shadowNonWorld: 784 },
  beer: { bot: 16280, botNonWorld: 187, shadow: 16280, shadowNonWorld: 210 },
};

/** World-only lines with pmove's ladder decision true, counted in the fixture files. */
const LADDER_LINES: Record<string, number> = {
  wizs: 0,
  city: 0,
  urbanjungle: 0,
  simplicity: 10,
  beer: 236,
};

type Line = Record<string, unknown>;

describeFixtures('pmove: golden engine calls', () => {
  for (const [map, expected] of Object.entries(EXPECTED)) {
    it(`${map}: every world-only recorded pmove call is exact`, async () => {
      const model = await loadCollisionModel(fixture('maps', `${map}.bsp`));
      const replayer = new PmoveReplayer(model);
      const text = gunzipSync(readFileSync(fixture('pmove', `${map}.pmove.jsonl.gz`)));
      const total = Object.fromEntries(SOURCES.map((s) => [s, 0])) as Record<string, number>;
      const exact = { ...total };
      const skipped = { ...total };
      const failures: string[] = [];
      /** Exact lines that took pmove's ladder branch (only shadow calls ever do). */
      let ladderExact = 0;
      for (const raw of text.toString('utf8').split('\n')) {
        if (raw === '') continue;
        const line = JSON.parse(raw) as Line;
        const src = line.src as string;
        if (line.nonWorld) {
          skipped[src]!++;
          continue;
        }
        total[src]!++;
        const mismatches = comparePmoveOutput(line, replayer.run(line));
        if (mismatches.length === 0) {
          exact[src]!++;
          if (line.ladder) ladderExact++;
        } else if (failures.length < 5) {
          failures.push(
            `seq ${String(line.seq)} ${src}: ${raw}\n${formatPmoveMismatches(mismatches)}`,
          );
        }
      }

      console.log(
        `${map}: ` +
          SOURCES.map((s) => `${s} ${exact[s]}/${total[s]}`).join(', ') +
          (failures.length === 0 ? ' exact' : '') +
          ` (ladder ${ladderExact}; nonWorld, not replayed: ${SOURCES.map((s) => skipped[s]).join('/')})`,
      );
      expect(failures.join('\n\n')).toBe('');
      expect(total.bot).toBe(expected.bot - expected.botNonWorld);
      const shadowTotal =
        total.shadow_default! + total.shadow_aqtion! + total.shadow_aqtion_airaccel!;
      expect(shadowTotal).toBe(expected.shadow - expected.shadowNonWorld);
      for (const s of SOURCES) expect(exact[s]).toBe(total[s]);
      // Shadow calls on ladders (wizs has some, but all with another entity involved).
      expect(ladderExact).toBe(LADDER_LINES[map]);
    }, 120_000);
  }
});
