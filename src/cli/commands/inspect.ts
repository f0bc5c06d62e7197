/**
 * `navgen inspect <file.nav> [--json]`: reads a `.nav` file strictly and says what is in it:
 * version, node and link counts by type, how full the link arrays are, connectivity, isolated
 * nodes and every warning the engine would cope with.
 */
import type { Command } from 'commander';
import { defaultNodeTypes } from '../../nav/node-types.js';
import { summarizeNav, type NavSummary, type TypeCount } from '../../nav/summary.js';
import { NavReadError } from '../../nav/formats/aqtion/errors.js';
import { formatNavIssue, type NavIssue } from '../../nav/formats/aqtion/nav-issue.js';
import { readNavFile, type DecodedNav } from '../../nav/formats/aqtion/read-nav.js';
import { CliError, EXIT_FAILURE } from '../exit-codes.js';

/** The JSON form of the report. */
export interface NavInspection extends NavSummary {
  file: string;
  /** [Units: bytes] */
  fileBytes: number;
  /** [Units: bytes] */
  payloadBytes: number;
  warnings: NavIssue[];
}

export function register(program: Command): void {
  program
    .command('inspect')
    .description(
      'Read an AQtion .nav file (strictly: any error names the byte offset) and print its version, ' +
        'node and link counts, counts by node type and by link target type, the most links on one ' +
        'node, weak and strong connected components, nodes with no links in or out, and warnings.',
    )
    .argument('<file>', '.nav file (AQtion version 1 or 2, or a Source engine .nav: its counts)')
    .option('--json', 'print the report as JSON instead of a table')
    .option(
      '--bsp <map>',
      "also report coverage holes: areas of the map's navigation mesh that no node reaches",
    )
    .action(async (file: string, opts: { json?: boolean; bsp?: string }) => {
      const navmesh = await import('../inspect-navmesh.js');
      if (await navmesh.isSourceNav(file))
        return navmesh.inspectSourceNav(file, opts.json === true);
      const decoded = await readNavForCli(file);
      const report = inspection(file, decoded);
      const coverage = opts.bsp ? await navmesh.navCoverage(decoded.nav, opts.bsp) : null;
      process.stdout.write(
        opts.json
          ? JSON.stringify(coverage ? { ...report, coverage } : report, null, 2) + '\n'
          : formatInspection(report) + (coverage ? navmesh.formatCoverage(coverage) : ''),
      );
    });
}

/** Reads a nav, turning read errors into CLI errors (exit code 1). */
export async function readNavForCli(file: string): Promise<DecodedNav> {
  try {
    return await readNavFile(file);
  } catch (e) {
    if (e instanceof NavReadError) throw new CliError(e.message, EXIT_FAILURE);
    throw e;
  }
}

function inspection(file: string, decoded: DecodedNav): NavInspection {
  return {
    file,
    fileBytes: decoded.fileBytes,
    payloadBytes: decoded.payload.length,
    ...summarizeNav(decoded.nav, defaultNodeTypes),
    warnings: decoded.warnings,
  };
}

function typeTable(title: string, counts: readonly TypeCount[]): string[] {
  const width = Math.max(title.length, ...counts.map((c) => c.name.length));
  return [
    `${title.padEnd(width)}  number  count`,
    ...counts.map(
      (c) =>
        `${c.name.padEnd(width)}  ${String(c.type).padStart(6)}  ${String(c.count).padStart(5)}`,
    ),
  ];
}

export function formatInspection(r: NavInspection): string {
  const lines = [
    `file        ${r.file} (${r.fileBytes} bytes, payload ${r.payloadBytes} bytes)`,
    `version     ${r.version}`,
    `nodes       ${r.nodes}`,
    `links       ${r.links} (at most ${r.maxLinksPerNode} on one node)`,
    `components  ${r.weakComponents} weak (largest ${r.largestWeakComponent} nodes), ${r.strongComponents} strong`,
    `no links    ${r.isolatedNodes} isolated, ${r.nodesWithoutLinksOut} without links out, ${r.nodesWithoutLinksIn} without links in`,
    '',
    ...typeTable('node type', r.nodeTypes),
    '',
    ...typeTable('link type', r.linkTypes),
  ];
  if (r.warnings.length > 0) {
    lines.push(
      '',
      `${r.warnings.length} warning(s):`,
      ...r.warnings.map((w) => `  ${formatNavIssue(w)}`),
    );
  }
  return lines.join('\n') + '\n';
}
