import { describe, expect, it } from 'vitest';
import { downsample } from '../../src/operators/downsample.js';
import type { NavEvent, RunEnd } from '../../src/stage/nav-events.js';
import { ofKind, run, sample } from './helpers.js';

function end(frameIndex: number): RunEnd {
  return {
    kind: 'run-end',
    segment: 0,
    slot: 1,
    run: 0,
    frame: frameIndex,
    reason: 'end',
    event: 0,
    cause: null,
  };
}

describe('downsample', () => {
  it('emits one waypoint per 96 units of path, plus the run start and a far enough end', async () => {
    // 30 units per frame along x: 0, 30, …, 600.
    const events: NavEvent[] = Array.from({ length: 21 }, (_, i) =>
      sample(i, [i * 30, 0, 24], { hspeed: 300 }),
    );
    const out = await run([...events, end(21)], downsample({ spacing: 96 }));
    const xs = ofKind(out, 'waypoint').map((w) => w.origin[0]);
    // 0 (start), then every 4 frames (120 ≥ 96), and the end at 600 (120 past 480).
    expect(xs).toEqual([0, 120, 240, 360, 480, 600]);
    const w = ofKind(out, 'waypoint')[1];
    expect(w).toMatchObject({ dxy: 120, dz: 0, linkFromPrevious: true });
    expect(w.dt).toBeCloseTo(0.4);
    expect(w.path.length).toBe(4 * 4);
    expect(ofKind(out, 'waypoint')[0].linkFromPrevious).toBe(false);
  });

  it('averages the weights of the span and keeps run ends', async () => {
    const events: NavEvent[] = [
      sample(0, [0, 0, 24]),
      sample(1, [50, 0, 24], { weight: 0.2 }),
      sample(2, [100, 0, 24], { weight: 0.2 }),
    ];
    const out = await run([...events, end(3)], downsample());
    const ws = ofKind(out, 'waypoint');
    expect(ws.map((w) => w.weight)).toEqual([1, 0.2]);
    expect(ofKind(out, 'run-end').length).toBe(1);
  });

  it('recognises free flight and climbing in the span', async () => {
    const flight: NavEvent[] = [
      sample(0, [0, 0, 24]),
      sample(1, [50, 0, 50], { vz: 260, az: -800, hspeed: 500 }),
      sample(2, [100, 0, 68], { vz: 180, az: -800, hspeed: 500 }),
    ];
    const air = ofKind(await run(flight, downsample()), 'waypoint');
    expect(air[1]).toMatchObject({ airborne: true, flying: true, ladder: false });
    const climb: NavEvent[] = Array.from({ length: 6 }, (_, i) =>
      sample(i, [0, 0, 24 + i * 20], { vz: i ? 200 : 0, az: 0, hspeed: 0 }),
    );
    const up = ofKind(await run(climb, downsample()), 'waypoint');
    expect(up[1]).toMatchObject({ ladder: true, airborne: false });
    const swim = climb.map((e) => ({ ...(e as ReturnType<typeof sample>), underwater: true }));
    expect(ofKind(await run(swim, downsample()), 'waypoint')[1].ladder).toBe(false);
  });

  it('rejects a non-positive spacing', () => {
    expect(() => downsample({ spacing: 0 })).toThrow(/spacing/);
  });
});
