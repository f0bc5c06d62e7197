/**
 * Which iteration to ship when none passed (the AQtion proposal: "ship best result with logged
 * warnings"). Iterations compare lexicographically, best first:
 *
 * 1. passed (a passing iteration always wins);
 * 2. higher `coverage_ratio` (bots reached more of the nav; missing counts as 0);
 * 3. fewer failures named by the report (bad nodes + bad links);
 * 4. lower death rate, then lower stuck rate (missing counts as worst);
 * 5. the earlier iteration (less pruned, and the first to reach that result).
 *
 * Exact comparisons: equal numbers tie, so the order of the rules decides, never a weighting
 * invented by us. Iterations whose test failed are never candidates.
 */
import type { IterationRecord } from './iteration-record.js';

/** Negative when `a` is better than `b`, positive when worse, 0 only for the same iteration. */
export function compareIterations(a: IterationRecord, b: IterationRecord): number {
  const worst = Number.POSITIVE_INFINITY;
  return (
    Number(b.passed) - Number(a.passed) ||
    (b.coverage ?? 0) - (a.coverage ?? 0) ||
    a.badNodes + a.badLinks - (b.badNodes + b.badLinks) ||
    lower(a.deathRate ?? worst, b.deathRate ?? worst) ||
    lower(a.stuckRate ?? worst, b.stuckRate ?? worst) ||
    a.iteration - b.iteration
  );
}

/** Like `a - b`, but infinite values tie instead of giving NaN. */
function lower(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * The best tested iteration, or null when none was tested. Iterations with a final report
 * come first: a preliminary stage's figures (the offline test before real bots) are not
 * comparable with the final judge's.
 */
export function bestIteration(records: readonly IterationRecord[]): IterationRecord | null {
  const all = records.filter((r) => r.error === null);
  const final = all.filter((r) => !r.preliminary);
  const tested = final.length > 0 ? final : all;
  return tested.length === 0 ? null : [...tested].sort(compareIterations)[0];
}
