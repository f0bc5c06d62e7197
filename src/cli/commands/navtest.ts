/**
 * `navgen navtest MAP.nav --bsp MAP.bsp [-o MAP.navtest.json] [--json] [--workers N]`: the nav
 * test without a game server. A simulated bot follows every link with the engine's collision
 * model and player movement; the report is the AQtion proposal's `<map>.navtest.json` (what `iterate`
 * reads), with each link's outcome in an extra `links` field. Exit code 0 when the report
 * passes, 1 when it does not (the report is written either way).
 */
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import { runNavtest } from '../../navtest/run-navtest.js';
import { navtestReportText } from '../../navtest/report-text.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { BspError } from '../../sources/bsp/errors.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from '../exit-codes.js';
import { addGameDirOptions, mapFromOptions } from '../map-option.js';
import { positiveInt } from '../option-parsers.js';
import { readNavForCli } from './inspect.js';

interface NavtestCliOptions {
  bsp?: string;
  gameDir?: string;
  mod?: string;
  out?: string;
  json?: boolean;
  workers?: number;
  map?: string;
}

export function register(program: Command): void {
  const cmd = program
    .command('navtest')
    .description(
      "Test a .nav offline: a simulated bot follows every link with the map's collision model and " +
        "the engine's player movement (run, jump, crouch, drop, climb, swim as the AQtion bot does), " +
        'passing when it reaches the target node alive and in time. Nodes count as covered when the ' +
        "spawn points reach them through passing links. Writes the AQtion proposal's <map>.navtest.json " +
        '(coverage, bad nodes, bad links, unreachable nodes, rates, passed) with per-link detail.',
    )
    .argument('<nav>', 'the .nav file to test')
    .option('--bsp <map>', 'the map (BSP v38) the nav belongs to (or --game-dir)')
    .option(
      '-o, --out <file>',
      'the report (default: <nav folder>/<map>.navtest.json; with --game-dir: navgen-reports/<map>.navtest.json in the working folder, never in the game)',
    )
    .option('--map <name>', 'map name in the report (default: the nav file name without .nav)')
    .option('--json', 'print the report on stdout instead of a summary')
    .addOption(
      new Option('--workers <n>', 'threads (default: number of cores)').argParser(
        positiveInt('--workers'),
      ),
    )
    .action(async (navPath: string, opts: NavtestCliOptions) => {
      const map = opts.map ?? basename(navPath).replace(/\.nav$/i, '');
      // With --game-dir the nav is usually the game's own: the report stays out of the game,
      // in navgen-reports/ of the working folder, as build's reports do.
      const out =
        opts.out ??
        (opts.gameDir !== undefined
          ? join('navgen-reports', `${map}.navtest.json`)
          : join(dirname(navPath), `${map}.navtest.json`));
      const nav = (await readNavForCli(navPath)).nav;
      const source = await mapFromOptions(opts, navPath);
      if (!source)
        throw new CliError('navtest needs the map: --bsp MAP.bsp or --game-dir DIR', EXIT_USAGE);
      let run;
      try {
        run = await runNavtest(nav, source.bsp, map, {
          workers: opts.workers ?? availableParallelism(),
        });
      } catch (e) {
        if (e instanceof BspError) throw new CliError(e.message, EXIT_FAILURE);
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') throw new CliError(`${source.where}: no such file`, EXIT_FAILURE);
        throw e;
      } finally {
        await source.cleanup();
      }
      const text = JSON.stringify(run.report, null, 1) + '\n';
      try {
        await mkdir(dirname(resolve(out)), { recursive: true });
        await writeFileAtomic(out, Buffer.from(text, 'utf8'));
      } catch (e) {
        const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
        throw new CliError(`${out}: cannot write the report: ${reason}`, EXIT_FAILURE);
      }
      if (opts.json) process.stdout.write(text);
      else process.stdout.write(navtestReportText(run, out));
      if (!run.report.passed) process.exitCode = EXIT_FAILURE;
    });
  addGameDirOptions(cmd);
}
