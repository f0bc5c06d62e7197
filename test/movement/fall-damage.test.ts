/**
 * AQtion's landing damage, from the game's rules: delta = (speed lost)² / 10000, scaled by water
 * level; > 30 hurts 10 · max(1, ⌊(delta − 30) / 2⌋) and breaks the legs of a living player.
 */
import { describe, expect, it } from 'vitest';
import { fallDamage, fallKills, landingDamage } from '../../src/movement/fall-damage.js';

const land = (oldVz: number, extra: Partial<Parameters<typeof fallDamage>[0]> = {}) =>
  fallDamage({
    oldVelocityZ: oldVz,
    velocityZ: 0,
    onGround: true,
    waterlevel: 0,
    health: 100,
    ...extra,
  });

describe('fall damage', () => {
  it('grades landings by speed: nothing, footstep, short fall, damage', () => {
    expect(land(-90)).toMatchObject({ damage: 0, event: 'none' }); // delta 0.81
    expect(land(-300)).toMatchObject({ damage: 0, event: 'footstep' }); // delta 9
    expect(land(-500)).toMatchObject({ damage: 0, event: 'fallshort', legDamage: false }); // 25
    expect(land(-548)).toMatchObject({ damage: 10, event: 'fallfar', legDamage: true }); // 30.03 → min 1
    expect(land(-600).damage).toBe(30); // 36 → ⌊3⌋
    expect(land(-700).damage).toBe(90); // 49 → ⌊9.5⌋
    expect(land(-800).damage).toBe(170); // 64 → 17
  });

  it('uses the float square of the speed lost and the game thresholds exactly', () => {
    expect(land(-Math.sqrt(300000)).damage).toBe(0); // delta exactly 30 (in float): no damage yet
    expect(land(-548).delta).toBeCloseTo(30.0304, 3);
    expect(landingDamage(707)).toBe(90); // 49.98 → 9
    expect(landingDamage(708)).toBe(100); // 50.13 → 10
  });

  it('kills at 100 health from about 708 u/s, and sooner when hurt', () => {
    expect(
      fallKills({ oldVelocityZ: -707, velocityZ: 0, onGround: true, waterlevel: 0, health: 100 }),
    ).toBe(false);
    expect(
      fallKills({ oldVelocityZ: -708, velocityZ: 0, onGround: true, waterlevel: 0, health: 100 }),
    ).toBe(true);
    expect(
      fallKills({ oldVelocityZ: -600, velocityZ: 0, onGround: true, waterlevel: 0, health: 30 }),
    ).toBe(true);
    expect(
      fallKills({ oldVelocityZ: -600, velocityZ: 0, onGround: true, waterlevel: 0, health: 31 }),
    ).toBe(false);
  });

  it('water softens the landing: level 1 halves, level 2 quarters, level 3 cancels', () => {
    expect(landingDamage(800, 1)).toBe(10); // 32
    expect(landingDamage(800, 2)).toBe(0); // 16: short fall
    expect(landingDamage(2000, 3)).toBe(0);
  });

  it('in the air: the whole old fall speed counts once something slowed the fall; else nothing', () => {
    const slowed = fallDamage({
      oldVelocityZ: -700,
      velocityZ: -100,
      onGround: false,
      waterlevel: 0,
      health: 100,
    });
    expect(slowed.damage).toBe(90); // delta from −700, not from the 600 lost
    const falling = fallDamage({
      oldVelocityZ: -700,
      velocityZ: -780,
      onGround: false,
      waterlevel: 0,
      health: 100,
    });
    expect(falling).toMatchObject({ damage: 0, event: 'none' });
  });

  it('leg damage only for living players', () => {
    expect(land(-800, { health: 0 }).legDamage).toBe(false);
    expect(land(-800, { health: 1 }).legDamage).toBe(true);
  });
});
