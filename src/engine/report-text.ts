/** What `navgen trial` prints: the report's figures, and with `--compare` both navs side by side with the ratios. */
import type { NavComparison } from './compare.js';
import type { EngineReport } from './engine-report.js';

const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

export function engineReportText(r: EngineReport, file: string): string {
  const env = Object.entries(r.env_deaths)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  const lines = [
    `${r.map}: ${r.passed ? 'PASSED' : 'FAILED'} — ${r.bot_count} bots × ${r.test_duration_s / r.runs} s × ${r.runs} run(s)${r.no_combat ? ', no combat' : ''}; ${f(r.bot_minutes, 1)} alive bot-minutes`,
    `  coverage ${f(r.coverage_ratio * 100, 1)} % of ${r.nodes} nodes (${r.unreachable_nodes.length} never visited)`,
    `  environmental deaths ${r.total_environmental_deaths} (${env || 'none'}): ${f(r.death_rate_per_bot_min, 3)} per bot-minute`,
    `  stuck ${f(r.stuck_s_per_bot_min)} s and ${f(r.stuck_rate_per_bot_min)} events per bot-minute`,
    `  distance ${f(r.dist_per_bot_min, 0)} units per bot-minute`,
    `  links tried ${r.link_stats.length}, failed at least once ${r.link_stats.filter((l) => l.failures > 0).length}; bad links ${r.bad_links.length}, bad nodes ${r.bad_nodes.length}`,
    `  report: ${file}`,
  ];
  return lines.join('\n') + '\n';
}

export function comparisonText(c: NavComparison, labelA: string, labelB: string): string {
  const row = (name: string, a: number, b: number, r: number | null, d = 2) =>
    `| ${name} | ${f(a, d)} | ${f(b, d)} | ${r === null ? '' : f(r)} |`;
  return (
    [
      `| ${c.map} per bot-minute | ${labelA} | ${labelB} | ratio |`,
      '|---|---|---|---|',
      row('stuck s', c.a.stuck_s_per_bot_min, c.b.stuck_s_per_bot_min, c.ratios.stuck_s),
      row(
        'stuck s at spots only this nav has',
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
    ].join('\n') + '\n'
  );
}
