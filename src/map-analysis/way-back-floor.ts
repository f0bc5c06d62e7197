/**
 * The way back: floor the floor walk (`floor-walk.ts`) does not reach but from which a walk or
 * a drop (or a jump onto a low ledge) leads onto reached floor — a balcony above a ramp, a
 * ledge, a roof over a street. Bots end up there anyway (a jump up a slope carries them far
 * higher than a walker's, blasts push them) and the bot library only finds a node within 60
 * units of height, so with none near they stand still until killed (one such bot stood 55 s on
 * a balcony of urbanjungle in a trial). `fill` gives this floor nodes with links out and none
 * in: no route leads there, each is only the way back (and must still lead back after the
 * simulation, `notLeadingOut` in `graph/graph-reach.ts`).
 */
import type { BspWorld } from '../sources/bsp/world.js';
import { traverse } from './walk-link.js';
import { neighbourSamples, sampleOrigin, type FloorGrid } from './floor-grid.js';
import { stepHeightFits, type FloorStep, type FloorWalkOptions } from './floor-walk.js';

export interface WayBackFloor {
  /** Samples not reached from which reached floor is reached, in the order found. */
  readonly samples: readonly number[];
  /** Each one's steps to the reached and way-back samples around it (never into it). */
  readonly steps: ReadonlyMap<number, readonly FloorStep[]>;
}

/**
 * The way-back floor around the walk's `reached` samples (in the walk's `order`): found
 * backwards from them, then on from those found (a whole balcony that ends in one drop).
 * Deterministic: queue order, neighbours in the grid's fixed order.
 */
export function wayBackFloor(
  w: BspWorld,
  grid: FloorGrid,
  reached: Uint8Array,
  order: readonly number[],
  o: Omit<FloorWalkOptions, 'gapJumps'>,
): WayBackFloor {
  const { floor } = grid;
  const back = new Uint8Array(floor.z.length);
  const targets = [...order];
  const found: number[] = [];
  for (let h = 0; h < targets.length; h++) {
    const q = targets[h];
    const a = sampleOrigin(grid, q);
    for (const r of neighbourSamples(grid, q)) {
      if (reached[r] || back[r] || !stepHeightFits(floor.z[r], floor.z[q], o)) continue;
      if (!traverse(w, sampleOrigin(grid, r), a, o.maxDrop, o.maxJump)) continue;
      back[r] = 1;
      targets.push(r);
      found.push(r);
    }
  }
  const steps = new Map<number, FloorStep[]>();
  for (const q of found) {
    const a = sampleOrigin(grid, q);
    const out: FloorStep[] = [];
    for (const r of neighbourSamples(grid, q)) {
      if ((!reached[r] && !back[r]) || !stepHeightFits(floor.z[q], floor.z[r], o)) continue;
      const how = traverse(w, a, sampleOrigin(grid, r), o.maxDrop, o.maxJump);
      if (how) out.push({ r, how });
    }
    steps.set(q, out);
  }
  return { samples: found, steps };
}
