/**
 * The end of `navgen iterate`: a table with one row per iteration (nodes, links, coverage,
 * death and stuck rates, failures, pass) and what was shipped; when the test never passed, the
 * shipped iteration's remaining failures by position. As text for people, or as JSON.
 */
import { relative } from 'node:path';
import type { IterateResult } from './iterate.js';

/** How many remaining failures the text lists before "… and N more". */
const LISTED = 10;

export function iterateSummaryJson(r: IterateResult): Record<string, unknown> {
  return {
    map: r.map,
    converged: r.converged,
    stopReason: r.stopReason,
    shipped: { iteration: r.shipped.iteration, ...r.shipped.files },
    iterations: r.iterations,
    remaining: r.remaining,
    workDir: r.workDir,
    feedbackFile: r.feedbackFile,
  };
}

const fixed = (x: number | null, d: number) => (x === null ? '-' : x.toFixed(d));
const point = (p: readonly number[]) => `(${p.map((v) => Math.round(v * 10) / 10).join(', ')})`;

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows
    .map((row) =>
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join('  '),
    )
    .join('\n');
}

export function formatIterateSummary(r: IterateResult, cwd = process.cwd()): string {
  const lines: string[] = [];
  const rows = [
    [
      'iteration',
      'nodes',
      'links',
      'coverage',
      'deaths/bot/min',
      'stuck/bot/min',
      'bad nodes',
      'bad links',
      'pass',
    ],
  ];
  for (const it of r.iterations) {
    rows.push([
      String(it.iteration) + (it.iteration === r.shipped.iteration ? ' *' : ''),
      String(it.nodes),
      String(it.links),
      fixed(it.coverage, 3),
      fixed(it.deathRate, 2),
      fixed(it.stuckRate, 2),
      String(it.badNodes),
      String(it.badLinks),
      it.passed ? 'yes' : 'no',
    ]);
  }
  lines.push(`map ${r.map}: ${r.iterations.length} iteration(s)`);
  lines.push(table(rows));
  lines.push('');
  const shipped = r.iterations[r.shipped.iteration - 1];
  const rel = (p: string) => relative(cwd, p) || p;
  if (r.converged) {
    lines.push(`passed at iteration ${shipped.iteration}; shipped ${rel(r.shipped.files.nav)}`);
  } else {
    const why =
      r.stopReason === 'stalled'
        ? `iteration ${r.iterations.length} failed but named nothing new to remove (the next draft would be the same)`
        : r.stopReason === 'not-better'
          ? `iteration ${r.iterations.length} was no better for real bots than an earlier one`
          : `no iteration passed within ${r.iterations.length}`;
    lines.push(`NOT CONVERGED: ${why}`);
    lines.push(
      `shipped the best iteration, ${shipped.iteration} (* above), to ${rel(r.shipped.files.nav)}`,
    );
    const rem = r.remaining!;
    lines.push(`remaining failures of iteration ${shipped.iteration}:`);
    for (const u of rem.unmet) lines.push(`  threshold: ${u}`);
    for (const p of rem.badNodes.slice(0, LISTED)) lines.push(`  bad node at ${point(p)}`);
    if (rem.badNodes.length > LISTED)
      lines.push(`  … and ${rem.badNodes.length - LISTED} more bad nodes`);
    for (const [a, b] of rem.badLinks.slice(0, LISTED))
      lines.push(`  bad link ${point(a)} → ${point(b)}`);
    if (rem.badLinks.length > LISTED)
      lines.push(`  … and ${rem.badLinks.length - LISTED} more bad links`);
    if (rem.unreachable > 0) lines.push(`  ${rem.unreachable} unreachable node(s)`);
    if (
      !shipped.reportPassed &&
      rem.unmet.length + rem.badNodes.length + rem.badLinks.length === 0
    ) {
      lines.push('  the report failed without naming nodes or links');
    }
  }
  if (r.shipped.files.strafeTraces)
    lines.push(`wrote strafe traces: ${rel(r.shipped.files.strafeTraces)}`);
  if (r.shipped.files.report) lines.push(`wrote build report: ${rel(r.shipped.files.report)}`);
  if (r.shipped.files.html) lines.push(`wrote HTML report: ${rel(r.shipped.files.html)}`);
  lines.push(`iterations: ${rel(r.workDir)} (index.jsonl; accumulated failures in feedback.json)`);
  return lines.join('\n') + '\n';
}
