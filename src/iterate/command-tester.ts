/**
 * The tester that runs an external program, as the AQtion proposal's batch runner does: copy the draft to
 * where the game looks for it (`<installDir>/<map>.nav`), delete any old report, start the
 * command (placeholders filled in, no shell, time limit), and read the report it leaves.
 *
 * The file that was installed before the first test is kept beside the iterations
 * (`<workDir>/<map>.nav.before-iterate`) and put back by {@link CommandTester.dispose}, so a
 * run leaves the game folder as it found it. A backup left by an interrupted run is kept, not
 * overwritten: it is still the original.
 */
import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import { NavtestReportError, readNavtestReport } from '../sources/feedback/navtest-report.js';
import type { CommandTesterConfig } from '../pipeline/testers/command.js';
import { fillPlaceholders, type PlaceholderValues } from '../pipeline/testers/placeholders.js';
import { runProcess, type ProcessOutcome } from './run-process.js';
import { TesterError, type Draft, type TestOutcome, type Tester } from './tester.js';
import type { TesterContext } from './tester-kinds.js';

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

/** The kind's `create` (`tester-kinds.ts` joins it to `pipeline/testers/command.ts`). */
export function createTester(config: CommandTesterConfig, c: TesterContext): Tester {
  return new CommandTester(config, c.config.workDir);
}
