/**
 * What a tester kind (the value of a pipeline's `navtest.tester`) is, after ESLint's rule shape,
 * one file per kind in this folder: a `meta` (its name, one sentence, what it needs of the
 * pipeline, and its options: each key of the `navtest` section only it reads, with its default
 * and its JSON Schema, where the limits and units are stated once), a `resolve` (its options,
 * checked against those schemas and merged over the defaults → the typed config its tester runs
 * with) and a `create` (that config → the {@link Tester} that judges each draft).
 *
 * The flow is the stages' (docs/style.md, "Configuration"): the pipeline loader checks the
 * section against the schema composed from every kind's options
 * (`pipeline/navtest-section.ts`); `iterate/navtest-config.ts` checks it again for code that
 * builds a pipeline by hand, merges the defaults, and calls the kind's `resolve` once;
 * `navgen iterate` calls its `create`.
 */
import type { JsonSchema } from '../stage/stage.js';
import type { OptionRow, OptionsOf } from '../stage/schema-helpers.js';
import type { NodeTypeTable } from '../nav/node-types.js';
import type { Tester } from './tester.js';

/** A kind's options: one row per key of the `navtest` section it reads, in the order the docs list them. */
export type TesterOptionTable = Readonly<Record<string, OptionRow<unknown>>>;

/** The key of the section that `needs.command` refers to: the program a kind runs. */
export const COMMAND_KEY = 'command';

export interface TesterKindMeta<
  N extends string = string,
  T extends TesterOptionTable = TesterOptionTable,
> {
  /** The value of `navtest.tester`. */
  readonly name: N;
  /** One sentence for the schema and messages (what it needs and which keys it reads are added). */
  readonly summary: string;
  readonly needs: {
    /** Runs `navtest.command`, which it then needs (its options hold the `command` row). */
    readonly command: boolean;
    /** Needs the pipeline's `bsp`. */
    readonly map: boolean;
  };
  /**
   * The keys of the section only this kind reads. The schema's limits are the only ones: the
   * loader and the resolver check them, `resolve` gets values within them. A default of null
   * means "none given" (the kind's `resolve` says what follows).
   */
  readonly options: T;
}

/** What a kind's `resolve` gets besides its options. */
export interface ResolveContext {
  /** The pipeline file's folder: relative paths are taken from it. */
  readonly baseDir: string;
  readonly map: string;
  /** The iterations folder (absolute). */
  readonly workDir: string;
  /** Records a problem at a key path below `navtest` (`['command', 2]`; `[]` for the section). */
  readonly problem: (path: readonly (string | number)[], reason: string) => void;
}

/** What a kind's `create` gets besides its own config. */
export interface TesterContext {
  /** The pipeline's map name. */
  readonly map: string;
  /** The map file (absolute); present whenever the kind's `meta.needs.map` is. */
  readonly bsp: string | null;
  /** The iterations folder (absolute), where a tester may keep what it must put back. */
  readonly workDir: string;
  readonly nodeTypes: NodeTypeTable;
  /** Threads the kind may use. [Limit: >= 1] */
  readonly workers: number;
  /** A progress line (to stderr, or nothing). */
  readonly say: (line: string) => void;
}

export interface TesterKind<
  N extends string = string,
  T extends TesterOptionTable = TesterOptionTable,
  C = unknown,
> {
  readonly meta: TesterKindMeta<N, T>;
  /**
   * The kind's options (given over the defaults, within the schema's limits) → the config its
   * tester runs with: paths made absolute, text converted; what a schema cannot say (a
   * placeholder typo, a required key) goes to `ctx.problem`, and the result is then unused.
   */
  resolve(options: OptionsOf<T>, ctx: ResolveContext): C;
  /** The config `resolve` made → the tester that judges each draft of one `navgen iterate` run. */
  create(config: C, ctx: TesterContext): Tester;
}

/** A kind, its types inferred (`defineTesterKind({ meta: { name: 'x', … }, resolve, create })`). */
export function defineTesterKind<const N extends string, T extends TesterOptionTable, C>(
  kind: TesterKind<N, T, C>,
): TesterKind<N, T, C> {
  return kind;
}

/** The config a kind's `resolve` makes. */
export type ConfigOf<K> = K extends TesterKind<string, TesterOptionTable, infer C> ? C : never;

/** A path option: a non-empty string (relative paths: to the pipeline file). */
export const pathSchema = (description: string): JsonSchema => ({
  type: 'string',
  minLength: 1,
  description,
});

/** A row whose default is none (`null`): the kind's `resolve` says what follows. */
export function optionalRow<T>(schema: JsonSchema): OptionRow<T | null> {
  return { default: null, schema };
}

/** A kind's options from the section: each key given, else its default. */
export function optionsFrom<T extends TesterOptionTable>(
  table: T,
  section: Readonly<Record<string, unknown>>,
): OptionsOf<T> {
  const o: Record<string, unknown> = {};
  for (const [key, row] of Object.entries(table))
    o[key] = section[key] !== undefined ? section[key] : row.default;
  return o as OptionsOf<T>;
}
