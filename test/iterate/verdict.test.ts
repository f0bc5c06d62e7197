/** Judging a report, choosing the best iteration, and the monotonicity invariant, on small data. */
import { describe, expect, it } from 'vitest';
import { judgeReport } from '../../src/iterate/judge.js';
import {
  failedRecord,
  testedRecord,
  type BuiltIteration,
  type IterationRecord,
} from '../../src/iterate/iteration-record.js';
import {
  assertMonotone,
  assertNothingDropped,
  MonotonicityError,
  monotonicityViolations,
} from '../../src/iterate/monotonicity.js';
import type { NavtestThresholds } from '../../src/iterate/navtest-config.js';
import { bestIteration, compareIterations } from '../../src/iterate/score.js';
import type { NavFile, Vec3 } from '../../src/nav/types.js';
import type { NavtestReport } from '../../src/sources/feedback/navtest-report.js';

const NONE: NavtestThresholds = {
  minCoverage: null,
  maxDeathRate: null,
  maxStuckRate: null,
  maxUnreachable: null,
};
const report = (over: Partial<NavtestReport> = {}): NavtestReport => ({
  map: 'wizs',
  passed: false,
  coverage_ratio: 0.9,
  death_rate_per_bot_min: 0.2,
  stuck_rate_per_bot_min: 0.5,
  bad_nodes: [],
  bad_links: [],
  unreachable_nodes: [],
  ...over,
});

describe('judgeReport', () => {
  it('trusts the report when no threshold is set', () => {
    expect(judgeReport(report({ passed: true, coverage_ratio: 0.1 }), NONE, 100)).toEqual({
      passed: true,
      reportPassed: true,
      unmet: [],
    });
    expect(judgeReport(report(), NONE, 100).passed).toBe(false);
  });

  it('thresholds only make it stricter, and a missing metric counts as unmet', () => {
    const t: NavtestThresholds = {
      minCoverage: 0.85,
      maxDeathRate: 0.5,
      maxStuckRate: 1,
      maxUnreachable: 0.05,
    };
    const r = report({
      passed: true,
      coverage_ratio: 0.8,
      death_rate_per_bot_min: 0.6,
      stuck_rate_per_bot_min: undefined,
      unreachable_nodes: [1, 2, 3, 4, 5, 6],
    });
    expect(judgeReport(r, t, 100)).toEqual({
      passed: false,
      reportPassed: true,
      unmet: [
        'coverage 0.800 < minCoverage 0.850',
        'death rate 0.600 > maxDeathRate 0.500',
        'stuck rate not in the report (maxStuckRate 1.000)',
        'unreachable share 0.060 > maxUnreachable 0.050',
      ],
    });
    expect(
      judgeReport(
        report({ passed: true, stuck_rate_per_bot_min: 1, unreachable_nodes: [1, 2, 3, 4, 5] }),
        t,
        100,
      ).passed,
    ).toBe(true);
  });
});

describe('best iteration', () => {
  const built = (iteration: number): BuiltIteration => ({
    iteration,
    draft: `iteration-0${iteration}/wizs.nav`,
    nodes: 100,
    links: 300,
    feedback: { badNodes: 0, badLinks: 0 },
    demos: { read: 0, cache: 2 },
    buildSeconds: 0,
  });
  const rec = (iteration: number, over: Partial<NavtestReport>, passed = false): IterationRecord =>
    testedRecord(
      built(iteration),
      report(over),
      'r.json',
      { passed, reportPassed: passed, unmet: [] },
      0,
    );

  it('orders by passed, coverage, failures, death rate, stuck rate, then the earlier iteration', () => {
    const ranked = [
      rec(9, { coverage_ratio: 0.5 }, true),
      rec(2, { coverage_ratio: 0.95, bad_nodes: [1, 2, 3] }),
      rec(3, { coverage_ratio: 0.9, bad_nodes: [1] }),
      rec(4, {
        coverage_ratio: 0.9,
        bad_nodes: [1],
        bad_links: [[1, 2]],
        death_rate_per_bot_min: 0.1,
      }),
      rec(5, { coverage_ratio: 0.9, bad_nodes: [1, 2], death_rate_per_bot_min: 0.3 }),
      rec(6, {
        coverage_ratio: 0.9,
        bad_nodes: [1, 2],
        death_rate_per_bot_min: 0.3,
        stuck_rate_per_bot_min: 0.9,
      }),
      rec(7, { coverage_ratio: 0.9, bad_nodes: [1, 2], death_rate_per_bot_min: undefined }),
      rec(8, { coverage_ratio: 0.9, bad_nodes: [1, 2], death_rate_per_bot_min: undefined }),
      rec(1, { coverage_ratio: undefined }),
    ];
    const shuffled = [
      ranked[4],
      ranked[8],
      ranked[0],
      ranked[6],
      ranked[2],
      ranked[7],
      ranked[1],
      ranked[5],
      ranked[3],
    ];
    expect([...shuffled].sort(compareIterations).map((r) => r.iteration)).toEqual(
      ranked.map((r) => r.iteration),
    );
    expect(bestIteration(shuffled)!.iteration).toBe(9);
  });

  it('never picks an iteration whose test failed', () => {
    expect(
      bestIteration([failedRecord(built(1), 'timeout: …', 1), rec(2, { coverage_ratio: 0 })])!
        .iteration,
    ).toBe(2);
    expect(bestIteration([failedRecord(built(1), 'crash: …', 1)])).toBeNull();
  });

  it("prefers iterations the final judge tested over a preliminary stage's", () => {
    const offline = testedRecord(
      built(1),
      report({ coverage_ratio: 0.99 }),
      'r.json',
      { passed: false, reportPassed: false, unmet: [] },
      0,
      true,
    );
    const bots = [rec(2, { coverage_ratio: 0.3 }), rec(3, { coverage_ratio: 0.4 })];
    expect(bestIteration([offline, ...bots])!.iteration).toBe(3);
    expect(bestIteration([offline])!.iteration).toBe(1);
  });
});

describe('monotonicity invariant', () => {
  const node = (origin: Vec3, targets: number[] = []) => ({
    area: 0,
    origin,
    type: 0,
    nodenum: 0,
    inuse: 1,
    links: targets.map((target) => ({ target, targetType: 0, cost: 1 })),
  });
  const draft: NavFile = {
    version: 2,
    nodes: [node([0, 0, 0], [1]), node([100, 0, 0], [0]), node([300, 0, 0])],
  };

  it('holds when every recorded failure is farther than the radius', () => {
    expect(
      monotonicityViolations(
        draft,
        {
          badNodes: [
            [48.5, 0, 0],
            [200, 0, 0],
          ],
          badLinks: [
            [
              [300, 0, 0],
              [0, 0, 0],
            ],
          ],
          warnings: [],
        },
        48,
      ),
    ).toEqual([]);
    // A node exactly at the radius (float32 rounding) is tolerated.
    expect(
      monotonicityViolations(draft, { badNodes: [[0, 47.995, 0]], badLinks: [], warnings: [] }, 48),
    ).toEqual([]);
  });

  it('names a node that came back near a recorded bad node, and a link that came back', () => {
    expect(() =>
      assertMonotone(draft, { badNodes: [[0, 30, 0]], badLinks: [], warnings: [] }, 48),
    ).toThrow(MonotonicityError);
    expect(
      monotonicityViolations(
        draft,
        {
          badNodes: [[0, 30, 0]],
          badLinks: [
            [
              [110, 0, 0],
              [10, 0, 0],
            ],
          ],
          warnings: [],
        },
        48,
      ),
    ).toEqual([
      'node 0 at (0, 0, 0) is 30.0 u from recorded bad node (0, 30, 0)',
      'link 1 → 0 matches recorded bad link (110, 0, 0) → (10, 0, 0)',
    ]);
  });

  it('merging must keep every recorded failure', () => {
    const before = {
      badNodes: [[1, 2, 3]] as Vec3[],
      badLinks: [
        [
          [0, 0, 0],
          [1, 1, 1],
        ],
      ] as [Vec3, Vec3][],
      warnings: [],
    };
    expect(() =>
      assertNothingDropped(before, { ...before, badNodes: [...before.badNodes, [4, 5, 6]] }),
    ).not.toThrow();
    expect(() => assertNothingDropped(before, { ...before, badLinks: [] })).toThrow(
      /lost bad link \(0, 0, 0\) → \(1, 1, 1\)/,
    );
  });
});
