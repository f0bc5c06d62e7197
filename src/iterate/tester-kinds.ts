/**
 * The tester kinds `navgen iterate` can use (`navtest.tester` in a pipeline file), each joined by
 * its name to the tester it creates. A kind is in two halves because of the layer order: what
 * the pipeline file knows of it (`meta`: name, needs, options with defaults and limits; and
 * `resolve`: options → config) is declared in `pipeline/testers/<kind>.ts`, below the pipeline
 * loader that checks every pipeline's `navtest` section; how it runs (`createTester`: config →
 * `Tester`) needs the engine and the offline test, which sit above the pipeline, so it lives
 * here, in `<kind>-tester.ts`, loaded only when it runs. {@link IMPLEMENTATIONS} is typed by
 * the declarations: a declared kind without its tester, or a tester that takes another kind's
 * config, does not compile.
 *
 * Adding a kind: docs/architecture.md, "Where to add", "A tester".
 */
import type { NodeTypeTable } from '../nav/node-types.js';
import type { PipelineSpec } from '../pipeline/pipeline-spec.js';
import type { ConfigOf, TesterKindMeta } from '../pipeline/testers/tester-kind.js';
import { TESTER_KINDS as DECLARED, type TesterKindName } from '../pipeline/testers/tester-kinds.js';
import type { NavtestConfig } from './navtest-config.js';
import type { Tester } from './tester.js';

/** What a kind's `createTester` gets besides its own config. */
export interface TesterContext {
  /** The whole section, resolved (its `testerConfig` is the kind's config). */
  readonly config: NavtestConfig;
  readonly spec: PipelineSpec;
  readonly nodeTypes: NodeTypeTable;
  /** Threads the kind may use. [Limit: >= 1] */
  readonly workers: number;
  /** A progress line (to stderr, or nothing). */
  readonly say: (line: string) => void;
}

/** What a kind's `<kind>-tester.ts` exports. */
export interface TesterModule<C> {
  createTester(config: C, context: TesterContext): Tester;
}

type KindNamed<N> = Extract<(typeof DECLARED)[number], { meta: { name: N } }>;

/** Each kind's tester, loaded only when it runs. */
const IMPLEMENTATIONS: {
  readonly [N in TesterKindName]: () => Promise<TesterModule<ConfigOf<KindNamed<N>>>>;
} = {
  command: () => import('./command-tester.js'),
  builtin: () => import('./builtin-tester.js'),
  engine: () => import('./engine-tester.js'),
};

/** A tester kind: what a pipeline file knows of it, and how to make its tester. */
export interface TesterKind extends TesterKindMeta {
  /** Loads the kind's tester; `createTester` takes the kind's config from `context.config`. */
  readonly load: () => Promise<{ createTester(context: TesterContext): Tester }>;
}

export const TESTER_KINDS: readonly TesterKind[] = DECLARED.map((kind) => {
  const implementation = IMPLEMENTATIONS[kind.meta.name] as () => Promise<TesterModule<unknown>>;
  return {
    ...kind.meta,
    load: async () => {
      const m = await implementation();
      // resolveNavtestConfig made `testerConfig` with this kind's `resolve`.
      return { createTester: (c: TesterContext) => m.createTester(c.config.testerConfig, c) };
    },
  };
});

export function testerKind(name: string): TesterKind | undefined {
  return TESTER_KINDS.find((k) => k.name === name);
}
