/**
 * What one iteration leaves behind: a record per round, written as a one-line summary in the
 * iteration's folder and as one JSON line of the run's `index.jsonl`. Plain data, so the
 * `--json` output and the index are the same objects.
 */
import type { NavtestReport } from '../sources/feedback/navtest-report.js';
import type { Verdict } from './judge.js';

export interface IterationRecord {
  /** 1-based. */
  readonly iteration: number;
  /** The draft, relative to the iterations folder. */
  readonly draft: string;
  /** The kept copy of the report, relative to the iterations folder; null when the test failed. */
  readonly report: string | null;
  readonly nodes: number;
  readonly links: number;
  /** Failures this draft was built without (accumulated feedback). */
  readonly feedback: { readonly badNodes: number; readonly badLinks: number };
  /** Demos parsed now vs taken from the per-demo cache. */
  readonly demos: { readonly read: number; readonly cache: number };
  /** From the report; null when it gave none (or the test failed). */
  readonly coverage: number | null;
  /** [Units: deaths per bot per minute] */
  readonly deathRate: number | null;
  /** [Units: stuck events per bot per minute] */
  readonly stuckRate: number | null;
  readonly badNodes: number;
  readonly badLinks: number;
  readonly unreachable: number;
  /** The report's own verdict. */
  readonly reportPassed: boolean;
  /** The loop's verdict: the report's and every configured threshold. */
  readonly passed: boolean;
  readonly unmet: readonly string[];
  /** Why the test gave no report (the run stopped there); null otherwise. */
  readonly error: string | null;
  /** Judged by a tester's preliminary stage (see `TestOutcome.preliminary`). */
  readonly preliminary: boolean;
  /** [Units: seconds] */
  readonly buildSeconds: number;
  /** [Units: seconds] */
  readonly testSeconds: number;
}

/** What is known about an iteration once its draft is built. */
export type BuiltIteration = Pick<
  IterationRecord,
  'iteration' | 'draft' | 'nodes' | 'links' | 'feedback' | 'demos' | 'buildSeconds'
>;

/** The record of a tested iteration. */
export function testedRecord(
  built: BuiltIteration,
  report: NavtestReport,
  reportFile: string,
  verdict: Verdict,
  testSeconds: number,
  preliminary = false,
): IterationRecord {
  return {
    ...built,
    preliminary,
    report: reportFile,
    coverage: report.coverage_ratio ?? null,
    deathRate: report.death_rate_per_bot_min ?? null,
    stuckRate: report.stuck_rate_per_bot_min ?? null,
    badNodes: report.bad_nodes.length,
    badLinks: report.bad_links.length,
    unreachable: report.unreachable_nodes?.length ?? 0,
    reportPassed: verdict.reportPassed,
    passed: verdict.passed,
    unmet: verdict.unmet,
    error: null,
    testSeconds,
  };
}

/** The record of an iteration whose test gave no usable report. */
export function failedRecord(
  built: BuiltIteration,
  error: string,
  testSeconds: number,
): IterationRecord {
  return {
    ...built,
    report: null,
    coverage: null,
    deathRate: null,
    stuckRate: null,
    badNodes: 0,
    badLinks: 0,
    unreachable: 0,
    reportPassed: false,
    passed: false,
    unmet: [],
    error,
    preliminary: false,
    testSeconds,
  };
}

const num = (x: number | null, digits: number) => (x === null ? '-' : x.toFixed(digits));

/** `iteration 2: 731 nodes, 2290 links, coverage 0.910, deaths 0.83, stuck 1.20 /bot/min, 3 bad nodes, 2 bad links: FAIL` */
export function summaryLine(r: IterationRecord): string {
  const head = `iteration ${r.iteration}: ${r.nodes} nodes, ${r.links} links`;
  if (r.error !== null) return `${head}: TEST FAILED (${r.error.split('\n')[0]})`;
  const verdict = r.passed ? 'PASS' : r.reportPassed ? `FAIL (${r.unmet.join('; ')})` : 'FAIL';
  return (
    `${head}${r.preliminary ? ' (offline stage)' : ''}, coverage ${num(r.coverage, 3)}, deaths ${num(r.deathRate, 2)}, stuck ${num(r.stuckRate, 2)} /bot/min, ` +
    `${r.badNodes} bad nodes, ${r.badLinks} bad links, ${r.unreachable} unreachable: ${verdict}`
  );
}
