/**
 * `navtest: { command, cwd, env, installDir, report, timeout }` (the default kind): a program
 * tests each draft, as the AQtion proposal's batch runner does: the game's dedicated server in
 * `bot_navtest` mode, or anything that writes a `<map>.navtest.json` report. Its tester is
 * `iterate/command-tester.ts`.
 *
 * @example
 * navtest:
 *   command: [/games/aq2/q2proded, +set, game, action, +set, bot_navtest, '1',
 *             +set, bot_navtest_duration, '300', +map, '{map}']
 *   installDir: /games/aq2/action/bots/nav      # the draft goes to …/wizs.nav
 *   report: /games/aq2/action/bots/nav/{map}.navtest.json   # the default
 *   timeout: 600
 */
import { join } from 'node:path';
import { absolute } from '../pipeline-spec.js';
import { numOption, type OptionRow } from '../../stage/schema-helpers.js';
import { fillPlaceholders, placeholderProblems } from './placeholders.js';
import { CommandLineError, splitCommandLine } from './split-command.js';
import { defineTesterKind, optionalRow, pathSchema } from './tester-kind.js';

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
});
