/**
 * `navgen inspect <file.nav> [--json]`: reads a nav strictly (AQtion `.nav`, the Quake II
 * re-release's `NAV3` or the Quake re-release's `NAV2`, told apart by their first bytes) and
 * says what is in it: format and version, node and link counts by type, how full the link
 * arrays are, connectivity, isolated nodes and every warning the engine would cope with. For
 * the re-release formats also the traversals, edicts, link types and node flags as stored
 * (the type tables show them mapped onto AQtion's types, `nav/formats/nav3-type-map.ts`).
 */
import type { Command } from 'commander';
import { defaultNodeTypes } from '../../nav/node-types.js';
import { summarizeNav, type NavSummary, type TypeCount } from '../../nav/summary.js';
import { formatNavIssue, type NavIssue } from '../../nav/formats/aqtion/nav-issue.js';
import { isNavReadError, readAnyNav, type AnyNav } from '../../nav/formats/read-any-nav.js';
import { NAV3_LINK_TYPES, NAV3_NODE_FLAGS } from '../../nav/formats/nav3/layout.js';
import { nav3FlagsOfNav2 } from '../../nav/formats/nav3-type-map.js';
import { CliError, EXIT_FAILURE } from '../exit-codes.js';

/** The JSON form of the report. */
export interface NavInspection extends Omit<NavSummary, 'version'> {
  /** The file's version (AQtion 1–2, NAV3 2–6, NAV2 12–17). */
  version: number;
  file: string;
  /** `aqtion`, `nav3` or `nav2` (from the file's first bytes). */
  format: AnyNav['format'];
  /** For `nav3` and `nav2`: what the re-release stores beyond nodes and links. */
  reRelease: {
    traversals: number;
    edicts: number;
    /** Links by the re-release's own type name. */
    linkTypes: Record<string, number>;
    /** Nodes with each flag (`NAV3` names; `NAV2` flags translated). */
    nodeFlags: Record<string, number>;
  } | null;
  /** [Units: bytes] */
  fileBytes: number;
  /** [Units: bytes] */
  payloadBytes: number;
  warnings: NavIssue[];
  /** Re-release formats: loadable oddities (bytes after the last record). */
  otherWarnings: string[];
}

export function register(program: Command): void {
  program
    .command('inspect')
    .description(
      'Read a nav (AQtion .nav, Quake II re-release NAV3 or Quake re-release NAV2, by its first bytes; strictly: any error names the byte offset) and print its format and version, ' +
        'node and link counts, counts by node type and by link target type, the most links on one ' +
        'node, weak and strong connected components, nodes with no links in or out, and warnings.',
    )
    .argument(
      '<file>',
      'nav file: AQtion .nav (version 1 or 2), NAV3 (versions 2-6), NAV2 (versions 12-17), or a Source engine .nav (its counts)',
    )
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

/** Reads a nav of any known format, turning read errors into CLI errors (exit code 1). */
export async function readNavForCli(file: string): Promise<AnyNav> {
  try {
    return await readAnyNav(file);
  } catch (e) {
    if (isNavReadError(e)) throw new CliError(e.message, EXIT_FAILURE);
    throw e;
  }
}

function inspection(file: string, any: AnyNav): NavInspection {
  const summary = summarizeNav(any.nav, defaultNodeTypes);
  if (any.format === 'aqtion') {
    return {
      file,
      format: any.format,
      fileBytes: any.fileBytes,
      payloadBytes: any.aqtion.payload.length,
      ...summary,
      warnings: any.aqtion.warnings,
      otherWarnings: [],
      reRelease: null,
    };
  }
  const stored = any.format === 'nav3' ? any.nav3 : any.nav2;
  const flagsOf = any.format === 'nav3' ? (f: number) => f : nav3FlagsOfNav2;
  const linkTypes: Record<string, number> = {};
  for (const l of stored.links) {
    const name = NAV3_LINK_TYPES[l.type] ?? `#${l.type}`;
    linkTypes[name] = (linkTypes[name] ?? 0) + 1;
  }
  const nodeFlags: Record<string, number> = {};
  NAV3_NODE_FLAGS.forEach((name, bit) => {
    const n = stored.nodes.filter((node) => flagsOf(node.flags) & (1 << bit)).length;
    if (n > 0) nodeFlags[name] = n;
  });
  return {
    file,
    format: any.format,
    fileBytes: any.fileBytes,
    payloadBytes: any.fileBytes,
    ...summary,
    version: stored.version,
    warnings: [],
    otherWarnings: any.warnings,
    reRelease: {
      traversals: stored.traversals.length,
      edicts: stored.edicts.length,
      linkTypes,
      nodeFlags,
    },
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
    `format      ${r.format}`,
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
  if (r.reRelease) {
    const pairs = (o: Record<string, number>) =>
      Object.entries(o)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none';
    lines.push(
      '',
      `traversals  ${r.reRelease.traversals}`,
      `edicts      ${r.reRelease.edicts}`,
      `stored link types  ${pairs(r.reRelease.linkTypes)}`,
      `node flags  ${pairs(r.reRelease.nodeFlags)}`,
    );
  }
  if (r.warnings.length + r.otherWarnings.length > 0) {
    lines.push(
      '',
      `${r.warnings.length + r.otherWarnings.length} warning(s):`,
      ...r.warnings.map((w) => `  ${formatNavIssue(w)}`),
      ...r.otherWarnings.map((w) => `  ${w}`),
    );
  }
  return lines.join('\n') + '\n';
}
