/**
 * The end-of-build summary: demos used and skipped (and why), nodes and links by type, time.
 * As a table for people, or as JSON (`--json`) with one entry per demo whose `source` says
 * whether it was read now or taken from the cache.
 */
import type { BuildResult, EditNote, EditsSummary } from '../sinks/build-result.js';
import { describeEdit } from '../nav/edits/describe-edit.js';
import { buildProblemLines } from './demo-problems.js';
import { ownTestLine } from '../pipeline/own-test.js';
import { formatSize } from '../files/cache-bound.js';
import { formatFit, mapFit } from '../pipeline/map-fit-guard.js';

export function buildSummaryJson(r: BuildResult, seconds: number): Record<string, unknown> {
  return {
    map: r.map,
    demos: r.demos.map((d) => ({
      file: d.file,
      source: d.source,
      used: d.used,
      status: d.status,
      ...(d.note ? { reason: d.note } : {}),
      ...(d.error ? { error: d.error } : {}),
      ...(d.warnings.length ? { warnings: d.warnings } : {}),
      frames: d.frames,
      nodeVotes: d.nodeVotes,
      linkVotes: d.linkVotes,
      deaths: (d.summaries?.['death-weight'] as { deaths?: unknown } | undefined)?.deaths ?? null,
    })),
    nav: r.nav,
    stages: r.stages,
    outputs: r.outputs,
    strafeTraces: r.strafeTraces,
    warnings: [...buildProblemLines(r), ...r.feedbackWarnings, ...r.cacheProblems],
    removedTempFiles: r.removedTempFiles,
    navtest: r.ownTest?.summary ?? null,
    ...(r.edits ? { edits: r.edits } : {}),
    work: r.work,
    cacheUse: r.cacheUse,
    seconds: Math.round(seconds * 100) / 100,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '),
    )
    .join('\n');
}

export function formatBuildSummary(r: BuildResult, seconds: number): string {
  const used = r.demos.filter((d) => d.used);
  const read = r.demos.filter((d) => d.source === 'read').length;
  const lines: string[] = [];
  lines.push(
    `map ${r.map}: ${used.length} of ${r.demos.length} demo(s) used (${read} read, ${r.demos.length - read} from cache)`,
  );
  // Damaged and unreadable demos have their own lines (demo-problems.ts); the rest say why not.
  const problems = buildProblemLines(r);
  const skipped = r.demos.filter((d) => !d.used && !d.error);
  for (const d of skipped) lines.push(`  skipped ${d.file}: ${d.note ?? 'not used'}`);
  for (const d of used) if (d.note && !d.error) lines.push(`  note ${d.file}: ${d.note}`);
  for (const p of problems) lines.push(`  ${p}`);
  lines.push('');
  const types = Object.entries(r.nav.nodeTypes);
  lines.push(
    table([
      ['node type', 'nodes'],
      ...types.map(([t, n]) => [t, String(n)]),
      ['total', String(r.nav.nodes)],
    ]),
  );
  lines.push('');
  const ltypes = Object.entries(r.nav.linkTypes);
  lines.push(
    table([
      ['link type', 'links'],
      ...ltypes.map(([t, n]) => [t, String(n)]),
      ['total', String(r.nav.links)],
    ]),
  );
  const src = r.nav.sources;
  if (src && src.nodes.map > 0) {
    lines.push('');
    lines.push(
      `from the demos: ${src.nodes.demos} nodes, ${src.links.demos} links; from the map (fill): ${src.nodes.map} nodes, ${src.links.map} links; spawn points: ${src.nodes.spawn} nodes, ${src.links.spawn} links`,
    );
  }
  const movers = moversLine(r.stages.movers as MoversStats | undefined);
  if (movers) lines.push(movers);
  const fit = mapFit(r.stages);
  if (fit) lines.push(`demo nodes with a place on the map: ${formatFit(fit)}`);
  const c = r.stages.cluster as ClusterStats | undefined;
  if (c?.dropped) {
    lines.push('');
    lines.push(
      `clusters ${c.clusters}: dropped ${c.dropped.minWeight} by weight, ${c.dropped.minDemos} by distinct demos, ${c.dropped.both} by both`,
    );
    const line = thresholdsLine(c);
    if (line) lines.push(line);
  }
  if (r.nav.nodesOverLimit || r.nav.linksOverLimit) {
    lines.push(
      `engine limits: ${r.nav.nodesOverLimit} node(s) and ${r.nav.linksOverLimit} link(s) left out`,
    );
  }
  if (r.nav.linksIntoClosedTraps) {
    lines.push(
      `limp traps closed: ${r.nav.closedTrapNodes} node(s) only a jump leads out of, ${r.nav.linksIntoClosedTraps} link(s) into them left out`,
    );
  }
  for (const w of [...r.feedbackWarnings, ...r.cacheProblems]) lines.push(`warning: ${w}`);
  if (r.removedTempFiles.length > 0)
    lines.push(`removed ${r.removedTempFiles.length} temporary file(s) left by interrupted builds`);
  lines.push('');
  for (const [what, path] of Object.entries(r.outputs)) lines.push(`wrote ${what}: ${path}`);
  if (r.ownTest) lines.push(ownTestLine(r.ownTest.summary));
  if (r.edits) lines.push(editsLine(r.edits));
  lines.push(mapAnalysisLine(r));
  if (r.cacheUse)
    lines.push(
      `cache: ${formatSize(r.cacheUse.bytes)} in ${r.cacheUse.entries} entries` +
        (r.cacheUse.removed > 0
          ? `; removed the ${r.cacheUse.removed} used longest ago (${formatSize(r.cacheUse.removedBytes)}) to stay within --cache-limit`
          : ''),
    );
  lines.push(`time ${seconds.toFixed(1)} s`);
  return lines.join('\n') + '\n';
}

interface MoversStats {
  movers?: { classname: string }[];
  nodesRemoved?: number;
  linksRemoved?: number;
  platPairs?: { bottomLinks: number; topLinks: number }[];
}

/** What the movers stage did, when the map has movers other than doors (which it leaves). */
function moversLine(m: MoversStats | undefined): string | null {
  const moving = (m?.movers ?? []).filter((x) => !/^func_door/i.test(x.classname));
  if (!m || moving.length === 0) return null;
  const counts = new Map<string, number>();
  for (const x of moving) counts.set(x.classname, (counts.get(x.classname) ?? 0) + 1);
  const kinds = [...counts].map(([c, n]) => `${n} ${c}`).join(', ');
  const pairs = m.platPairs ?? [];
  const paired = pairs.filter((p) => p.bottomLinks > 0 && p.topLinks > 0).length;
  return (
    `movers (${kinds}): removed ${m.nodesRemoved ?? 0} nodes and ${m.linksRemoved ?? 0} links in their way` +
    (pairs.length > 0
      ? `; lift pairs ${paired} of ${pairs.length} (a lift needs floor nodes at both ends)`
      : '')
  );
}

interface ClusterStats {
  clusters?: number;
  dropped?: Record<string, number>;
  demosUsed?: number;
  minDemos?: number;
  minDemosSetting?: number | 'auto';
  minLinkDemos?: number;
  minLinkDemosSetting?: number | 'auto';
}

/** Which demo thresholds applied, saying when `auto` chose them (few demos change them). */
export function thresholdsLine(c: ClusterStats): string | null {
  if (c.minDemos === undefined) return null;
  const how = (setting: unknown): string =>
    setting === 'auto' ? ` (auto: ${c.demosUsed} demo(s) used)` : '';
  return (
    `thresholds: minDemos ${c.minDemos}${how(c.minDemosSetting)}, ` +
    `minLinkDemos ${c.minLinkDemos}${how(c.minLinkDemosSetting)}`
  );
}

/**
 * A line when `auto` chose another demo threshold than in the build before (watch): a node then
 * needs votes from more (or fewer) demos, and the node count moves for that reason, not because
 * of what the new demo showed. Null when nothing changed or either build had no clusters.
 */
export function thresholdChangeLine(before: ClusterStats | null, now: ClusterStats): string | null {
  if (!before || before.minDemos === undefined || now.minDemos === undefined) return null;
  if (before.minDemos === now.minDemos || now.minDemosSetting !== 'auto') return null;
  return `minDemos auto went from ${before.minDemos} to ${now.minDemos} (${now.demosUsed} demo(s) used): a node now needs votes from ${now.minDemos} demo(s), so demo nodes ${now.minDemos > before.minDemos ? 'drop' : 'come back'} where fewer agree (set --min-demos or cluster.minDemos to keep it fixed)`;
}

/** One line on the map analysis: each stage's seconds, the verdicts found and simulated. */
export function mapAnalysisLine(r: BuildResult): string {
  const w = r.work;
  if (w.graphCache === 'hit') {
    const line = 'map analysis: unchanged inputs, the graph stages\u2019 result from the cache';
    // Changed edits: the stages' result from the cache, the nav test run again on the edited graph.
    const test = w.stages.find((s) => s.stage === 'nav test');
    return test
      ? `${line}; the nav test ran again on the edited graph (${test.seconds.toFixed(1)} s, link runs ${test.verdictHits} known, ${test.verdictsAdded} simulated)`
      : line;
  }
  const stages = w.stages
    .filter((s) => s.seconds >= 0.05)
    .map((s) => `${s.stage} ${s.seconds.toFixed(1)} s`)
    .join(', ');
  const hits = w.stages.reduce((a, s) => a + s.verdictHits, 0);
  const added = w.stages.reduce((a, s) => a + s.verdictsAdded, 0);
  return `map analysis: ${stages || 'no stage took time'}; link runs ${hits} known, ${added} simulated`;
}

/** Edits listed on the summary line at most; the JSON report holds them all. */
const EDITS_LISTED = 5;

/**
 * One line on the admin's edits: `edits: 5 of 6 applied from wizs.edits.json; 1 did not fit:
 * edits[2] delete-link (10, 20, 30) → (40, 50, 60): no node within 24 units of (40, 50, 60)`,
 * then what the nav test removed and the limits left out, the same way.
 */
export function editsLine(e: EditsSummary): string {
  const list = (notes: readonly EditNote[]) => {
    const shown = notes
      .slice(0, EDITS_LISTED)
      .map((n) => `edits[${n.index}] ${describeEdit(n.edit)}: ${n.reason}`);
    if (notes.length > EDITS_LISTED)
      shown.push(`and ${notes.length - EDITS_LISTED} more (see the JSON report)`);
    return shown.join('; ');
  };
  const parts = [`edits: ${e.applied} of ${e.total} applied from ${e.file}`];
  if (e.notFitting.length) parts.push(`${e.notFitting.length} did not fit: ${list(e.notFitting)}`);
  if (e.removedByNavTest.length)
    parts.push(`${e.removedByNavTest.length} removed by the nav test: ${list(e.removedByNavTest)}`);
  if (e.leftOut.length) parts.push(`${e.leftOut.length} left out of the nav: ${list(e.leftOut)}`);
  return parts.join('; ');
}
