/**
 * Ladders the map offers, climbed or not in the demos: for each ladder (brushes with the ladder
 * bit, grouped by `ladders.ts`), the spots where a standing box hangs on it all the way from a
 * floor at its foot up to where it last touches (where a climber steps off onto the floor
 * above). `fill` turns each into a pair of LADDER nodes (`ladder-pairs.ts`), like the pairs the
 * demos' climbs give (`confirm-types.ts`), and the simulated bot then decides whether it climbs
 * them.
 *
 * Upper floors reached only by a ladder are common (catwalks, roofs, towers): walking the
 * floor from the demo nodes never gets there, so without this they stay empty whenever the
 * demos did not climb there often enough to leave nodes.
 *
 * Where to look: beside each side of every ladder brush, the box's centre half a box width
 * (plus a little) out from the face, every `ALONG` units along the face. A ladder gives
 * several climbs when they are more than `APART` units apart (a long ladder wall, two ladders
 * the grouping joined); the longest climbs are kept first. Deterministic: brushes and candidates
 * in index order, ties to the earlier.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import { STANDING, fits, groundBelow, laddersTouched } from './box-query.js';
import { brushBounds, ladderOf } from './ladders.js';

export interface MapLadderClimb {
  /** The ladder (its lowest brush index, `ladderOf`). */
  readonly ladder: number;
  /** Where the box hangs on it. [Units: world units] */
  readonly x: number;
  readonly y: number;
  /** Standing origin height on the floor at the foot. [Units: world units] */
  readonly foot: number;
  /** Highest origin height at which the box still touches the ladder. [Units: world units] */
  readonly top: number;
}

/** How near the box stays to the ladder while climbing (as confirm-types). [Units: world units] */
const TOUCH = 3;
/** Candidate spacing along a ladder face. [Units: world units] */
const ALONG = 32;
/** Two climbs of one ladder nearer than this are one. [Units: world units] */
const APART = 96;
/** Vertical scan step while following a ladder. [Units: world units] */
const DZ = 2;
/** Deepest floor below where the box first touches the ladder. [Units: world units] */
const MAX_FOOT = 512;
/** Highest climb followed. [Units: world units] */
const MAX_CLIMB = 2048;

/** Climbs of at least `minClimb` units on the map's ladders, by ladder, longest first. */
export function mapLadderClimbs(w: BspWorld, minClimb: number): MapLadderClimb[] {
  const owner = ladderOf(w);
  const half = STANDING.maxs[0];
  const byLadder = new Map<number, MapLadderClimb[]>();
  for (let b = 0; b < owner.length; b++) {
    if (owner[b] < 0) continue;
    const ladder = owner[b];
    const { mins, maxs } = brushBounds(w, b);
    if (!mins.every(Number.isFinite) || !maxs.every(Number.isFinite)) continue;
    const touches = (x: number, y: number, z: number): boolean =>
      fits(w, x, y, z) && laddersTouched(w, x, y, z, TOUCH).some((t) => owner[t] === ladder);
    for (const c of faceCandidates(mins, maxs, half + 1)) {
      // The lowest height on the face where the box hangs on the ladder, then down to the floor.
      let z0 = Number.NaN;
      for (let z = mins[2] + 8; z <= maxs[2] + 24; z += 8)
        if (touches(c[0], c[1], z)) {
          z0 = z;
          break;
        }
      if (Number.isNaN(z0)) continue;
      const foot = groundBelow(w, c[0], c[1], z0, MAX_FOOT);
      if (foot === null) continue;
      let low = z0;
      while (low - DZ > foot && touches(c[0], c[1], low - DZ)) low -= DZ;
      if (low - DZ > foot) continue; // it lets go of the ladder above the floor
      let top = z0;
      while (top - foot < MAX_CLIMB && touches(c[0], c[1], top + DZ)) top += DZ;
      if (top - foot < minClimb) continue;
      const list = byLadder.get(ladder) ?? [];
      list.push({ ladder, x: c[0], y: c[1], foot, top });
      byLadder.set(ladder, list);
    }
  }
  const out: MapLadderClimb[] = [];
  for (const ladder of [...byLadder.keys()].sort((a, b) => a - b)) {
    const list = byLadder
      .get(ladder)!
      .map((c, k) => ({ c, k }))
      .sort((a, b) => b.c.top - b.c.foot - (a.c.top - a.c.foot) || a.k - b.k)
      .map((e) => e.c);
    const kept: MapLadderClimb[] = [];
    for (const c of list)
      if (kept.every((k) => Math.hypot(k.x - c.x, k.y - c.y) > APART)) kept.push(c);
    out.push(...kept);
  }
  return out;
}

/** Box centres `out` units off each vertical face of a brush, every `ALONG` units along it. */
function faceCandidates(mins: number[], maxs: number[], out: number): [number, number][] {
  const list: [number, number][] = [];
  const along = (lo: number, hi: number): number[] => {
    const n = Math.max(1, Math.round((hi - lo) / ALONG));
    return Array.from({ length: n }, (_, k) => lo + ((k + 0.5) * (hi - lo)) / n);
  };
  for (const y of along(mins[1], maxs[1])) {
    list.push([mins[0] - out, y]);
    list.push([maxs[0] + out, y]);
  }
  for (const x of along(mins[0], maxs[0])) {
    list.push([x, mins[1] - out]);
    list.push([x, maxs[1] + out]);
  }
  return list.map(([x, y]) => [Math.round(x * 8) / 8, Math.round(y * 8) / 8]);
}
