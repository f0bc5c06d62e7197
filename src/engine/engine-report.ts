/**
 * The report of a trial with real bots, in the `<map>.navtest.json` schema of the AQtion proposal (what
 * `src/sources/feedback/navtest-report.ts` validates and `navgen iterate` reads), with
 * `tester: "engine"` and the detail as extra fields. Built from one or more runs on the same
 * nav (their {@link TrialAnalysis} and console text); counts are added up over the runs and
 * rates are per bot-minute of all runs together; `runs` keeps each run's own figures.
 *
 * The schema's fields:
 * - `coverage_ratio`: share of the nav's nodes some bot came within reach of (48 u);
 *   `unreachable_nodes` are the others (not proven unreachable: nobody went there in the time);
 * - `death_rate_per_bot_min`: environmental deaths (falls, drowning, slime, lava, hurt,
 *   crushed; the console's obituaries) per alive bot-minute;
 * - `stuck_rate_per_bot_min`: stuck events (a bot moved less than 24 u over 3 s; one event per
 *   stretch) per alive bot-minute;
 * - `bad_links`: links whose attempts failed more than half the time (the proposal's
 *   NAVTEST_MAX_LINK_FAIL_PCT), at least twice or once by an environmental death (a fall on
 *   the link). One failed try by other causes is not enough: a bot blocked by another bot, shot
 *   or pausing fails a good link now and then, and a nav has hundreds of links tried once;
 * - `bad_nodes`: nodes where more than 30 % of the visits ended in an environmental death
 *   (NAVTEST_MAX_NODE_DEATH_PCT), at least one;
 * - `passed`: coverage ≥ 0.85, deaths ≤ 0.5 and stuck events ≤ 1.0 per bot-minute, at most 5 %
 *   unreachable, no bad link and no bad node.
 *
 * Extra: `stuck_s_per_bot_min`, `dist_per_bot_min`, `env_deaths` by cause, `bot_minutes` (the
 * figures of trialstats.py, rounded as it rounds), per-node and per-link counts, stuck spots.
 */
import { navtestVerdict, type NavtestVerdict } from '../navtest/offline-report.js';
import { ENV_CAUSES, envDeathCounts, obituaries, type EnvCause } from './obituaries.js';
import type { LinkCounts, StuckSpot, TrialAnalysis } from './trial-analysis.js';
import type { Vec3 } from '../geometry/vec3.js';

/** The AQtion proposal's per-node and per-link limits. */
export const ENGINE_LIMITS = Object.freeze({
  /** NAVTEST_MAX_NODE_DEATH_PCT */
  maxNodeDeathShare: 0.3,
  /** NAVTEST_MAX_LINK_FAIL_PCT */
  maxLinkFailShare: 0.5,
  /** Least failed tries of a bad link, unless one of them was an environmental death. */
  minLinkFailures: 2,
});

export interface RunFigures {
  /** Alive bot-minutes. (trialstats.py: 2 decimals) */
  readonly bot_minutes: number;
  readonly env_deaths: Record<EnvCause, number>;
  /** (3 decimals; null without bot time) */
  readonly env_per_bot_min: number | null;
  /** (2 decimals) */
  readonly stuck_s_per_bot_min: number | null;
  /** (whole units) */
  readonly dist_per_bot_min: number | null;
  readonly stuck_events: number;
  /** Share of nodes visited in this run. */
  readonly coverage_ratio: number;
  /** Environmental deaths matched to a death in the demo (the rest happened after it ended or could not be told apart). */
  readonly env_deaths_located: number;
  /**
   * Stuck seconds and located environmental deaths in a life's first `earlyLife` frames of
   * the trial analysis (12 s), per bot-minute: respawn walks, the engine's bots still on
   * their last life's path. (2 and 3 decimals; null without bot time)
   */
  readonly early_stuck_s_per_bot_min: number | null;
  readonly early_env_per_bot_min: number | null;
  /**
   * The played-area cells living bots stood in this run (`played-cells.ts`), ascending: the
   * share of a map's played area the bots reached, whatever the nav.
   */
  readonly cells: number[];
}

export interface NodeStats {
  readonly node: number;
  readonly visits: number;
  readonly deaths: number;
  readonly env_deaths: number;
  readonly stuck: number;
  /** [Units: s] */
  readonly stuck_s: number;
}

export interface LinkStats {
  readonly from: number;
  readonly to: number;
  readonly traversals: number;
  readonly failures: number;
  readonly died: number;
  /** Of `died`: environmental deaths (the console's obituaries matched to the demo's deaths). */
  readonly env_died: number;
  readonly timed_out: number;
}

export interface SpotOut {
  readonly run: number;
  readonly position: Vec3;
  /** [Units: s] */
  readonly seconds: number;
  readonly node: number;
  /** How long the bot had been alive when the stretch was first read stuck. [Units: s] */
  readonly life_s: number;
}

export interface EngineDeath {
  readonly run: number;
  readonly position: Vec3;
  readonly node: number;
  readonly cause: EnvCause;
  /** The link the bot was taking, or null. */
  readonly link: { readonly from: number; readonly to: number } | null;
  /** How long the bot had been alive. [Units: s] */
  readonly life_s: number;
}

export interface EngineReport extends NavtestVerdict {
  readonly test_duration_s: number;
  readonly bot_count: number;
  readonly total_node_visits: number;
  readonly total_environmental_deaths: number;
  readonly tester: 'engine';
  readonly runs: number;
  readonly no_combat: boolean;
  readonly bot_minutes: number;
  readonly stuck_s_per_bot_min: number;
  readonly dist_per_bot_min: number;
  readonly env_deaths: Record<EnvCause, number>;
  readonly nodes: number;
  readonly per_run: RunFigures[];
  /** Nodes with any visit, death or stuck spot, ascending. */
  readonly node_stats: NodeStats[];
  /** Links some bot tried, ascending by (from, to). */
  readonly link_stats: LinkStats[];
  readonly stuck_spots: SpotOut[];
  readonly env_death_spots: EngineDeath[];
}

export interface EngineRunInput {
  readonly analysis: TrialAnalysis;
  readonly consoleText: string;
}

export interface EngineReportInput {
  readonly map: string;
  readonly nodeCount: number;
  readonly bots: number;
  /** Real time each run played. [Units: s] */
  readonly seconds: number;
  readonly noCombat: boolean;
  readonly runs: readonly EngineRunInput[];
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
/**
 * Python's `round(x, d)` for the figures trialstats.py prints: the exact binary value of `x`
 * rounded to `d` decimals, an exact half to even. (`toFixed` with 30 more digits gives the
 * exact expansion far enough to tell.)
 */
export function pyRound(x: number, d: number): number {
  if (!Number.isFinite(x)) return x;
  const neg = x < 0;
  const full = Math.abs(x).toFixed(d + 30);
  const dot = full.indexOf('.');
  const kept = BigInt(full.slice(0, dot) + full.slice(dot + 1, dot + 1 + d));
  const rest = full.slice(dot + 1 + d);
  const half = '5'.padEnd(rest.length, '0');
  const up = rest > half || (rest === half && kept % 2n === 1n);
  const v = Number(up ? kept + 1n : kept) / 10 ** d;
  return neg ? -v : v;
}

/** Environmental deaths of one run located at the demo's deaths: the k-th obituary of a bot is its k-th death. */
function locateEnvDeaths(run: EngineRunInput, index: number): EngineDeath[] {
  const a = run.analysis;
  const names = Object.values(a.names);
  const obits = obituaries(run.consoleText, names);
  const byName = new Map<string, typeof a.deaths>();
  for (const d of a.deaths) {
    const list = byName.get(d.name);
    if (list) list.push(d);
    else byName.set(d.name, [d]);
  }
  const seen = new Map<string, number>();
  const out: EngineDeath[] = [];
  for (const o of obits) {
    const k = seen.get(o.name) ?? 0;
    seen.set(o.name, k + 1);
    if (o.cause === null) continue;
    const d = byName.get(o.name)?.[k];
    if (d)
      out.push({
        run: index,
        position: d.position,
        node: d.node,
        cause: o.cause,
        link: d.link,
        life_s: d.lifeFrames / 10,
      });
  }
  return out;
}

function runFigures(
  run: EngineRunInput,
  located: readonly EngineDeath[],
  nodeCount: number,
): RunFigures {
  const a = run.analysis;
  const earlyEnv = located.filter((d) => d.life_s * 10 <= a.earlyLife).length;
  const env = envDeathCounts(run.consoleText);
  const total = ENV_CAUSES.reduce((s, c) => s + env[c], 0);
  const bm = a.aliveFrames / 600;
  return {
    bot_minutes: pyRound(bm, 2),
    env_deaths: env,
    env_per_bot_min: bm ? pyRound(total / bm, 3) : null,
    stuck_s_per_bot_min: bm ? pyRound(a.stuckFrames / 10 / bm, 2) : null,
    dist_per_bot_min: bm ? pyRound(a.distance / bm, 0) : null,
    stuck_events: a.spots.length,
    coverage_ratio: nodeCount ? round(a.visits.filter((v) => v > 0).length / nodeCount, 6) : 0,
    env_deaths_located: located.length,
    early_stuck_s_per_bot_min: bm ? pyRound(a.earlyStuckFrames / 10 / bm, 2) : null,
    early_env_per_bot_min: bm ? pyRound(earlyEnv / bm, 3) : null,
    cells: a.cells ?? [],
  };
}

export function engineReport(input: EngineReportInput): EngineReport {
  const n = input.nodeCount;
  const visits = new Array<number>(n).fill(0);
  const deaths = new Array<number>(n).fill(0);
  const envAt = new Array<number>(n).fill(0);
  const stuck = new Array<number>(n).fill(0);
  const stuckS = new Array<number>(n).fill(0);
  const links = new Map<string, LinkCounts>();
  const spots: SpotOut[] = [];
  const envSpots: EngineDeath[] = [];
  const env = Object.fromEntries(ENV_CAUSES.map((c) => [c, 0])) as Record<EnvCause, number>;
  let aliveFrames = 0;
  let stuckFrames = 0;
  let distance = 0;
  const perRun: RunFigures[] = [];
  input.runs.forEach((run, r) => {
    const a = run.analysis;
    a.visits.forEach((v, i) => (visits[i] += v));
    for (const d of a.deaths) deaths[d.node]++;
    const located = locateEnvDeaths(run, r);
    for (const d of located) envAt[d.node]++;
    envSpots.push(...located);
    for (const s of a.spots) {
      stuck[s.node]++;
      stuckS[s.node] += s.seconds;
      spots.push(spotOut(s, r));
    }
    for (const l of a.links) {
      const k = `${l.from},${l.to}`;
      const c = links.get(k);
      if (c) {
        c.traversals += l.traversals;
        c.failures += l.failures;
        c.died += l.died;
        c.timedOut += l.timedOut;
      } else links.set(k, { ...l });
    }
    const counts = envDeathCounts(run.consoleText);
    for (const c of ENV_CAUSES) env[c] += counts[c];
    aliveFrames += a.aliveFrames;
    stuckFrames += a.stuckFrames;
    distance += a.distance;
    perRun.push(runFigures(run, located, n));
  });
  const bm = aliveFrames / 600;
  const envTotal = ENV_CAUSES.reduce((s, c) => s + env[c], 0);
  const stuckEvents = spots.length;
  const linkList = [...links.values()].sort((x, y) => x.from - y.from || x.to - y.to);
  const envDied = new Map<string, number>();
  for (const d of envSpots)
    if (d.link)
      envDied.set(
        `${d.link.from},${d.link.to}`,
        (envDied.get(`${d.link.from},${d.link.to}`) ?? 0) + 1,
      );
  const envDiedOn = (l: LinkCounts) => envDied.get(`${l.from},${l.to}`) ?? 0;
  const badLinks = linkList
    .filter(
      (l) =>
        (l.failures >= ENGINE_LIMITS.minLinkFailures || envDiedOn(l) > 0) &&
        l.failures / l.traversals > ENGINE_LIMITS.maxLinkFailShare,
    )
    .map((l): [number, number] => [l.from, l.to]);
  const badNodes: number[] = [];
  const unreachable: number[] = [];
  const nodeStats: NodeStats[] = [];
  let visited = 0;
  for (let i = 0; i < n; i++) {
    if (visits[i] > 0) visited++;
    else unreachable.push(i);
    if (envAt[i] > 0 && envAt[i] / Math.max(1, visits[i]) > ENGINE_LIMITS.maxNodeDeathShare)
      badNodes.push(i);
    if (visits[i] || deaths[i] || stuck[i])
      nodeStats.push({
        node: i,
        visits: visits[i],
        deaths: deaths[i],
        env_deaths: envAt[i],
        stuck: stuck[i],
        stuck_s: round(stuckS[i], 1),
      });
  }
  const coverage = n > 0 ? visited / n : 0;
  const deathRate = bm > 0 ? envTotal / bm : 0;
  const stuckRate = bm > 0 ? stuckEvents / bm : 0;
  return {
    ...navtestVerdict({
      map: input.map,
      nodeCount: n,
      coverage,
      deathRate,
      stuckRate,
      badNodes,
      badLinks,
      unreachable,
    }),
    test_duration_s: input.seconds * input.runs.length,
    bot_count: input.bots,
    total_node_visits: visits.reduce((s, v) => s + v, 0),
    total_environmental_deaths: envTotal,
    tester: 'engine',
    runs: input.runs.length,
    no_combat: input.noCombat,
    bot_minutes: round(bm, 4),
    stuck_s_per_bot_min: bm ? round(stuckFrames / 10 / bm, 4) : 0,
    dist_per_bot_min: bm ? round(distance / bm, 1) : 0,
    env_deaths: env,
    nodes: n,
    per_run: perRun,
    node_stats: nodeStats,
    link_stats: linkList.map((l) => ({
      from: l.from,
      to: l.to,
      traversals: l.traversals,
      failures: l.failures,
      died: l.died,
      env_died: envDiedOn(l),
      timed_out: l.timedOut,
    })),
    stuck_spots: spots,
    env_death_spots: envSpots,
  };
}

function spotOut(s: StuckSpot, run: number): SpotOut {
  return {
    run,
    position: [round(s.position[0], 1), round(s.position[1], 1), round(s.position[2], 1)],
    seconds: round(s.seconds, 1),
    node: s.node,
    life_s: s.lifeFrames / 10,
  };
}
