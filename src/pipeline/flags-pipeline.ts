/**
 * The pipeline that `navgen build --map NAME --bsp MAP.bsp --out FILE.nav DEMO…` stands for: the
 * default stages with the given thresholds, paths relative to the working folder. It goes
 * through the same validation and resolution as a pipeline file, so both forms give
 * byte-identical outputs.
 */
import { resolve } from 'node:path';
import { NO_MAP, resolvePipeline } from './load-pipeline.js';
import { DEFAULT_STAGES } from './builtin-stages.js';
import type { PipelineSpec } from './pipeline-spec.js';
import { DEFAULT_NAV_SINK, OTHER_NAV_SINKS, type OtherNavOutputName } from '../sinks/nav-sinks.js';

/** The nav formats after the default one, each by its output key (`q2rNav`: `--q2r-nav FILE`). */
export type OtherNavFlags = { readonly [K in OtherNavOutputName]?: string };

export interface BuildFlags extends OtherNavFlags {
  readonly map: string;
  readonly bsp?: string;
  /** The default nav format's file (the AQtion .nav); optional when another format is given. */
  readonly out?: string;
  readonly demos: readonly string[];
  /** The cluster stage's minDemos: a number, or `auto` (its default). */
  readonly minDemos?: number | 'auto';
  readonly workers?: number;
  readonly cache?: string | false;
  readonly report?: string;
  readonly strafeTraces?: string;
  /** HTML report path; false for none; default beside the .nav. */
  readonly html?: string | false;
  readonly feedback?: string;
  readonly feedbackNav?: string;
  /** The admin's edits file, made on every build (`draft-edits.ts`). */
  readonly edits?: string;
  readonly damaged?: 'quarantine' | 'keep-prefix';
}

export async function pipelineFromFlags(
  flags: BuildFlags,
  cwd = process.cwd(),
): Promise<PipelineSpec> {
  const stages = DEFAULT_STAGES.map((name) =>
    name === 'cluster' && flags.minDemos !== undefined
      ? { cluster: { minDemos: flags.minDemos } }
      : name,
  );
  const data = {
    map: flags.map,
    // No map in the flag form is --no-map: the CLI asks for --bsp (or --game-dir) otherwise.
    bsp: flags.bsp ?? NO_MAP,
    demos: [...flags.demos],
    output: {
      ...(flags.out ? { [DEFAULT_NAV_SINK.meta.name]: flags.out } : {}),
      ...Object.fromEntries(
        OTHER_NAV_SINKS.filter((s) => flags[s.meta.name]).map((s) => [
          s.meta.name,
          flags[s.meta.name],
        ]),
      ),
      ...(flags.report ? { report: flags.report } : {}),
      ...(flags.strafeTraces ? { strafeTraces: flags.strafeTraces } : {}),
      ...(flags.html !== undefined ? { html: flags.html } : {}),
    },
    ...(flags.feedback
      ? {
          feedback: flags.feedbackNav
            ? { file: flags.feedback, nav: flags.feedbackNav }
            : flags.feedback,
        }
      : {}),
    ...(flags.edits ? { edits: flags.edits } : {}),
    ...(flags.cache !== undefined ? { cache: flags.cache } : {}),
    ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
    ...(flags.damaged ? { damaged: flags.damaged } : {}),
    stages,
  };
  return resolvePipeline(
    { file: 'command line', baseDir: resolve(cwd), data, locate: () => null },
    true,
  );
}
