/** The coverage fuzzer's figures as text: a table row per target, then every violation. */
import type { CoverageFuzzReport } from './run-coverage-fuzz.js';

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

export const TABLE_HEAD =
  '| reader | executions | exec/s | edges covered / instrumented | by the seeds alone | corpus (seeds) | violations | slowest input | largest heap growth |\n' +
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n';

/** One Markdown table row (docs/robustness.md takes these as they are). */
export function tableRow(r: CoverageFuzzReport): string {
  const rate = r.seconds > 0 ? Math.round(r.execs / r.seconds) : 0;
  return (
    `| ${r.target} | ${r.execs.toLocaleString('en-US')} | ${rate.toLocaleString('en-US')} | ` +
    `${r.covered} / ${r.total} (${pct(r.covered, r.total)}) | ${r.seedCovered} | ${r.corpus} (${r.seeds}) | ` +
    `${r.violations.length}${r.knownOpen.length ? ` (+${r.knownOpen.length} known, open)` : ''} | ${r.slowestMs.toFixed(0)} ms | ${mib(r.peakGrowthBytes)} |\n`
  );
}

/** The violations of a run, each with the command that replays its input. */
export function violationText(r: CoverageFuzzReport, replay: (file: string) => string): string {
  return [...r.violations, ...r.knownOpen]
    .map(
      (v) =>
        `${r.target}: ${v.knownOpen ? 'known, open: ' : ''}${v.kind} (${v.signature}), found after ${v.atExec} executions, input ${v.bytes.length} bytes: ${v.file}\n` +
        (v.knownOpen ? `  ${v.knownOpen}\n` : '') +
        `  replay: ${replay(v.file)}\n` +
        v.message
          .split('\n')
          .slice(0, 12)
          .map((l) => `    ${l}`)
          .join('\n') +
        '\n',
    )
    .join('');
}

/** The outcomes of a run, most frequent first. */
export function outcomeText(r: CoverageFuzzReport): string {
  const rows = Object.entries(r.outcomes).sort((a, b) => b[1] - a[1]);
  return `${r.target} outcomes: ${rows.map(([k, n]) => `${k} ${n}`).join(', ')}\n`;
}
