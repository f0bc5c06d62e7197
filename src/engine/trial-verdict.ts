/**
 * What a trial can say, and how sure it is.
 *
 * One nav: the AQtion proposal's thresholds were set for its own test, 8 bots for 300 s (40
 * alive bot-minutes); a shorter trial says too little for them (a few deaths more or less move
 * a rate across its limit), so it gets figures and no verdict (`VERDICT_BOT_MINUTES`). Of the
 * thresholds only the environmental deaths mean the same in a live game: real AQtion bots have
 * 2–6 stuck events per bot-minute even on the engine's own navs (docs/engine-trials.md), five
 * times the proposal's 1.0, and bots in a deathmatch visit where the fight is (50–70 % of the
 * engine's own nodes in 8 × 240 s), not the 85 % its roaming bots were to reach. So a long
 * trial judges the deaths (and, with `--no-combat`, the nodes visited), reports the stuck figures,
 * and says that `--compare` with another nav is the measure for them.
 *
 * Two navs (`--compare`): for each figure, which nav is better, by how much, and whether the
 * runs agree: with two runs or more the figure is `clear` when every run of the better nav beat
 * every run of the other (their ranges do not overlap), else `within the spread`; one run has no
 * spread to tell.
 */
import type { EngineReport, RunFigures } from './engine-report.js';
import { NAVTEST_PASS_THRESHOLDS } from '../navtest/offline-report.js';
import { areaFigure, playedShare, type AreaOfPlay } from './played-cells.js';

/** The proposal's test: 8 bots × 300 s. [Units: alive bot-minutes] */
export const VERDICT_BOT_MINUTES = 40;

export type SingleVerdict =
  | { readonly kind: 'none'; readonly why: string }
  | { readonly kind: 'judged'; readonly passed: boolean; readonly lines: readonly string[] };

/** The verdict on one nav's trial (see the module comment). */
export function singleVerdict(r: EngineReport): SingleVerdict {
  if (r.bot_minutes < VERDICT_BOT_MINUTES)
    return {
      kind: 'none',
      why: `${r.bot_minutes.toFixed(1)} alive bot-minutes; a verdict needs ${VERDICT_BOT_MINUTES} (the AQtion proposal's test: 8 bots × 300 s)`,
    };
  const t = NAVTEST_PASS_THRESHOLDS;
  const deaths = r.death_rate_per_bot_min <= t.maxDeathRate;
  const lines = [
    `environmental deaths ${r.death_rate_per_bot_min.toFixed(3)} per bot-minute (limit ${t.maxDeathRate}): ${deaths ? 'pass' : 'FAIL'}`,
    `stuck ${r.stuck_rate_per_bot_min.toFixed(2)} events per bot-minute: not judged (real bots have 2–6 even on the engine's own navs; --compare OTHER.nav measures it)`,
  ];
  if (r.no_combat) {
    const coverage = r.coverage_ratio >= t.minCoverage;
    lines.push(
      `nodes visited ${(100 * r.coverage_ratio).toFixed(1)} % (least ${100 * t.minCoverage} %): ${coverage ? 'pass' : 'FAIL'}`,
    );
    return { kind: 'judged', passed: deaths && coverage, lines };
  }
  lines.push(
    `nodes visited ${(100 * r.coverage_ratio).toFixed(1)} %: not judged in a deathmatch (bots go where the fight is; --no-combat judges it)`,
  );
  return { kind: 'judged', passed: deaths, lines };
}

/** One figure of two navs: which is better, by how much, how sure. */
export interface FigureVerdict {
  readonly figure: string;
  /** Decimals to print it with. */
  readonly digits: number;
  /** Means over the runs. */
  readonly a: number;
  readonly b: number;
  /** Smallest and largest run value of each. */
  readonly aRange: readonly [number, number];
  readonly bRange: readonly [number, number];
  readonly better: 'a' | 'b' | 'neither';
  /** How much better, relative to the worse one: 0.4 = 40 % less stuck time. [Limit: 0..1, or any ≥ 0 for more-is-better figures] */
  readonly by: number;
  /** `clear`: the runs do not overlap; `within-spread`: they do; `one-run`: no spread to tell. */
  readonly sureness: 'clear' | 'within-spread' | 'one-run';
}

interface FigureDef {
  readonly figure: string;
  readonly run: (f: RunFigures) => number | null;
  readonly lowerIsBetter: boolean;
  /** Decimals it is printed with (as the per-run figures are rounded). */
  readonly digits: number;
}

const FIGURES: readonly FigureDef[] = [
  {
    figure: 'stuck s per bot-minute',
    run: (f) => f.stuck_s_per_bot_min,
    lowerIsBetter: true,
    digits: 2,
  },
  {
    figure: 'environmental deaths per bot-minute',
    run: (f) => f.env_per_bot_min,
    lowerIsBetter: true,
    digits: 3,
  },
  {
    figure: 'distance per bot-minute',
    run: (f) => f.dist_per_bot_min,
    lowerIsBetter: false,
    digits: 0,
  },
  {
    figure: 'nodes visited (share)',
    run: (f) => f.coverage_ratio,
    lowerIsBetter: false,
    digits: 3,
  },
];

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

/**
 * Each figure of two navs' trials (same bots, seconds and runs), A against B; with an `area`
 * of play (`played-cells.ts`: the map's demos' played area, or its walkable floor), also the
 * share of it bots reached in each run, and the cells they reached whether in it or not.
 */
export function figureVerdicts(
  a: EngineReport,
  b: EngineReport,
  area: AreaOfPlay | null = null,
): FigureVerdict[] {
  const figures: FigureDef[] = [...FIGURES];
  if (area && area.cells.length > 0)
    figures.push(
      {
        figure: areaFigure(area),
        run: (f) => playedShare(area.cells, f.cells ?? []),
        lowerIsBetter: false,
        digits: 3,
      },
      // Beside the share, because the played area is where the demos' players went: bots
      // that spread over more of the map reach fewer of those cells in the same time, and
      // only this count shows it (issue 35: hostile's bots on navgen's nav stood in 1,071 cells
      // against 677 on the engine's nav, two runs each, and reached a smaller share of the
      // played area).
      {
        figure: 'cells reached in all',
        run: (f) => (f.cells ? f.cells.length : null),
        lowerIsBetter: false,
        digits: 0,
      },
    );
  return figures.map((d) => {
    const as = a.per_run.map(d.run).filter((x): x is number => x !== null);
    const bs = b.per_run.map(d.run).filter((x): x is number => x !== null);
    const ma = mean(as);
    const mb = mean(bs);
    const aRange: [number, number] = [Math.min(...as), Math.max(...as)];
    const bRange: [number, number] = [Math.min(...bs), Math.max(...bs)];
    const aBetter = d.lowerIsBetter ? ma < mb : ma > mb;
    const bBetter = d.lowerIsBetter ? mb < ma : mb > ma;
    const better = aBetter ? 'a' : bBetter ? 'b' : 'neither';
    const [good, bad] = better === 'a' ? [ma, mb] : [mb, ma];
    const by =
      better === 'neither' || bad === 0
        ? 0
        : d.lowerIsBetter
          ? (bad - good) / bad
          : (good - bad) / bad;
    const [goodRange, badRange] = better === 'a' ? [aRange, bRange] : [bRange, aRange];
    const apart = d.lowerIsBetter ? goodRange[1] < badRange[0] : goodRange[0] > badRange[1];
    const sureness =
      Math.min(as.length, bs.length) < 2
        ? 'one-run'
        : apart && better !== 'neither'
          ? 'clear'
          : 'within-spread';
    return {
      figure: d.figure,
      digits: d.digits,
      a: ma,
      b: mb,
      aRange,
      bRange,
      better,
      by,
      sureness,
    };
  });
}
