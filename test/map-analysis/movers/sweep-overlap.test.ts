/**
 * Box against swept box, both moving independently: exact answers on cases whose geometry is
 * plain (inside, beside, touching, crossing a moving box, passing diagonally by a corner).
 */
import { describe, expect, it } from 'vitest';
import { pathMeetsSweep } from '../../../src/map-analysis/movers/sweep-overlap.js';
import type { MoverSweep } from '../../../src/map-analysis/movers/mover-volumes.js';

const hullMins = [-16, -16, -24];
const hullMaxs = [16, 16, 32];
/** A 64-unit cube at x 0..64 that rises 200 units. */
const lift: MoverSweep = { mins: [0, 0, 0], maxs: [64, 64, 64], move: [0, 0, 200] };

describe('a standing box', () => {
  it('meets a sweep it stands in anywhere along the motion', () => {
    expect(pathMeetsSweep([32, 32, 200], [32, 32, 200], hullMins, hullMaxs, lift)).toBe(true);
    expect(pathMeetsSweep([32, 32, 287], [32, 32, 287], hullMins, hullMaxs, lift)).toBe(true);
  });

  it('does not meet it beside the shaft, above its top, or touching a face', () => {
    expect(pathMeetsSweep([100, 32, 100], [100, 32, 100], hullMins, hullMaxs, lift)).toBe(false);
    expect(pathMeetsSweep([32, 32, 300], [32, 32, 300], hullMins, hullMaxs, lift)).toBe(false);
    // Standing on the top at its highest (feet at 264) and flush against its side.
    expect(pathMeetsSweep([32, 32, 288], [32, 32, 288], hullMins, hullMaxs, lift)).toBe(false);
    expect(pathMeetsSweep([80, 32, 100], [80, 32, 100], hullMins, hullMaxs, lift)).toBe(false);
  });
});

describe('a moving box', () => {
  it('meets a sweep its path crosses', () => {
    expect(pathMeetsSweep([-100, 32, 150], [200, 32, 150], hullMins, hullMaxs, lift)).toBe(true);
  });

  it('meets a moving box whatever the timing', () => {
    // A train going +x along y = 0 and a walker crossing its track: the two never need to be
    // there at the same moment for the link to be in its way.
    const train: MoverSweep = { mins: [-500, -32, 0], maxs: [-400, 32, 64], move: [1000, 0, 0] };
    expect(pathMeetsSweep([0, -200, 24], [0, 200, 24], hullMins, hullMaxs, train)).toBe(true);
    expect(pathMeetsSweep([0, 100, 24], [0, 200, 24], hullMins, hullMaxs, train)).toBe(false);
  });

  it('misses a diagonal sweep it passes by, though their bounding boxes overlap', () => {
    const diagonal: MoverSweep = { mins: [0, 0, 0], maxs: [32, 32, 64], move: [500, 500, 0] };
    // Across the far corner of the diagonal's bounding box, well clear of the moving box.
    expect(pathMeetsSweep([400, 0, 24], [532, 0, 24], hullMins, hullMaxs, diagonal)).toBe(false);
    // Across its middle.
    expect(pathMeetsSweep([100, 400, 24], [400, 100, 24], hullMins, hullMaxs, diagonal)).toBe(true);
  });
});
