/**
 * The fuzz summary for people: cases, outcomes by target and kind, the slowest and the most
 * memory-hungry case, boundary coverage, and for every violation what broke and a command that
 * replays exactly that case.
 */
import type { CaseRecord, FuzzReport } from './fuzz-report.js';

/** Violations printed in full; the rest are counted. */
const SHOWN_VIOLATIONS = 20;

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;

function table(tally: Readonly<Record<string, number>>): string[] {
  const rows = Object.entries(tally).sort(([a], [b]) => (a < b ? -1 : 1));
  const width = Math.max(0, ...rows.map(([k]) => k.length));
  return rows.map(([k, n]) => `  ${k.padEnd(width)}  ${String(n).padStart(6)}`);
}

function where(r: CaseRecord | null): string {
  return r ? `case ${r.index}, ${r.target} ${r.mutation} on ${r.fixture}` : '-';
}

export function formatFuzzReport(report: FuzzReport, reproduce: (index: number) => string): string {
  const lines: string[] = [];
  const last = report.firstCase + report.cases - 1;
  lines.push(
    `fuzz: ${report.cases} cases (${report.firstCase}..${last}), seed ${report.seed}, ${report.seconds.toFixed(1)} s`,
  );
  lines.push('', 'cases by mutation:', ...table(report.byMutation));
  lines.push('', 'outcomes:', ...table(report.outcomes));
  lines.push('');
  lines.push(
    `max time            ${report.slowest ? report.slowest.ms.toFixed(1) : 0} ms (${where(report.slowest)})`,
  );
  lines.push(
    `max worker memory   ${mib(report.hungriest?.peakBytes ?? 0)} growth (${where(report.hungriest)})`,
  );
  lines.push(
    `max RSS growth      ${mib(report.rssGrowthMax?.rssGrowth ?? 0)} (${where(report.rssGrowthMax)})`,
  );
  lines.push(`peak RSS            ${mib(report.maxRss)} (whole process)`);
  if (report.boundaries.length > 0) {
    lines.push('', 'block-boundary cuts (distinct boundaries visited / boundaries):');
    for (const b of report.boundaries) lines.push(`  ${b.fixture}  ${b.visited} / ${b.total}`);
  }
  lines.push('');
  if (report.violations.length === 0) {
    lines.push('invariants: all held');
  } else {
    lines.push(`invariants: ${report.violations.length} case(s) broke them`);
    for (const v of report.violations.slice(0, SHOWN_VIOLATIONS)) {
      lines.push(
        '',
        `case ${v.index}: ${v.target} ${v.mutation} on ${v.fixture}: ${v.description}`,
      );
      for (const p of v.verdict.problems) lines.push(`  - ${p.split('\n').join('\n    ')}`);
      if (v.keptAt) lines.push(`  input kept at ${v.keptAt}`);
      lines.push(`  reproduce: ${reproduce(v.index)}`);
    }
    if (report.violations.length > SHOWN_VIOLATIONS)
      lines.push('', `… and ${report.violations.length - SHOWN_VIOLATIONS} more`);
  }
  return lines.join('\n') + '\n';
}
