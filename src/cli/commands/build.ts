/**
 * `navgen build`: demos → `.nav`, from a pipeline file or from flags.
 *
 *   navgen build pipelines/wizs.yaml
 *   navgen build --map wizs --bsp maps/wizs.bsp --out wizs.nav [--min-demos N] DEMO… DEMO-FOLDER…
 *   navgen build --map wizs --game-dir /srv/aq2/action DEMO-FOLDER   (map from the game, nav into it)
 *   … --edits wizs.edits.json   (an admin's mends, made again on every build: nav/edits/)
 *
 * Both forms run the same pipeline and give byte-identical outputs.
 */
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import { parseSize } from '../../files/cache-bound.js';
import {
  runBuild,
  BuildError,
  NavTestFailed,
  NoDemosFound,
  type BuildResult,
} from '../../pipeline/build.js';
import { PipelineConfigError, PipelineConfigErrors } from '../../pipeline/config-error.js';
import { loadPipelineFile } from '../../pipeline/load-pipeline.js';
import { pipelineFromFlags } from '../../pipeline/flags-pipeline.js';
import type { PipelineSpec } from '../../pipeline/pipeline-spec.js';
import {
  CliError,
  EXIT_FAILURE,
  EXIT_LOCKED,
  EXIT_NOT_CONVERGED,
  EXIT_NO_INPUT,
  EXIT_PARTIAL,
  EXIT_USAGE,
} from '../exit-codes.js';
import { BuildLockedError, lockOutputs, type BuildLock } from '../../pipeline/build-lock.js';
import { progressObserver } from '../progress.js';
import { Interruption } from '../interruption.js';
import { lockWaitOption, positiveInt, positiveIntOrAuto } from '../option-parsers.js';
import { formatBuildSummary, buildSummaryJson } from '../build-summary.js';
import { expandDemoInputs } from '../demo-inputs.js';
import { buildProblemLines } from '../demo-problems.js';
import { prepareGameFolder, type GameFolderBuild } from '../game-folder.js';
import { checkOutputPath, describeFsError } from '../output-paths.js';
import { prepareNavBackup } from '../../files/nav-backup.js';
import { userCacheDir } from '../../pipeline/user-cache.js';
import { EditsFileError } from '../../nav/edits/edits-file.js';
import {
  DEFAULT_NAV_SINK,
  NAV_SINKS,
  OTHER_NAV_SINKS,
  navFlag,
  primaryNavOutput,
  type OtherNavOutputName,
} from '../../sinks/nav-sinks.js';

/**
 * The flag of each nav format after the default one (`--q2r-nav [file]`, `sinks/nav-sinks.ts`):
 * a file, or true (no file: the game's own place, with --game-dir).
 */
type OtherNavOptions = { [K in OtherNavOutputName]?: string | true };

interface BuildOptions extends OtherNavOptions {
  map?: string;
  cacheLimit?: number;
  allMaps?: boolean;
  mapsDir?: string;
  outDir?: string;
  reportsDir?: string;
  navtest?: boolean;
  /** false when --no-map was given (build without the map, on purpose). */
  useMap?: boolean;
  bsp?: string;
  out?: string;
  gameDir?: string;
  mod?: string;
  minDemos?: number | 'auto';
  workers?: number;
  cache?: string | false;
  report?: string;
  strafeTraces?: string;
  html?: string | false;
  feedback?: string;
  feedbackNav?: string;
  edits?: string;
  keepDamagedPrefix?: boolean;
  lockWait: number;
  json?: boolean;
  quiet?: boolean;
  progress?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command('build')
    .description(
      'Build a .nav from demos: from a pipeline file (navgen build pipelines/MAP.yaml), from flags (navgen build --map MAP --bsp MAP.bsp --out MAP.nav DEMO-OR-FOLDER...), or from a game folder (navgen build --map MAP --game-dir /srv/aq2/action DEMO-FOLDER: the map from the game, the nav into MOD/bots/nav/). Per-demo work runs in worker threads and is cached by content hash. A node needs votes from --min-demos distinct demos (auto: up to 3, fewer when fewer demos are given); a build that keeps nothing says which threshold dropped it and never overwrites an existing nav.',
    )
    .argument(
      '[inputs...]',
      'a pipeline file (.yaml/.json), or with --map: demo files, globs or folders (every .mvd2/.dm2, gzipped or not, under a folder)',
    )
    .option('--map <name>', 'map name (flag form); only segments played on it are used')
    .option(
      '--all-maps',
      'build every map the demos were played on (with --game-dir, or --maps-dir and --out-dir): one line per map, then a table; maps missing from the game are skipped with a note (exit 3). With --game-dir, every other map of the game (loose or in its .pak/.pkz) too, from the map alone, unless it has a nav already (kept: a nav from the map alone never replaces one)',
    )
    .option('--maps-dir <dir>', '--all-maps: the folder of loose maps (MAP.bsp or maps/MAP.bsp)')
    .option('--out-dir <dir>', '--all-maps with --maps-dir: the folder the navs are written to')
    .option(
      '--reports-dir <dir>',
      'JSON and HTML build reports and nav test reports (default with --game-dir: navgen-reports/ in the working folder)',
    )
    .option(
      '--no-navtest',
      '--all-maps: do not write each map\u2019s nav test report (every build still tests its nav before writing it)',
    )
    .option(
      '--bsp <file>',
      'the map (BSP v38): spawn points, fill and the map checks (flag form; needed unless --game-dir or --no-map)',
    )
    .addOption(
      new NoMapOption(
        '--no-map',
        'build from the demos alone, without the map (no spawn points, no fill, no map checks): only on purpose',
      ),
    )
    .option(
      '--out <file>',
      'the .nav to write (flag form; default with --game-dir: MOD/bots/nav/MAP.nav)',
    );
  // Every other nav format by its own flag, as its sink declares it.
  for (const sink of OTHER_NAV_SINKS)
    command.option(`${navFlag(sink)} [file]`, sink.meta.flagHelp ?? sink.meta.description);
  command
    .option(
      '--game-dir <dir>',
      "the game: a mod folder (e.g. /srv/aq2/action) or the game root with --mod. Finds maps/MAP.bsp loose or in its .pak/.pkz archives (the engine's search order) and writes MOD/bots/nav/MAP.nav, keeping the first nav it replaces as MAP.nav.orig and later ones as MAP.nav.bak.1…3. With a pipeline file: the file's map from this game, as its game: key does",
    )
    .option('--mod <name>', 'the mod folder when --game-dir is the game root (default action)')
    .addOption(
      new Option(
        '--min-demos <n|auto>',
        'least distinct demos voting for a node (flag form). auto (default): min(3, demos used), so one or two demos still give a nav; raise it to drop routes only one demo took',
      ).argParser(positiveIntOrAuto('--min-demos')),
    )
    .addOption(
      new Option('--workers <n>', 'worker threads (default: number of cores)').argParser(
        positiveInt('--workers'),
      ),
    )
    .option(
      '--cache <dir>',
      'cache folder: per-demo votes, link verdicts, the map analysis (default: $XDG_CACHE_HOME/navgen or ~/.cache/navgen, also for pipeline files without cache:)',
    )
    .option('--no-cache', 'do not read or write the cache')
    .option(
      '--cache-limit <size>',
      'after the build, remove the cache entries used longest ago until the folder holds at most this much (e.g. 500M, 2G; default 4G)',
      parseSize,
    )
    .option('--report <file>', 'write the JSON build report here')
    .option('--strafe-traces <file>', 'write the high-speed traversals archive here')
    .option(
      '--html <file>',
      'write the HTML report here (default: <map>.report.html beside the JSON report, or beside the .nav without one)',
    )
    .option('--no-html', 'do not write the HTML report')
    .option('--feedback <file>', 'navgen feedback file, or a navtest report (with --feedback-nav)')
    .option('--feedback-nav <file>', 'the .nav that the navtest report tested')
    .option(
      '--edits <file>',
      "an edits file (navgen-edits JSON, as navgen view saves it): the admin's mends (deleted nodes and links, added links, node types, moved nodes) made again on this build, after the graph stages and before its own nav test. An edit whose node is gone is reported on the summary and in the JSON report; a missing or broken file stops the build (exit 2). With a pipeline file: instead of its edits: key",
    )
    .option(
      '--keep-damaged-prefix',
      'use the frames before the damage of damaged demos (default: quarantine them); exit code 3 either way',
    )
    .addOption(lockWaitOption())
    .option('--json', 'print the summary as JSON (one entry per demo)')
    .option('-q, --quiet', 'print nothing but errors')
    .option('--no-progress', 'no progress bar or lines')
    .action(async (inputs: string[], opts: BuildOptions) => {
      if (opts.allMaps) return allMaps(inputs, opts);
      // A pipeline file with --game-dir: the file's map and nav from that game (its `game:`).
      const pipelineFile = opts.map === undefined && opts.out === undefined;
      const game =
        opts.gameDir !== undefined && !pipelineFile
          ? await gameFolder(opts, inputs)
          : opts.mod !== undefined
            ? usage('--mod goes with --game-dir')
            : null;
      try {
        await buildAction(inputs, opts, game);
      } finally {
        await game?.cleanup();
      }
    });
}

/** `--no-map` kept apart from `--map <name>` (commander would set the name to false). */
class NoMapOption extends Option {
  override attributeName(): string {
    return 'useMap';
  }
}

async function allMaps(inputs: string[], opts: BuildOptions): Promise<void> {
  if (opts.map || opts.bsp || opts.out)
    usage('--all-maps finds the maps itself: no --map, --bsp or --out');
  if (opts.edits !== undefined)
    usage('--edits holds the edits of one map: build that map (--map MAP or its pipeline file)');
  if ((opts.gameDir === undefined) === (opts.mapsDir === undefined))
    usage('--all-maps needs --game-dir DIR, or --maps-dir DIR with --out-dir DIR');
  if (opts.mapsDir !== undefined && opts.outDir === undefined)
    usage('--maps-dir needs --out-dir (where the navs go)');
  // With a game folder and no demos: every map of the game from the map alone.
  if (inputs.length === 0 && opts.gameDir === undefined)
    usage(
      'no demo files or folders given (with --game-dir, none builds every map from the map alone)',
    );
  for (const sink of OTHER_NAV_SINKS)
    if (typeof opts[sink.meta.name] === 'string')
      usage(
        `${navFlag(sink)} with --all-maps takes no file: each map's ${sink.meta.format} goes where the game reads it (with --maps-dir: OUT-DIR/${sink.meta.outDirFolder ? `${sink.meta.outDirFolder}/` : ''}MAP.nav)`,
      );
  const { runAllMaps } = await import('../all-maps/run-all-maps.js');
  process.exitCode = await runAllMaps(expandDemoInputs(inputs), {
    otherNavs: OTHER_NAV_SINKS.filter((s) => opts[s.meta.name] === true).map((s) => s.meta.name),
    gameDir: opts.gameDir,
    mod: opts.mod,
    mapsDir: opts.mapsDir,
    outDir: opts.outDir,
    reportsDir: opts.reportsDir ?? opts.outDir ?? 'navgen-reports',
    cache: opts.cache === false ? null : resolve(opts.cache ?? userCacheDir()),
    workers: opts.workers,
    minDemos: opts.minDemos,
    html: opts.html !== false,
    navtest: opts.navtest !== false,
    keepDamagedPrefix: opts.keepDamagedPrefix === true,
    json: opts.json === true,
    quiet: opts.quiet === true,
    progress: opts.progress !== false,
  });
}

function usage(message: string): never {
  throw new CliError(message, EXIT_USAGE);
}

/**
 * With --game-dir the reports stay out of the game folder: in --reports-dir (default
 * navgen-reports/ in the working folder), the HTML one beside the JSON one.
 */
function gameReports(opts: BuildOptions): Pick<BuildOptions, 'report' | 'html'> {
  const dir = opts.reportsDir ?? 'navgen-reports';
  return {
    report: opts.report ?? join(dir, `${opts.map}.report.json`),
    html: opts.html ?? join(dirname(opts.report ?? join(dir, 'x')), `${opts.map}.report.html`),
  };
}

async function gameFolder(opts: BuildOptions, inputs: string[]): Promise<GameFolderBuild> {
  if (!opts.map)
    usage('--game-dir needs --map (the map to find in the game and build), or --all-maps');
  try {
    return await prepareGameFolder(opts.gameDir!, opts.mod, opts.map, opts.bsp, opts.out);
  } catch (e) {
    // A map the game lacks: say which maps the demos hold (a mistyped --map, most likely).
    if (!(e instanceof CliError) || !/is in none of/.test(e.message) || inputs.length === 0)
      throw e;
    const { demoMapsHint } = await import('../all-maps/map-hint.js');
    const cache = opts.cache === false ? null : resolve(opts.cache ?? userCacheDir());
    const hint = await demoMapsHint(opts.map, expandDemoInputs(inputs), cache);
    throw new CliError(`${e.message}; ${hint}`, e.exitCode);
  }
}

async function buildAction(
  inputs: string[],
  opts: BuildOptions,
  game: GameFolderBuild | null,
): Promise<void> {
  // A format's flag without a file: where the game reads that format.
  const otherNavs: OtherNavOptions = Object.fromEntries(
    OTHER_NAV_SINKS.map((sink) => {
      const given = opts[sink.meta.name];
      return [
        sink.meta.name,
        given === true
          ? (game?.navs[sink.meta.name] ??
            usage(`${navFlag(sink)} without a file needs --game-dir (or give the file)`))
          : given,
      ];
    }),
  );
  const withGame = game ? { ...opts, bsp: game.bsp, out: game.out, ...gameReports(opts) } : opts;
  const spec = await specFrom(inputs, { ...withGame, ...otherNavs });
  checkOutputs(spec);
  const mapSource = game?.mapSource ?? spec.game?.mapSource;
  if (mapSource && !opts.quiet && !opts.json)
    process.stderr.write(`navgen: map ${spec.map} from ${mapSource}\n`);
  const started = Date.now();
  const mode =
    opts.quiet || opts.progress === false ? 'none' : process.stderr.isTTY ? 'bar' : 'lines';
  const shown = progressObserver(mode);
  // Ctrl-C before the writes: nothing changed; during them: they finish first (interruption.ts).
  let writesBegun = false;
  let kept: string | null = null;
  const nav = primaryNavOutput(spec.output);
  const interruption = new Interruption(() =>
    writesBegun
      ? [
          `the outputs were written before stopping (${Object.values(spec.output)
            .filter((p): p is string => typeof p === 'string')
            .join(', ')})${kept ? `; the nav replaced is kept as ${kept}` : ''}`,
        ]
      : [`stopped before writing anything: ${nav} is as it was`],
  );
  const progress: typeof shown = {
    ...shown,
    phase(name) {
      if (name === 'write' && !writesBegun) {
        writesBegun = true;
        interruption.beginWrites();
      }
      shown.phase?.(name);
    },
  };
  const uninstall = interruption.install();
  let result: BuildResult;
  let lock: BuildLock | null = null;
  try {
    // One build of these outputs at a time (pipeline/build-lock.ts); a killed build's lock is stale.
    lock = await lockOutputs(spec, 'build', opts.lockWait, (line) => process.stderr.write(line));
    // What navgen replaces in a game is kept (nav-backup.ts): the flag form's nav, or a
    // pipeline's nav in its game's bots/nav/.
    const byDefault = DEFAULT_NAV_SINK.meta.name;
    const navInGame = spec.output[byDefault];
    const inGame = !spec.file || (spec.game && navInGame === spec.game.navs[byDefault]);
    const backup = inGame && navInGame ? await prepareNavBackup(navInGame) : null;
    try {
      result = await runBuild(spec, progress, { cacheLimit: opts.cacheLimit });
      kept = (await backup?.keep()) ?? null;
    } finally {
      if (writesBegun) interruption.endWrites();
    }
    if (kept && !opts.quiet && !opts.json)
      process.stderr.write(`navgen: kept the nav being replaced as ${kept}\n`);
  } catch (e) {
    if (e instanceof NoDemosFound) throw new CliError(e.message, EXIT_NO_INPUT);
    if (e instanceof NavTestFailed) throw new CliError(e.message, EXIT_NOT_CONVERGED);
    if (e instanceof BuildError) throw new CliError(e.message, EXIT_FAILURE);
    if (e instanceof BuildLockedError) throw new CliError(e.message, EXIT_LOCKED);
    if (e instanceof EditsFileError) throw new CliError(e.message, EXIT_USAGE);
    const fs = describeFsError(e);
    if (fs) throw new CliError(fs, EXIT_FAILURE);
    throw e;
  } finally {
    progress.stop();
    uninstall();
    await lock?.release();
  }
  const seconds = (Date.now() - started) / 1000;
  if (opts.json)
    process.stdout.write(
      JSON.stringify({ ...buildSummaryJson(result, seconds), cache: spec.cache }, null, 2) + '\n',
    );
  else if (!opts.quiet)
    process.stdout.write(formatBuildSummary(result, seconds) + `cache ${spec.cache ?? 'off'}\n`);
  else for (const p of buildProblemLines(result)) process.stderr.write(`navgen: ${p}\n`);
  if (buildProblemLines(result).length > 0) process.exitCode = EXIT_PARTIAL;
}

async function specFrom(inputs: string[], opts: BuildOptions): Promise<PipelineSpec> {
  const flagForm = opts.map !== undefined || opts.out !== undefined;
  // The other nav formats given with a file (`--q2r-nav FILE`).
  const otherNavs = Object.fromEntries(
    OTHER_NAV_SINKS.flatMap((s) => {
      const given = opts[s.meta.name];
      return typeof given === 'string' && given ? [[s.meta.name, given]] : [];
    }),
  ) as { [K in OtherNavOutputName]?: string };
  const overrides = {
    ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
    ...(opts.cache !== undefined ? { cache: opts.cache } : {}),
  };
  // Without --cache, both forms cache in the user cache folder (pipeline/user-cache.ts).
  try {
    if (flagForm) {
      if (!opts.map || (!opts.out && Object.keys(otherNavs).length === 0))
        throw new CliError(
          `the flag form needs --map and --out (or ${OTHER_NAV_SINKS.map(navFlag).join(', or ')}, or --game-dir), and demo files or folders`,
          EXIT_USAGE,
        );
      // No demos with a map: the map alone, on purpose (spawn points, fill and the map checks).
      if (inputs.length === 0 && (!opts.bsp || opts.useMap === false))
        throw new CliError(
          'no demo files or folders given (to build from the map alone, give the map: --bsp MAP.bsp or --game-dir DIR)',
          EXIT_USAGE,
        );
      if (!opts.bsp && opts.useMap !== false)
        usage(
          'the flag form needs the map: --bsp MAP.bsp, or --game-dir DIR to find it in the game (or --no-map to build from the demos alone, without spawn points, fill or map checks)',
        );
      if (opts.bsp && opts.useMap === false) usage('--no-map and --bsp contradict each other');
      return await pipelineFromFlags({
        map: opts.map,
        bsp: opts.bsp,
        out: opts.out,
        ...otherNavs,
        demos: expandDemoInputs(inputs),
        minDemos: opts.minDemos,
        report: opts.report,
        strafeTraces: opts.strafeTraces,
        html: opts.html,
        feedback: opts.feedback,
        feedbackNav: opts.feedbackNav,
        edits: opts.edits,
        damaged: opts.keepDamagedPrefix ? 'keep-prefix' : undefined,
        ...overrides,
      });
    }
    if (inputs.length !== 1) {
      throw new CliError(
        'give one pipeline file, or use --map/--out with demo files (see navgen build --help)',
        EXIT_USAGE,
      );
    }
    for (const flag of ['bsp', 'minDemos', 'feedback', 'feedbackNav'] as const) {
      if (opts[flag] !== undefined)
        throw new CliError(
          `--${flag.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} belongs to the flag form; set it in the pipeline file`,
          EXIT_USAGE,
        );
    }
    const spec = await loadPipelineFile(inputs[0], { gameDir: opts.gameDir, mod: opts.mod });
    return {
      ...spec,
      ...overrides,
      cache: opts.cache === false ? null : opts.cache !== undefined ? opts.cache : spec.cache,
      damaged: opts.keepDamagedPrefix ? 'keep-prefix' : spec.damaged,
      edits: opts.edits !== undefined ? resolve(opts.edits) : spec.edits,
      output: {
        ...spec.output,
        ...Object.fromEntries(Object.entries(otherNavs).map(([k, p]) => [k, resolve(p)])),
        ...(opts.report ? { report: opts.report } : {}),
        ...(opts.strafeTraces ? { strafeTraces: opts.strafeTraces } : {}),
        ...(opts.html === false ? { html: null } : opts.html ? { html: resolve(opts.html) } : {}),
      },
    };
  } catch (e) {
    if (e instanceof PipelineConfigError || e instanceof PipelineConfigErrors)
      throw new CliError(e.message, EXIT_USAGE);
    throw e;
  }
}

/** Outputs that cannot be written are said before the build, in one line each. */
function checkOutputs(spec: PipelineSpec): void {
  const o = spec.output;
  for (const sink of NAV_SINKS) {
    const path = o[sink.meta.name];
    if (path) checkOutputPath(path, sink.meta.noun);
  }
  if (o.report) checkOutputPath(o.report, 'the JSON report');
  if (o.html) checkOutputPath(o.html, 'the HTML report');
  if (o.strafeTraces) checkOutputPath(o.strafeTraces, 'the strafe traces');
}
