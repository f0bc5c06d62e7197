/**
 * What lies under a drop's way: a bot that falls short of a drop's target must survive the fall.
 * A roof at 300, a gap over the street (0), then a ledge at 150 wide enough to land on: the
 * simulated bot makes the drop, and a real one that leaves the roof slowly falls 300 units.
 */
import { describe, expect, it } from 'vitest';
import { MISS_FALL, pitBesideLanding, pitUnderDrop } from '../../src/simulated-bot/drop-flight.js';
import { simulateLinkFromReach } from '../../src/simulated-bot/reach-starts.js';
import { playerCollision, simulateLink } from '../../src/simulated-bot/simulate-link.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { box, syntheticWorld } from '../map-analysis/synthetic-world.js';

const SOLID = 1;
const Z_ROOF = 324.125;
const Z_LEDGE = 174.125;

describe('what lies under a drop', () => {
  // Roof at x < 0 (y < 0: with a gap of 80 over the street; y > 0: a step down at x ∈ [0, 80]
  // at 200 before the ledge), ledge at 150 for x ∈ [80, 400].
  const w = syntheticWorld([
    box([-512, -512, -32], [512, 512, 0], SOLID),
    box([-512, -512, 0], [0, 512, 300], SOLID),
    box([0, 0, 0], [80, 512, 200], SOLID),
    box([80, -512, 0], [400, 512, 150], SOLID),
    box([-512, -512, 700], [512, 512, 732], SOLID),
  ]);
  const model = buildCollisionModel(w);
  const c = playerCollision(model);
  const drop = (y: number) => ({
    from: [-30, y, Z_ROOF] as [number, number, number],
    to: [140, y, Z_LEDGE] as [number, number, number],
    linkType: 'STAND_DROP',
    fromType: 'MOVE',
    toType: 'MOVE',
  });

  it('finds the street under a drop across a gap, beyond the roof edge and short of the ledge', () => {
    const pit = pitUnderDrop(c, drop(-200).from, drop(-200).to);
    expect(pit).not.toBeNull();
    expect(pit![0]).toBeGreaterThan(0);
    expect(pit![0]).toBeLessThan(80 + 16);
  });

  it('finds none where a short landing is on a floor within a safe fall', () => {
    expect(pitUnderDrop(c, drop(200).from, drop(200).to)).toBeNull();
    expect(MISS_FALL).toBeLessThan(Z_ROOF - 24);
  });

  it('a deeper fall limit lets the street pass', () => {
    expect(pitUnderDrop(c, drop(-200).from, drop(-200).to, 400)).toBeNull();
  });

  it('the link check fails the drop across the gap, naming the pit, and keeps the other', () => {
    expect(simulateLink(model, drop(-200)).passed).toBe(true);
    const r = simulateLinkFromReach(model, drop(-200));
    expect(r.passed).toBe(false);
    expect(r.reason).toBe('fell');
    expect(r.detail).toMatch(/a pit under the drop/);
    expect(simulateLinkFromReach(model, drop(200)).passed).toBe(true);
  });
});

describe('a pit beside a drop’s target', () => {
  // Roof at 300 for x < 0; a beam at 200, 24 wide (y ∈ [-12, 12]) for x ∈ [0, 400] over the
  // street (0); at y ∈ [200, 400] a wide terrace at 200 instead.
  const w = syntheticWorld([
    box([-512, -512, -32], [512, 512, 0], SOLID),
    box([-512, -512, 0], [0, 512, 300], SOLID),
    box([0, -12, 0], [400, 12, 200], SOLID),
    box([0, 200, 0], [400, 400, 200], SOLID),
    box([-512, -512, 700], [512, 512, 732], SOLID),
  ]);
  const model = buildCollisionModel(w);
  const c = playerCollision(model);
  const drop = (y: number) => ({
    from: [-20, y, Z_ROOF] as [number, number, number],
    to: [60, y, 224.125] as [number, number, number],
    linkType: 'STAND_DROP',
    fromType: 'MOVE',
    toType: 'MOVE',
  });

  it('finds the street beside a landing on the beam, none beside the terrace', () => {
    const pit = pitBesideLanding(c, drop(0).to);
    expect(pit).not.toBeNull();
    expect(Math.abs(pit![1])).toBeGreaterThan(12 + 16);
    expect(pitBesideLanding(c, drop(300).to)).toBeNull();
  });

  it('the link check fails the drop onto the beam (the line has the beam under it) and keeps the other', () => {
    expect(pitUnderDrop(c, drop(0).from, drop(0).to)).toBeNull();
    const r = simulateLinkFromReach(model, drop(0));
    expect(r.passed).toBe(false);
    expect(r.detail).toMatch(/a pit beside the target/);
    expect(simulateLinkFromReach(model, drop(300)).passed).toBe(true);
  });
});
