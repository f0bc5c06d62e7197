/**
 * What a pipeline stage is, for built-ins and plugins alike (after ESLint's rule API): a
 * `meta` that names it, says what it needs and makes, and gives the JSON Schema of its options
 * with their defaults; and a `create(options, ctx)` that returns an RxJS operator. Options are
 * validated against the schema, and merged with the defaults, before anything runs.
 *
 * Stages run in one of two phases:
 * - `demo`: once per demo, in a worker, on the demo's event stream (`NavEvent`s);
 * - `graph`: once per build, in the main thread, on the merged votes and the graph
 *   (`GraphEvent`s).
 */
import type { OperatorFunction } from 'rxjs';
import type { GraphEvent } from './graph-types.js';
import type { NavEvent } from './nav-events.js';
import type { NodeTypeTable } from '../nav/node-types.js';
import type { Feedback } from '../sources/feedback/feedback.js';
import type { WorkAhead } from '../pausing/run-steps.js';

export type StagePhase = 'demo' | 'graph';

/** A JSON Schema object (draft 2020-12 subset that Ajv understands). */
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface StageMeta<O = Record<string, unknown>> {
  /** Name used in pipeline files: the kebab-case file name, or `plugin/name` for plugins. */
  readonly name: string;
  /** One line for `--help`, the README stage table and `navgen schema`. */
  readonly description: string;
  readonly phase: StagePhase;
  /** Event kinds that must reach the stage (produced by the source or an earlier stage). */
  readonly needs: readonly string[];
  /** Event kinds the stage adds to the stream. */
  readonly adds: readonly string[];
  /** Event kinds the stage consumes and does not pass on. */
  readonly removes: readonly string[];
  /** Options schema (`type: object`, `additionalProperties: false`). Absent: no options. */
  readonly schema?: JsonSchema;
  readonly defaults: O;
}

/** Services a stage gets besides its own options. All optional to use; never shared state. */
export interface StageContext {
  /** The map the nav is for. */
  readonly map: string;
  /** Absolute path of the map's BSP file, if the pipeline names one. */
  readonly bsp: string | null;
  /** Absolute path of the feedback file, if any. */
  readonly feedback: string | null;
  /** Reads the pipeline's feedback (navgen feedback file, or a navtest report with its nav). */
  readonly loadFeedback?: () => Promise<Feedback>;
  readonly nodeTypes: NodeTypeTable;
  /** Folder of the pipeline file (for stages that read files of their own). */
  readonly baseDir: string;
  /** The build's cache folder (map analyses are kept there by the BSP's hash); null: none. */
  readonly cacheDir?: string | null;
  /**
   * Does the work steps hand over at a pause ahead of them (`pausing/run-steps.ts`): the link
   * runs a stage is about to ask for, simulated on every core into the map's verdict table
   * (`simulated-bot/verdict-pool.ts`). Absent: the steps simulate as they go.
   */
  readonly doAhead?: (work: WorkAhead) => Promise<void>;
  log(message: string): void;
  warn(message: string): void;
}

export type DemoOperator = OperatorFunction<NavEvent, NavEvent>;
export type GraphOperator = OperatorFunction<GraphEvent, GraphEvent>;

export interface StageDefinition<O = Record<string, unknown>> {
  readonly meta: StageMeta<O>;
  create(options: O, ctx: StageContext): DemoOperator | GraphOperator;
}

/** What a plugin module exports as default. */
export interface PluginModule {
  readonly meta: { readonly name: string; readonly version: string };
  readonly operators: Readonly<Record<string, StageDefinition<never>>>;
}

/** Identity helper that gives stage definitions their types (for plugin authors). */
export function defineStage<O>(definition: StageDefinition<O>): StageDefinition<O> {
  return definition;
}

/** Identity helper for plugin modules. */
export function definePlugin(plugin: PluginModule): PluginModule {
  return plugin;
}
