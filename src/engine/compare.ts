/**
 * Two navs of one map side by side, from their trial reports (same bots, seconds and runs):
 * the ratios A / B of the per-bot-minute figures, and the stuck time at spots where only one
 * of the two had bots stuck. A spot of A is shared when some spot of B lies within
 * {@link SHARED_SPOT_RADIUS}: corners where bots stick whatever the nav (map-intrinsic) count
 * on both sides and cancel; what is left is the stuck time each nav causes on its own.
 */
import type { EngineReport, SpotOut } from './engine-report.js';

/** Stuck spots of the two navs this close are one place. [Units: world units] */
export const SHARED_SPOT_RADIUS = 64;

export interface SideFigures {
  readonly stuck_s_per_bot_min: number;
  readonly stuck_events_per_bot_min: number;
  readonly env_deaths_per_bot_min: number;
  readonly dist_per_bot_min: number;
  readonly coverage_ratio: number;
  readonly nodes: number;
  /** Stuck seconds per bot-minute at spots the other nav has none near. */
  readonly own_stuck_s_per_bot_min: number;
}

export interface NavComparison {
  readonly map: string;
  readonly a: SideFigures;
  readonly b: SideFigures;
  /** A / B (1 when both are 0; Infinity when only B is 0). */
  readonly ratios: {
    readonly stuck_s: number;
    readonly env_deaths: number;
    readonly dist: number;
    readonly coverage: number;
  };
}

export const ratio = (a: number, b: number): number => (b === 0 ? (a === 0 ? 1 : Infinity) : a / b);

function ownSeconds(mine: readonly SpotOut[], theirs: readonly SpotOut[]): number {
  const r2 = SHARED_SPOT_RADIUS * SHARED_SPOT_RADIUS;
  let s = 0;
  for (const p of mine) {
    const shared = theirs.some(
      (q) =>
        (p.position[0] - q.position[0]) ** 2 +
          (p.position[1] - q.position[1]) ** 2 +
          (p.position[2] - q.position[2]) ** 2 <=
        r2,
    );
    if (!shared) s += p.seconds;
  }
  return s;
}

function side(r: EngineReport, other: EngineReport): SideFigures {
  const bm = r.bot_minutes;
  return {
    stuck_s_per_bot_min: r.stuck_s_per_bot_min,
    stuck_events_per_bot_min: r.stuck_rate_per_bot_min,
    env_deaths_per_bot_min: r.death_rate_per_bot_min,
    dist_per_bot_min: r.dist_per_bot_min,
    coverage_ratio: r.coverage_ratio,
    nodes: r.nodes,
    own_stuck_s_per_bot_min:
      bm > 0 ? Math.round((ownSeconds(r.stuck_spots, other.stuck_spots) / bm) * 1e4) / 1e4 : 0,
  };
}

export function compareReports(a: EngineReport, b: EngineReport): NavComparison {
  const sa = side(a, b);
  const sb = side(b, a);
  return {
    map: a.map,
    a: sa,
    b: sb,
    ratios: {
      stuck_s: ratio(sa.stuck_s_per_bot_min, sb.stuck_s_per_bot_min),
      env_deaths: ratio(sa.env_deaths_per_bot_min, sb.env_deaths_per_bot_min),
      dist: ratio(sa.dist_per_bot_min, sb.dist_per_bot_min),
      coverage: ratio(sa.coverage_ratio, sb.coverage_ratio),
    },
  };
}
