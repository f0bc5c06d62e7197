/**
 * `onBrink` on a roof 400 units over a street, with a low step and a wall on the roof: only
 * places within the clearance of the roof's open edge are on the brink.
 */
import { describe, expect, it } from 'vitest';
import { box, syntheticWorld } from './synthetic-world.js';
import { onBrink } from '../../src/map-analysis/brink.js';

const SOLID = 1;
// Street floor at z 0 over x in [-512, 512]; a roof block x in [-512, 0], top at z 400 (a
// standing origin on it is at 424), its open edge at x = 0; a thin parapet on the edge for
// y in [100, 200], and a 16-unit step down to a ledge x in [0, 64] only for y <= -200.
const w = syntheticWorld([
  box([-512, -512, -32], [512, 512, 0], SOLID),
  box([-512, -512, 0], [0, 512, 400], SOLID),
  box([-4, 100, 400], [0, 200, 520], SOLID),
  box([0, -512, 0], [64, -200, 384], SOLID),
]);
const ROOF = 424;
const CLEARANCE = 32;
const DEPTH = 180;

describe('onBrink: within the clearance of a fall deeper than the depth', () => {
  it('a place whose box overhangs the open edge, or is flush with it, is on the brink', () => {
    // The box falls once its origin is more than 16 past the edge: 28 units from x = -12.
    expect(onBrink(w, [8, 0, ROOF], CLEARANCE, DEPTH)).toBe(true);
    expect(onBrink(w, [-12, 0, ROOF], CLEARANCE, DEPTH)).toBe(true);
  });
  it('a place whose box is 24 units inside the edge is not', () => {
    expect(onBrink(w, [-40, 0, ROOF], CLEARANCE, DEPTH)).toBe(false);
    expect(onBrink(w, [-40, 0, ROOF], 64, DEPTH)).toBe(true);
  });
  it('a step down onto a ledge is no brink; the fall past that ledge is, from the ledge', () => {
    // At y -300 the ledge continues the roof 16 lower out to x 64.
    expect(onBrink(w, [-12, -300, ROOF], CLEARANCE, DEPTH)).toBe(false);
    expect(onBrink(w, [56, -300, ROOF - 16], CLEARANCE, DEPTH)).toBe(true);
  });
  it('a fall no deeper than the depth is no brink', () => {
    expect(onBrink(w, [-12, 0, ROOF], CLEARANCE, 500)).toBe(false);
  });
  it('a wall between the place and the edge ends the probe there', () => {
    expect(onBrink(w, [-28, -100, ROOF], 64, DEPTH)).toBe(true);
    expect(onBrink(w, [-28, 150, ROOF], 64, DEPTH)).toBe(false);
  });
  it('clearance 0 turns it off', () => {
    expect(onBrink(w, [-12, 0, ROOF], 0, DEPTH)).toBe(false);
  });
});
