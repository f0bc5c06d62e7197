/**
 * Links run from everywhere the bot may be when it counts their source reached: on ghetto, a
 * link that clears a pillar's corner from its source's origin pins the bot in that corner from
 * a spot 32 units aside (where real bots stood 67 s in a trial), and the check finds it; on
 * open floor every start is kept and the link passes from each.
 */
import { beforeAll, expect, it } from 'vitest';
import { loadCollisionModel, type CollisionModel } from '../../src/world/collision-model.js';
import {
  checkedFromReach,
  reachStarts,
  REACH_OFFSET,
  simulateLinkFromReach,
} from '../../src/simulated-bot/reach-starts.js';
import {
  playerCollision,
  simulateLink,
  type LinkToSimulate,
} from '../../src/simulated-bot/simulate-link.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

const walk = (from: LinkToSimulate['from'], to: LinkToSimulate['to']): LinkToSimulate => ({
  from,
  to,
  linkType: 'MOVE',
  fromType: 'MOVE',
  toType: 'MOVE',
});

describeFixtures('links from within the bot\u2019s reach of their source', () => {
  let model: CollisionModel;
  beforeAll(async () => {
    model = await loadCollisionModel(fixture('maps', 'ghetto.bsp'));
  }, 60_000);

  // navgen's ghetto nav had this link (node origins), beside a pillar north of a 56-unit passage.
  const corner = walk([-316, 53, -96], [-275, -65, -96]);

  it('a link past a pillar corner passes from the origin and fails from a start within reach', () => {
    expect(simulateLink(model, corner).passed).toBe(true);
    const r = simulateLinkFromReach(model, corner);
    expect(r.passed).toBe(false);
    expect(r.detail).toMatch(/within reach of the source/);
    // The simulated bot ends where the real bots stood (-280, 24, -96) in the trial.
    expect(Math.hypot(r.end[0] + 280, r.end[1] - 24)).toBeLessThan(16);
  });

  it('starts lie within the reach, on the source\u2019s floor, and stop at walls', () => {
    const starts = reachStarts(playerCollision(model), corner.from);
    expect(starts.length).toBeGreaterThan(0);
    // Eight straight-line starts at most, and at most eight more round corners.
    expect(starts.length).toBeLessThanOrEqual(16);
    // The pillar south stops some starts short of the full offset.
    const short = starts.filter(
      (s) =>
        Math.max(Math.abs(s[0] - corner.from[0]), Math.abs(s[1] - corner.from[1])) <
        REACH_OFFSET - 1,
    );
    expect(short.length).toBeGreaterThan(0);
    for (const s of starts) {
      // Within the 37 units of the engine's reach test.
      expect(Math.abs(s[0] - corner.from[0])).toBeLessThan(37);
      expect(Math.abs(s[1] - corner.from[1])).toBeLessThan(37);
      expect(Math.abs(s[2] - corner.from[2])).toBeLessThanOrEqual(18);
    }
  });

  it('the link along the passage passes from every start', () => {
    const along = walk([-319, -11, -96], [-320, 60, -96]);
    expect(simulateLinkFromReach(model, along).passed).toBe(true);
  });

  it('a node in a doorway is touched from beside the door, round the jamb, and its link south fails from there', () => {
    // navgen's next ghetto nav had this link from the node in the passage: a bot coming through
    // from the north touched that node 30 units east of it, north of the wall, turned south and
    // stood 125 s in the corner of the wall and the pillar.
    const door = walk([-319, -11, -96], [-275, -65, -96]);
    const starts = reachStarts(playerCollision(model), door.from);
    const roundJamb = starts.filter((s) => s[0] > door.from[0] + 24 && s[1] > door.from[1] + 24);
    expect(roundJamb.length).toBeGreaterThan(0);
    expect(simulateLink(model, door).passed).toBe(true);
    const r = simulateLinkFromReach(model, door);
    expect(r.passed).toBe(false);
    expect(r.detail).toMatch(/within reach of the source/);
    expect(Math.hypot(r.end[0] + 281, r.end[1] - 24)).toBeLessThan(16);
  });

  it('only walks and crouches are run from several starts', () => {
    expect(checkedFromReach(corner)).toBe(true);
    expect(checkedFromReach({ ...corner, linkType: 'CROUCH' })).toBe(true);
    expect(checkedFromReach({ ...corner, linkType: 'JUMP' })).toBe(false);
    expect(checkedFromReach({ ...corner, linkType: 'STAND_DROP' })).toBe(false);
    expect(checkedFromReach({ ...corner, fromType: 'LADDER', toType: 'LADDER' })).toBe(false);
    expect(checkedFromReach({ ...corner, fromType: 'WATER' })).toBe(false);
  });
});
