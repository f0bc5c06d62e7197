/**
 * Splits a map into height bands so that no panel shows a floor on top of another floor.
 *
 * The rule, in three steps:
 * 1. **Stacks.** Sample the floors on a grid ({@link HeightBandOptions.cellSize} squares, one
 *    sample at each cell centre a floor polygon covers). In each cell, sort the floor heights
 *    and split them where two heights differ by at least {@link HeightBandOptions.minGap} (one
 *    standing player, 56 units: there is room to walk between the two). Each such split is a
 *    *stack*: any cut height `c` with `below < c <= above` puts the two floors in different
 *    bands. Stairs and ramps never make stacks; balconies, bridges and storeys do.
 * 2. **Cuts.** Greedily take the cut height that separates the most stacks not yet separated,
 *    while it separates at least {@link HeightBandOptions.minStackedArea} worth of cells (a
 *    ledge or a window sill is not a storey) and fewer than
 *    {@link HeightBandOptions.maxBands} bands exist. (Taking the best point each time is the
 *    classic interval-stabbing greedy.) A cut that would leave a band with less than
 *    {@link HeightBandOptions.minBandShare} of the floor samples is passed over for the next
 *    best: a panel holding a few stair steps and crates helps nobody.
 * 3. **Where exactly.** All heights in the winning range separate the same stacks; the cut goes
 *    in the middle of the tallest stretch of that range without floor samples, rounded to a
 *    whole unit, so as few floor polygons as possible are split between panels.
 *
 * A map without stacks gets one band, {@link ALL_HEIGHTS}. Bands are half-open
 * (`from <= z < to`), sorted, and cover every height. Deterministic: only sorted arrays.
 */
import { ALL_HEIGHTS, type HeightBand } from './height-band.js';
import { coversPoint, floorPlane, heightOn } from './floor-polygon.js';
import type { RenderMap } from './render-map.js';

export interface HeightBandOptions {
  /** Side of a sampling cell. [Units: world units; Limit: > 0] */
  cellSize: number;
  /** Least height between two floors of one cell for them to be a stack. [Units: world units; Limit: > 0] */
  minGap: number;
  /** Least area a cut must separate to be worth a panel. [Units: square world units; Limit: >= 0] */
  minStackedArea: number;
  /** Most panels. [Limit: >= 1] */
  maxBands: number;
  /** Least share of the floor samples each band must hold. [Limit: 0..0.5] */
  minBandShare: number;
}

export const heightBandDefaults: Readonly<HeightBandOptions> = Object.freeze({
  cellSize: 32,
  minGap: 56,
  // A 256 × 256 room: smaller overlaps are ledges, crates and sills.
  minStackedArea: 256 * 256,
  maxBands: 4,
  minBandShare: 0.1,
});

/** A stack: cut heights in `(below, above]` separate its two floors. [Units: world units] */
interface Stack {
  below: number;
  above: number;
}

/** Heights of the floors over each cell centre. */
function sampleFloors(map: RenderMap, cell: number): { samples: number[][]; all: number[] } {
  const p = map.floorPositions;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < p.length; i += 3) {
    minX = Math.min(minX, p[i]);
    maxX = Math.max(maxX, p[i]);
    minY = Math.min(minY, p[i + 1]);
    maxY = Math.max(maxY, p[i + 1]);
  }
  const columns = Math.max(1, Math.ceil((maxX - minX) / cell));
  const rows = Math.max(1, Math.ceil((maxY - minY) / cell));
  const samples: number[][] = Array.from({ length: columns * rows }, () => []);
  const all: number[] = [];
  for (let f = 0; f < map.floorCount; f++) {
    const s = map.floorStart[f];
    const e = map.floorStart[f + 1];
    if (e - s < 3) continue;
    const plane = floorPlane(p, s, e);
    if (plane === null) continue;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let v = s; v < e; v++) {
      x0 = Math.min(x0, p[v * 3]);
      x1 = Math.max(x1, p[v * 3]);
      y0 = Math.min(y0, p[v * 3 + 1]);
      y1 = Math.max(y1, p[v * 3 + 1]);
    }
    const c0 = Math.max(0, Math.floor((x0 - minX) / cell - 0.5));
    const c1 = Math.min(columns - 1, Math.ceil((x1 - minX) / cell - 0.5));
    const r0 = Math.max(0, Math.floor((y0 - minY) / cell - 0.5));
    const r1 = Math.min(rows - 1, Math.ceil((y1 - minY) / cell - 0.5));
    for (let r = r0; r <= r1; r++) {
      const y = minY + (r + 0.5) * cell;
      for (let c = c0; c <= c1; c++) {
        const x = minX + (c + 0.5) * cell;
        if (!coversPoint(p, s, e, x, y)) continue;
        const z = heightOn(plane, x, y);
        samples[r * columns + c].push(z);
        all.push(z);
      }
    }
  }
  return { samples, all };
}

function stacksOf(samples: number[][], minGap: number): Stack[] {
  const stacks: Stack[] = [];
  for (const zs of samples) {
    if (zs.length < 2) continue;
    zs.sort((a, b) => a - b);
    for (let i = 1; i < zs.length; i++) {
      if (zs[i] - zs[i - 1] >= minGap) stacks.push({ below: zs[i - 1], above: zs[i] });
    }
  }
  return stacks;
}

/** Index of the first element of sorted `a` that is >= `v` (or > v when `strict`). */
function lowerBound(a: readonly number[], v: number, strict: boolean): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < v || (strict && a[mid] === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A range `(lo, hi]` of cut heights and how many stacks each of them separates. */
interface CutRange {
  count: number;
  lo: number;
  hi: number;
}

/**
 * Every range of cut heights that separates at least one stack, most stacks first (ties: the
 * lower range first). Heights in one range separate exactly the same stacks.
 */
function cutRanges(stacks: readonly Stack[]): CutRange[] {
  const belows = stacks.map((s) => s.below).sort((a, b) => a - b);
  const aboves = stacks.map((s) => s.above).sort((a, b) => a - b);
  const events = [...new Set([...belows, ...aboves])].sort((a, b) => a - b);
  const ranges: CutRange[] = [];
  for (let i = 0; i < aboves.length; i++) {
    const c = aboves[i];
    if (i > 0 && aboves[i - 1] === c) continue;
    // Stacks with below < c minus those with above < c: the stacks with below < c <= above.
    const count = lowerBound(belows, c, false) - lowerBound(aboves, c, false);
    const k = lowerBound(events, c, false);
    if (count > 0) ranges.push({ count, lo: k > 0 ? events[k - 1] : -Infinity, hi: c });
  }
  return ranges.sort((a, b) => b.count - a.count || a.hi - b.hi);
}

/** Whether every band between `cuts` holds at least `least` of the sorted floor samples. */
function bandsHoldEnough(
  cuts: readonly number[],
  sortedFloors: readonly number[],
  least: number,
): boolean {
  const edges = [...cuts].sort((a, b) => a - b);
  let previous = 0;
  for (const cut of edges) {
    const below = lowerBound(sortedFloors, cut, false);
    if (below - previous < least) return false;
    previous = below;
  }
  return sortedFloors.length - previous >= least;
}

/** Middle of the tallest stretch of `(lo, hi]` without a floor sample, to a whole unit. */
function placeCut(lo: number, hi: number, sortedFloors: readonly number[]): number {
  const inside = sortedFloors.slice(
    lowerBound(sortedFloors, lo, true),
    lowerBound(sortedFloors, hi, false),
  );
  const edges = [lo, ...inside, hi];
  let at = (lo + hi) / 2;
  let widest = -1;
  for (let i = 1; i < edges.length; i++) {
    if (edges[i] - edges[i - 1] > widest) {
      widest = edges[i] - edges[i - 1];
      at = (edges[i] + edges[i - 1]) / 2;
    }
  }
  const rounded = Math.round(at);
  return rounded > lo && rounded <= hi ? rounded : at;
}

/** The height bands of `map` (see the module comment). */
export function chooseHeightBands(
  map: RenderMap,
  options: Partial<HeightBandOptions> = {},
): HeightBand[] {
  const o = { ...heightBandDefaults, ...options };
  if (map.floorCount === 0 || o.maxBands <= 1) return [ALL_HEIGHTS];
  const { samples, all } = sampleFloors(map, o.cellSize);
  all.sort((a, b) => a - b);
  const minCells = o.minStackedArea / (o.cellSize * o.cellSize);
  let stacks = stacksOf(samples, o.minGap);
  const cuts: number[] = [];
  const least = o.minBandShare * all.length;
  while (stacks.length > 0 && cuts.length < o.maxBands - 1) {
    let cut: number | null = null;
    for (const range of cutRanges(stacks)) {
      if (range.count < minCells) break;
      const at = placeCut(range.lo, range.hi, all);
      if (bandsHoldEnough([...cuts, at], all, least)) {
        cut = at;
        break;
      }
    }
    if (cut === null) break;
    const c = cut;
    cuts.push(c);
    stacks = stacks.filter((s) => !(s.below < c && c <= s.above));
  }
  cuts.sort((a, b) => a - b);
  const edges = [-Infinity, ...cuts, Infinity];
  return cuts.length === 0
    ? [ALL_HEIGHTS]
    : edges.slice(1).map((to, i) => ({ from: edges[i], to }));
}
