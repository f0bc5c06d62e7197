/**
 * stuckSpots (test/helpers/engine-trial.ts) on frames whose answer is known: one bot that walks,
 * stands 5 s, walks on, dies and stands again; and it counts the same stuck time as the engine
 * folder's trialstats.py on the same frames.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  autogenNav,
  HAVE_ENGINE,
  nearestLink,
  stuckSpots,
  trialStats,
} from '../helpers/engine-trial.js';

/** Frames at 10 Hz: slot 0 = a bot, slot 15 = the recorder's dummy (always still). */
function frames(): string {
  const lines = [JSON.stringify({ seg: 0, serverdata: { clientNum: 15, map: 'beer' } })];
  let x = 0;
  const push = (frame: number, pmType: number) =>
    lines.push(
      JSON.stringify({
        seg: 0,
        frame,
        players: [
          { slot: 0, pm_type: pmType, origin: [x, 100, 40] },
          { slot: 15, pm_type: 1, origin: [0, 0, 0] },
        ],
      }),
    );
  let f = 0;
  for (let i = 0; i < 40; i++, f++, x += 30) push(f, 0); // walks 4 s at 300 u/s
  for (let i = 0; i < 50; i++, f++) push(f, 0); // stands 5 s
  for (let i = 0; i < 40; i++, f++, x += 30) push(f, 0); // walks 4 s
  for (let i = 0; i < 20; i++, f++) push(f, 2); // dead 2 s: not stuck
  for (let i = 0; i < 45; i++, f++) push(f, 0); // respawned, stands 4.5 s
  return lines.join('\n') + '\n';
}

describe('stuck spots of a trial', () => {
  const dir = mkdtempSync(join(tmpdir(), 'navgen-trial-'));
  const path = join(dir, 'frames.jsonl');
  writeFileSync(path, frames());
  writeFileSync(join(dir, 'console.log'), '');

  it('finds each stretch with its place and length', async () => {
    const spots = await stuckSpots(path);
    // The bot reaches x = 1200 at frame 40 and stays to frame 90 (the next walk starts there).
    // Stuck from frame 70, when the window's far end (30 frames back) is at 1200 too, to 90:
    // 21 frames, 2.1 s.
    expect(spots.length).toBe(2);
    expect(spots[0]).toMatchObject({ slot: 0, seg: 0, frame: 70, seconds: 2.1 });
    expect(spots[0].position).toEqual([1200, 100, 40]);
    // Death clears the window; after respawning, frames 31..45 of standing: 1.5 s.
    expect(spots[1]).toMatchObject({ slot: 0, seconds: 1.5 });
  });

  it.runIf(HAVE_ENGINE)('counts the stuck time trialstats.py counts', async () => {
    const spots = await stuckSpots(path);
    const stats = await trialStats(dir, autogenNav('beer'), path);
    const total = spots.reduce((a, s) => a + s.seconds, 0);
    expect(stats.stuck_s_per_bot_min! * stats.bot_minutes).toBeCloseTo(total, 1);
    expect(total).toBeGreaterThan(0);
  });

  it('finds the link a spot lies on', () => {
    const nav = {
      nodes: [
        { origin: [0, 0, 0], links: [{ target: 1 }] },
        { origin: [100, 0, 0], links: [{ target: 2 }] },
        { origin: [100, 100, 0], links: [] },
      ],
    };
    expect(nearestLink(nav, [50, 5, 0])).toEqual({ from: 0, to: 1, distance: 5 });
    expect(nearestLink(nav, [110, 60, 0])).toEqual({ from: 1, to: 2, distance: 10 });
    expect(nearestLink(nav, [-30, 40, 0])).toEqual({ from: 0, to: 1, distance: 50 }); // past the end
    expect(nearestLink({ nodes: [{ origin: [0, 0, 0], links: [] }] }, [0, 0, 0])).toBeNull();
  });
});
