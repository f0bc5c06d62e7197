/** Polygon clipping by height, floor polygon queries, number formatting. */
import { describe, expect, it } from 'vitest';
import { clipToBand } from '../../../src/sinks/render/clip-to-band.js';
import { coversPoint, floorPlane, heightOn } from '../../../src/sinks/render/floor-polygon.js';
import { num, units } from '../../../src/sinks/render/svg-format.js';
import { fitScale, viewOf } from '../../../src/sinks/render/top-down-view.js';
import { scaleBarLength } from '../../../src/sinks/render/scale-bar.js';
import { rampFloor, rectFloor } from './render-map-builder.js';

describe('clipToBand', () => {
  const ramp = rampFloor(0, 0, 200, 100, 0, 200); // z = x

  it('keeps the part of a ramp between two heights', () => {
    const part = clipToBand(ramp, 0, 4, { from: 50, to: 150 });
    const xs = part.filter((_, i) => i % 3 === 0);
    const zs = part.filter((_, i) => i % 3 === 2);
    expect(Math.min(...xs)).toBeCloseTo(50);
    expect(Math.max(...xs)).toBeCloseTo(150);
    expect(Math.min(...zs)).toBeCloseTo(50);
    expect(Math.max(...zs)).toBeCloseTo(150);
  });

  it('keeps a polygon inside the band whole and drops one outside', () => {
    const flat = rectFloor(0, 0, 10, 10, 5);
    expect(clipToBand(flat, 0, 4, { from: 0, to: 10 })).toEqual(flat);
    expect(clipToBand(flat, 0, 4, { from: 6, to: Infinity })).toEqual([]);
    expect(clipToBand(ramp, 0, 4, { from: -Infinity, to: Infinity })).toEqual(ramp);
  });
});

describe('floor polygons', () => {
  it('cover points inside their outline, either winding', () => {
    const square = rectFloor(0, 0, 10, 10, 0);
    const reversed = [
      ...square.slice(9),
      ...square.slice(6, 9),
      ...square.slice(3, 6),
      ...square.slice(0, 3),
    ];
    for (const p of [square, reversed]) {
      expect(coversPoint(p, 0, 4, 5, 5)).toBe(true);
      expect(coversPoint(p, 0, 4, 10, 5)).toBe(true);
      expect(coversPoint(p, 0, 4, 11, 5)).toBe(false);
    }
  });

  it('know their height anywhere', () => {
    const ramp = rampFloor(0, 0, 200, 100, 0, 100); // z = x / 2
    const plane = floorPlane(ramp, 0, 4)!;
    expect(heightOn(plane, 50, 30)).toBeCloseTo(25);
    expect(floorPlane([0, 0, 0, 10, 0, 0, 10, 0, 10], 0, 3)).toBeNull();
  });
});

describe('numbers and scale', () => {
  it('spell numbers the same way everywhere', () => {
    expect(num(1.25)).toBe('1.3');
    expect(num(-0.04)).toBe('0');
    expect(num(12)).toBe('12');
    expect(num(-3.96)).toBe('-4');
    expect(num(1e21)).not.toMatch(/e/);
    expect(units(-0.4)).toBe('0');
  });

  it('fit the longer side and offer a round scale bar', () => {
    const rect = { minX: 0, minY: 0, maxX: 4000, maxY: 1000 };
    const s = fitScale(rect, 1000);
    expect(s).toBe(0.25);
    expect(viewOf(rect, s)).toMatchObject({ width: 1000, height: 250 });
    expect(scaleBarLength(0.25, 180)).toBe(512);
    expect(scaleBarLength(1, 180)).toBe(128);
  });
});
