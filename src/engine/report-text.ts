/**
 * What `navgen trial` prints: each nav's figures under its own name with the verdict the trial
 * can give (`trial-verdict.ts`: none for a short one), and with `--compare` both navs side by
 * side: the ratios, then which nav is better on each figure, by how much and how sure.
 */
import { SHARED_SPOT_RADIUS, type NavComparison } from './compare.js';
import type { EngineReport } from './engine-report.js';
import { figureVerdicts, singleVerdict } from './trial-verdict.js';
import type { AreaOfPlay } from './played-cells.js';

const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

export function engineReportText(r: EngineReport, file: string, nav: string): string {
  const env = Object.entries(r.env_deaths)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  const v = singleVerdict(r);
  const verdict = v.kind === 'none' ? 'figures only, no verdict' : v.passed ? 'PASSED' : 'FAILED';
  const lines = [
    `${r.map}, ${nav}: ${verdict} — ${r.bot_count} bots × ${r.test_duration_s / r.runs} s × ${r.runs} run(s)${r.no_combat ? ', no combat' : ''}; ${f(r.bot_minutes, 1)} alive bot-minutes`,
    ...(v.kind === 'none' ? [`  no verdict: ${v.why}`] : v.lines.map((l) => `  verdict: ${l}`)),
    `  coverage ${f(r.coverage_ratio * 100, 1)} % of ${r.nodes} nodes (${r.unreachable_nodes.length} never visited)`,
    `  environmental deaths ${r.total_environmental_deaths} (${env || 'none'}): ${f(r.death_rate_per_bot_min, 3)} per bot-minute`,
    `  stuck ${f(r.stuck_s_per_bot_min)} s and ${f(r.stuck_rate_per_bot_min)} events per bot-minute`,
    `  distance ${f(r.dist_per_bot_min, 0)} units per bot-minute`,
    `  links tried ${r.link_stats.length}, failed at least once ${r.link_stats.filter((l) => l.failures > 0).length}; bad links ${r.bad_links.length}, bad nodes ${r.bad_nodes.length}`,
    `  report: ${file}`,
  ];
  return lines.join('\n') + '\n';
}

export function comparisonText(
  c: NavComparison,
  labelA: string,
  labelB: string,
  a: EngineReport,
  b: EngineReport,
  area: AreaOfPlay | null = null,
): string {
  const row = (name: string, x: number, y: number, r: number | null, d = 2) =>
    `| ${name} | ${f(x, d)} | ${f(y, d)} | ${r === null ? '' : f(r)} |`;
  const range = (r: readonly [number, number], d: number) =>
    r[0] === r[1] ? f(r[0], d) : `${f(r[0], d)}–${f(r[1], d)}`;
  const verdicts = figureVerdicts(a, b, area).map((v) => {
    const d = v.digits;
    const who = v.better === 'a' ? labelA : v.better === 'b' ? labelB : 'neither';
    const how =
      v.better === 'neither'
        ? 'the same'
        : `${who}, by ${f(100 * v.by, 0)} %${v.sureness === 'clear' ? ' (clear: every run)' : v.sureness === 'within-spread' ? ' (within the spread of the runs)' : ' (one run: no spread)'}`;
    return `| ${v.figure} | ${range(v.aRange, d)} | ${range(v.bRange, d)} | ${how} |`;
  });
  return (
    [
      `| ${c.map} per bot-minute | ${labelA} | ${labelB} | ratio |`,
      '|---|---|---|---|',
      row('stuck s', c.a.stuck_s_per_bot_min, c.b.stuck_s_per_bot_min, c.ratios.stuck_s),
      row(
        // All of it when no spot of the other nav lies near: short runs share few spots.
        `of which at spots the other nav's bots never stuck within ${SHARED_SPOT_RADIUS} u`,
        c.a.own_stuck_s_per_bot_min,
        c.b.own_stuck_s_per_bot_min,
        null,
      ),
      row('stuck events', c.a.stuck_events_per_bot_min, c.b.stuck_events_per_bot_min, null),
      row(
        'environmental deaths',
        c.a.env_deaths_per_bot_min,
        c.b.env_deaths_per_bot_min,
        c.ratios.env_deaths,
        3,
      ),
      row('distance (units)', c.a.dist_per_bot_min, c.b.dist_per_bot_min, c.ratios.dist, 0),
      row('nodes visited (share)', c.a.coverage_ratio, c.b.coverage_ratio, c.ratios.coverage, 3),
      row('nodes', c.a.nodes, c.b.nodes, null, 0),
      '',
      `| which is better (runs: ${a.runs} each) | ${labelA}: runs from–to | ${labelB}: runs from–to | better |`,
      '|---|---|---|---|',
      ...verdicts,
    ].join('\n') + '\n'
  );
}
