/**
 * Height bands: stacked floors (one above another with room to walk between) get separate
 * bands; stairs, ramps, ledges and thin slices do not; `--z` ranges parse and membership goes by
 * the floor a node stands on.
 */
import { describe, expect, it } from 'vitest';
import { chooseHeightBands } from '../../../src/sinks/render/choose-height-bands.js';
import {
  ALL_HEIGHTS,
  bandIndexOf,
  bandLabel,
  NODE_ORIGIN_ABOVE_FLOOR,
  parseHeightBand,
  standingHeight,
} from '../../../src/sinks/render/height-band.js';
import { mapOf, rampFloor, rectFloor } from './render-map-builder.js';

describe('chooseHeightBands', () => {
  it('gives one band to a map without floors above floors', () => {
    expect(chooseHeightBands(mapOf([rectFloor(0, 0, 1024, 1024, 0)]))).toEqual([ALL_HEIGHTS]);
    expect(chooseHeightBands(mapOf([]))).toEqual([ALL_HEIGHTS]);
  });

  it('splits two storeys between their floors, where no floor is', () => {
    const map = mapOf([rectFloor(0, 0, 1024, 1024, 0), rectFloor(0, 0, 1024, 1024, 256)]);
    const bands = chooseHeightBands(map);
    expect(bands).toHaveLength(2);
    expect(bands[0]).toEqual({ from: -Infinity, to: 128 });
    expect(bands[1]).toEqual({ from: 128, to: Infinity });
  });

  it('keeps a staircase and a ramp in one band', () => {
    // 16 steps of 16 units side by side, then a ramp on up: no floor over another.
    const steps = Array.from({ length: 16 }, (_, i) =>
      rectFloor(i * 64, 0, i * 64 + 64, 512, i * 16),
    );
    const map = mapOf([...steps, rampFloor(1024, 0, 2048, 512, 256, 512)]);
    expect(chooseHeightBands(map)).toEqual([ALL_HEIGHTS]);
  });

  it('ignores a floor over another when there is no room to stand between', () => {
    // 48 units apart: less than a standing player (56).
    const map = mapOf([rectFloor(0, 0, 1024, 1024, 0), rectFloor(0, 0, 1024, 1024, 48)]);
    expect(chooseHeightBands(map)).toEqual([ALL_HEIGHTS]);
  });

  it('ignores a ledge smaller than the least stacked area', () => {
    const ledge = mapOf([rectFloor(0, 0, 1024, 1024, 0), rectFloor(0, 0, 128, 128, 200)]);
    expect(chooseHeightBands(ledge)).toEqual([ALL_HEIGHTS]);
    // The same ledge counts once the least area is below its size.
    expect(chooseHeightBands(ledge, { minStackedArea: 8192, minBandShare: 0 })).toHaveLength(2);
  });

  it('gives three storeys three bands, or as many as allowed', () => {
    const map = mapOf([
      rectFloor(0, 0, 1024, 1024, 0),
      rectFloor(0, 0, 1024, 1024, 200),
      rectFloor(0, 0, 1024, 1024, 400),
    ]);
    const bands = chooseHeightBands(map);
    expect(bands.map((b) => [b.from, b.to])).toEqual([
      [-Infinity, 100],
      [100, 300],
      [300, Infinity],
    ]);
    expect(chooseHeightBands(map, { maxBands: 2 })).toHaveLength(2);
    expect(chooseHeightBands(map, { maxBands: 1 })).toEqual([ALL_HEIGHTS]);
  });

  it('passes over a cut that would leave a band with a sliver of the floors', () => {
    // A small mezzanine (5 % of the floor) between two big storeys.
    const map = mapOf([
      rectFloor(0, 0, 2048, 2048, 0),
      rectFloor(0, 0, 448, 448, 150),
      rectFloor(0, 0, 2048, 2048, 400),
    ]);
    const bands = chooseHeightBands(map);
    expect(bands).toHaveLength(2);
    // The mezzanine shares its band with one of the storeys.
    const mezzanine = bandIndexOf(bands, 150);
    expect([bandIndexOf(bands, 0), bandIndexOf(bands, 400)]).toContain(mezzanine);
    expect(bandIndexOf(bands, 0)).not.toBe(bandIndexOf(bands, 400));
    expect(chooseHeightBands(map, { minBandShare: 0 })).toHaveLength(3);
  });

  it('is deterministic whatever the order of the floors', () => {
    const floors = [
      rectFloor(0, 0, 1024, 1024, 0),
      rectFloor(0, 0, 1024, 1024, 300),
      rectFloor(512, 0, 1024, 1024, 150),
    ];
    expect(chooseHeightBands(mapOf([...floors].reverse()))).toEqual(
      chooseHeightBands(mapOf(floors)),
    );
  });
});

describe('height bands', () => {
  it('parse from --z MIN:MAX, open at either end', () => {
    expect(parseHeightBand('-64:200')).toEqual({ from: -64, to: 200 });
    expect(parseHeightBand(':200')).toEqual({ from: -Infinity, to: 200 });
    expect(parseHeightBand('12.5:')).toEqual({ from: 12.5, to: Infinity });
    expect(parseHeightBand('5')).toMatch(/not MIN:MAX/);
    expect(parseHeightBand('200:100')).toMatch(/below MAX/);
    expect(parseHeightBand('a:b')).toMatch(/not MIN:MAX/);
  });

  it('place a node by the floor it stands on', () => {
    expect(NODE_ORIGIN_ABOVE_FLOOR).toBe(24);
    const bands = [
      { from: -Infinity, to: 100 },
      { from: 100, to: Infinity },
    ];
    // Standing on 90: origin 114, still the lower band.
    expect(bandIndexOf(bands, standingHeight([0, 0, 114]))).toBe(0);
    expect(bandIndexOf(bands, standingHeight([0, 0, 124]))).toBe(1);
    expect(bandIndexOf([{ from: 0, to: 50 }], 60)).toBe(-1);
  });

  it('label themselves for captions', () => {
    expect(bandLabel(ALL_HEIGHTS)).toBe('all heights');
    expect(bandLabel({ from: -Infinity, to: 120 })).toBe('floors z < 120');
    expect(bandLabel({ from: -64, to: 120 })).toBe('floors -64 ≤ z < 120');
    expect(bandLabel({ from: 300, to: Infinity })).toBe('floors z ≥ 300');
  });
});
