/**
 * `navtest: { command, cwd, env, installDir, report, timeout }` (the default kind): a program
 * tests each draft, as the AQtion proposal's batch runner does: the game's dedicated server in
 * `bot_navtest` mode, or anything that writes a `<map>.navtest.json` report. Per draft the
 * tester copies the draft to where the game looks for it (`<installDir>/<map>.nav`), deletes any
 * old report, starts the command (placeholders filled in, no shell, time limit), and reads the
 * report it leaves.
 *
 * The file that was installed before the first test is kept beside the iterations
 * (`<workDir>/<map>.nav.before-iterate`) and put back by {@link CommandTester.dispose}, so a
 * run leaves the game folder as it found it. A backup left by an interrupted run is kept, not
 * overwritten: it is still the original.
 *
 * @example
 * navtest:
 *   command: [/games/aq2/q2proded, +set, game, action, +set, bot_navtest, '1',
 *             +set, bot_navtest_duration, '300', +map, '{map}']
 *   installDir: /games/aq2/action/bots/nav      # the draft goes to …/wizs.nav
 *   report: /games/aq2/action/bots/nav/{map}.navtest.json   # the default
 *   timeout: 600
 */
import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { absolute } from '../files/absolute-path.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { NavtestReportError, readNavtestReport } from '../sources/feedback/navtest-report.js';
import { numOption, type OptionRow } from '../stage/schema-helpers.js';
import { fillPlaceholders, placeholderProblems, type PlaceholderValues } from './placeholders.js';
import { runProcess, type ProcessOutcome } from './run-process.js';
import { CommandLineError, splitCommandLine } from './split-command.js';
import { defineTesterKind, optionalRow, pathSchema } from './tester-kind.js';
import { TesterError, type Draft, type TestOutcome, type Tester } from './tester.js';

/** What the command tester runs with. */
export interface CommandTesterConfig {
  /** Program and arguments, placeholders not yet filled. [Limit: >= 1 word, the first non-empty] */
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
  /** The `timeout` option. [Units: s] */
  readonly timeoutSeconds: number;
}

const COMMAND_OPTIONS = {
  command: optionalRow<string | readonly string[]>({
    description:
      'The test program and its arguments (no shell). Placeholders: {map}, {nav} (the installed draft), {report}, {draft} (the draft in the iterations folder), {iteration}; {{ and }} are literal braces.',
    oneOf: [
      {
        type: 'string',
        minLength: 1,
        description:
          'One line, split into words like a shell would (quotes, backslashes); no pipes or variables.',
      },
      {
        type: 'array',
        minItems: 1,
        items: { type: 'string' },
        description: 'Program, then arguments (preferred).',
      },
    ],
  }),
  cwd: optionalRow<string>(
    pathSchema("Working folder of the command (default: the pipeline file's folder)."),
  ),
  installDir: optionalRow<string>(
    pathSchema(
      "Where the draft is copied as <map>.nav before each test, e.g. the game's bots/nav folder (default: the iterations folder). Restored afterwards.",
    ),
  ),
  report: optionalRow<string>(
    pathSchema(
      'Where the test writes its report; may use {map} (default: <installDir>/<map>.navtest.json).',
    ),
  ),
  // The AQtion proposal's test lasts 300 s; map load and bot start-up come on top.
  timeout: numOption(900, 'Seconds one test may take before its process group is killed. [s]', {
    exclusiveMinimum: 0,
  }),
  env: {
    default: {},
    schema: {
      type: 'object',
      description: 'Extra environment variables for the command; values may use the placeholders.',
      additionalProperties: { type: ['string', 'number', 'boolean'] },
    },
  } as OptionRow<Readonly<Record<string, string | number | boolean>>>,
};

export interface CommandTesterOptions {
  /** [Units: ms] Between SIGTERM and SIGKILL when the command must be stopped. [Limit: >= 0] */
  readonly killGraceMs: number;
}

export const commandTesterDefaults: CommandTesterOptions = Object.freeze({ killGraceMs: 5000 });

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

export class CommandTester implements Tester {
  readonly name: string;
  private readonly options: CommandTesterOptions;
  private readonly workDir: string;
  private readonly backupPath: string;
  /** null until the first install; then whether there was a file to put back. */
  private hadOriginal: boolean | null = null;

  constructor(
    private readonly config: CommandTesterConfig,
    /** The iterations folder, where the installed file is kept until {@link dispose}. */
    workDir: string,
    options: Partial<CommandTesterOptions> = {},
  ) {
    this.options = { ...commandTesterDefaults, ...options };
    this.name = `command "${config.command[0]}"`;
    this.workDir = workDir;
    this.backupPath = join(workDir, `${basename(config.installPath)}.before-iterate`);
  }

  async test(draft: Draft, signal?: AbortSignal): Promise<TestOutcome> {
    const c = this.config;
    if (signal?.aborted)
      throw new TesterError('aborted', `${this.name} not started (run cancelled)`);
    await this.install(draft);
    await rm(c.report, { force: true }); // a stale report must never pass for a new one
    const values: PlaceholderValues = {
      map: draft.map,
      nav: c.installPath,
      report: c.report,
      draft: draft.navPath,
      iteration: String(draft.iteration),
    };
    const argv = c.command.map((w) => fillPlaceholders(w, values));
    const env = { ...process.env };
    for (const [k, v] of Object.entries(c.env)) env[k] = fillPlaceholders(v, values);
    const logFile = join(draft.folder, 'navtest.log');
    const run = await runProcess(argv, {
      cwd: c.cwd,
      env,
      timeoutMs: c.timeoutSeconds * 1000,
      killGraceMs: this.options.killGraceMs,
      logFile,
      signal,
    });
    this.checkExit(run, argv[0], logFile);
    if (!(await exists(c.report))) {
      throw new TesterError(
        'no-report',
        `${this.name} exited normally but wrote no report at ${c.report}`,
        tail(run),
      );
    }
    try {
      return { report: await readNavtestReport(c.report), source: c.report };
    } catch (e) {
      if (e instanceof NavtestReportError)
        throw new TesterError('bad-report', e.message, '', { cause: e });
      throw e;
    }
  }

  private checkExit(run: ProcessOutcome, program: string, logFile: string): void {
    const log = `full output in ${logFile}`;
    if (run.startError) {
      const code = (run.startError as NodeJS.ErrnoException).code ?? run.startError.message;
      throw new TesterError(
        'not-started',
        `cannot start ${JSON.stringify(program)} (${code}); give a full path or fix navtest.command / navtest.cwd`,
      );
    }
    if (run.aborted)
      throw new TesterError('aborted', `${this.name} was stopped (run cancelled)`, tail(run));
    if (run.timedOut) {
      throw new TesterError(
        'timeout',
        `${this.name} timed out after ${this.config.timeoutSeconds} s (navtest.timeout); its process group was killed; ${log}`,
        tail(run),
      );
    }
    if (run.exitCode !== 0) {
      const how = run.exitSignal
        ? `was killed by ${run.exitSignal}`
        : `exited with code ${run.exitCode}`;
      throw new TesterError(
        'crash',
        `${this.name} ${how} after ${run.seconds.toFixed(1)} s; ${log}`,
        tail(run),
      );
    }
  }

  private async install(draft: Draft): Promise<void> {
    const c = this.config;
    await mkdir(c.installDir, { recursive: true });
    if (this.hadOriginal === null) {
      if (await exists(this.backupPath)) this.hadOriginal = true;
      else if (await exists(c.installPath)) {
        await mkdir(this.workDir, { recursive: true });
        await copyFile(c.installPath, this.backupPath);
        this.hadOriginal = true;
      } else this.hadOriginal = false;
    }
    await writeFileAtomic(c.installPath, await readFile(draft.navPath));
  }

  async dispose(): Promise<void> {
    if (this.hadOriginal === null) return;
    if (this.hadOriginal) {
      await writeFileAtomic(this.config.installPath, await readFile(this.backupPath));
      await rm(this.backupPath, { force: true });
    } else {
      await rm(this.config.installPath, { force: true });
    }
    this.hadOriginal = null;
  }
}

function tail(run: ProcessOutcome): string {
  const lines = (run.stderrTail.trim() ? run.stderrTail : run.stdoutTail).trimEnd().split('\n');
  return lines.slice(-12).join('\n');
}

export const commandTester = defineTesterKind({
  meta: {
    name: 'command',
    summary:
      'run `command` (the game server in bot_navtest mode, or any program) and read the report it writes',
    needs: { command: true, map: false },
    options: COMMAND_OPTIONS,
  },
  resolve(o, { baseDir, map, workDir, problem }): CommandTesterConfig {
    let command: string[] = [];
    let splitFailed = false;
    if (typeof o.command === 'string') {
      try {
        command = splitCommandLine(o.command);
      } catch (e) {
        if (!(e instanceof CommandLineError)) throw e;
        problem(['command'], e.message);
        splitFailed = true;
      }
    } else if (o.command !== null) {
      command = [...o.command];
    }
    if (o.command !== null && !splitFailed && (command.length === 0 || command[0] === ''))
      problem(['command'], 'names no program');
    const check = (path: (string | number)[], text: string, allowed?: readonly string[]) => {
      const reasons = placeholderProblems(text, allowed);
      for (const reason of reasons) problem(path, reason);
      return reasons.length === 0;
    };
    if (Array.isArray(o.command)) o.command.forEach((w, i) => check(['command', i], w));
    else if (typeof o.command === 'string') check(['command'], o.command);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(o.env)) {
      env[k] = String(v);
      check(['env', k], env[k]);
    }
    const reportFits = o.report === null || check(['report'], o.report, ['map']);

    const installDir = o.installDir !== null ? absolute(baseDir, o.installDir) : workDir;
    return {
      command,
      cwd: o.cwd !== null ? absolute(baseDir, o.cwd) : baseDir,
      env,
      installDir,
      installPath: join(installDir, `${map}.nav`),
      report:
        o.report === null
          ? join(installDir, `${map}.navtest.json`)
          : reportFits
            ? absolute(baseDir, fillPlaceholders(o.report, { map }))
            : '', // unused: the problem is reported
      timeoutSeconds: o.timeout,
    };
  },
  create: (config, c) => new CommandTester(config, c.workDir),
});
