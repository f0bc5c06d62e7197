/**
 * Which of the map's floor samples players use: the floor reached by walking sample to sample
 * (eight neighbour columns) from the graph's ground nodes and from where the players of each
 * spawn point stand. Only floor reached this way gets map nodes, so roofs, the outside of the
 * map and closed rooms get nothing.
 *
 * A step between neighbours is a box traversal (`walk-link.ts`: a walk with stairs up to 18
 * units, one drop of at most `maxDrop` onto ground that does not hurt, one jump onto a ledge at
 * most `maxJump` up). Where the way on in a direction has no floor to walk to (a pit, a lower
 * passage), a running jump (`gapJumps`) to the floor two columns on is a step too when the
 * simulated bot makes it at a walker's and at the bots' full speed (`jumpHolds`).
 *
 * From the top of a ladder (a LADDER node hanging on it, no ground below) a box walk proves
 * nothing: the simulated bot decides whether it steps off onto the floor above.
 *
 * Deterministic: seeds in node order, then spawn order; the walk in queue order, neighbours in
 * the grid's fixed order.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import type { ReadonlyVec3, Vec3 } from '../geometry/vec3.js';
import type { CollisionModel } from '../world/collision-model.js';
import { simulateLink } from '../simulated-bot/simulate-link.js';
import { traverse, type Traversal } from './walk-link.js';
import {
  columnAt,
  columnSamples,
  neighbourSamples,
  sampleOrigin,
  type FloorGrid,
} from './floor-grid.js';
import { jumpHolds } from '../simulated-bot/jump-holds.js';
import { runToEnd, type Steps } from '../pausing/run-steps.js';

export interface FloorWalkOptions {
  /** Largest rise of a step, and largest fall of one that is no drop. [Units: world units] */
  readonly maxDz: number;
  /** Deepest drop of a step; 0: walks only. [Units: world units] */
  readonly maxDrop: number;
  /** Highest ledge a step jumps onto; 0: no jumps. [Units: world units] */
  readonly maxJump: number;
  /** Try running jumps across gaps (needs the collision model). */
  readonly gapJumps: boolean;
}

/** A way from one floor sample to another (`r`), and how it goes. */
export interface FloorStep {
  readonly r: number;
  readonly how: Traversal;
}

export interface FloorWalk {
  /** 1 for each sample reached. [Length: floor samples] */
  readonly reached: Uint8Array;
  /** The reached samples in the order found: seeds from nodes, seeds from spawns, the walk. */
  readonly order: readonly number[];
  /** The samples first reached from a spawn point (they root map nodes like demo nodes do). */
  readonly spawnRooted: readonly number[];
  /** Each reached sample's steps to its neighbours (and across gaps), in the order found. */
  readonly steps: ReadonlyMap<number, readonly FloorStep[]>;
}

/** A node the walk starts from: only its place and type matter. */
export interface WalkSeedNode {
  readonly origin: ReadonlyVec3;
  readonly type: string;
}

/** Gap jumps: the landing at most this much higher, or this much lower. [Units: world units] */
const STEP_UP_ON_JUMP = 24;
const GAP_JUMP_DROP = 96;

/** Whether a step from height `from` to `to` is within the walk's height limits. */
export function stepHeightFits(
  from: number,
  to: number,
  o: Pick<FloorWalkOptions, 'maxDz' | 'maxDrop'>,
): boolean {
  const dz = to - from;
  return dz <= o.maxDz && -dz <= Math.max(o.maxDz, o.maxDrop);
}

/** Seed nodes, or samples walked from, between two pauses of {@link walkFloorSteps}. */
export const SAMPLES_PER_STEP = 256;

/** {@link walkFloorSteps} run to the end at once. */
export function walkFloor(...args: Parameters<typeof walkFloorSteps>): FloorWalk {
  return runToEnd(walkFloorSteps(...args));
}

/**
 * Walks the floor from the ground nodes (`ground[k]`) of `nodes` and from the spawn stands;
 * `collision` (null: box traversals only, no gap jumps, no ladder tops) runs the simulated bot.
 * Pauses every `SAMPLES_PER_STEP` seed nodes and samples (urbanjungle's walk: about 4 s).
 */
export function* walkFloorSteps(
  w: BspWorld,
  collision: CollisionModel | null,
  grid: FloorGrid,
  nodes: readonly WalkSeedNode[],
  ground: readonly boolean[],
  spawnStands: readonly ReadonlyVec3[],
  o: FloorWalkOptions,
): Steps<FloorWalk> {
  const { floor } = grid;
  const reached = new Uint8Array(floor.z.length);
  const queue: number[] = [];
  // Seeds: the samples a seed walks to in its own and the neighbouring columns.
  const seedFrom = (origin: readonly number[], walks: (q: number) => boolean): void => {
    const [ci, cj] = columnAt(grid, origin);
    for (let di = -1; di <= 1; di++)
      for (let dj = -1; dj <= 1; dj++)
        for (const q of columnSamples(grid, ci + di, cj + dj)) {
          if (reached[q] || Math.abs(floor.z[q] - origin[2]) > o.maxDz) continue;
          if (!walks(q)) continue;
          reached[q] = 1;
          queue.push(q);
        }
  };
  for (let k = 0; k < nodes.length; k++) {
    if (k > 0 && k % SAMPLES_PER_STEP === 0) yield;
    const n = nodes[k];
    if (ground[k]) seedFrom(n.origin, (q) => seedWalks(w, collision, n, sampleOrigin(grid, q)));
  }
  const fromNodes = queue.length;
  for (const p of spawnStands) seedFrom(p, (q) => traverse(w, p, sampleOrigin(grid, q)) === 'walk');
  const spawnRooted = queue.slice(fromNodes);

  const steps = new Map<number, FloorStep[]>();
  const reach = (r: number): void => {
    if (!reached[r]) {
      reached[r] = 1;
      queue.push(r);
    }
  };
  for (let h = 0; h < queue.length; h++) {
    if (h % SAMPLES_PER_STEP === 0) yield;
    const q = queue[h];
    const a = sampleOrigin(grid, q);
    const out: FloorStep[] = [];
    for (const r of neighbourSamples(grid, q)) {
      if (!stepHeightFits(a[2], floor.z[r], o)) continue;
      const how = traverse(w, a, sampleOrigin(grid, r), o.maxDrop, o.maxJump);
      if (!how) continue;
      out.push({ r, how });
      reach(r);
    }
    if (collision && o.gapJumps)
      for (const r of gapJumps(collision, grid, q, out)) {
        out.push({ r, how: 'jump' });
        reach(r);
      }
    steps.set(q, out);
  }
  return { reached, order: queue, spawnRooted, steps };
}

/**
 * Whether a seed node walks to the floor at `to`; from a LADDER node (a ladder's foot has
 * walked already, its top may hang over nothing) the simulated bot decides.
 */
function seedWalks(
  w: BspWorld,
  collision: CollisionModel | null,
  n: WalkSeedNode,
  to: Vec3,
): boolean {
  if (traverse(w, n.origin, to) === 'walk') return true;
  if (!collision || n.type !== 'LADDER') return false;
  const off = { from: n.origin, to, linkType: 'MOVE', fromType: n.type, toType: 'MOVE' };
  return simulateLink(collision, off).passed;
}

/**
 * The samples two columns on from `q` (the 16 columns of the ring at distance 2, in a fixed
 * order) that a running jump reaches, in each direction where the column between has no floor
 * `walked` reaches from `q` (a pit, a lower passage); kept when the simulated bot makes the
 * jump (`jumpHolds`).
 */
function gapJumps(
  model: CollisionModel,
  grid: FloorGrid,
  q: number,
  walked: readonly FloorStep[],
): number[] {
  const { floor } = grid;
  const a = sampleOrigin(grid, q);
  const walkedColumns = new Set(walked.map((e) => `${floor.i[e.r]},${floor.j[e.r]}`));
  const out: number[] = [];
  for (let di = -2; di <= 2; di++)
    for (let dj = -2; dj <= 2; dj++) {
      if (Math.max(Math.abs(di), Math.abs(dj)) !== 2) continue;
      const mid = `${floor.i[q] + Math.trunc(di / 2)},${floor.j[q] + Math.trunc(dj / 2)}`;
      if (walkedColumns.has(mid)) continue;
      for (const r of columnSamples(grid, floor.i[q] + di, floor.j[q] + dj)) {
        const dz = floor.z[r] - a[2];
        if (dz > STEP_UP_ON_JUMP || -dz > GAP_JUMP_DROP) continue;
        const to = sampleOrigin(grid, r);
        const jump = { from: a, to, linkType: 'JUMP', fromType: 'MOVE', toType: 'MOVE' };
        if (jumpHolds(model, jump)) out.push(r);
      }
    }
  return out;
}
