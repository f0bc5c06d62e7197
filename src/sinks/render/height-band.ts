/**
 * A height band: the slice of a map drawn in one panel. Bands are ranges of *floor* height;
 * a node belongs to the band of the floor it stands on, its origin minus
 * {@link NODE_ORIGIN_ABOVE_FLOOR}, so that a node standing just below a band's top is drawn with
 * its floor and not one panel up.
 */
import type { Vec3 } from '../../nav/types.js';
import { units } from './svg-format.js';

/**
 * How far a standing player's origin (and so a nav node) is above the floor: the player box
 * reaches 24 units below the origin (`mins z = -24`). Measured on the fixture engine navs: the
 * nearest floor below nearly every node is exactly 24 units down. [Units: world units]
 */
export const NODE_ORIGIN_ABOVE_FLOOR = 24;

/** Floors with `from <= z < to`. [Units: world units; Limit: from < to, either may be infinite] */
export interface HeightBand {
  readonly from: number;
  readonly to: number;
}

/** The band that holds everything: one panel for the whole map. */
export const ALL_HEIGHTS: HeightBand = Object.freeze({ from: -Infinity, to: Infinity });

/** True when floor height `z` lies in `band`. */
export function inBand(band: HeightBand, z: number): boolean {
  return z >= band.from && z < band.to;
}

/** The floor height under a node at `origin`. [Units: world units] */
export function standingHeight(origin: Readonly<Vec3>): number {
  return origin[2] - NODE_ORIGIN_ABOVE_FLOOR;
}

/**
 * Index of the band that floor height `z` falls in, or -1. Bands must be sorted and disjoint;
 * heights outside every band (only possible with a `--z` range) give -1.
 */
export function bandIndexOf(bands: readonly HeightBand[], z: number): number {
  for (let i = 0; i < bands.length; i++) if (inBand(bands[i], z)) return i;
  return -1;
}

/** `floors z < 120`, `120 ≤ z < 300`, `all heights`: for panel captions. */
export function bandLabel(band: HeightBand): string {
  const lo = Number.isFinite(band.from);
  const hi = Number.isFinite(band.to);
  if (!lo && !hi) return 'all heights';
  if (!lo) return `floors z < ${units(band.to)}`;
  if (!hi) return `floors z ≥ ${units(band.from)}`;
  return `floors ${units(band.from)} ≤ z < ${units(band.to)}`;
}

/**
 * Reads a `--z MIN:MAX` range of floor heights (either end may be left empty for "no limit",
 * e.g. `:200` or `-64:`). Returns the band, or a message saying what is wrong.
 */
export function parseHeightBand(text: string): HeightBand | string {
  const m = /^\s*(-?\d+(?:\.\d+)?)?\s*:\s*(-?\d+(?:\.\d+)?)?\s*$/.exec(text);
  if (!m) return `"${text}" is not MIN:MAX (world units, e.g. -64:200)`;
  const from = m[1] === undefined ? -Infinity : Number(m[1]);
  const to = m[2] === undefined ? Infinity : Number(m[2]);
  if (!(from < to)) return `"${text}": MIN must be below MAX`;
  return { from, to };
}
