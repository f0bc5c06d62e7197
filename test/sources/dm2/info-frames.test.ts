/**
 * What `navgen info` and `navgen frames --jsonl` make of a client demo: the summary names the
 * recorder's slot and protocol; a frame line has the recorder as its one player (the MVD2
 * schema) and the other players as entities (number, origin, event; no pm_type).
 */
import { lastValueFrom, toArray } from 'rxjs';
import { expect, it } from 'vitest';
import { formatSummary } from '../../../src/cli/commands/info.js';
import { summarizeDemo } from '../../../src/sources/demo/demo-summary.js';
import { oracleFrame, oracleHeader } from '../../../src/sources/demo/oracle-format.js';
import { readDemo } from '../../../src/sources/demo/read-demo.js';
import type { Frame, SegmentHeader } from '../../../src/sources/demo/events.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';

describeFixtures('info and frames on client demos', () => {
  it('info: recorder slot, protocol, frames, map', async () => {
    const s = await summarizeDemo(fixture('dm2', 'opentdm_testduel.dm2'));
    expect(s.error).toBeNull();
    expect(s.frames).toBe(3199);
    expect(s.segments[0]).toMatchObject({
      map: 'q2rdm2',
      recorder: 2,
      protocol: 34,
      clientNum: -1,
    });
    const text = formatSummary(s);
    expect(text).toContain('client demo, protocol 34');
    expect(text).toContain('recorder slot 2');
  });

  it('frames: the recorder as the player, the others as entities without pm_type', async () => {
    const events = await lastValueFrom(
      readDemo(fixture('dm2', 'opentdm_testduel.dm2'), { entityPlayers: true }).pipe(toArray()),
    );
    const header = events.find((e): e is SegmentHeader => e.kind === 'segment')!;
    expect(oracleHeader(header)).toMatchObject({ seg: 0, recorder: 2 });
    const lines = events
      .filter((e): e is Frame => e.kind === 'frame')
      .map((f) => oracleFrame(f, header.recorder));
    expect(lines.every((l) => l.players.length === 1 && l.players[0].slot === 2)).toBe(true);
    const withOthers = lines.filter((l) => l.entities!.length > 0);
    expect(withOthers.length).toBeGreaterThan(100);
    for (const l of withOthers) {
      for (const e of l.entities!) {
        expect(Object.keys(e).sort()).toEqual(['event', 'number', 'origin']);
        expect(e.number).toBeGreaterThanOrEqual(1);
        expect(e.number).toBeLessThanOrEqual(25);
        expect(e.number).not.toBe(3); // the recorder's own entity
      }
    }
  });
});
