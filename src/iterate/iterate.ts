/**
 * The closed loop of the AQtion proposal's "Full Pipeline": build a draft from the demos, let a tester
 * judge it, feed what failed back, repeat until it passes, and ship.
 *
 * 1. Load the pipeline's own feedback (if any) as the starting failures; clear the previous
 *    run's iterations.
 * 2. Per iteration: write the accumulated failures, build (`runBuild` with `feedback` pointing
 *    at them; the per-demo cache makes every build after the first read no demo, since only
 *    graph stages see feedback), read the draft back and assert that no recorded failure came
 *    back (`monotonicity.ts`).
 * 3. Test the draft (a {@link Tester}); check the report fits the draft; judge it (report's
 *    `passed` and `navtest.thresholds`); keep the report and a one-line summary.
 * 4. Passed: ship it and stop. Else locate its failures by position in the tested draft, merge
 *    them into the accumulated failures (never dropping one), and go again. A report that
 *    fails but names nothing new to remove stops the loop ("stalled"): the next draft would be
 *    the same file. A tester whose figures are random (real bots) also stops it when an
 *    iteration is no better than the best earlier one ("not-better").
 * 5. Never passed within `maxIterations`: ship the best iteration (`score.ts`) and return its
 *    remaining failures; the caller reports "not converged".
 *
 * Failure policy: a tester failure (time-out, crash, no report, malformed or mismatched
 * report) aborts the run with {@link IterationAbortedError} and ships nothing. It says nothing
 * about the draft, so it yields no feedback; the next build would be the same file tested the
 * same way. Everything done so far stays in the iterations folder.
 */
import { readNavFile } from '../nav/formats/aqtion/read-nav.js';
import { runBuild, type BuildObserver, type BuildResult } from '../pipeline/build.js';
import type { PipelineSpec } from '../pipeline/pipeline-spec.js';
import type { NavFile } from '../nav/types.js';
import {
  EMPTY_FEEDBACK,
  feedbackFromReport,
  mergeFeedback,
  readFeedbackFile,
  type Feedback,
} from '../sources/feedback/feedback.js';
import { readNavtestReport } from '../sources/feedback/navtest-report.js';
import { join, relative } from 'node:path';
import {
  failedRecord,
  summaryLine,
  testedRecord,
  type BuiltIteration,
  type IterationRecord,
} from './iteration-record.js';
import { IterationsFolder } from './iterations-folder.js';
import { judgeReport } from './judge.js';
import { assertMonotone, assertNothingDropped } from './monotonicity.js';
import type { NavtestConfig } from './navtest-config.js';
import { checkReportFitsDraft } from './report-fit.js';
import { bestIteration, compareIterations } from './score.js';
import { shipDraft, type ShippedFiles } from './ship.js';
import { TesterError, type Tester } from '../testers/tester.js';
import { byNavOutput, DEFAULT_NAV_SINK } from '../sinks/nav-sinks.js';

export type StopReason = 'passed' | 'max-iterations' | 'stalled' | 'not-better';

/** The shipped iteration's failures, by position (what a later run would still have to fix). */
export interface RemainingFailures {
  readonly badNodes: Feedback['badNodes'];
  readonly badLinks: Feedback['badLinks'];
  readonly unreachable: number;
  readonly unmet: readonly string[];
}

export interface IterateResult {
  readonly map: string;
  readonly converged: boolean;
  readonly stopReason: StopReason;
  readonly iterations: readonly IterationRecord[];
  /** Each iteration's build, in order (demo sources show the per-demo cache at work). */
  readonly builds: readonly BuildResult[];
  readonly shipped: { readonly iteration: number; readonly files: ShippedFiles };
  /** Null when the shipped iteration passed. */
  readonly remaining: RemainingFailures | null;
  readonly workDir: string;
  readonly feedbackFile: string;
}

export interface IterateObserver {
  iterationStart?(iteration: number, maxIterations: number, feedback: Feedback): void;
  /** Progress of each build. */
  readonly build?: BuildObserver;
  built?(iteration: number, build: BuildResult): void;
  testing?(iteration: number, tester: string): void;
  tested?(record: IterationRecord, summary: string): void;
}

export interface IterateOptions {
  /** Overrides `navtest.maxIterations`. [Limit: >= 1] */
  readonly maxIterations?: number;
  readonly observer?: IterateObserver;
  readonly signal?: AbortSignal;
}

/** A run stopped by a tester failure; nothing was shipped. */
export class IterationAbortedError extends Error {
  constructor(
    readonly iteration: number,
    readonly failure: TesterError,
    /** The best tested draft so far, if any (not shipped). */
    readonly bestSoFar: string | null,
    readonly workDir: string,
  ) {
    super(
      `iteration ${iteration}: ${failure.message}\nnothing shipped; drafts and reports so far are in ${workDir}` +
        (bestSoFar ? `; best tested draft: ${bestSoFar}` : ''),
      { cause: failure },
    );
    this.name = 'IterationAbortedError';
  }
}

const count = (f: Feedback) => f.badNodes.length + f.badLinks.length;
const linkCount = (nav: NavFile) => nav.nodes.reduce((n, node) => n + node.links.length, 0);

export async function iterate(
  spec: PipelineSpec,
  config: NavtestConfig,
  tester: Tester,
  options: IterateOptions = {},
): Promise<IterateResult> {
  const max = options.maxIterations ?? config.maxIterations;
  const obs = options.observer ?? {};
  // 1. Starting failures first: the pipeline's feedback may live in the folder we clear.
  let recorded = await initialFeedback(spec);
  const folder = new IterationsFolder(config.workDir, spec.map, max);
  await folder.prepare();
  await folder.writeAccumulated(recorded);
  const tracesPath = spec.output.strafeTraces
    ? join(config.workDir, `${spec.map}.strafe_traces`)
    : null;

  const records: IterationRecord[] = [];
  const builds: BuildResult[] = [];
  const failures: Feedback[] = [];
  let stopReason: StopReason = 'max-iterations';
  let loopError: unknown = null;
  const bestSoFar = () => {
    const b = bestIteration(records);
    return b ? join(config.workDir, b.draft) : null;
  };
  try {
    for (let i = 1; i <= max; i++) {
      // 2. Build.
      if (options.signal?.aborted) {
        throw new IterationAbortedError(
          i,
          new TesterError('aborted', 'run cancelled'),
          bestSoFar(),
          config.workDir,
        );
      }
      obs.iterationStart?.(i, max, recorded);
      const feedbackFile = await folder.writeSnapshot(recorded, i);
      const draftPath = folder.draftPath(i);
      const buildStarted = Date.now();
      const build = await runBuild(
        {
          ...spec,
          output: {
            // The draft is an AQtion nav (the testers read that format); no other format.
            ...byNavOutput((sink) => (sink === DEFAULT_NAV_SINK ? draftPath : null)),
            strafeTraces: i === 1 ? tracesPath : null,
            report: null,
            // The draft's HTML report, shipped with the draft that is chosen (ship.ts).
            html: spec.output.html ? draftHtml(folder.draftPath(i)) : null,
          },
          feedback: { file: feedbackFile, nav: null },
        },
        obs.build,
      );
      builds.push(build);
      obs.built?.(i, build);
      const draft = (await readNavFile(draftPath)).nav;
      assertMonotone(draft, recorded, config.matchRadius);
      const built: BuiltIteration = {
        iteration: i,
        draft: relative(config.workDir, draftPath),
        nodes: draft.nodes.length,
        links: linkCount(draft),
        feedback: { badNodes: recorded.badNodes.length, badLinks: recorded.badLinks.length },
        demos: {
          read: build.demos.filter((d) => d.source === 'read').length,
          cache: build.demos.filter((d) => d.source === 'cache').length,
        },
        buildSeconds: (Date.now() - buildStarted) / 1000,
      };

      // 3. Test and judge.
      obs.testing?.(i, tester.name);
      const testStarted = Date.now();
      let outcome;
      try {
        outcome = await tester.test(
          { map: spec.map, navPath: draftPath, iteration: i, folder: folder.folder(i) },
          options.signal,
        );
        checkReportFitsDraft(outcome, draft, spec.map);
      } catch (e) {
        if (!(e instanceof TesterError)) throw e;
        const record = failedRecord(
          built,
          `${e.kind}: ${e.message}`,
          (Date.now() - testStarted) / 1000,
        );
        await folder.record(record, summaryLine(record));
        obs.tested?.(record, summaryLine(record));
        throw new IterationAbortedError(i, e, bestSoFar(), config.workDir);
      }
      const report = outcome.report;
      await folder.writeReport(i, report);
      const verdict = judgeReport(report, config.thresholds, draft.nodes.length);
      const record = testedRecord(
        built,
        report,
        relative(config.workDir, folder.reportPath(i)),
        verdict,
        (Date.now() - testStarted) / 1000,
        outcome.preliminary === true,
      );
      const bestBefore = bestIteration(records.filter((r) => !r.preliminary));
      records.push(record);
      const failed = feedbackFromReport(report, draft, outcome.source, {
        pruneUnreachable: outcome.unreachableProven === true,
      });
      failures.push(failed);
      await folder.record(record, summaryLine(record));
      obs.tested?.(record, summaryLine(record));

      // 4. Stop, or feed back.
      if (record.passed) {
        stopReason = 'passed';
        break;
      }
      if (
        outcome.stopWhenNotBetter &&
        !record.preliminary &&
        bestBefore !== null &&
        compareIterations(record, bestBefore) > 0
      ) {
        stopReason = 'not-better';
        break;
      }
      const merged = mergeFeedback(recorded, failed);
      assertNothingDropped(recorded, merged);
      if (count(merged) === count(recorded)) {
        stopReason = 'stalled';
        break;
      }
      recorded = { ...merged, warnings: [] };
      await folder.writeAccumulated(recorded); // complete after the last round too (to resume from)
    }
  } catch (e) {
    loopError = e;
  }
  // Put the install folder back whatever happened; a failure there must not hide the loop's.
  try {
    await tester.dispose?.();
  } catch (e) {
    if (loopError === null) throw e;
  }
  if (loopError !== null) throw loopError;

  // 5. Ship what passed, or the best.
  const last = records[records.length - 1];
  const chosen = last.passed ? last : bestIteration(records)!;
  const files = await shipDraft(
    spec,
    folder.draftPath(chosen.iteration),
    builds[chosen.iteration - 1],
    tracesPath,
    {
      html: spec.output.html ? draftHtml(folder.draftPath(chosen.iteration)) : null,
      navtest: {
        passed: chosen.passed,
        coverage: chosen.coverage,
        badLinks: chosen.badLinks,
        badNodes: chosen.badNodes,
      },
    },
  );
  const f = failures[chosen.iteration - 1];
  return {
    map: spec.map,
    converged: chosen.passed,
    stopReason,
    iterations: records,
    builds,
    shipped: { iteration: chosen.iteration, files },
    remaining: chosen.passed
      ? null
      : {
          badNodes: f.badNodes,
          badLinks: f.badLinks,
          unreachable: chosen.unreachable,
          unmet: chosen.unmet,
        },
    workDir: config.workDir,
    feedbackFile: folder.feedbackFile,
  };
}

/** The pipeline's own `feedback:` entry, read the way `runBuild` reads it. */
async function initialFeedback(spec: PipelineSpec): Promise<Feedback> {
  const f = spec.feedback;
  if (!f) return EMPTY_FEEDBACK;
  const loaded = f.nav
    ? feedbackFromReport(await readNavtestReport(f.file), (await readNavFile(f.nav)).nav, f.file)
    : await readFeedbackFile(f.file);
  return mergeFeedback(EMPTY_FEEDBACK, { ...loaded, warnings: [] });
}

/** The HTML report of a draft, beside it in the iterations folder. */
function draftHtml(draftPath: string): string {
  return draftPath.replace(/\.nav$/i, '') + '.report.html';
}
