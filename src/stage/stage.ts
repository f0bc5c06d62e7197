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
  /**
   * The shared settings this stage owns, each named with the option that sets it (`cluster`:
   * `{ clusterRadius: 'radius' }`): the build publishes them to every stage and sink
   * ({@link SharedSettings}). Absent: none.
   */
  readonly shares?: { readonly [S in keyof SharedSettings]?: keyof O & string };
}

/**
 * Settings one stage owns and other stages and the nav sinks read. Each is an option of its
 * owner (`StageMeta.shares`), set once per pipeline: from the owner's options where the
 * pipeline lists it, else from the owner's default (`shared-settings.ts`). The build puts
 * them on the stage context and on the sinks' input, so what a user sets on the owner reaches
 * every reader and no reader states the default again. [Units: world units]
 */
export interface SharedSettings {
  /** `cluster`'s `radius`: a node stands for the votes this near (the NAV3 nodes' radii). */
  readonly clusterRadius: number;
  /**
   * `feedback`'s `matchRadius`: a node or link end this near a failure the nav test recorded
   * matches it (`connect` and `first-hops` never make such a node or link again).
   */
  readonly matchRadius: number;
  /** `fill`'s `brinkClearance`: no map node this near a fall deeper than `maxDrop` (`first-hops` too). */
  readonly brinkClearance: number;
  /** `fill`'s `maxDrop`: the deepest ledge a map link drops off; deeper is a fall (the brink rule). */
  readonly maxDrop: number;
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
  /**
   * The pipeline's shared settings (see {@link SharedSettings}), set once per pipeline by the
   * build (`pipeline/build.ts`, and in the demo workers from the same values).
   */
  readonly shared: SharedSettings;
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
