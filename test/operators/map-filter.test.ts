/**
 * The map-filter operator on a three-map demo: only the wanted map's segments go on (their
 * headers, frames and player names), whatever the case of the names; other events pass; the
 * summary counts every map seen; each subscription counts afresh.
 */
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { mapFilter } from '../../src/operators/map-filter.js';
import type { NavEvent } from '../../src/stage/nav-events.js';
import { frame, header, ofKind, player, run, summary } from './helpers.js';

const name = (segment: number, slot: number, text: string): NavEvent => ({
  kind: 'player-name',
  segment,
  slot,
  name: text,
});

/** A demo of three segments: wizs, City (two frames), wizs again. */
const demo = (): NavEvent[] => [
  header(0, 'wizs'),
  name(0, 1, 'alpha'),
  frame(0, [player(1, [0, 0, 24])], 0),
  header(1, 'City'),
  name(1, 1, 'beta'),
  frame(0, [player(1, [8, 0, 24])], 1),
  { kind: 'warning', code: 'TRUNCATED', file: 'demo.mvd2', offset: 99, message: 'cut short' },
  frame(1, [player(1, [16, 0, 24])], 1),
  header(2, 'WIZS'),
  frame(0, [player(1, [24, 0, 24])], 2),
];

describe('map-filter', () => {
  it('keeps the segments of the wanted map, with their frames and names, and lets other events pass', async () => {
    const out = await run(demo(), mapFilter({ map: 'wizs' }));
    expect(ofKind(out, 'segment').map((s) => s.segment)).toEqual([0, 2]);
    expect(ofKind(out, 'frame').map((f) => f.segment)).toEqual([0, 2]);
    expect(ofKind(out, 'player-name').map((n) => n.name)).toEqual(['alpha']);
    expect(ofKind(out, 'warning')).toHaveLength(1);
    expect(summary(out, 'map-filter')).toEqual({
      map: 'wizs',
      maps: ['wizs', 'City', 'WIZS'],
      segments: 3,
      segmentsKept: 2,
      framesKept: 2,
      framesDropped: 2,
    });
  });

  it('keeps nothing of a demo of another map, and says which maps it held', async () => {
    const out = await run(demo(), mapFilter({ map: 'storm' }));
    expect(out.map((e) => e.kind)).toEqual(['warning', 'summary']);
    expect(summary(out, 'map-filter')).toMatchObject({
      maps: ['wizs', 'City', 'WIZS'],
      segmentsKept: 0,
      framesDropped: 4,
    });
  });

  it('counts each subscription on its own', async () => {
    const filtered = from(demo()).pipe(mapFilter({ map: 'city' }), toArray());
    const first = await lastValueFrom(filtered);
    const second = await lastValueFrom(filtered);
    expect(second).toEqual(first);
    expect(summary(second, 'map-filter')).toMatchObject({ segmentsKept: 1, framesKept: 2 });
  });

  it('needs a map', () => {
    expect(() => mapFilter({})).toThrow('map-filter: map must be set');
  });
});
