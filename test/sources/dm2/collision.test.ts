/**
 * The recorder's positions in the AQtion tutorial demos never put the player box into solid
 * on the fixture maps (the collision model of `src/world/`, a position test: a box trace whose
 * start and end are the origin, with the player's mask). A wrong delta decode, a wrong scale
 * or a wrong map would put boxes into walls at once.
 */
import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Dm2PlayerDetail } from '../../../src/sources/dm2/types.js';
import { readDemo } from '../../../src/sources/demo/read-demo.js';
import type { DemoEvent, Frame, SegmentHeader } from '../../../src/sources/demo/events.js';
import {
  boxTrace,
  loadCollisionModel,
  MASK_PLAYERSOLID,
  newTraceResult,
} from '../../../src/world/index.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';

/** pm_flags bit of a crouched player (`PMF_DUCKED`). */
const PMF_DUCKED = 1;
const MINS = [-16, -16, -24];
const STANDING_MAXS = [16, 16, 32];
/** pmove's crouched box top (AQtion's game raises the entity's to 16 afterwards). */
const DUCKED_MAXS = [16, 16, 4];

const GUIDES = [
  'AQtion-bandaging-guide.dm2',
  'AQtion-demo-guide.dm2',
  'AQtion-doors-guide.dm2',
  'AQtion-double-jumping-guide.dm2',
  'AQtion-jumping-guide.dm2',
  'AQtion-ladder-guide.dm2',
  'AQtion-ramp-jumping-guide.dm2',
];

describeFixtures('client demo positions against the collision model', () => {
  describe.each(GUIDES)('%s', (name) => {
    it('no PM_NORMAL frame puts the recorder box into solid', async () => {
      const events: DemoEvent[] = await lastValueFrom(
        readDemo(fixture('dm2', name), { fullPlayers: true }).pipe(toArray()),
      );
      const header = events.find((e): e is SegmentHeader => e.kind === 'segment')!;
      const model = await loadCollisionModel(fixture('maps', `${header.map}.bsp`));
      const tr = newTraceResult();
      let tested = 0;
      const bad: string[] = [];
      for (const f of events.filter((e): e is Frame => e.kind === 'frame')) {
        const p = f.players[0];
        if (p.pmType !== 0) continue;
        const crouch = ((p.detail as Dm2PlayerDetail).pmove.pmFlags & PMF_DUCKED) !== 0;
        boxTrace(
          model,
          p.origin,
          p.origin,
          MINS,
          crouch ? DUCKED_MAXS : STANDING_MAXS,
          0,
          MASK_PLAYERSOLID,
          tr,
        );
        tested++;
        if (tr.startsolid || tr.allsolid) bad.push(`frame ${f.index} at ${p.origin.join(' ')}`);
      }
      expect(tested).toBeGreaterThan(1000);
      expect(bad.slice(0, 5)).toEqual([]);
      // The check has teeth: the same origins one unit lower put many boxes into the floor.
      let sunk = 0;
      for (const f of events.filter((e): e is Frame => e.kind === 'frame')) {
        const p = f.players[0];
        if (p.pmType !== 0) continue;
        const o = [p.origin[0], p.origin[1], p.origin[2] - 1];
        boxTrace(model, o, o, MINS, STANDING_MAXS, 0, MASK_PLAYERSOLID, tr);
        if (tr.startsolid) sunk++;
      }
      expect(sunk).toBeGreaterThan(tested / 10);
    });
  });
});
