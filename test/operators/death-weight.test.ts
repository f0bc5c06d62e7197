import { describe, expect, it } from 'vitest';
import { deathWeight } from '../../src/operators/death-weight.js';
import type { NavEvent, RunEnd } from '../../src/stage/nav-events.js';
import { ofKind, run, sample, summary } from './helpers.js';

function death(frameIndex: number, event = 0): RunEnd {
  return {
    kind: 'run-end',
    segment: 0,
    slot: 1,
    run: 0,
    frame: frameIndex,
    reason: 'death',
    event,
    cause: null,
  };
}

function walk(frames: number, more: Parameters<typeof sample>[2] = {}): NavEvent[] {
  return Array.from({ length: frames }, (_, i) => sample(i, [i * 10, 0, 24], more));
}

describe('death-weight', () => {
  it('down-weights the 90 frames before a fall death (fall event at death)', async () => {
    const out = await run([...walk(120), death(120, 5)], deathWeight());
    const weights = ofKind(out, 'sample').map((s) => s.weight);
    expect(weights.length).toBe(120);
    expect(weights.slice(0, 30).every((w) => w === 1)).toBe(true);
    expect(weights.slice(30).every((w) => Math.abs(w - 0.2) < 1e-12)).toBe(true);
    expect(ofKind(out, 'run-end')[0].cause).toBe('fall');
    expect(summary(out, 'death-weight').deaths).toEqual({ fall: 1, drown: 0, combat: 0 });
  });

  it('finds a fall from a fall event a few frames before the death, or from free flight', async () => {
    const events = walk(20);
    events[17] = sample(17, [170, 0, 24], { event: 4 });
    const byEvent = await run([...events, death(20)], deathWeight({ fallWindow: 5 }));
    expect(ofKind(byEvent, 'run-end')[0].cause).toBe('fall');
    const tooEarly = await run(
      [...events, death(40)],
      deathWeight({ fallWindow: 5, fallSpeed: 0 }),
    );
    expect(ofKind(tooEarly, 'run-end')[0].cause).toBe('combat');
    const falling = walk(20);
    falling[19] = sample(19, [190, 0, -500], { vz: -900 });
    const byFlight = await run([...falling, death(20)], deathWeight());
    expect(ofKind(byFlight, 'run-end')[0].cause).toBe('fall');
  });

  it('classifies drowning after more than 90 frames under water', async () => {
    const out = await run([...walk(95, { underwater: true }), death(95)], deathWeight());
    expect(ofKind(out, 'run-end')[0].cause).toBe('drown');
    const short = await run([...walk(95, { underwater: false }), ...[], death(95)], deathWeight());
    expect(ofKind(short, 'run-end')[0].cause).toBe('combat');
  });

  it('leaves combat deaths and non-death run ends alone, keeping per-run order', async () => {
    const out = await run([...walk(100), death(100)], deathWeight());
    const samples = ofKind(out, 'sample');
    expect(samples.every((s) => s.weight === 1)).toBe(true);
    expect(samples.map((s) => s.frame)).toEqual([...Array(100).keys()]);
    // The run end comes after all of its samples.
    expect(out.findIndex((e) => e.kind === 'run-end')).toBeGreaterThan(
      out.findIndex((e) => e.kind === 'sample' && e.frame === 99),
    );
  });

  it('releases held samples of runs that never ended when the input completes', async () => {
    const out = await run(walk(50), deathWeight());
    expect(ofKind(out, 'sample').length).toBe(50);
  });
});
