/**
 * Shipping: the chosen draft becomes the pipeline's `output.nav`, byte for byte what was
 * tested (never rebuilt: a rebuild is a different, untested file). The copy is atomic and
 * re-read before it replaces the old file; the build report (`output.report`) describes the
 * shipped draft's build, and the strafe traces (which depend on the demos only) are copied too.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import type { BuildResult } from '../pipeline/build-result.js';
import type { PipelineSpec } from '../pipeline/pipeline-spec.js';
import { writeFileAtomic } from '../sinks/atomic-write.js';
import { buildReport, writeBuildReport } from '../sinks/build-report.js';
import { readNavFile } from '../nav/formats/aqtion/read-nav.js';

export interface ShippedFiles {
  readonly nav: string;
  readonly strafeTraces: string | null;
  readonly report: string | null;
}

export async function shipDraft(
  spec: PipelineSpec,
  draftPath: string,
  build: BuildResult,
  strafeTraces: string | null,
): Promise<ShippedFiles> {
  const nav = spec.output.nav;
  // resolveNavtestConfig refuses a pipeline without output.nav before any draft is made.
  if (nav === null)
    throw new Error('navgen iterate ships to output.nav, which the pipeline does not name');
  await mkdir(dirname(nav), { recursive: true });
  await writeFileAtomic(nav, await readFile(draftPath), {
    verify: async (temp) => {
      await readNavFile(temp);
    },
  });
  let traces: string | null = null;
  if (
    spec.output.strafeTraces &&
    strafeTraces &&
    (await stat(strafeTraces).then(
      () => true,
      () => false,
    ))
  ) {
    await mkdir(dirname(spec.output.strafeTraces), { recursive: true });
    await writeFileAtomic(spec.output.strafeTraces, await readFile(strafeTraces));
    traces = spec.output.strafeTraces;
  }
  let report: string | null = null;
  if (spec.output.report) {
    await writeBuildReport(
      spec.output.report,
      buildReport(build, spec.file ? relative(spec.baseDir, spec.file) : null),
    );
    report = spec.output.report;
  }
  return { nav, strafeTraces: traces, report };
}
