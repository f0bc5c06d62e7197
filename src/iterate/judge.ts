/**
 * Whether an iteration passed: the report's own `passed`, and every threshold the pipeline
 * sets in `navtest.thresholds`. Thresholds can only make the verdict stricter: the engine's
 * assessment also covers per-node and per-link rates the report does not carry. A threshold
 * whose metric the report leaves out counts as unmet (it cannot be shown to hold).
 */
import type { NavtestReport } from '../sources/feedback/navtest-report.js';
import type { NavtestThresholds } from './navtest-config.js';

export interface Verdict {
  readonly passed: boolean;
  /** The report's own `passed`. */
  readonly reportPassed: boolean;
  /** One sentence per unmet threshold, e.g. `coverage 0.800 < minCoverage 0.850`. */
  readonly unmet: readonly string[];
}

export function judgeReport(
  report: NavtestReport,
  t: NavtestThresholds,
  nodeCount: number,
): Verdict {
  const unmet: string[] = [];
  const f = (x: number) => x.toFixed(3);
  const atLeast = (what: string, value: number | undefined, key: string, limit: number | null) => {
    if (limit === null) return;
    if (value === undefined) unmet.push(`${what} not in the report (${key} ${f(limit)})`);
    else if (value < limit) unmet.push(`${what} ${f(value)} < ${key} ${f(limit)}`);
  };
  const atMost = (what: string, value: number | undefined, key: string, limit: number | null) => {
    if (limit === null) return;
    if (value === undefined) unmet.push(`${what} not in the report (${key} ${f(limit)})`);
    else if (value > limit) unmet.push(`${what} ${f(value)} > ${key} ${f(limit)}`);
  };
  atLeast('coverage', report.coverage_ratio, 'minCoverage', t.minCoverage);
  atMost('death rate', report.death_rate_per_bot_min, 'maxDeathRate', t.maxDeathRate);
  atMost('stuck rate', report.stuck_rate_per_bot_min, 'maxStuckRate', t.maxStuckRate);
  const unreachable =
    report.unreachable_nodes === undefined
      ? undefined
      : nodeCount > 0
        ? report.unreachable_nodes.length / nodeCount
        : 0;
  atMost('unreachable share', unreachable, 'maxUnreachable', t.maxUnreachable);
  return { passed: report.passed && unmet.length === 0, reportPassed: report.passed, unmet };
}
