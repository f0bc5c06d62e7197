/**
 * What lies under a drop's flight: whether a bot that falls short of a drop's target, anywhere
 * on the way from the source, lands on a floor it survives.
 *
 * A bot leaves a ledge at whatever speed it had (often slowed by a turn onto the link) and has
 * almost no control in the air, so it lands wherever that speed carries it. Where the way from
 * source to target crosses a pit deeper than a safe fall, every bot that comes off the edge too
 * slowly dies in it: on city, bots leaving a roof at (-1244, -441, 408) for a strip at z 245 two
 * hundred units east fell short into the street 384 units further down, most of city's fatal
 * falls on navgen's nav; the simulated player (which runs at full speed and steers in the air)
 * made that drop every time. The engine's own navs have no drop deeper than 40 units at all.
 *
 * So a drop holds only if, under every point of the straight line from source to target, the
 * standing box finds floor within {@link MISS_FALL} units below the source (`missFallOf`): a
 * short landing is a fall the bot survives, and it walks on from there.
 */
import type { PmoveCollision } from '../movement/types.js';
import { newTraceResult } from '../world/trace.js';
import type { Vec3 } from '../geometry/vec3.js';
import { STANDING_MAXS, STANDING_MINS, STEP_SIZE } from '../movement/constants.js';

/**
 * Deepest fall below the source a short landing may take: the deepest fall that costs no
 * health in AQtion (`P_FallingDamage`: none below an impact of 548 u/s, 188 units), the same
 * bound as `classify.safeDrop`. [Units: u]
 */
export const MISS_FALL = 180;
/** Spacing of the probes along the drop. [Units: u] */
const PROBE_STEP = 16;

/**
 * The deepest fall a short landing of the drop from `from` to `to` may take: {@link MISS_FALL},
 * or, for a drop deeper than that (`connect`'s last way out of a dead end), a stair step below
 * its target: no deeper than the drop itself. [Units: u]
 */
export function missFallOf(from: readonly number[], to: readonly number[]): number {
  return Math.max(MISS_FALL, from[2] - to[2] + STEP_SIZE);
}

/**
 * Whether the standing box at `p` falls more than `maxFall` units: it is free there and finds
 * nothing that far down. (A box in solid says nothing: no bot flies through solid.)
 */
function fallsThrough(
  c: PmoveCollision,
  p: readonly number[],
  maxFall: number,
  tr: ReturnType<typeof newTraceResult>,
): boolean {
  const down = c.trace(p, STANDING_MINS, STANDING_MAXS, [p[0], p[1], p[2] - maxFall], tr);
  return !down.startsolid && !down.allsolid && down.fraction >= 1;
}

/**
 * The first point on the way from `from` to `to` over which a bot falling straight down from the
 * source's height drops more than `maxFall` units, or `null` when the whole way has floor.
 * Points where the standing box does not fit at the source's height are skipped: no bot flies
 * through them.
 */
export function pitUnderDrop(
  c: PmoveCollision,
  from: readonly number[],
  to: readonly number[],
  maxFall: number = missFallOf(from, to),
): Vec3 | null {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const run = Math.hypot(dx, dy);
  const steps = Math.floor(run / PROBE_STEP);
  const tr = newTraceResult();
  const z = from[2] + 1;
  for (let k = 1; k <= steps; k++) {
    const t = (k * PROBE_STEP) / run;
    const p = [from[0] + dx * t, from[1] + dy * t, z];
    if (fallsThrough(c, p, maxFall, tr)) return [p[0], p[1], z];
  }
  return null;
}

/** How far round a drop's target a bot may land off the line. [Units: u] */
export const LANDING_SPREAD = 32;
const SPREAD_DIRECTIONS: readonly (readonly [number, number])[] = Array.from(
  { length: 16 },
  (_, k) => [Math.cos((k * Math.PI) / 8), Math.sin((k * Math.PI) / 8)] as const,
);

/**
 * A pit beside a drop's target: a place within {@link LANDING_SPREAD} units of it, reached from
 * it without a wall between, where the standing box falls more than `maxFall` units; `null`
 * when there is none.
 *
 * A bot lands wherever its speed carries it and then turns at once to its next node: the
 * target's surroundings are where it lands and turns, not only the line to it (the offline
 * bot lands on the line every time). On city a learned drop led from a roof onto a beam 24 units
 * wide over the street (from (1651, -1515, 408) to (1658, -1378, 360)), and most of the city
 * deaths in excess of the engine nav's fell round it. It is the drop counterpart of `fill`'s
 * brink (`map-analysis/brink.ts`), on the collision model.
 */
export function pitBesideLanding(
  c: PmoveCollision,
  to: readonly number[],
  maxFall: number = MISS_FALL,
  spread: number = LANDING_SPREAD,
): Vec3 | null {
  const tr = newTraceResult();
  const o = [to[0], to[1], to[2] + 1];
  for (const [dx, dy] of SPREAD_DIRECTIONS) {
    // Out along the direction until a wall stops the box; every 8 units, the fall from there.
    const end = [o[0] + dx * spread, o[1] + dy * spread, o[2]];
    const way = c.trace(o, STANDING_MINS, STANDING_MAXS, end, tr);
    if (way.startsolid || way.allsolid) continue;
    const reach = way.fraction * spread;
    for (let r = 8; r <= reach; r += 8) {
      const p = [o[0] + dx * r, o[1] + dy * r, o[2]];
      if (fallsThrough(c, p, maxFall, tr)) return [p[0], p[1], p[2]];
    }
  }
  return null;
}
