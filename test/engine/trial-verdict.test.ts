/**
 * What a trial says: no verdict for a trial shorter than the proposal's test, the deaths judged
 * (and the nodes visited only without combat) for a long one; with two navs, which is better on
 * each figure, by how much, and whether every run agrees.
 */
import { describe, expect, it } from 'vitest';
import type { EngineReport, RunFigures } from '../../src/engine/engine-report.js';
import {
  figureVerdicts,
  singleVerdict,
  VERDICT_BOT_MINUTES,
} from '../../src/engine/trial-verdict.js';
import { comparisonText, engineReportText } from '../../src/engine/report-text.js';
import { compareReports } from '../../src/engine/compare.js';

const run = (stuck: number, env: number, dist: number, coverage: number): RunFigures => ({
  bot_minutes: 32,
  env_deaths: { fall: 0, water: 0, slime: 0, lava: 0, hurt: 0, crush: 0 },
  env_per_bot_min: env,
  stuck_s_per_bot_min: stuck,
  dist_per_bot_min: dist,
  stuck_events: 0,
  coverage_ratio: coverage,
  env_deaths_located: 0,
  early_stuck_s_per_bot_min: 0,
  early_env_per_bot_min: 0,
  cells: [],
});

function report(
  botMinutes: number,
  runs: RunFigures[],
  extra: Partial<EngineReport> = {},
): EngineReport {
  return {
    map: 'wizs',
    passed: false,
    coverage_ratio: 0.5,
    death_rate_per_bot_min: 0.1,
    stuck_rate_per_bot_min: 3,
    bad_nodes: [],
    bad_links: [],
    unreachable_nodes: [],
    test_duration_s: 240 * runs.length,
    bot_count: 8,
    total_node_visits: 0,
    total_environmental_deaths: 0,
    tester: 'engine',
    runs: runs.length,
    no_combat: false,
    bot_minutes: botMinutes,
    stuck_s_per_bot_min: 5,
    dist_per_bot_min: 9000,
    env_deaths: { fall: 0, water: 0, slime: 0, lava: 0, hurt: 0, crush: 0 },
    nodes: 1000,
    per_run: runs,
    node_stats: [],
    link_stats: [],
    stuck_spots: [],
    env_death_spots: [],
    ...extra,
  } as EngineReport;
}

describe('one nav', () => {
  it('gives no verdict below the proposal’s 40 bot-minutes, and says why', () => {
    const v = singleVerdict(report(VERDICT_BOT_MINUTES - 1, [run(5, 0.1, 9000, 0.5)]));
    expect(v.kind).toBe('none');
    const text = engineReportText(report(12.5, [run(5, 0.1, 9000, 0.5)]), 'r.json', 'wizs.nav');
    expect(text).toMatch(/^wizs, wizs\.nav: figures only, no verdict — /);
    expect(text).toContain('no verdict: 12.5 alive bot-minutes; a verdict needs 40');
  });

  it('judges the deaths of a long deathmatch, not its stuck events or the nodes visited', () => {
    const ok = singleVerdict(report(64, [run(5, 0.1, 9000, 0.5)]));
    expect(ok).toMatchObject({ kind: 'judged', passed: true });
    const dying = singleVerdict(
      report(64, [run(5, 0.9, 9000, 0.5)], { death_rate_per_bot_min: 0.9 }),
    );
    expect(dying).toMatchObject({ kind: 'judged', passed: false });
    // Without combat the nodes visited count too.
    const roaming = singleVerdict(report(64, [run(5, 0.1, 9000, 0.5)], { no_combat: true }));
    expect(roaming).toMatchObject({ kind: 'judged', passed: false });
  });
});

describe('two navs', () => {
  it('says which is better on each figure, by how much, and whether every run agrees', () => {
    const a = report(64, [run(4, 0.1, 9000, 0.6), run(5, 0.3, 9700, 0.62)]);
    const b = report(64, [run(8, 0.2, 9200, 0.5), run(10, 0.2, 9300, 0.55)]);
    const [stuck, deaths, distance, visited] = figureVerdicts(a, b);
    expect(stuck).toMatchObject({ better: 'a', sureness: 'clear', a: 4.5, b: 9 });
    expect(stuck.by).toBeCloseTo(0.5);
    expect(deaths).toMatchObject({ better: 'neither', by: 0 });
    expect(distance).toMatchObject({ better: 'a', sureness: 'within-spread' });
    expect(visited).toMatchObject({ better: 'a', sureness: 'clear' });
    // With the played area: the share of it each run's bots reached.
    const withCells = (r: EngineReport, cells: number[][]) => ({
      ...r,
      per_run: r.per_run.map((f, k) => ({ ...f, cells: cells[k] })),
    });
    const [area, all] = figureVerdicts(
      withCells(a, [
        [1, 2, 3],
        [1, 2],
      ]),
      withCells(b, [
        [1, 5, 6, 7],
        [2, 5, 6, 7, 8],
      ]),
      { cells: [1, 2, 3, 4], from: 'demos' },
    ).slice(4);
    expect(area).toMatchObject({
      figure: 'played area reached (share)',
      better: 'a',
      sureness: 'clear',
    });
    expect(area.a).toBeCloseTo(0.625);
    expect(area.b).toBeCloseTo(0.25);
    // The cells reached whether played or not: b's bots spread wider, a's reached more of it.
    expect(all).toMatchObject({ figure: 'cells reached in all', better: 'b', a: 2.5, b: 4.5 });
    // Without demos, the map's floor: the same share, named for what it is.
    const floor = figureVerdicts(a, b, { cells: [1, 2, 3, 4], from: 'floor' });
    expect(floor[4].figure).toBe('map floor reached (share)');
    const one = figureVerdicts(report(64, [run(4, 0, 1, 1)]), report(64, [run(5, 0, 1, 1)]));
    expect(one[0].sureness).toBe('one-run');
    const text = comparisonText(compareReports(a, b), 'new.nav', 'old.nav', a, b);
    expect(text).toContain(
      '| stuck s per bot-minute | 4.00–5.00 | 8.00–10.00 | new.nav, by 50 % (clear: every run) |',
    );
    expect(text).toContain(
      '| distance per bot-minute | 9000–9700 | 9200–9300 | new.nav, by 1 % (within the spread of the runs) |',
    );
  });
});
