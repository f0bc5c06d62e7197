/**
 * A pipeline after validation: every path absolute, every stage resolved to its definition with
 * its options merged over its defaults. Built from a pipeline file (`load-pipeline.ts`) or from
 * `navgen build` flags (`flags-pipeline.ts`); both paths end in {@link resolvePipeline}, which
 * is why the two forms give byte-identical outputs.
 */
import { cpus } from 'node:os';
import type { StageDefinition, StagePhase } from '../stage/stage.js';
import type { NavOutputPaths } from '../sinks/nav-sinks.js';
import type { PipelineGame } from './pipeline-game.js';

export interface StageUse {
  readonly name: string;
  readonly phase: StagePhase;
  /** Options merged over the stage's defaults (plain JSON). */
  readonly options: Readonly<Record<string, unknown>>;
  readonly definition: StageDefinition<never>;
  /** Where the stage is listed in its file, for messages. */
  readonly index: number;
}

export interface PipelineSpec {
  /** The pipeline file, or null for the flag form. */
  readonly file: string | null;
  /** Folder relative paths were resolved against. */
  readonly baseDir: string;
  readonly map: string;
  readonly bsp: string | null;
  /** The game the map came from (`game:` or `--game-dir`), null for none. */
  readonly game?: PipelineGame | null;
  /** Absolute fast-glob patterns (literal file names are escaped). */
  readonly demos: readonly string[];
  /**
   * Output files; at least one nav format, each by its sink's output key (`nav`, `q2rNav`: the
   * registry `sinks/nav-sinks.ts`).
   */
  readonly output: NavOutputPaths & {
    readonly strafeTraces: string | null;
    readonly report: string | null;
    readonly html: string | null;
  };
  readonly feedback: { readonly file: string; readonly nav: string | null } | null;
  /**
   * The admin's edits file (`nav/edits/edits-file.ts`), made on the graph after the graph
   * stages and before the build's own test (`draft-edits.ts`); null or absent for none.
   */
  readonly edits?: string | null;
  /** Cache folder, or null when caching is off. */
  readonly cache: string | null;
  readonly workers: number;
  /** Plugin module specifiers (absolute paths or package names), in file order. */
  readonly plugins: readonly string[];
  readonly nodeTypes: Readonly<Record<string, number>>;
  readonly damaged: 'quarantine' | 'keep-prefix';
  readonly stages: readonly StageUse[];
  /** The `navtest` section, validated by `navgen iterate`. */
  readonly navtest: Readonly<Record<string, unknown>> | null;
}

/** Default worker count: one per core. */
export function defaultWorkers(): number {
  return Math.max(1, cpus().length);
}

/** The stages that run per demo (in workers), in order. */
export function demoStages(spec: PipelineSpec): StageUse[] {
  return spec.stages.filter((s) => s.phase === 'demo');
}

/** The stages that run once on the merged votes (main thread), in order. */
export function graphStages(spec: PipelineSpec): StageUse[] {
  return spec.stages.filter((s) => s.phase === 'graph');
}
