/**
 * The kinds of tester `navgen iterate` can use (`navtest.tester` in a pipeline file): what the
 * pipeline file knows of each (`pipeline/tester-kind-meta.ts`: name, needs, keys, defaults)
 * with `load()`, which imports its implementation only when it runs.
 *
 * Adding a kind: write `<kind>-tester.ts` exporting `createTester(context)`, add its meta entry
 * in `pipeline/tester-kind-meta.ts` and its loader here; the pipeline schema's `tester` enum,
 * the config check and the CLI follow.
 */
import type { NodeTypeTable } from '../nav/node-types.js';
import type { PipelineSpec } from '../pipeline/pipeline-spec.js';
import type { NavtestConfig } from './navtest-config.js';
import type { Tester } from './tester.js';
import {
  DEFAULT_TESTER,
  ENGINE_KEYS,
  engineTesterDefaults,
  TESTER_KIND_META,
  type TesterKindMeta,
} from '../pipeline/tester-kind-meta.js';

/** What a kind's implementation gets to build its tester. */
export interface TesterContext {
  readonly config: NavtestConfig;
  readonly spec: PipelineSpec;
  readonly nodeTypes: NodeTypeTable;
  /** Threads the kind may use. [Limit: >= 1] */
  readonly workers: number;
  /** A progress line (to stderr, or nothing). */
  readonly say: (line: string) => void;
}

export interface TesterModule {
  createTester(context: TesterContext): Tester;
}

/** A tester kind: what a pipeline file knows of it, and how to load its implementation. */
export interface TesterKind extends TesterKindMeta {
  readonly load: () => Promise<TesterModule>;
}

/** Each kind's implementation, loaded only when it runs. */
const LOADERS: Readonly<Record<string, () => Promise<TesterModule>>> = {
  command: () => import('./command-tester.js'),
  builtin: () => import('./builtin-tester.js'),
  engine: () => import('./engine-tester.js'),
};

export const TESTER_KINDS: readonly TesterKind[] = TESTER_KIND_META.map((m) => {
  const load = LOADERS[m.name];
  if (!load) throw new Error(`tester kind ${m.name} has no implementation in iterate/`);
  return { ...m, load };
});

export { DEFAULT_TESTER, ENGINE_KEYS, engineTesterDefaults };

export function testerKind(name: string): TesterKind | undefined {
  return TESTER_KINDS.find((k) => k.name === name);
}
