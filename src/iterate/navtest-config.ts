/**
 * The pipeline's `navtest` section, resolved for `navgen iterate`: defaults filled in, the
 * command split into words, placeholders checked, paths made absolute (relative to the
 * pipeline file), the feedback stage's match radius looked up.
 *
 * The structure was already checked against `navtestSchema` (`pipeline-schema.ts`) when the
 * pipeline was loaded; what a schema cannot say (a placeholder typo, an unterminated quote, a
 * pipeline without the feedback stage) is checked here, with the same kind of error: file,
 * line, column, key path.
 *
 * @example
 * navtest:
 *   command: [/games/aq2/q2proded, +set, game, action, +set, bot_navtest, '1',
 *             +set, bot_navtest_duration, '300', +map, '{map}']
 *   installDir: /games/aq2/action/bots/nav      # the draft goes to …/wizs.nav
 *   report: /games/aq2/action/bots/nav/{map}.navtest.json   # the default
 *   timeout: 600
 *   maxIterations: 10
 *   thresholds: { minCoverage: 0.85 }
 */
import { dirname, join } from 'node:path';
import type { Locate } from '../pipeline/load-pipeline.js';
import { PipelineConfigError, PipelineConfigErrors, suggest } from '../pipeline/config-error.js';
import { absolute, graphStages, type PipelineSpec } from '../pipeline/pipeline-spec.js';
import { fillPlaceholders, PLACEHOLDER_NAMES, unknownPlaceholders } from './placeholders.js';
import { CommandLineError, splitCommandLine } from './split-command.js';
import { primaryNavOutput } from '../pipeline/pipeline-spec.js';
import { DEFAULT_TESTER, engineTesterDefaults, testerKind, TESTER_KINDS } from './tester-kinds.js';

/** Pass conditions navgen checks on top of the report's own `passed`; null: not checked. */
export interface NavtestThresholds {
  /** Least `coverage_ratio`. [Limit: 0..1] */
  readonly minCoverage: number | null;
  /** Most `death_rate_per_bot_min`. [Units: deaths per bot per minute] [Limit: >= 0] */
  readonly maxDeathRate: number | null;
  /** Most `stuck_rate_per_bot_min`. [Units: stuck events per bot per minute] [Limit: >= 0] */
  readonly maxStuckRate: number | null;
  /** Largest share of the draft's nodes listed in `unreachable_nodes`. [Limit: 0..1] */
  readonly maxUnreachable: number | null;
}

/** `navtest: { tester: engine, engine: DIR, bots, seconds, runs, user, noCombat }`. */
export interface EngineTesterConfig {
  /** The AQtion server install (absolute). */
  readonly dir: string;
  /** [Limit: 1..15] */
  readonly bots: number;
  /** Real time each run plays. [Units: s] [Limit: >= 1] */
  readonly seconds: number;
  /** Runs per draft, all at once. [Limit: >= 1] */
  readonly runs: number;
  /** The unprivileged account the server runs as when navgen runs as root; null: none given. */
  readonly user: string | null;
  /** Bots do not fight (default true): see `src/engine/server-config.ts`. */
  readonly noCombat: boolean;
}

export interface NavtestConfig {
  /**
   * The tester kind's name (`tester-kinds.ts`): `command` runs `command` (the game server in
   * `bot_navtest` mode, or any program writing a report); `builtin` is navgen's own offline test
   * (`src/navtest/`, needs the pipeline's `bsp`); `engine` the offline test, then real bots.
   */
  readonly tester: string;
  /** The engine tester's settings; null for the other kinds. */
  readonly engine: EngineTesterConfig | null;
  /** The map file, for the builtin tester (absolute); null when the pipeline names none. */
  readonly bsp: string | null;
  /** Program and arguments, placeholders not yet filled; empty for the builtin tester. [Limit: >= 1 word, first non-empty] */
  readonly command: readonly string[];
  /** Working folder of the command (absolute). */
  readonly cwd: string;
  /** Extra environment variables, placeholders not yet filled. */
  readonly env: Readonly<Record<string, string>>;
  /** Folder the draft is installed into (absolute). */
  readonly installDir: string;
  /** `<installDir>/<map>.nav`: what `{nav}` stands for. */
  readonly installPath: string;
  /** Where the report appears (absolute, `{map}` filled in). */
  readonly report: string;
  /** [Units: seconds] [Limit: > 0] */
  readonly timeoutSeconds: number;
  /** [Limit: 1..100] */
  readonly maxIterations: number;
  /** The iterations folder (absolute). */
  readonly workDir: string;
  readonly thresholds: NavtestThresholds;
  /**
   * The feedback stage's `matchRadius`: nodes this close to a recorded failure are gone from
   * every later draft (the loop asserts it). [Units: world units]
   */
  readonly matchRadius: number;
}

export const navtestDefaults = Object.freeze({
  /** [Units: seconds] The AQtion proposal's test lasts 300 s; map load and bot start-up come on top. */
  timeout: 900,
  /** The AQtion proposal's batch runner stops after 10 rounds. */
  maxIterations: 10,
});

interface RawNavtest {
  tester?: string;
  engine?: string;
  bots?: number;
  seconds?: number;
  runs?: number;
  user?: string;
  noCombat?: boolean;
  command?: string | string[];
  cwd?: string;
  installDir?: string;
  report?: string;
  timeout?: number;
  maxIterations?: number;
  workDir?: string;
  env?: Record<string, string | number | boolean>;
  thresholds?: Partial<Record<keyof NavtestThresholds, number>>;
}

/**
 * Resolves `spec.navtest`; throws {@link PipelineConfigErrors} listing every problem.
 * `locate` (from the pipeline source) adds line and column to the messages.
 */
export function resolveNavtestConfig(
  spec: PipelineSpec,
  locate: Locate = () => null,
): NavtestConfig {
  const file = spec.file ?? 'command line';
  const fail = (path: (string | number)[], reason: string): PipelineConfigError => {
    const pos = locate(path);
    const label = path.reduce<string>(
      (s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : k),
      '',
    );
    return new PipelineConfigError(file, label, reason, pos?.line ?? null, pos?.column ?? null);
  };
  if (!spec.navtest) {
    throw new PipelineConfigErrors([
      fail(
        [],
        'navgen iterate needs a navtest section saying how to test a draft, e.g.\n' +
          "  navtest:\n    command: [/path/to/q2proded, +set, bot_navtest, '1', +map, '{map}']\n    installDir: /path/to/action/bots/nav",
      ),
    ]);
  }
  const raw = spec.navtest as unknown as RawNavtest;
  const errors: PipelineConfigError[] = [];
  // The drafts are AQtion navs (the testers load them); the chosen one ships as output.nav.
  if (spec.output.nav === null) {
    errors.push(
      fail(['output', 'nav'], 'navgen iterate ships an AQtion .nav: add "nav: <file>" to output'),
    );
  }

  const feedbackStage = graphStages(spec).find((s) => s.name === 'feedback');
  if (!feedbackStage) {
    errors.push(
      fail(
        ['stages'],
        'navgen iterate needs the feedback stage (it removes what the test found bad); add "- feedback" as the last stage',
      ),
    );
  }
  const matchRadius = Number(
    (feedbackStage?.options as { matchRadius?: number } | undefined)?.matchRadius ?? 48,
  );

  const kindName = raw.tester ?? DEFAULT_TESTER;
  const kind = testerKind(kindName);
  if (!kind) {
    errors.push(
      fail(
        ['navtest', 'tester'],
        `unknown tester "${kindName}"; known: ${TESTER_KINDS.map((k) => k.name).join(', ')}`,
      ),
    );
  }
  const noCommand = kind !== undefined && !kind.runsCommand;
  if (noCommand && raw.command !== undefined)
    errors.push(
      fail(
        ['navtest', 'command'],
        `the ${kindName} tester runs no command; remove "command" or "tester: ${kindName}"`,
      ),
    );
  if (kind?.needsBsp && !spec.bsp)
    errors.push(
      fail(
        ['navtest', 'tester'],
        `the ${kindName} tester needs the map: add "bsp: path/to/<map>.bsp" to the pipeline`,
      ),
    );
  for (const other of TESTER_KINDS) {
    if (other === kind || other.runsCommand) continue;
    for (const key of other.ownKeys)
      if ((raw as Record<string, unknown>)[key] !== undefined)
        errors.push(
          fail(
            ['navtest', key],
            `only the ${other.name} tester reads "${key}"; add "tester: ${other.name}" or remove it`,
          ),
        );
  }
  if (kind?.name === 'engine' && raw.engine === undefined)
    errors.push(
      fail(
        ['navtest'],
        'the engine tester needs "engine": the folder of an AQtion server install (q2proded and action/)',
      ),
    );
  let command: string[] = [];
  if (noCommand || !kind) {
    // no command
  } else if (raw.command === undefined) {
    errors.push(
      fail(
        ['navtest'],
        `needs "command" (a program that tests the draft) or "tester: ${TESTER_KINDS.filter(
          (k) => !k.runsCommand,
        )
          .map((k) => k.name)
          .join('" / "tester: ')}"`,
      ),
    );
  } else if (typeof raw.command === 'string') {
    try {
      command = splitCommandLine(raw.command);
    } catch (e) {
      if (!(e instanceof CommandLineError)) throw e;
      errors.push(fail(['navtest', 'command'], e.message));
    }
  } else {
    command = [...raw.command];
  }
  if (!noCommand && raw.command !== undefined && (command.length === 0 || command[0] === '')) {
    if (!errors.some((e) => e.path === 'navtest.command'))
      errors.push(fail(['navtest', 'command'], 'names no program'));
  }
  const checkTemplate = (
    path: (string | number)[],
    text: string,
    allowed: readonly string[] = PLACEHOLDER_NAMES,
  ) => {
    for (const name of unknownPlaceholders(text, allowed)) {
      if ((PLACEHOLDER_NAMES as readonly string[]).includes(name)) {
        errors.push(
          fail(
            path,
            `placeholder {${name}} cannot be used here; only ${allowed.map((n) => `{${n}}`).join(' ')}`,
          ),
        );
        continue;
      }
      const hint = suggest(name, allowed);
      errors.push(
        fail(
          path,
          `unknown placeholder {${name}}${hint ? `; did you mean {${hint}}?` : `; known: ${allowed.map((n) => `{${n}}`).join(' ')}`} (write {{ for a literal brace)`,
        ),
      );
    }
  };
  if (Array.isArray(raw.command))
    raw.command.forEach((w, i) => checkTemplate(['navtest', 'command', i], w));
  else if (raw.command !== undefined) checkTemplate(['navtest', 'command'], raw.command);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw.env ?? {})) {
    env[k] = String(v);
    checkTemplate(['navtest', 'env', k], env[k]);
  }
  for (const key of ['report', 'workDir'] as const) {
    const v = raw[key];
    if (v !== undefined) checkTemplate(['navtest', key], v, ['map']);
  }
  if (errors.length > 0) throw new PipelineConfigErrors(errors);

  const base = spec.baseDir;
  const mapOnly = (p: string) => fillPlaceholders(p, { map: spec.map });
  const workDir = raw.workDir
    ? absolute(base, mapOnly(raw.workDir))
    : join(dirname(primaryNavOutput(spec.output)), `${spec.map}.iterations`);
  const installDir = raw.installDir ? absolute(base, raw.installDir) : workDir;
  const t = raw.thresholds ?? {};
  const d = engineTesterDefaults;
  return {
    tester: kind!.name,
    engine:
      kind!.name === 'engine'
        ? {
            dir: absolute(base, raw.engine!),
            bots: raw.bots ?? d.bots,
            seconds: raw.seconds ?? d.seconds,
            runs: raw.runs ?? d.runs,
            user: raw.user ?? null,
            noCombat: raw.noCombat ?? d.noCombat,
          }
        : null,
    bsp: spec.bsp ? absolute(base, spec.bsp) : null,
    command,
    cwd: raw.cwd ? absolute(base, raw.cwd) : base,
    env,
    installDir,
    installPath: join(installDir, `${spec.map}.nav`),
    report: raw.report
      ? absolute(base, mapOnly(raw.report))
      : join(installDir, `${spec.map}.navtest.json`),
    timeoutSeconds: raw.timeout ?? navtestDefaults.timeout,
    maxIterations: raw.maxIterations ?? navtestDefaults.maxIterations,
    workDir,
    thresholds: {
      minCoverage: t.minCoverage ?? null,
      maxDeathRate: t.maxDeathRate ?? null,
      maxStuckRate: t.maxStuckRate ?? null,
      maxUnreachable: t.maxUnreachable ?? null,
    },
    matchRadius,
  };
}
