/**
 * `navgen info <demo> [--json]`: parses a whole demo and reports what is in it.
 */
import type { Command } from 'commander';
import { summarizeDemo, type DemoSummary } from '../../sources/demo/demo-summary.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { DemoParseError } from '../../sources/demo/errors.js';

export function register(program: Command): void {
  program
    .command('info')
    .description(
      'Parse a whole demo (MVD2 .mvd2 or client .dm2, optionally gzipped) and print its segments, maps, versions and flags, player names, frames, duration, sizes and warnings.',
    )
    .argument(
      '<demo>',
      'demo file (.mvd2, .dm2, optionally .gz; format and gzip are detected by content)',
    )
    .option('--json', 'print the summary as JSON')
    .action(async (demo: string, opts: { json?: boolean }) => {
      // One demo read once: inflate on this thread. Starting the inflate thread (a new V8
      // isolate loading its modules) costs more than the gunzip it would overlap, and this
      // thread would wait for it (long urbanjungle fixture: median 133 ms vs 187 ms in-process,
      // bench:startup). NAVGEN_INFLATE_THREAD=1 still asks for the thread.
      process.env.NAVGEN_INFLATE_THREAD ??= '0';
      const summary = await summarizeDemo(demo);
      process.stdout.write(
        opts.json ? JSON.stringify(summary, null, 2) + '\n' : formatSummary(summary),
      );
      if (summary.error) process.exitCode = EXIT_FAILURE;
    });
}

function formatBytes(n: number): string {
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(2)} MiB`;
  if (n >= 1 << 10) return `${(n / (1 << 10)).toFixed(1)} KiB`;
  return `${n} B`;
}

function formatDuration(s: number): string {
  const m = Math.floor(s / 60);
  const r = s - m * 60;
  return `${m}:${r.toFixed(1).padStart(4, '0')}`;
}

export function formatSummary(s: DemoSummary): string {
  const lines: string[] = [];
  lines.push(`file      ${s.file}`);
  lines.push(
    `bytes     ${formatBytes(s.fileBytes)} on disk${s.gzip ? `, ${formatBytes(s.streamBytes)} after gunzip` : ''}`,
  );
  lines.push(
    `frames    ${s.frames} in ${s.segments.length} segment(s), ${formatDuration(s.duration)}`,
  );
  lines.push(`end mark  ${s.endMark ? 'yes' : 'no'}`);
  for (const g of s.segments) {
    lines.push('');
    lines.push(`segment ${g.segment}: map ${g.map}`);
    if (g.recorder >= 0) {
      lines.push(`  client demo, protocol ${g.protocol}, gamedir ${g.gamedir}`);
      lines.push(`  maxclients ${g.maxclients}, recorder slot ${g.recorder}`);
    } else {
      lines.push(
        `  MVD version ${g.version}, flags ${g.flags}${g.flagNames.length ? ` (${g.flagNames.join(' | ')})` : ''}, gamedir ${g.gamedir}`,
      );
      lines.push(
        `  maxclients ${g.maxclients}, MVD dummy ${g.clientNum < 0 ? 'none' : `slot ${g.clientNum}`}, ${g.slotsSeen} player slot(s) in use`,
      );
    }
    lines.push(`  ${g.frames} frames, ${formatDuration(g.duration)}`);
    if (g.players.length) {
      lines.push(`  players: ${g.players.map((p) => `${p.slot}:${p.name}`).join(', ')}`);
    }
  }
  if (s.warnings.length) {
    lines.push('');
    for (const w of s.warnings) lines.push(`warning: ${w}`);
  }
  if (s.error) {
    lines.push('');
    // The reader's own wording: positions it does not know (-1) are left out.
    lines.push(`error: ${DemoParseError.fromData(s.error).message}`);
  }
  return lines.join('\n') + '\n';
}
