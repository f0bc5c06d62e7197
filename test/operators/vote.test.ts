/**
 * The vote operator on small runs: a jump becomes one airborne link from its take-off to its
 * landing, rising as high as the flight went; runs are kept apart by segment, slot and run, and
 * a run's end breaks its chain. (Votes for walked runs and cut links: speed-filter-vote.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { vote } from '../../src/operators/vote.js';
import { VOTE_AIRBORNE, VOTE_LADDER, type Waypoint } from '../../src/stage/nav-events.js';
import { ofKind, run, summary } from './helpers.js';

/**
 * A waypoint at (x, 0, z) of slot 1's run 0 in segment 0, a tenth of a second after the one
 * before, with its height change `dz` from it; on the ground unless `more` says otherwise.
 */
function at(frame: number, x: number, z: number, dz: number, more: Partial<Waypoint> = {}) {
  const w: Waypoint = {
    kind: 'waypoint',
    origin: [x, 0, z],
    dz,
    segment: 0,
    slot: 1,
    run: 0,
    frame,
    time: frame / 10,
    dt: 0.1,
    dxy: 32,
    vz: 0,
    weight: 1,
    flying: false,
    airborne: false,
    rise: 0,
    ladder: false,
    crouched: false,
    underwater: false,
    linkFromPrevious: true,
    path: [x, 0, z, frame / 10],
  };
  return { ...w, ...more };
}

describe('vote', () => {
  it('makes a jump one airborne link, from the take-off to the landing, as high as it rose', async () => {
    const out = await run(
      [
        at(0, 0, 24, 0),
        // In flight: 36 up, then 10 down after rising 5 more (a peak at 65, 41 above the take-off).
        at(1, 32, 60, 36, { flying: true, airborne: true, rise: 36 }),
        at(2, 64, 50, -10, { flying: true, airborne: true, rise: 5 }),
        // Landed on a ledge 16 above the take-off.
        at(3, 96, 40, -10, { airborne: true }),
        at(4, 128, 40, 0),
      ],
      vote(),
    );
    const nodes = ofKind(out, 'node-vote');
    expect(nodes.map((n) => n.origin[0])).toEqual([0, 96, 128]);
    expect(nodes.map((n) => n.flags)).toEqual([0, VOTE_AIRBORNE, 0]);
    expect(ofKind(out, 'link-vote')).toEqual([
      { kind: 'link-vote', from: 0, to: 1, weight: 1, airborne: true, rise: 41 },
      { kind: 'link-vote', from: 1, to: 2, weight: 1, airborne: false, rise: 0 },
    ]);
    expect(summary(out, 'vote')).toEqual({ nodeVotes: 3, linkVotes: 2, waypointsInFlight: 2 });
  });

  it('lets waypoints in flight vote too with voteInFlight', async () => {
    const out = await run(
      [
        at(0, 0, 24, 0),
        at(1, 32, 60, 36, { flying: true, airborne: true, rise: 36 }),
        at(2, 64, 40, -20, { airborne: true }),
      ],
      vote({ voteInFlight: true }),
    );
    expect(ofKind(out, 'node-vote').map((n) => n.origin[2])).toEqual([24, 60, 40]);
    expect(ofKind(out, 'link-vote').map((l) => [l.from, l.to, l.airborne])).toEqual([
      [0, 1, true],
      [1, 2, true],
    ]);
    expect(summary(out, 'vote')).toMatchObject({ waypointsInFlight: 0 });
  });

  it('links only within a run: other slots interleave, a run-end breaks the chain', async () => {
    const out = await run(
      [
        at(0, 0, 24, 0),
        at(0, 500, 24, 0, { slot: 2 }),
        at(1, 32, 24, 0),
        at(1, 532, 24, 0, { slot: 2, ladder: true }),
        {
          kind: 'run-end',
          segment: 0,
          slot: 1,
          run: 0,
          frame: 2,
          reason: 'death',
          event: 0,
          cause: null,
        },
        // The same run number after its end: a new chain.
        at(3, 64, 24, 0),
        at(4, 96, 24, 0),
      ],
      vote(),
    );
    // The run-end passes through, in its place.
    expect(out.map((e) => e.kind).indexOf('run-end')).toBe(6);
    const nodes = ofKind(out, 'node-vote');
    expect(nodes.map((n) => n.origin[0])).toEqual([0, 500, 32, 532, 64, 96]);
    expect(nodes[3].flags).toBe(VOTE_LADDER);
    expect(ofKind(out, 'link-vote').map((l) => [l.from, l.to])).toEqual([
      [0, 2],
      [1, 3],
      [4, 5],
    ]);
  });
});
