/**
 * Shipping: the chosen draft becomes the pipeline's `output.nav`, byte for byte what was
 * tested (never rebuilt: a rebuild is a different, untested file). The copy is atomic and
 * re-read before it replaces the old file; the build report (`output.report`) describes the
 * shipped draft's build, and the strafe traces (which depend on the demos only) are copied too.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, relative } from 'node:path';
import type { BuildResult } from '../sinks/build-result.js';
import type { PipelineSpec } from '../pipeline/pipeline-spec.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { buildReport, writeBuildReport } from '../sinks/build-report.js';
import { readNavFile } from '../nav/formats/aqtion/read-nav.js';
import { setReportVerdict } from '../sinks/html-report.js';
import { verdictText, type VerdictFacts } from '../sinks/report-verdict.js';

export interface ShippedFiles {
  readonly nav: string;
  readonly strafeTraces: string | null;
  readonly report: string | null;
  /** The shipped draft's HTML report, its verdict line saying what the nav test found. */
  readonly html: string | null;
}

/** The chosen draft's HTML report (null: none written) and its nav test's result. */
export interface ShippedReport {
  readonly html: string | null;
  readonly navtest: VerdictFacts['navtest'];
}

export async function shipDraft(
  spec: PipelineSpec,
  draftPath: string,
  build: BuildResult,
  strafeTraces: string | null,
  shipped: ShippedReport = { html: null, navtest: null },
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
  let html: string | null = null;
  if (spec.output.html && shipped.html) {
    // The draft's page, replacing the previous build's (which described another nav).
    await mkdir(dirname(spec.output.html), { recursive: true });
    await writeFileAtomic(spec.output.html, await readFile(shipped.html));
    await setReportVerdict(
      spec.output.html,
      verdictText({ map: spec.map, navName: basename(nav), navtest: shipped.navtest }),
    );
    html = spec.output.html;
  }
  return { nav, strafeTraces: traces, report, html };
}
