import { describe, expect, it } from 'vitest';
import { speedFilter } from '../../src/operators/speed-filter.js';
import { vote } from '../../src/operators/vote.js';
import { mapFilter } from '../../src/operators/map-filter.js';
import type { NavEvent, Waypoint } from '../../src/stage/nav-events.js';
import { frame, header, ofKind, player, run, summary } from './helpers.js';

function wp(frameIndex: number, x: number, dt: number, more: Partial<Waypoint> = {}): Waypoint {
  return {
    kind: 'waypoint',
    segment: 0,
    slot: 1,
    run: 0,
    frame: frameIndex,
    time: frameIndex / 10,
    origin: [x, 0, 24],
    weight: 1,
    vz: 0,
    dxy: dt > 0 ? 96 : 0,
    dz: 0,
    dt,
    crouched: false,
    underwater: false,
    ladder: false,
    airborne: false,
    rise: 0,
    flying: false,
    linkFromPrevious: dt > 0,
    path: [x, 0, 24, frameIndex / 10],
    ...more,
  };
}

describe('speed-filter', () => {
  it('cuts the link of a pair faster than 450 u/s and archives it, keeping both waypoints', async () => {
    // 96 units in 0.3 s = 320 u/s (kept); 96 units in 0.1 s = 960 u/s (cut).
    const out = await run([wp(0, 0, 0), wp(3, 96, 0.3), wp(4, 192, 0.1)], speedFilter());
    const ws = ofKind(out, 'waypoint');
    expect(ws.map((w) => w.linkFromPrevious)).toEqual([false, true, false]);
    const traces = ofKind(out, 'strafe-trace');
    expect(traces.length).toBe(1);
    expect(traces[0].speed).toBeCloseTo(960);
    expect(traces[0].from).toEqual([96, 0, 24]);
    expect(traces[0].to).toEqual([192, 0, 24]);
    expect(summary(out, 'speed-filter')).toEqual({ pairs: 2, cut: 1 });
  });
});

describe('vote', () => {
  it('votes for every waypoint and links consecutive ones unless cut', async () => {
    const out = await run(
      [
        wp(0, 0, 0),
        wp(3, 96, 0.3, { crouched: true }),
        wp(4, 192, 0.1, { linkFromPrevious: false }),
        wp(8, 288, 0.4, { underwater: true }),
      ],
      vote(),
    );
    const nodes = ofKind(out, 'node-vote');
    expect(nodes.map((n) => n.index)).toEqual([0, 1, 2, 3]);
    expect(nodes[1].flags).toBe(2);
    expect(nodes[3].flags).toBe(1);
    expect(ofKind(out, 'link-vote').map((l) => [l.from, l.to])).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });
});

describe('map-filter', () => {
  it('keeps only the segments of the wanted map and reports the others', async () => {
    const events: NavEvent[] = [
      header(0, 'wizs'),
      frame(0, [player(1, [0, 0, 0])], 0),
      header(1, 'city'),
      frame(0, [player(1, [0, 0, 0])], 1),
      frame(1, [player(1, [0, 0, 0])], 1),
    ];
    const out = await run(events, mapFilter({ map: 'WIZS' }));
    expect(ofKind(out, 'frame').map((f) => f.segment)).toEqual([0]);
    expect(summary(out, 'map-filter')).toMatchObject({
      maps: ['wizs', 'city'],
      segmentsKept: 1,
      framesKept: 1,
      framesDropped: 2,
    });
  });
});
