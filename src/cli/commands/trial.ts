/**
 * `navgen trial MAP.nav --engine DIR [--map NAME] [--bsp FILE] [--bots 8] [--seconds 300]
 * [--runs N] [--compare OTHER.nav] [-o REPORT.json] [--json] [--no-combat] [--user NAME]`:
 * real bots judge a nav in the admin's own AQtion server (`src/engine/`). Writes the AQtion proposal's
 * report with `tester: "engine"` (what `iterate` reads); the demos and server consoles go to
 * `<report>.runs/`. Exit code 0 when the report passes, 1 when it does not (written either way),
 * 2 for a bad command line or install.
 */
import { basename, dirname, join } from 'node:path';
import { Option, type Command } from 'commander';
import { compareReports } from '../../engine/compare.js';
import { EngineInstallError, locateEngine } from '../../engine/engine-install.js';
import { findMap, MapNotFoundError } from '../../engine/find-map.js';
import { comparisonText, engineReportText } from '../../engine/report-text.js';
import { singleVerdict } from '../../engine/trial-verdict.js';
import {
  PLAYED_CELL,
  playedCells,
  playedShare,
  type AreaOfPlay,
} from '../../engine/played-cells.js';
import { mapFloor } from '../../engine/floor-cells.js';
import { expandDemoInputs } from '../demo-inputs.js';
import { resolveRunAs, RunAsError, runningAsRoot } from '../../engine/run-as.js';
import { TrialError } from '../../engine/run-trial.js';
import { runSession } from '../../engine/trial-session.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from '../exit-codes.js';
import { positiveInt } from '../option-parsers.js';
import { readNavForCli } from './inspect.js';

interface TrialCliOptions {
  engine: string;
  map?: string;
  bsp?: string;
  bots: number;
  seconds: number;
  runs: number;
  compare?: string;
  out?: string;
  json?: boolean;
  combat: boolean;
  user?: string;
  progress: boolean;
  played?: string[];
}

/** The map a nav file is for: its name up to the first dot (`wizs.autogen.nav` → `wizs`). */
export function mapOfNav(path: string): string {
  return basename(path).replace(/\..*$/, '');
}

export function register(program: Command): void {
  program
    .command('trial')
    .description(
      'Let real bots judge a .nav: runs the unmodified AQtion server of an install (--engine DIR) on 127.0.0.1 ' +
        'in a fresh temporary game folder holding the nav (nothing of the install is written), with N bots in ' +
        'deathmatch and no time or frag limit, records an MVD2 and measures it: coverage, environmental deaths ' +
        'by cause, stuck events and seconds, distance per bot-minute, per-node visits/deaths/stuck and per-link ' +
        'traversals/failures. Writes the AQtion proposal\'s navtest report (tester "engine"; what iterate reads) and keeps ' +
        'every demo and server console in <report>.runs/. All runs (and --compare) play at once, on free ports.',
    )
    .argument('<nav>', 'the .nav file to try')
    .requiredOption(
      '--engine <dir>',
      'an AQtion server install: q2proded and action/ (or game/action/) with the game library',
    )
    .option('--map <name>', 'the map (default: the nav file name up to its first dot)')
    .option(
      '--bsp <file>',
      "the map file (default: maps/<map>.bsp in the install's action folder, loose or in a .pak/.pkz)",
    )
    .addOption(new Option('--bots <n>', 'bots per server (1..15)').default(8).argParser(botCount))
    .addOption(
      new Option('--seconds <s>', 'real time each run plays')
        .default(300)
        .argParser(positiveInt('--seconds')),
    )
    .addOption(
      new Option('--runs <n>', 'runs per nav (all at once)')
        .default(1)
        .argParser(positiveInt('--runs')),
    )
    .option(
      '--compare <other>',
      'also try this nav of the same map, side by side, and print the ratios',
    )
    .option('-o, --out <file>', 'the report (default: <nav folder>/<map>.trial.json)')
    .option('--json', 'print the report (with --compare: both and the comparison) on stdout')
    .option(
      '--no-combat',
      "bots do not fight: cheats 1 and the MVD recorder's client made notarget, so the bots' enemy search gives up",
    )
    .option(
      '--user <name>',
      'when run as root: the unprivileged account the server runs as (the engine refuses root)',
    )
    .option(
      '--played <demos...>',
      "with --compare: demos of the map (files or folders) whose players' places are the played area; the comparison says which nav's bots reached more of it (without: the map's walkable floor, every floor a player walks to from a spawn point)",
    )
    .option('--no-progress', 'no progress lines')
    .action(async (navPath: string, opts: TrialCliOptions) => {
      const map = opts.map ?? mapOfNav(navPath);
      const out = opts.out ?? join(dirname(navPath), `${map}.trial.json`);
      const runsDir = out.replace(/\.json$/i, '') + '.runs';
      let install;
      let runAs;
      let bsp;
      try {
        install = locateEngine(opts.engine);
        runAs = resolveRunAs(opts.user, runningAsRoot());
        bsp = await findMap(map, install.modDir, opts.bsp);
      } catch (e) {
        if (
          e instanceof EngineInstallError ||
          e instanceof RunAsError ||
          e instanceof MapNotFoundError
        )
          throw new CliError(e.message, EXIT_USAGE);
        throw e;
      }
      if (opts.played && !opts.compare)
        throw new CliError('--played goes with --compare (it compares two navs)', EXIT_USAGE);
      // The area bots are measured against, before the servers start (a wrong demo path fails
      // at once): where the demos' players stood, or the map's walkable floor without demos.
      let area: AreaOfPlay | null = null;
      if (opts.played) {
        area = { cells: await playedCells(expandDemoInputs(opts.played), map), from: 'demos' };
        if (area.cells.length === 0)
          throw new CliError(
            `--played: no player stood on ${map} in ${opts.played.join(', ')}`,
            EXIT_USAGE,
          );
      } else if (opts.compare) {
        area = await mapFloor(bsp.bytes);
        if (opts.progress)
          process.stderr.write(
            `navgen: measuring roaming against the map's walkable floor (${area.cells.length} cells of ${PLAYED_CELL} units); --played DEMOS measures it against where their players went\n`,
          );
      }
      const navs = [{ label: 'nav', path: navPath, nav: (await readNavForCli(navPath)).nav }];
      if (opts.compare)
        navs.push({
          label: 'compare',
          path: opts.compare,
          nav: (await readNavForCli(opts.compare)).nav,
        });
      const say = opts.progress
        ? (line: string) => process.stderr.write(`navgen: ${line}\n`)
        : undefined;
      const controller = new AbortController();
      const onSigint = () => controller.abort();
      process.once('SIGINT', onSigint);
      let session;
      try {
        session = await runSession({
          install,
          map,
          bspBytes: bsp.bytes,
          navs,
          bots: opts.bots,
          seconds: opts.seconds,
          runs: opts.runs,
          noCombat: !opts.combat,
          runAs,
          outDir: runsDir,
          say,
          signal: controller.signal,
        });
      } catch (e) {
        if (e instanceof TrialError) throw new CliError(e.message, EXIT_FAILURE);
        throw e;
      } finally {
        process.off('SIGINT', onSigint);
      }
      const [report, other] = session.reports;
      const write = async (file: string, value: unknown) => {
        try {
          await writeFileAtomic(file, Buffer.from(JSON.stringify(value, null, 1) + '\n', 'utf8'));
        } catch (e) {
          const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
          throw new CliError(`${file}: cannot write the report: ${reason}`, EXIT_FAILURE);
        }
      };
      await write(out, report);
      const otherOut = out.replace(/\.json$/i, '') + '.compare.json';
      const comparison = other ? compareReports(report, other) : null;
      if (other) await write(otherOut, other);
      if (opts.json) {
        const union = (r: typeof report) => [...new Set(r.per_run.flatMap((x) => x.cells ?? []))];
        const playedArea =
          area && other
            ? {
                from: area.from,
                cells: area.cells.length,
                nav: playedShare(area.cells, union(report)),
                compare: playedShare(area.cells, union(other)),
              }
            : undefined;
        const value = comparison ? { report, compare: other, comparison, playedArea } : report;
        process.stdout.write(JSON.stringify(value, null, 1) + '\n');
      } else {
        process.stdout.write(engineReportText(report, out, basename(navPath)));
        if (other && comparison) {
          process.stdout.write(engineReportText(other, otherOut, basename(opts.compare!)));
          process.stdout.write(
            comparisonText(
              comparison,
              basename(navPath),
              basename(opts.compare!),
              report,
              other,
              area,
            ),
          );
        }
        process.stdout.write(`demos and server consoles: ${runsDir}\n`);
      }
      // A failed verdict fails the command; a trial too short for one only reports.
      const verdict = singleVerdict(report);
      if (verdict.kind === 'judged' && !verdict.passed) process.exitCode = EXIT_FAILURE;
    });
}

function botCount(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 15)
    throw new CliError(`--bots must be an integer in 1..15, got "${v}"`, EXIT_USAGE);
  return n;
}
