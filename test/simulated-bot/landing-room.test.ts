import { describe, expect, it } from 'vitest';
import { landingHasRoom, LANDING_ROOM } from '../../src/simulated-bot/landing-room.js';
import { simulateLinkFromReach } from '../../src/simulated-bot/reach-starts.js';
import { playerCollision, simulateLink } from '../../src/simulated-bot/simulate-link.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { box, syntheticWorld } from '../map-analysis/synthetic-world.js';

const SOLID = 1;

describe('landing room', () => {
  // A roof 300 high at x < 0; below it, 150 high, a strip 40 wide at x ∈ [0, 40] (y < 0) and a
  // wide ledge at x ∈ [0, 300] (y > 100); beyond the strip, the street at 0; a wall at x = 140
  // (y ∈ [-300, -200]) where the strip widens to it.
  const w = syntheticWorld([
    box([-512, -512, -32], [512, 512, 0], SOLID),
    box([-512, -512, 0], [0, 512, 300], SOLID),
    box([0, -100, 0], [40, 0, 150], SOLID),
    box([0, 100, 0], [300, 512, 150], SOLID),
    box([0, -300, 0], [140, -200, 150], SOLID),
    box([140, -300, 0], [172, -200, 400], SOLID),
    box([-512, -512, 600], [512, 512, 632], SOLID),
  ]);
  const model = buildCollisionModel(w);
  const c = playerCollision(model);
  const Z_ROOF = 324.125;
  const Z_LEDGE = 174.125;

  it('no room on a strip narrower than the bot needs past the target', () => {
    expect(landingHasRoom(c, [-40, -50, Z_ROOF], [20, -50, Z_LEDGE])).toBe(false);
  });

  it('room on a wide ledge, and where a wall stops the bot', () => {
    expect(landingHasRoom(c, [-40, 200, Z_ROOF], [30, 200, Z_LEDGE])).toBe(true);
    expect(landingHasRoom(c, [-40, -250, Z_ROOF], [120, -250, Z_LEDGE])).toBe(true);
    expect(LANDING_ROOM).toBeGreaterThan(32);
  });

  it('straight down has no direction and passes', () => {
    expect(landingHasRoom(c, [20, -50, Z_ROOF], [22, -50, Z_LEDGE])).toBe(true);
  });

  it('the link check fails a drop the simulated bot makes but with no room to land, naming why', () => {
    // A roof 200 high at x < 0, a strip 40 wide and 150 high at x ∈ [0, 40], the street beyond:
    // the simulated bot touches the target in flight (it passes), a real one flies on.
    const low = syntheticWorld([
      box([-512, -512, -32], [512, 512, 0], SOLID),
      box([-512, -512, 0], [0, 512, 200], SOLID),
      box([0, -512, 0], [40, 512, 150], SOLID),
      box([-512, -512, 600], [512, 512, 632], SOLID),
    ]);
    const m = buildCollisionModel(low);
    const link = {
      from: [-30, 0, 224.125] as [number, number, number],
      to: [20, 0, Z_LEDGE] as [number, number, number],
      linkType: 'STAND_DROP',
      fromType: 'MOVE',
      toType: 'MOVE',
    };
    expect(simulateLink(m, link).passed).toBe(true);
    const r = simulateLinkFromReach(m, link);
    expect(r.passed).toBe(false);
    expect(r.detail).toMatch(/no room to land/);
    // Along the strip (y), where it goes on, there is room.
    expect(landingHasRoom(playerCollision(m), [-30, -100, 224.125], [20, 0, Z_LEDGE])).toBe(true);
  });
});
