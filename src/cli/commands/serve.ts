/**
 * `navgen serve --game-dir DIR DEMO-FOLDER…`: the whole server's navs, kept up to date for as
 * long as it runs (`serve-loop.ts`): every map built at start, then a map rebuilt when a demo of
 * it lands or changes, a new map of the game built from the map alone, each nav installed only
 * once it passed its own test, the one it replaces kept. Logs to stdout, one line per event;
 * SIGTERM or Ctrl-C stops it (a build under way finishes the map it is writing first).
 * docs/serving.md has a systemd unit.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { resolve } from 'node:path';
import { CliError, EXIT_USAGE } from '../exit-codes.js';
import { milliseconds, positiveInt } from '../option-parsers.js';
import { userCacheDir } from '../../pipeline/user-cache.js';
import { serve, serveDefaults } from '../serve-loop.js';
import { resolveGameDir, DEFAULT_MOD } from '../../sources/game/game-dir.js';

interface ServeCliOptions {
  gameDir?: string;
  mod?: string;
  interval: number;
  settle: number;
  workers?: number;
  cache?: string | false;
  reportsDir?: string;
  html: boolean;
}

export function register(program: Command): void {
  program
    .command('serve')
    .description(
      "Keep a game server's navs up to date while it runs: builds every map at start (from its demos, or from the map alone when it has none and no nav), then rebuilds a map when a demo of it lands or changes, once the file has stopped changing, and builds a map added to the game. A nav is installed in MOD/bots/nav/ only when it passed its own test; what it replaces is kept (MAP.nav.orig, then .bak.1…3). Logs to stdout; SIGTERM or Ctrl-C stops it after the map being written. Restarted, it picks up from the cache.",
    )
    .argument('[demos...]', 'demo folders (or files) to watch; none: the maps alone')
    .requiredOption(
      '--game-dir <dir>',
      'the game: a mod folder (e.g. /srv/aq2/action) or the game root with --mod',
    )
    .option('--mod <name>', 'the mod folder when --game-dir is the game root (default action)')
    .addOption(
      new Option('--interval <ms>', 'how often to look at the demo folders and the game')
        .default(serveDefaults.interval)
        .argParser(milliseconds('--interval', 100)),
    )
    .addOption(
      new Option('--settle <ms>', 'how long a change must stay unchanged before it is built')
        .default(serveDefaults.settle)
        .argParser(milliseconds('--settle', 0)),
    )
    .addOption(
      new Option('--workers <n>', 'threads for the builds (default: one per core)').argParser(
        positiveInt('--workers'),
      ),
    )
    .option('--cache <dir>', 'the cache folder (default: the user cache folder)')
    .option('--no-cache', 'no cache (every event rebuilds from scratch: not for a server)')
    .option(
      '--reports-dir <dir>',
      'JSON and HTML build reports and nav test reports (default: navgen-reports/ in the working folder)',
    )
    .option('--no-html', 'no HTML reports')
    .action(async (inputs: string[], opts: ServeCliOptions) => {
      try {
        resolveGameDir(opts.gameDir!, opts.mod ?? DEFAULT_MOD);
      } catch (e) {
        throw new CliError(`--game-dir: ${(e as Error).message}`, EXIT_USAGE);
      }
      const { runAllMaps } = await import('../all-maps/run-all-maps.js');
      const server = serve(
        inputs.map((i) => resolve(i)),
        {
          gameDir: opts.gameDir,
          mod: opts.mod,
          reportsDir: opts.reportsDir ?? 'navgen-reports',
          cache: opts.cache === false ? null : resolve(opts.cache ?? userCacheDir()),
          workers: opts.workers,
          html: opts.html !== false,
          navtest: true,
          keepDamagedPrefix: false,
          json: false,
          quiet: false,
          progress: true,
        },
        { interval: opts.interval, settle: opts.settle },
        (demos, o) => runAllMaps(demos, o),
        (line) => process.stdout.write(`${line}\n`),
      );
      await new Promise<void>((done) => {
        // While idle, a signal stops at once; a build under way has its own handler, which
        // finishes the map being written and exits 130 / 143 (interruption.ts).
        const stop = (signal: NodeJS.Signals) => {
          process.stdout.write(`navgen serve: ${signal}: stopping\n`);
          void server.stop().then(done);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
