/**
 * What a fuzz run found: one record per case, and the tallies the summary prints (cases and
 * outcomes by target and kind, the slowest and the most memory-hungry case, block-boundary
 * coverage, the violations). Tallied in case order, so the report is the same whatever the
 * number of jobs.
 */
import { maxRssBytes } from './case-runner.js';
import type { Verdict } from './invariants.js';
import type { DemoReference, FuzzOptions } from './run-fuzz.js';

function bump(tally: Record<string, number>, key: string): void {
  tally[key] = (tally[key] ?? 0) + 1;
}

export interface CaseRecord {
  readonly index: number;
  readonly target: 'demo' | 'nav';
  readonly fixture: string;
  readonly mutation: string;
  readonly description: string;
  /** [Units: bytes] */
  readonly inputBytes: number;
  /** Demos: the first damaged byte of the MVD2 stream as the mutation set it (null: found by inflating). */
  readonly damageAt: number | null;
  readonly verdict: Verdict;
  /** [Units: ms] */
  readonly ms: number;
  /** Worker heap + array buffer growth. [Units: bytes] */
  readonly peakBytes: number;
  /** Growth of the process's peak RSS during the case. [Units: bytes] */
  readonly rssGrowth: number;
  /** Where the input was kept (failing cases with `keepFailuresIn`). */
  readonly keptAt: string | null;
}

export interface FuzzReport {
  readonly seed: number;
  readonly firstCase: number;
  readonly cases: number;
  /** Cases by target and mutation kind. */
  readonly byMutation: Readonly<Record<string, number>>;
  /** Cases by target and outcome (`demo: ok TRUNCATED`, `nav: NavReadError BAD_ZLIB`, …). */
  readonly outcomes: Readonly<Record<string, number>>;
  readonly slowest: CaseRecord | null;
  readonly hungriest: CaseRecord | null;
  readonly rssGrowthMax: CaseRecord | null;
  /** Peak RSS of the whole process at the end. [Units: bytes] */
  readonly maxRss: number;
  /** Block-boundary cuts: distinct boundaries visited per demo. */
  readonly boundaries: readonly {
    readonly fixture: string;
    readonly visited: number;
    readonly total: number;
  }[];
  readonly violations: readonly CaseRecord[];
  /** [Units: s] */
  readonly seconds: number;
}

/** Tallies the records in case order (the same report whatever the number of jobs). */
export function summariseFuzz(
  options: FuzzOptions,
  records: readonly CaseRecord[],
  demos: readonly DemoReference[],
  seconds: number,
): FuzzReport {
  const byMutation: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const visited = new Map<string, Set<number>>();
  let slowest: CaseRecord | null = null;
  let hungriest: CaseRecord | null = null;
  let rssGrowthMax: CaseRecord | null = null;
  for (const r of records) {
    bump(byMutation, `${r.target}: ${r.mutation}`);
    bump(outcomes, `${r.target}: ${r.verdict.label}`);
    if (r.mutation === 'cut-block-boundary' && r.damageAt !== null) {
      let seen = visited.get(r.fixture);
      if (!seen) visited.set(r.fixture, (seen = new Set()));
      seen.add(r.damageAt);
    }
    if (!slowest || r.ms > slowest.ms) slowest = r;
    if (!hungriest || r.peakBytes > hungriest.peakBytes) hungriest = r;
    if (!rssGrowthMax || r.rssGrowth > rssGrowthMax.rssGrowth) rssGrowthMax = r;
  }
  const boundaries = [...visited].map(([fixture, seen]) => {
    const fx = demos.find((d) => d.fixture.id === fixture)!.fixture;
    return { fixture, visited: seen.size, total: fx.blocks.length + 1 };
  });
  return {
    seed: options.seed,
    firstCase: options.firstCase ?? 0,
    cases: records.length,
    byMutation,
    outcomes,
    slowest,
    hungriest,
    rssGrowthMax,
    maxRss: maxRssBytes(),
    boundaries: boundaries.sort((a, b) => (a.fixture < b.fixture ? -1 : 1)),
    violations: records.filter((r) => r.verdict.problems.length > 0),
    seconds,
  };
}
