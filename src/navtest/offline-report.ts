/**
 * The report of the offline nav test, in the `<map>.navtest.json` schema of the AQtion proposal ("Demo-Derived Nav Mesh Generation") (what
 * `src/sources/feedback/navtest-report.ts` validates and `navgen iterate` reads), with the
 * per-link detail as an extra field.
 *
 * What the schema's fields mean here (one simulated bot runs every link once):
 * - `coverage_ratio`: share of the nav's nodes a player uses: reachable from the spawn points
 *   through links that passed, or leading back to such nodes (`return_nodes`, an extra field:
 *   no route goes there, but a bot that lands there by a jump, a blast or a fall finds its
 *   way back; `fill` adds them on purpose). `unreachable_nodes` lists the others (dead ends).
 * - `bad_links`: every link that failed.
 * - `bad_nodes`: nodes a player cannot use: no room for a player at the node, or every link
 *   arriving at the node ends in death (lava, slime, a fatal fall). Nodes are removed by
 *   position in the next build, so a node is only listed when nothing good leads to it.
 * - `death_rate_per_bot_min` / `stuck_rate_per_bot_min`: deaths, and stuck or timed-out links,
 *   per minute of simulated play (the simulated time of all traversals added up, as if one bot
 *   walked them one after another). The same counts per traversal are in
 *   `death_rate_per_traversal` / `stuck_rate_per_traversal`.
 * - `test_duration_s`: that simulated time; `bot_count` 1; `total_node_visits`: links that
 *   reached their target; `total_environmental_deaths`: links that died.
 * - `passed`: the proposal's pass thresholds (coverage ≥ 0.85, deaths ≤ 0.5 and stuck ≤ 1.0 per bot
 *   minute, at most 5 % unreachable) and, since each link runs once, no failed link (the proposal
 *   fails a nav with any link failing more than half of its traversals) and no bad node.
 */
import type { LinkResult } from '../simulated-bot/simulate-link.js';

/** The AQtion proposal's pass thresholds (its `NAVTEST_*` settings). */
export const NAVTEST_PASS_THRESHOLDS = Object.freeze({
  minCoverage: 0.85,
  maxDeathRate: 0.5,
  maxStuckRate: 1.0,
  maxUnreachable: 0.05,
});

/** Whether rates and failures pass {@link NAVTEST_PASS_THRESHOLDS} (both testers' verdict). */
export function passesNavtest(r: {
  coverage: number;
  deathRate: number;
  stuckRate: number;
  /** Unreachable nodes over all nodes (0 for no nodes). */
  unreachableShare: number;
  badLinks: number;
  badNodes: number;
}): boolean {
  const t = NAVTEST_PASS_THRESHOLDS;
  return (
    r.coverage >= t.minCoverage &&
    r.deathRate <= t.maxDeathRate &&
    r.stuckRate <= t.maxStuckRate &&
    r.unreachableShare <= t.maxUnreachable &&
    r.badLinks === 0 &&
    r.badNodes === 0
  );
}

/** Rounds a rate so the JSON stays short and identical everywhere. */
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** What every tester measures of a nav, before the detail of its own. */
export interface NavtestFigures {
  readonly map: string;
  readonly nodeCount: number;
  /** Share of the nodes covered. [Limit: 0..1] */
  readonly coverage: number;
  /** Environmental deaths per bot-minute. */
  readonly deathRate: number;
  /** Stuck events per bot-minute. */
  readonly stuckRate: number;
  readonly badNodes: number[];
  readonly badLinks: [number, number][];
  readonly unreachable: number[];
}

/** The schema's verdict fields, in its order: the start of both testers' reports. */
export interface NavtestVerdict {
  readonly map: string;
  readonly passed: boolean;
  readonly coverage_ratio: number;
  readonly death_rate_per_bot_min: number;
  readonly stuck_rate_per_bot_min: number;
  readonly bad_nodes: number[];
  readonly bad_links: [number, number][];
  readonly unreachable_nodes: number[];
}

/**
 * The verdict fields of a report from a tester's figures: passed or not by
 * {@link passesNavtest}, the rates rounded to 6 decimals.
 */
export function navtestVerdict(f: NavtestFigures): NavtestVerdict {
  const n = f.nodeCount;
  return {
    map: f.map,
    passed: passesNavtest({
      coverage: f.coverage,
      deathRate: f.deathRate,
      stuckRate: f.stuckRate,
      unreachableShare: n > 0 ? f.unreachable.length / n : 0,
      badLinks: f.badLinks.length,
      badNodes: f.badNodes.length,
    }),
    coverage_ratio: r6(f.coverage),
    death_rate_per_bot_min: r6(f.deathRate),
    stuck_rate_per_bot_min: r6(f.stuckRate),
    bad_nodes: f.badNodes,
    bad_links: f.badLinks,
    unreachable_nodes: f.unreachable,
  };
}

export interface LinkDetail {
  readonly from: number;
  readonly to: number;
  /** The link's target-type name. */
  readonly type: string;
  readonly passed: boolean;
  readonly reason: LinkResult['reason'];
  readonly detail: string;
  /** Simulated time. [Units: s] */
  readonly seconds: number;
}

export interface OfflineNavtestReport extends NavtestVerdict {
  /** Not reachable from a spawn, but leading back to reachable nodes (counted as covered). */
  readonly return_nodes: number[];
  readonly test_duration_s: number;
  readonly bot_count: number;
  readonly total_node_visits: number;
  readonly total_environmental_deaths: number;
  readonly tester: string;
  readonly death_rate_per_traversal: number;
  readonly stuck_rate_per_traversal: number;
  readonly link_failures: Record<string, number>;
  readonly spawn_nodes: number[];
  readonly links: LinkDetail[];
}

export interface ReportInput {
  readonly map: string;
  readonly nodeCount: number;
  /** In nav order: node by node, links in stored order. */
  readonly links: readonly { from: number; to: number; type: string; result: LinkResult }[];
  readonly reachable: Uint8Array;
  /** Per node: 1 when not reachable but leading back to reachable nodes; omitted: none. */
  readonly returning?: Uint8Array;
  readonly startNodes: Int32Array;
}

export function offlineReport(input: ReportInput): OfflineNavtestReport {
  const n = input.nodeCount;
  let steps = 0;
  let deaths = 0;
  let stuck = 0;
  let reached = 0;
  const failures: Record<string, number> = {};
  const arriving = new Int32Array(n);
  const deadly = new Int32Array(n);
  const noRoom = new Uint8Array(n);
  const badLinks: [number, number][] = [];
  const details: LinkDetail[] = [];
  for (const l of input.links) {
    const r = l.result;
    steps += r.steps;
    arriving[l.to]++;
    if (r.passed) reached++;
    else {
      badLinks.push([l.from, l.to]);
      failures[r.reason] = (failures[r.reason] ?? 0) + 1;
    }
    if (r.reason === 'died') {
      deaths++;
      deadly[l.to]++;
    }
    if (r.reason === 'blocked' || r.reason === 'timed-out') stuck++;
    if (r.reason === 'bad-start') noRoom[l.from] = 1;
    details.push({
      from: l.from,
      to: l.to,
      type: l.type,
      passed: r.passed,
      reason: r.reason,
      detail: r.detail,
      seconds: r.steps / 10,
    });
  }
  const badNodes: number[] = [];
  const unreachable: number[] = [];
  const returning: number[] = [];
  let covered = 0;
  for (let i = 0; i < n; i++) {
    if (noRoom[i] || (arriving[i] > 0 && deadly[i] === arriving[i])) badNodes.push(i);
    if (input.reachable[i]) covered++;
    else if (input.returning?.[i]) {
      covered++;
      returning.push(i);
    } else unreachable.push(i);
  }
  const seconds = steps / 10;
  const minutes = seconds / 60;
  const traversals = input.links.length;
  const coverage = n > 0 ? covered / n : 0;
  const deathRate = minutes > 0 ? deaths / minutes : 0;
  const stuckRate = minutes > 0 ? stuck / minutes : 0;
  const sortedFailures: Record<string, number> = {};
  for (const k of Object.keys(failures).sort()) sortedFailures[k] = failures[k];
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
    return_nodes: returning,
    test_duration_s: r6(seconds),
    bot_count: 1,
    total_node_visits: reached,
    total_environmental_deaths: deaths,
    tester: 'navgen navtest (offline: collision model + pmove)',
    death_rate_per_traversal: r6(traversals > 0 ? deaths / traversals : 0),
    stuck_rate_per_traversal: r6(traversals > 0 ? stuck / traversals : 0),
    link_failures: sortedFailures,
    spawn_nodes: [...input.startNodes],
    links: details,
  };
}
