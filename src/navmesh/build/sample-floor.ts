/**
 * Stage 1: the floor a player can reach, sampled on a grid by walking the player box from
 * seed positions (spawn points, demo positions), the way pmove moves it. From a sample at
 * (x, y, z) toward each of the four neighbouring cell centres:
 * 1. sweep the standing box across, raised by the step height (pmove's step-up) or, under a
 *    low ceiling, not raised; where the standing box does not pass, the crouched one;
 * 2. sweep it down from there, at most `maxDrop` below z: the first ground with a floor normal
 *    (z ≥ 0.7) is the neighbour's floor sample.
 * A neighbour no more than a step below is a walk edge; lower, a drop edge (one-way: from
 * below the box meets the ledge). Where no box passes, a ledge up to `jumpHeight` higher is a jump
 * edge (one-way), kept where the ledge's floor goes on for as far as a running player flies
 * over it. Where the floor ends within a margin of the centre (a ledge), the sample is left out
 * (`ledgeMargin`) and a drop is looked for a few cells further; a drop is kept only where the
 * opening is wide enough for a player running off the edge (`dropRunSpeed`) to fall into it
 * rather than step across to its far rim, and the landing floor goes on for as far as such a
 * player flies. Samples in lava or slime, or where a standing player touches a volume that
 * hurts (`trigger_hurt`), are left out. A column can hold
 * several floors (a bridge over a corridor); samples of one column within 1 unit are one. In
 * flowing water (a current) edges go only with the flow.
 *
 * Like Recast's heightfield spans, but found with the engine's own box traces, and only what
 * is reachable from the seeds (no roofs or void). Breadth first from the seeds in their order:
 * deterministic.
 */
import {
  CONTENTS_CURRENT_0,
  CONTENTS_CURRENT_180,
  CONTENTS_CURRENT_270,
  CONTENTS_CURRENT_90,
  CONTENTS_LAVA,
  CONTENTS_SLIME,
  MASK_WATER,
} from '../../world/contents.js';
import { newTraceResult } from '../../world/trace.js';
import type { NavMeshBuildConfig } from './config.js';
import type { FloorTracer } from './floor-tracer.js';
import { DIR_DI, DIR_DJ, DIRECTIONS } from '../mesh.js';
import { CROUCHED_MAXS, STANDING_MAXS, STANDING_MINS } from '../../player.js';

/** Edge kinds between samples. */
export const EDGE_NONE = 0;
export const EDGE_WALK = 1;
export const EDGE_DROP = 2;
/** Only upward, jumping onto a ledge higher than a step (one-way). */
export const EDGE_JUMP = 3;

/** Sample attribute bits. */
export const SAMPLE_CROUCH = 1;
export const SAMPLE_WATER = 2;
export const SAMPLE_NO_JUMP = 4;
/**
 * The box rests on a step's edge (a curb, a stair's nose) with the floor under its centre lower:
 * more than `heightTolerance` below the plane the box stands on. Not an attribute of the area:
 * such a sample and a neighbour at another height are never one area (`rectIsArea`), since the
 * box between them is not on one floor (a player walking along the edge catches its corner).
 */
export const SAMPLE_RIM = 8;

export interface FloorSamples {
  readonly count: number;
  /** Cell of each sample. */
  readonly i: Int32Array;
  readonly j: Int32Array;
  /** Standing (or crouched) origin height on the floor. [Units: world units] */
  readonly z: Float32Array;
  /** `SAMPLE_*` bits. */
  readonly flags: Uint8Array;
  /** Neighbour sample per direction, -1 for none. [Form: (n, e, s, w) × count] */
  readonly edge: Int32Array;
  /** `EDGE_*` per direction. [Form: (n, e, s, w) × count] */
  readonly edgeKind: Uint8Array;
  /** Seeds that found no floor (x, y, z each). */
  readonly missedSeeds: number[][];
  /** Sampling stopped at `maxSamples`. */
  readonly truncated: boolean;
}

const STAND_MINS = STANDING_MINS;
const STAND_MAXS = STANDING_MAXS;
const CROUCH_MAXS = CROUCHED_MAXS;
/** How far a seed may be above its floor. [Units: world units] */
const SEED_DEPTH = 128;
/** Length of the first downward sweep (two steps and a bit). [Units: world units] */
const SHORT_SWEEP = 40;
/** `down`'s answer for ground only the box's rim rests on. */
const LEDGE = Number.NEGATIVE_INFINITY;
const POINT = [0, 0, 0];

/**
 * Whether water flowing at the point (its contents) lets a player move toward `d`: pmove adds
 * the current's 400 u/s (200 wading) to the wish, as fast as a bot runs, so in a current a
 * player goes only with it. Still water and dry floor let it go anywhere.
 */
function flowAllows(contents: number, d: number): boolean {
  if (!(contents & MASK_WATER)) return true;
  const cx = (contents & CONTENTS_CURRENT_0 ? 1 : 0) - (contents & CONTENTS_CURRENT_180 ? 1 : 0);
  const cy = (contents & CONTENTS_CURRENT_90 ? 1 : 0) - (contents & CONTENTS_CURRENT_270 ? 1 : 0);
  if (cx === 0 && cy === 0) return true;
  return cx * DIR_DI[d] + cy * DIR_DJ[d] > 0;
}
/** Cells looked across a ledge band for the floor a drop lands on. */
const MAX_LEDGE_CELLS = 3;
/**
 * Upward speed of a bot's jump: pmove's 270 on top of the 50 the bot code adds before it.
 * [Units: u/s]
 */
const JUMP_SPEED = 320;
/**
 * Horizontal speed a jumping bot flies at: it takes off running and its air push in the jump
 * (`BOTLIB_BotInputToUserCommand`) brings it to its run speed. [Units: u/s]
 */
const JUMP_RUN_SPEED = 400;
/** Least floor normal z a jump lands on. */
const JUMP_LANDING_NORMAL_Z = 0.9;
/** `down`'s cached answers per column and floor height. */
const FLOOR = 0;
const FLOOR_LEDGE = 1;
const FLOOR_RIM = 2;
/**
 * Longest flight of a player running downhill that still lets it turn off the slope to a drop:
 * two thinks' run (a bot moves 30 units in its 100 ms think). One think's run pruned a drop off
 * beer's 0.2 slope (a 47-unit flight) that the simulated bot makes; monastery's 29° ramp, where a
 * bot coming down could not, flies 126 units. [Units: world units]
 */
const TURNABLE_FLIGHT = 60;

export function sampleFloor(
  tracer: FloorTracer,
  seeds: readonly (readonly number[])[],
  c: NavMeshBuildConfig,
): FloorSamples {
  const sampler = new FloorSampler(tracer, c);
  const missedSeeds = sampler.placeSeeds(seeds);
  // Breadth first: a sample is queued when it is added, and joined to its four neighbours once.
  for (let q = 0; q < sampler.queue.length; q++) sampler.expand(sampler.queue[q]);
  return sampler.samples(missedSeeds);
}

/** Key of column (i, j). */
const columnKey = (i: number, j: number) => (i + 32768) * 65536 + (j + 32768);
/** Key of column (i, j) and floor height g (quarter units). */
const floorKey = (i: number, j: number, g: number) =>
  columnKey(i, j) * 131072 + 65536 + Math.round(g * 4);
/** Seeds are looked for in their own cell, then in its four neighbours. */
const SEED_CELLS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];

/**
 * The samples found so far, struct of arrays, doubled when full; the samples of one column are
 * a list through `next`, headed by the last one added.
 */
class SampleStore {
  count = 0;
  private cap = 4096;
  i = new Int32Array(this.cap);
  j = new Int32Array(this.cap);
  z = new Float32Array(this.cap);
  flags = new Uint8Array(this.cap);
  /** Next sample of the same column, -1 for none. */
  private next = new Int32Array(this.cap);
  edge = new Int32Array(this.cap * 4).fill(-1);
  kind = new Uint8Array(this.cap * 4);
  /** Last sample added of each column, by `columnKey`. */
  private readonly head = new Map<number, number>();

  /** The sample of column (i, j) within 1 unit of height z, -1 for none. */
  find(i: number, j: number, z: number): number {
    for (let t = this.head.get(columnKey(i, j)) ?? -1; t >= 0; t = this.next[t])
      if (Math.abs(this.z[t] - z) <= 1) return t;
    return -1;
  }

  /** Adds a sample; its index. */
  add(i: number, j: number, z: number, flags: number): number {
    if (this.count === this.cap) this.grow();
    const s = this.count++;
    const k = columnKey(i, j);
    this.i[s] = i;
    this.j[s] = j;
    this.z[s] = z;
    this.flags[s] = flags;
    this.next[s] = this.head.get(k) ?? -1;
    this.head.set(k, s);
    return s;
  }

  private grow(): void {
    this.cap *= 2;
    this.i = grown(this.i, new Int32Array(this.cap));
    this.j = grown(this.j, new Int32Array(this.cap));
    this.z = grown(this.z, new Float32Array(this.cap));
    this.flags = grown(this.flags, new Uint8Array(this.cap));
    this.next = grown(this.next, new Int32Array(this.cap));
    this.edge = grown(this.edge, new Int32Array(this.cap * 4).fill(-1));
    this.kind = grown(this.kind, new Uint8Array(this.cap * 4));
  }
}

/** `to` with `from` copied to its start. */
function grown<T extends Int32Array | Float32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/**
 * One sampling run: the store, the breadth-first queue, and the traces that judge a step between
 * two cells. The traces share one result and two vectors (`tr`, `a`, `b`): each call sets what
 * it uses and reads the result before the next trace.
 */
class FloorSampler {
  readonly queue: number[] = [];
  private readonly store = new SampleStore();
  private truncated = false;
  /** `down`'s answers (`FLOOR`, `FLOOR_LEDGE`, `FLOOR_RIM`) by `floorKey`. */
  private readonly ledgeKnown = new Map<number, number>();
  private readonly tr = newTraceResult();
  private readonly a = new Float64Array(3);
  private readonly b = new Float64Array(3);
  private readonly cs: number;
  private readonly off: number;
  /** The sample being expanded: its index and origin. [Units: world units] */
  private s = 0;
  private x = 0;
  private y = 0;
  private z = 0;
  /** {@link flightStep}'s answer. [Units: world units] */
  private px = 0;
  private py = 0;
  private qx = 0;
  private qy = 0;

  constructor(
    private readonly tracer: FloorTracer,
    private readonly c: NavMeshBuildConfig,
  ) {
    this.cs = c.cellSize;
    this.off = c.gridOffset;
  }

  /** The first samples, under the seeds (or a cell beside); the seeds that found no floor. */
  placeSeeds(seeds: readonly (readonly number[])[]): number[][] {
    const { cs, off, c } = this;
    const missedSeeds: number[][] = [];
    for (const seed of seeds) {
      const i0 = Math.round((seed[0] - off) / cs);
      const j0 = Math.round((seed[1] - off) / cs);
      let found = false;
      for (const [di, dj] of SEED_CELLS) {
        const i = i0 + di;
        const j = j0 + dj;
        const g = this.down(
          i * cs + off,
          j * cs + off,
          seed[2] + c.stepHeight,
          SEED_DEPTH,
          STAND_MAXS,
        );
        if (!Number.isFinite(g)) continue;
        if (this.sampleAt(i, j, g) >= 0) {
          found = true;
          break;
        }
      }
      // A seed on floor that is all ledge band (a spawn point on a pedestal, a ledge players
      // stood on), or under something a step above it: its own cell is a sample still, from
      // which the drops lead off. A player stands there; only running across it is unsafe.
      for (const lift of [c.stepHeight, 1]) {
        if (found) break;
        const g = this.down(
          i0 * cs + off,
          j0 * cs + off,
          seed[2] + lift,
          SEED_DEPTH,
          STAND_MAXS,
          true,
        );
        found = Number.isFinite(g) && this.sampleAt(i0, j0, g) >= 0;
      }
      if (!found) missedSeeds.push([seed[0], seed[1], seed[2]]);
    }
    return missedSeeds;
  }

  /** Joins sample s to the floor of each neighbouring cell a player gets to from it. */
  expand(s: number): void {
    const { cs, off, store, a } = this;
    this.s = s;
    const x = (this.x = store.i[s] * cs + off);
    const y = (this.y = store.j[s] * cs + off);
    const z = (this.z = store.z[s]);
    a[0] = x;
    a[1] = y;
    a[2] = z - 23;
    const feet = store.flags[s] & SAMPLE_WATER ? this.tracer.pointContents(a) : 0;
    for (let d = 0; d < DIRECTIONS; d++) if (flowAllows(feet, d)) this.linkToward(d);
  }

  /** What was sampled, trimmed to the count. */
  samples(missedSeeds: number[][]): FloorSamples {
    const { store } = this;
    const n = store.count;
    return {
      count: n,
      i: store.i.slice(0, n),
      j: store.j.slice(0, n),
      z: store.z.slice(0, n),
      flags: store.flags.slice(0, n),
      edge: store.edge.slice(0, n * 4),
      edgeKind: store.kind.slice(0, n * 4),
      missedSeeds,
      truncated: this.truncated,
    };
  }

  /**
   * From the sample being expanded toward `d`: the box that crosses into the next cell, standing
   * before crouched and raised a step (pmove's step-up) before not (a low ceiling); where none
   * does, a jump onto a ledge is all that is left.
   */
  private linkToward(d: number): void {
    const { cs, off, c, x, y, z } = this;
    const ni = this.store.i[this.s] + DIR_DI[d];
    const nj = this.store.j[this.s] + DIR_DJ[d];
    const nx = ni * cs + off;
    const ny = nj * cs + off;
    let maxs = STAND_MAXS;
    let from = z + c.stepHeight;
    let ok = this.across(x, y, nx, ny, from, maxs);
    if (!ok) ok = this.across(x, y, nx, ny, (from = z), maxs);
    if (!ok && c.crouch) {
      maxs = CROUCH_MAXS;
      ok = this.across(x, y, nx, ny, (from = z + c.stepHeight), maxs);
      if (!ok) ok = this.across(x, y, nx, ny, (from = z), maxs);
    }
    if (ok) this.walkOrDrop(d, ni, nj, from, maxs);
    else this.jumpOnto(d, ni, nj);
  }

  /**
   * The box crossed into cell (ni, nj) at height `from`: the floor it comes down on there is a
   * walk edge within a step, a drop edge lower. Over a ledge band (floor that ends within the
   * margin) the landing is looked for up to `MAX_LEDGE_CELLS` further; a drop must be one a
   * running player turns into, falls into and lands safely from.
   */
  private walkOrDrop(
    d: number,
    ni: number,
    nj: number,
    from: number,
    maxs: readonly number[],
  ): void {
    const { cs, off, c, a, x, y, z } = this;
    let g = this.down(ni * cs + off, nj * cs + off, from, from - z + c.maxDrop, maxs);
    let ti = ni;
    let tj = nj;
    // Near a ledge: further out, a drop may land.
    for (let k = 0; g === LEDGE && k < MAX_LEDGE_CELLS; k++) {
      const px = ti * cs + off;
      const py = tj * cs + off;
      ti += DIR_DI[d];
      tj += DIR_DJ[d];
      if (!this.across(px, py, ti * cs + off, tj * cs + off, from, maxs)) break;
      g = this.down(ti * cs + off, tj * cs + off, from, from - z + c.maxDrop, maxs);
      if (Number.isFinite(g) && g >= z - c.stepHeight) g = Number.NaN; // level again: a gap
    }
    if (!Number.isFinite(g)) return;
    a[0] = ti * cs + off;
    a[1] = tj * cs + off;
    a[2] = g - 23;
    if (!flowAllows(this.tracer.pointContents(a), d)) return;
    const drop = g < z - c.stepHeight;
    if (
      drop &&
      (!this.turnableDrop(x, y, z, d) ||
        !this.fallsIn(ti, tj, d, z, maxs) ||
        !this.safeLanding(ti, tj, d, g, z - g, maxs))
    )
      return;
    this.join(d, this.sampleAt(ti, tj, g), drop ? EDGE_DROP : EDGE_WALK);
  }

  /** A ledge too high to step onto: jump up onto it, standing, if it is low enough. */
  private jumpOnto(d: number, ni: number, nj: number): void {
    const { cs, off, c, x, y, z } = this;
    const nx = ni * cs + off;
    const ny = nj * cs + off;
    if (c.jumpHeight <= c.stepHeight || !this.across(x, y, nx, ny, z + c.jumpHeight, STAND_MAXS))
      return;
    const up = this.down(nx, ny, z + c.jumpHeight, c.jumpHeight - c.stepHeight, STAND_MAXS);
    if (!Number.isFinite(up) || up <= z + c.stepHeight) return;
    if (!this.safeJumpLanding(ni, nj, d, z, up)) return;
    this.join(d, this.sampleAt(ni, nj, up), EDGE_JUMP);
  }

  /**
   * The edge from the sample being expanded toward `d` to sample t, of kind `kind`; none when t
   * is -1 (not kept).
   */
  private join(d: number, t: number, kind: number): void {
    if (t < 0) return;
    this.store.edge[this.s * 4 + d] = t;
    this.store.kind[this.s * 4 + d] = kind;
  }

  /**
   * Sample index of the floor at (i, j, z), added (and queued) when new; -1 when not a floor to
   * keep.
   */
  private sampleAt(i: number, j: number, z: number): number {
    const t = this.store.find(i, j, z);
    if (t >= 0) return t;
    if (this.store.count >= this.c.maxSamples) {
      this.truncated = true;
      return -1;
    }
    const flags = this.standingFlags(i, j, z);
    if (flags < 0) return -1;
    const s = this.store.add(i, j, z, flags);
    this.queue.push(s);
    return s;
  }

  /**
   * The `SAMPLE_*` bits of a player standing on the floor at (i, j, z), or -1 where none may
   * stand: in lava or slime, in a volume that hurts, or where not even the crouched box fits.
   */
  private standingFlags(i: number, j: number, z: number): number {
    const { cs, off, c, tracer, tr, a, b } = this;
    const x = i * cs + off;
    const y = j * cs + off;
    let flags = this.ledgeKnown.get(floorKey(i, j, z)) === FLOOR_RIM ? SAMPLE_RIM : 0;
    a[0] = x;
    a[1] = y;
    a[2] = z - 23;
    const feet = tracer.pointContents(a);
    if (feet & (CONTENTS_LAVA | CONTENTS_SLIME)) return -1;
    a[2] = z;
    if (tracer.hurts?.(a)) return -1;
    if (feet & MASK_WATER) flags |= SAMPLE_WATER;
    a[2] = z;
    b[0] = x;
    b[1] = y;
    b[2] = z;
    tracer.trace(a, STAND_MINS, STAND_MAXS, b, tr);
    if (tr.startsolid) {
      // Not even the crouched box fits by the position test (a sweep may still pass: the
      // engine's sweep and position test disagree at some brush edges): pmove's final snap
      // runs that test and puts a player who moved here back where it started.
      tracer.trace(a, STAND_MINS, CROUCH_MAXS, b, tr);
      if (tr.startsolid) return -1;
      flags |= SAMPLE_CROUCH | SAMPLE_NO_JUMP;
    } else {
      b[2] = z + c.jumpRise;
      tracer.trace(a, STAND_MINS, STAND_MAXS, b, tr);
      if (tr.fraction < 1) flags |= SAMPLE_NO_JUMP;
    }
    return flags;
  }

  /** Sweeps a box horizontally from (x, y, z) to (nx, ny, z): true when it passes freely. */
  private across(
    x: number,
    y: number,
    nx: number,
    ny: number,
    z: number,
    maxs: readonly number[],
  ): boolean {
    const { tr, a, b } = this;
    a[0] = x;
    a[1] = y;
    a[2] = z;
    b[0] = nx;
    b[1] = ny;
    b[2] = z;
    this.tracer.trace(a, STAND_MINS, maxs, b, tr);
    return !tr.startsolid && tr.fraction === 1;
  }

  /**
   * Ground under (x, y, z) within `depth`: its height, NaN for none (or too steep), or LEDGE
   * when only the box's rim rests on it (its height still with `ledgeToo`). Most ground is
   * within a step: a short sweep first, the long one only when it found nothing (sweep cost
   * grows with its length).
   */
  private down(
    x: number,
    y: number,
    z: number,
    depth: number,
    maxs: readonly number[],
    ledgeToo = false,
  ): number {
    const { tr, a, b } = this;
    a[0] = x;
    a[1] = y;
    a[2] = z;
    b[0] = x;
    b[1] = y;
    b[2] = z - Math.min(depth, SHORT_SWEEP);
    this.tracer.trace(a, STAND_MINS, maxs, b, tr);
    if (tr.fraction === 1 && !tr.startsolid && depth > SHORT_SWEEP) {
      b[2] = z - depth;
      this.tracer.trace(a, STAND_MINS, maxs, b, tr);
    }
    if (tr.startsolid || tr.fraction === 1) return Number.NaN;
    const nz = tr.normal[2];
    if (nz < this.c.minFloorNormalZ) return Number.NaN;
    const g = tr.endpos[2];
    if (ledgeToo) return g;
    return this.floorKind(x, y, g, tr.normal[0], tr.normal[1], nz) === FLOOR_LEDGE ? LEDGE : g;
  }

  /**
   * What the ground at height g under (x, y), of normal (nx, ny, nz), is to a player standing on
   * it: `FLOOR`, `FLOOR_LEDGE` or `FLOOR_RIM`. Kept per floor: the same floor is reached from up
   * to four neighbours.
   */
  private floorKind(x: number, y: number, g: number, nx: number, ny: number, nz: number): number {
    const { cs, off } = this;
    const key = floorKey(Math.round((x - off) / cs), Math.round((y - off) / cs), g);
    const known = this.ledgeKnown.get(key);
    if (known !== undefined) return known;
    const kind = this.judgeFloor(x, y, g, nx, ny, nz);
    this.ledgeKnown.set(key, kind);
    return kind;
  }

  /** {@link floorKind}, worked out with point traces around (x, y). */
  private judgeFloor(x: number, y: number, g: number, nx: number, ny: number, nz: number): number {
    const { c, tr, a, b } = this;
    // The floor must go on `ledgeMargin` beyond the centre on all four sides (within a step
    // down: stairs are no ledge); a wall there is no ledge either. On a slope further (running
    // downhill a player leaves the ground and flies on).
    const w = c.ledgeMargin / (nz * nz);
    // Held by its rim: the box rests on a ramp's or a step's edge while the floor under its
    // centre lies more than a step below that plane (a running player is carried over or off).
    const rampDrop = (16 * (Math.abs(nx) + Math.abs(ny))) / nz;
    a[0] = b[0] = x;
    a[1] = b[1] = y;
    a[2] = g - 24 + 1;
    b[2] = g - 24 - rampDrop - c.stepHeight - 0.5;
    this.tracer.trace(a, POINT, POINT, b, tr);
    let ledge = !tr.startsolid && tr.fraction === 1;
    // Within a step below that plane: the box is held by a step's edge (a curb), still floor.
    const rim = !ledge && !tr.startsolid && tr.endpos[2] < g - 24 - rampDrop - c.heightTolerance;
    if (w > 0 && !ledge) ledge = this.floorEndsNear(x, y, g, w, nx, ny, nz);
    return ledge ? FLOOR_LEDGE : rim ? FLOOR_RIM : FLOOR;
  }

  /** The floor at height g ends within `w` of (x, y) on one of the four sides. */
  private floorEndsNear(
    x: number,
    y: number,
    g: number,
    w: number,
    nx: number,
    ny: number,
    nz: number,
  ): boolean {
    const { c, tr, a, b } = this;
    for (let k = 0; k < 4; k++) {
      // Downhill the floor may fall away with the slope; across and uphill no further.
      const slope = Math.max(0, (w * (nx * DIR_DI[k] + ny * DIR_DJ[k])) / nz);
      a[0] = b[0] = x + DIR_DI[k] * w;
      a[1] = b[1] = y + DIR_DJ[k] * w;
      a[2] = g - 24 + c.stepHeight;
      b[2] = g - 24 - c.stepHeight - slope - 0.5;
      this.tracer.trace(a, POINT, POINT, b, tr);
      if (!tr.startsolid && tr.fraction === 1) return true;
    }
    return false;
  }

  /**
   * The k-th step of a flight from cell (i, j) toward `d`, k from 1: from the centre of the cell
   * k − 1 cells on (`px`, `py`) to the next one's (`qx`, `qy`). [Units: world units]
   */
  private flightStep(i: number, j: number, d: number, k: number): void {
    const { cs, off } = this;
    this.px = (i + DIR_DI[d] * (k - 1)) * cs + off;
    this.py = (j + DIR_DJ[d] * (k - 1)) * cs + off;
    this.qx = this.px + DIR_DI[d] * cs;
    this.qy = this.py + DIR_DJ[d] * cs;
  }

  /**
   * A drop toward `d` from the floor at (x, y) whose origin height is z is one a running
   * player can turn into: the floor there is not a slope it flies down for more than
   * `TURNABLE_FLIGHT` (running downhill at `dropRunSpeed` a player leaves the ground and
   * falls back onto the slope after 2·s·v²/g units, s the slope's rise per unit), or the drop
   * goes on down the slope. Coming down such a ramp, a bot cannot turn to a drop off its side.
   */
  private turnableDrop(x: number, y: number, z: number, d: number): boolean {
    const { c, tr, a, b } = this;
    a[0] = b[0] = x;
    a[1] = b[1] = y;
    a[2] = z + 1;
    b[2] = z - 1;
    this.tracer.trace(a, STAND_MINS, STAND_MAXS, b, tr);
    if (tr.fraction === 1 || tr.startsolid) return true;
    const nx = tr.normal[0];
    const ny = tr.normal[1];
    const h = Math.hypot(nx, ny);
    const slope = h / Math.max(1e-6, tr.normal[2]);
    const flight = (2 * slope * c.dropRunSpeed * c.dropRunSpeed) / 800;
    if (flight <= TURNABLE_FLIGHT) return true;
    // Downhill within 45°: the flight goes that way anyway.
    return (nx * DIR_DI[d] + ny * DIR_DJ[d]) / h >= Math.SQRT1_2;
  }

  /**
   * A player running off the edge toward `d` at `dropRunSpeed` falls into the opening at
   * (i, j) (its floor's origin height z): before it has fallen a step, no floor within a step
   * of z carries it on (the far rim of a shaft no wider than the player, which a running
   * player steps across), or a wall stops it. [Units: world units]
   */
  private fallsIn(i: number, j: number, d: number, z: number, maxs: readonly number[]): boolean {
    const { cs, c } = this;
    const reach = c.dropRunSpeed * Math.sqrt((2 * c.stepHeight) / 800);
    const cells = Math.ceil(reach / cs);
    for (let k = 1; k <= cells; k++) {
      this.flightStep(i, j, d, k);
      const { px, py, qx, qy } = this;
      if (!this.across(px, py, qx, qy, z + c.stepHeight, maxs)) return true;
      const f = this.down(qx, qy, z + c.stepHeight, 2 * c.stepHeight + 1, maxs);
      if (f === LEDGE || (Number.isFinite(f) && f >= z - c.stepHeight)) return false;
    }
    return true;
  }

  /**
   * The landing after a drop of `h` from (x, y) toward `d` is safe: the floor at height g goes
   * on (within a step) or a wall stops the player, over the distance a player running off
   * the edge flies. [Units: world units]
   */
  private safeLanding(
    i: number,
    j: number,
    d: number,
    g: number,
    h: number,
    maxs: readonly number[],
  ): boolean {
    const { cs, c } = this;
    const flight = c.dropRunSpeed * Math.sqrt((2 * h) / 800);
    const cells = Math.ceil(flight / cs);
    for (let k = 1; k <= cells; k++) {
      this.flightStep(i, j, d, k);
      const { px, py, qx, qy } = this;
      if (!this.across(px, py, qx, qy, g + c.stepHeight, maxs)) {
        // A wall stops the player only if it is not still falling past it higher up: a shelf
        // below its flight is landed on. Its height there (fallen since the landing cell at
        // the least, so no lower than this).
        const t = (k * cs) / Math.max(1, c.dropRunSpeed);
        const above = Math.max(c.stepHeight, h - 400 * t * t);
        return !this.across(px, py, qx, qy, g + above, maxs);
      }
      const f = this.down(qx, qy, g + c.stepHeight, 2 * c.stepHeight + 1, maxs);
      if (Number.isNaN(f) || f < g - c.stepHeight) return false;
    }
    return true;
  }

  /**
   * The landing after a jump from (x, y) at height z onto the ledge at (i, j), floor at height
   * g: a jumping bot flies on over the ledge (at up to its run speed), so its floor must go on
   * (within a step) for as far as it flies, or a wall higher than its flight stop it; ground
   * it would land on higher than a step (a rock on the ledge) or none at all is no landing.
   * [Units: world units]
   */
  private safeJumpLanding(i: number, j: number, d: number, z: number, g: number): boolean {
    const { cs, off, c, tr, a, b } = this;
    // A slope turns the hops of a bot still pressing jump sideways, off the ledge.
    a[0] = b[0] = i * cs + off;
    a[1] = b[1] = j * cs + off;
    a[2] = g + 1;
    b[2] = g - 1;
    this.tracer.trace(a, STAND_MINS, STAND_MAXS, b, tr);
    if (tr.fraction === 1 || tr.normal[2] < JUMP_LANDING_NORMAL_Z) return false;
    const h = g - z;
    const air = (JUMP_SPEED + Math.sqrt(Math.max(0, JUMP_SPEED * JUMP_SPEED - 1600 * h))) / 800;
    const apex = (JUMP_SPEED * JUMP_SPEED) / 1600 - h;
    const cells = Math.ceil((JUMP_RUN_SPEED * air - cs) / cs);
    for (let k = 1; k <= cells; k++) {
      this.flightStep(i, j, d, k);
      const { px, py, qx, qy } = this;
      if (!this.across(px, py, qx, qy, g + c.stepHeight, STAND_MAXS))
        return !this.across(px, py, qx, qy, g + Math.max(apex, c.stepHeight), STAND_MAXS);
      const f = this.down(qx, qy, g + c.stepHeight, 2 * c.stepHeight + 1, STAND_MAXS);
      if (!Number.isFinite(f) || f < g - c.stepHeight) return false;
    }
    return true;
  }
}
