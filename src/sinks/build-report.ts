/**
 * The JSON build report: per demo what the gate kept and discarded and the deaths by cause,
 * what each graph stage did (clusters dropped by each threshold, links typed, spawn points,
 * feedback), the nav's nodes and links by type, and with an edits file what became of each
 * edit (`edits`: applied, not fitting and why, undone by the nav test, left out by the limits).
 *
 * Only facts about the inputs and the output go in, so the report is byte-identical for the
 * same inputs whatever the worker count or cache state (which demo came from the cache is on
 * the console summary, `navgen build --json`, instead).
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { VERSION } from '../version.js';
import type { BuildResult } from './build-result.js';
import { writeFileAtomic } from '../files/atomic-write.js';

export function buildReport(r: BuildResult, pipeline: string | null): Record<string, unknown> {
  const demos = [...r.demos]
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
    .map((d) => {
      const gate = d.summaries?.gate as Record<string, unknown> | undefined;
      const dw = d.summaries?.['death-weight'] as { deaths?: unknown } | undefined;
      return {
        file: d.file,
        sha256: d.contentHash,
        used: d.used,
        status: d.status,
        note: d.note,
        error: d.error,
        warnings: d.warnings,
        frames: d.frames,
        gate: gate ?? null,
        deaths: dw?.deaths ?? null,
        nodeVotes: d.nodeVotes,
        linkVotes: d.linkVotes,
        stages: d.summaries ?? null,
      };
    });
  return {
    tool: { name: 'navgen', version: VERSION },
    map: r.map,
    pipeline,
    demos: {
      total: r.demos.length,
      used: r.demos.filter((d) => d.used).length,
      list: demos,
    },
    stages: r.stages,
    nav: r.nav,
    navOutputs: r.navOutputs,
    navtest: r.ownTest?.summary ?? null,
    strafeTraces: r.strafeTraces,
    feedbackWarnings: r.feedbackWarnings,
    // Only with an edits file, so a build without one reports what it always did.
    ...(r.edits ? { edits: r.edits } : {}),
    // Per node: where it came from and the demos that voted near it (`navgen view --report`).
    provenance: r.provenance ?? null,
  };
}

export async function writeBuildReport(
  path: string,
  report: Record<string, unknown>,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, Buffer.from(JSON.stringify(report, null, 2) + '\n', 'utf8'));
}
