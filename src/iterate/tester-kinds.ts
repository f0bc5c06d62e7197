/**
 * The kinds of tester `navgen iterate` can use (`navtest.tester` in a pipeline file), as a small
 * registry rather than a closed union checked in the CLI: each kind says what it needs of the
 * pipeline (a command, the map, its own keys), and `load()` imports its implementation only
 * when it runs (the schema and the config check import this file; they must stay light).
 *
 * Adding a kind: write `<kind>-tester.ts` exporting `createTester(context)`, add one entry
 * here; the pipeline schema's `tester` enum, the config check and the CLI follow.
 */
import type { NodeTypeTable } from '../nav/node-types.js';
import type { PipelineSpec } from '../pipeline/pipeline-spec.js';
import type { NavtestConfig } from './navtest-config.js';
import type { Tester } from './tester.js';

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

export interface TesterKind {
  /** The value of `navtest.tester`. */
  readonly name: string;
  /** One sentence for the schema and messages. */
  readonly summary: string;
  /** Runs `navtest.command` (and needs it). */
  readonly runsCommand: boolean;
  /** Needs the pipeline's `bsp`. */
  readonly needsBsp: boolean;
  /** Keys of the navtest section only this kind reads. */
  readonly ownKeys: readonly string[];
  readonly load: () => Promise<TesterModule>;
}

/** `navtest` keys of the engine tester (see `navtest-config.ts`). */
export const ENGINE_KEYS = ['engine', 'bots', 'seconds', 'runs', 'user', 'noCombat'] as const;

/** Defaults of the engine tester's keys (`navtest-config.ts` resolves them). */
export const engineTesterDefaults = Object.freeze({
  bots: 8,
  seconds: 300,
  runs: 1,
  noCombat: true,
});

export const TESTER_KINDS: readonly TesterKind[] = [
  {
    name: 'command',
    summary:
      'run `command` (the game server in bot_navtest mode, or any program) and read the report it writes',
    runsCommand: true,
    needsBsp: false,
    ownKeys: ['command', 'cwd', 'installDir', 'report', 'timeout', 'env'],
    load: () => import('./command-tester.js'),
  },
  {
    name: 'builtin',
    summary:
      "navgen's own offline test (`navgen navtest`: a simulated bot on the map's collision model, no game server); needs the pipeline's bsp",
    runsCommand: false,
    needsBsp: true,
    ownKeys: [],
    load: () => import('./builtin-tester.js'),
  },
  {
    name: 'engine',
    summary:
      "first the offline test (its failures are pruned first, fast), then real bots in an AQtion server install (`navgen trial`: navtest.engine, bots, seconds, runs, user, noCombat); needs the pipeline's bsp",
    runsCommand: false,
    needsBsp: true,
    ownKeys: ENGINE_KEYS,
    load: () => import('./engine-tester.js'),
  },
];

export const DEFAULT_TESTER = 'command';

export function testerKind(name: string): TesterKind | undefined {
  return TESTER_KINDS.find((k) => k.name === name);
}
