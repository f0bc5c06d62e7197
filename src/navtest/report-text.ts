/** The few lines `navgen navtest` prints about a run. */
import type { NavtestRun } from './run-navtest.js';

export function navtestReportText(run: NavtestRun, file: string): string {
  const r = run.report;
  const failed = Object.entries(r.link_failures)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  const lines = [
    `${r.map}: ${r.passed ? 'PASSED' : 'FAILED'} — ${run.links - r.bad_links.length}/${run.links} links passed` +
      (failed ? ` (failed: ${failed})` : ''),
    `  coverage ${(r.coverage_ratio * 100).toFixed(1)} % from ${new Set(r.spawn_nodes.filter((n) => n >= 0)).size} spawn nodes, ` +
      `${r.unreachable_nodes.length} unreachable nodes, ${r.return_nodes.length} way-back nodes, ${r.bad_nodes.length} bad nodes`,
    `  ${r.death_rate_per_bot_min.toFixed(3)} deaths and ${r.stuck_rate_per_bot_min.toFixed(3)} stuck per bot minute ` +
      `over ${(r.test_duration_s / 60).toFixed(1)} simulated minutes`,
    `  ${run.seconds.toFixed(2)} s: ${Math.round(run.links / run.seconds)} links/s, ${Math.round(run.steps / run.seconds)} pmove steps/s`,
    `wrote ${file}`,
  ];
  return lines.join('\n') + '\n';
}
