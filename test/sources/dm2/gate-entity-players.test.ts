/**
 * The gate and client demos: in a segment with a recorder (a `.dm2`), only the recorder's
 * movement passes by default; the other players (inferred from entities) pass with
 * `entityPlayers`. MVD2 segments are unchanged by the option.
 */
import { describe, expect, it } from 'vitest';
import { gate } from '../../../src/operators/gate.js';
import type { SegmentHeader } from '../../../src/sources/demo/events.js';
import { frame, header, ofKind, player, run } from '../../operators/helpers.js';

const dm2Header = (recorder: number): SegmentHeader => ({
  ...header(0, 'm', -1),
  protocol: 34,
  version: 0,
  recorder,
});

const frames = [0, 1, 2].map((i) =>
  frame(i, [player(0, [i * 10, 0, 24]), player(3, [0, i * 10, 24]), player(5, [0, 0, 24 + i])]),
);

const slotsOf = (events: Awaited<ReturnType<typeof run>>): number[] =>
  [...new Set(ofKind(events, 'sample').map((s) => s.slot))].sort((a, b) => a - b);

describe('gate on client demos', () => {
  it('keeps only the recorder by default', async () => {
    expect(slotsOf(await run([dm2Header(3), ...frames], gate()))).toEqual([3]);
  });

  it('keeps the other players with entityPlayers', async () => {
    const out = await run([dm2Header(3), ...frames], gate({ entityPlayers: true }));
    expect(slotsOf(out)).toEqual([0, 3, 5]);
  });

  it('changes nothing for MVD2 segments', async () => {
    const plain = await run([header(0, 'm', 15), ...frames], gate());
    const flagged = await run([header(0, 'm', 15), ...frames], gate({ entityPlayers: true }));
    expect(slotsOf(plain)).toEqual([0, 3, 5]);
    expect(flagged).toEqual(plain);
  });
});
