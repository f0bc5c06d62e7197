/**
 * The link check on a box world with known answers: a walk on open floor passes, a walk into a
 * wall and a drop of 600 units fail; learned links are checked only when asked, and a jump holds
 * only when the simulated bot makes it (across an 80-unit pit, not a 256-unit one).
 */
import { describe, expect, it } from 'vitest';
import { box, syntheticWorld } from './synthetic-world.js';
import { checkLinks } from '../../src/map-analysis/link-check.js';
import { jumpHolds } from '../../src/simulated-bot/jump-holds.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { nodeWithoutVotes, NO_LINK_EVIDENCE } from '../../src/stage/graph-types.js';

const SOLID = 1;
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

describe('link check', () => {
  // A floor split by a wall at x ∈ [-16, 16] up to the sky; a tower 600 high at x ≥ 200.
  const w = syntheticWorld([
    box([-512, -256, -32], [512, 256, 0], SOLID),
    box([-16, -256, 0], [16, 256, 800], SOLID),
    box([200, -256, 0], [512, 256, 600], SOLID),
    box([-512, -256, 800], [512, 256, 832], SOLID),
  ]);
  const model = buildCollisionModel(w);
  const at = (x: number, y: number, z = 24.125) => nodeWithoutVotes([x, y, z], 'MOVE', 'map');
  const nodes = [at(-200, 0), at(-100, 0), at(100, 0), at(150, 100), at(260, 0, 624.125)];
  const link = (from: number, to: number, type = 'MOVE') => ({
    from,
    to,
    type,
    ...NO_LINK_EVIDENCE,
  });
  const links = [
    link(0, 2), // learned: through the wall
    link(0, 1), // on open floor
    link(1, 2), // into the wall
    link(4, 3, 'STAND_DROP'), // 600 down
  ];

  it('filled links the simulated bot fails go, counted by reason; learned ones stay unchecked', () => {
    const r = checkLinks(model, nodes, links, 1, false);
    expect(r.kept).toEqual([links[0], links[1]]);
    expect(sum(r.failures)).toBe(2);
    expect(r.learnedFailures).toEqual({});
  });

  it('with checkLearned, a learned link the bot fails goes too, counted apart', () => {
    const r = checkLinks(model, nodes, links, 1, true);
    expect(r.kept).toEqual([links[1]]);
    expect(sum(r.failures)).toBe(2);
    expect(sum(r.learnedFailures)).toBe(1);
  });
});

describe('jumpHolds', () => {
  const pit = (width: number) => {
    const w = syntheticWorld([
      box([-320, -96, -32], [-width / 2, 96, 0], SOLID),
      box([width / 2, -96, -32], [320, 96, 0], SOLID),
      box([-320, -96, -432], [320, 96, -400], SOLID),
      box([-320, -96, 300], [320, 96, 332], SOLID),
    ]);
    return buildCollisionModel(w);
  };
  const jump = (from: number, to: number) => ({
    from: [from, 0, 24.125] as const,
    to: [to, 0, 24.125] as const,
    linkType: 'JUMP',
    fromType: 'MOVE',
    toType: 'MOVE',
  });

  it('a running jump across an 80-unit pit holds; one across 256 units does not', () => {
    expect(jumpHolds(pit(80), jump(-64, 64))).toBe(true);
    expect(jumpHolds(pit(256), jump(-150, 150))).toBe(false);
  });
});
