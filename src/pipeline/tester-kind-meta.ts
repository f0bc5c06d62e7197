/**
 * What a pipeline file knows of each tester kind `navtest.tester` can name: what it needs of the
 * pipeline (a command, the map, keys of its own) and the defaults of its keys. The pipeline
 * schema and the config check read this; `iterate/tester-kinds.ts` adds how each kind runs.
 */

export interface TesterKindMeta {
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
}

/** `navtest` keys of the engine tester (see `iterate/navtest-config.ts`). */
export const ENGINE_KEYS = ['engine', 'bots', 'seconds', 'runs', 'user', 'noCombat'] as const;

/** Defaults of the engine tester's keys (`iterate/navtest-config.ts` resolves them). */
export const engineTesterDefaults = Object.freeze({
  bots: 8,
  seconds: 300,
  runs: 1,
  noCombat: true,
});

export const TESTER_KIND_META: readonly TesterKindMeta[] = [
  {
    name: 'command',
    summary:
      'run `command` (the game server in bot_navtest mode, or any program) and read the report it writes',
    runsCommand: true,
    needsBsp: false,
    ownKeys: ['command', 'cwd', 'installDir', 'report', 'timeout', 'env'],
  },
  {
    name: 'builtin',
    summary:
      "navgen's own offline test (`navgen navtest`: a simulated bot on the map's collision model, no game server); needs the pipeline's bsp",
    runsCommand: false,
    needsBsp: true,
    ownKeys: [],
  },
  {
    name: 'engine',
    summary:
      "first the offline test (its failures are pruned first, fast), then real bots in an AQtion server install (`navgen trial`: navtest.engine, bots, seconds, runs, user, noCombat); needs the pipeline's bsp",
    runsCommand: false,
    needsBsp: true,
    ownKeys: ENGINE_KEYS,
  },
];

export const DEFAULT_TESTER = 'command';
