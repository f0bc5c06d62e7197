/**
 * `readDemo(path, { summary: true })` (what `navgen info` reads): one `frame-slots` event per
 * frame, listing exactly the slots the full frame's players have, with the same segments,
 * indexes, warnings and end; and the summary built from it matches one built from full frames.
 */
import { lastValueFrom, toArray } from 'rxjs';
import { expect, it } from 'vitest';
import { summarizeDemo } from '../../../src/sources/demo/demo-summary.js';
import { readDemo, type ReadDemoOptions } from '../../../src/sources/demo/read-demo.js';
import type { DemoEvent } from '../../../src/sources/demo/events.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';

const read = (path: string, options: ReadDemoOptions): Promise<DemoEvent[]> =>
  lastValueFrom(readDemo(path, options).pipe(toArray()));

/** Every event with frames reduced to their slots, so both modes compare directly. */
function slotsOf(events: DemoEvent[]): unknown[] {
  return events.map((e) =>
    e.kind === 'frame'
      ? { seg: e.segment, index: e.index, slots: e.players.map((p) => p.slot) }
      : e.kind === 'frame-slots'
        ? { seg: e.segment, index: e.index, slots: [...e.slots] }
        : e,
  );
}

describeFixtures('summary mode', () => {
  const cases: [string, string[], ReadDemoOptions][] = [
    ['MVD2, two segments', ['demos', 'mvd2', 'multimap_tdm_wizs_city_storm_8bots.mvd2.gz'], {}],
    ['MVD2, raw', ['demos', 'mvd2', 'storm_dm_6bots_240s_raw.mvd2'], {}],
    ['MVD2, extended limits', ['demos', 'mvd2', 'tequila_dm_8bots_240s_ext.mvd2.gz'], {}],
    ['MVD2, long', ['demos', 'mvd2', 'urbanjungle_dm_10bots_720s_long.mvd2.gz'], {}],
    ['client demo', ['dm2', 'opentdm_testduel.dm2'], {}],
    ['client demo, entity players', ['dm2', 'opentdm_testduel.dm2'], { entityPlayers: true }],
  ];
  for (const [name, parts, options] of cases) {
    it(`${name}: the same slots as full frames, frame by frame`, async () => {
      const path = fixture(...parts);
      const full = await read(path, options);
      const summary = await read(path, { ...options, summary: true });
      expect(summary.some((e) => e.kind === 'frame')).toBe(false);
      const frames = summary.filter((e) => e.kind === 'frame-slots');
      expect(frames.length).toBe(full.filter((e) => e.kind === 'frame').length);
      expect(frames.length).toBeGreaterThan(100);
      expect(slotsOf(summary)).toEqual(slotsOf(full));
    });
  }

  it('consecutive unchanged slot lists are one shared array', async () => {
    const events = await read(fixture('demos', 'mvd2', 'wizs_dm_6bots_240s.mvd2.gz'), {
      summary: true,
    });
    const lists = events.flatMap((e) => (e.kind === 'frame-slots' ? [e.slots] : []));
    const distinct = new Set(lists).size;
    expect(distinct).toBeGreaterThan(0);
    expect(distinct).toBeLessThan(lists.length / 10);
  });

  it('summarizeDemo: slots seen per segment as counted from full frames', async () => {
    const path = fixture('demos', 'mvd2', 'multimap_tdm_wizs_city_storm_8bots.mvd2.gz');
    const s = await summarizeDemo(path);
    const full = await read(path, {});
    const seen = new Map<number, Set<number>>();
    let clientNum = -1;
    for (const e of full) {
      if (e.kind === 'segment') {
        seen.set(e.segment, new Set());
        clientNum = e.clientNum;
      } else if (e.kind === 'frame') {
        for (const p of e.players) if (p.slot !== clientNum) seen.get(e.segment)!.add(p.slot);
      }
    }
    expect(s.segments.length).toBe(seen.size);
    for (const g of s.segments) expect(g.slotsSeen).toBe(seen.get(g.segment)!.size);
  });
});
