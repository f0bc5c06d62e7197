import { describe, expect, it } from 'vitest';
import { take } from 'rxjs';
import { gate } from '../../src/operators/gate.js';
import type { NavEvent } from '../../src/stage/nav-events.js';
import { frame, header, ofKind, player, run, summary } from './helpers.js';

describe('gate', () => {
  it('keeps PM_NORMAL players only and never the MVD dummy', async () => {
    const out = await run(
      [
        header(0, 'm', 15),
        frame(0, [
          player(1, [0, 0, 24]),
          player(2, [0, 0, 24], { pmType: 1 }),
          player(15, [5, 5, 5]),
        ]),
        frame(1, [
          player(1, [10, 0, 24]),
          player(2, [0, 0, 24], { pmType: 1 }),
          player(15, [5, 5, 5]),
        ]),
      ],
      gate(),
    );
    const samples = ofKind(out, 'sample');
    expect(samples.map((s) => [s.slot, s.frame])).toEqual([
      [1, 0],
      [1, 1],
    ]);
    expect(samples[1].hspeed).toBeCloseTo(100);
    const s = summary(out, 'gate');
    expect(s.playerFrames).toBe(4);
    expect(s.discarded).toEqual({ spectator: 2 });
    expect(s.spectatorRatio).toBe(0.5);
    expect(s.flagged).toBe(false);
  });

  it('ends a run on death with the death frame event, and starts a new run after respawn', async () => {
    const out = await run(
      [
        header(),
        frame(0, [player(1, [0, 0, 24])]),
        frame(1, [player(1, [0, 0, 24], { pmType: 2, event: 5 })]),
        frame(2, [player(1, [500, 0, 24])]),
      ],
      gate(),
    );
    const ends = ofKind(out, 'run-end');
    expect(ends[0]).toMatchObject({ slot: 1, run: 0, frame: 1, reason: 'death', event: 5 });
    expect(ofKind(out, 'sample').map((s) => s.run)).toEqual([0, 1]);
  });

  it('cuts runs at teleports and impossible steps, and when a player leaves', async () => {
    const out = await run(
      [
        header(),
        frame(0, [player(1, [0, 0, 24])]),
        frame(1, [player(1, [900, 0, 24], { event: 6 })]),
        frame(2, [player(1, [1200, 0, 24])]),
        frame(3, []),
      ],
      gate({ maxStepPerFrame: 256 }),
    );
    expect(ofKind(out, 'run-end').map((e) => e.reason)).toEqual([
      'teleport',
      'impossible-step',
      'not-playing',
    ]);
  });

  it('flags and skips a demo that is mostly spectating', async () => {
    const frames: NavEvent[] = [header()];
    for (let i = 0; i < 10; i++)
      frames.push(frame(i, [player(1, [0, 0, 24], { pmType: i < 7 ? 1 : 0 })]));
    const s = summary(await run(frames, gate()), 'gate');
    expect(s.spectatorRatio).toBeCloseTo(0.7);
    expect(s.flagged).toBe(true);
    expect(s.skip).toBe(true);
    const kept = summary(await run(frames, gate({ maxSpectatorRatio: 0.8 })), 'gate');
    expect(kept.skip).toBe(false);
  });

  it('marks crouching and swimming samples', async () => {
    const out = await run(
      [header(), frame(0, [player(1, [0, 0, 24], { viewoffset: [0, 0, 4], rdflags: 1 })])],
      gate(),
    );
    expect(ofKind(out, 'sample')[0]).toMatchObject({ crouched: true, underwater: true });
  });

  it('stops with take() without reading further', async () => {
    const out = await run(
      [header(), frame(0, [player(1, [0, 0, 24])]), frame(1, [player(1, [1, 0, 24])])],
      gate(),
      take(2),
    );
    expect(out.length).toBe(2);
  });
});
