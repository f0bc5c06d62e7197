/**
 * `navgen view MAP.nav [--bsp MAP.bsp | --game-dir DIR] [--report BUILD.json]
 * [--navtest R.json] [--trial R.json] [--edits FILE] [--port N] [--open]`: the nav in a
 * browser page, to look at and to mend. The page is served on 127.0.0.1 only; the printed URL
 * carries the session's token. See src/view/ (server, session) and src/view-page/ (the page).
 */
import { spawn } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { startViewServer } from '../../view/view-server.js';
import { openView } from '../../view/open-view.js';
import { ViewReportError } from '../../view/view-report-error.js';
import { viewPageScript } from '../../sinks/view/viewer-html.js';
import { NavtestReportError } from '../../sources/feedback/navtest-report.js';
import { BspError } from '../../sources/bsp/errors.js';
import { CliError, EXIT_FAILURE } from '../exit-codes.js';
import { readNavForCli } from './inspect.js';
import { addGameDirOptions, mapFromOptions } from '../map-option.js';
import { EXIT_SIGINT, EXIT_SIGTERM } from '../interruption.js';

interface ViewOptions {
  bsp?: string;
  gameDir?: string;
  mod?: string;
  map?: string;
  report?: string;
  navtest?: string;
  trial?: string;
  edits?: string;
  port: number;
  open?: boolean;
}

function parsePort(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('must be a port number 0..65535 (0: a free port)');
  return n;
}

/** Opens `url` in the desktop's browser; a failure is said, not fatal (the URL is printed). */
function openBrowser(url: string): void {
  const cmd =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(cmd, [url], { stdio: 'ignore', detached: true });
  child.on('error', (e) =>
    process.stderr.write(`could not open a browser (${cmd}: ${e.message}); open the URL above\n`),
  );
  child.unref();
}

export function register(program: Command): void {
  const cmd = program
    .command('view')
    .description(
      'Look at a .nav over its map in a browser, and mend it. The page shows the floors top-down ' +
        'by height band (pan: drag or arrow keys; zoom: wheel or +/-; bands: PageUp/PageDown), ' +
        'nodes and links by type; click one to see all that is known of it: its links, where it ' +
        'came from (--report), what the nav test (--navtest) and real bots (--trial) found there. ' +
        'With the map (--bsp or --game-dir) you can delete nodes and links, add links, change types ' +
        'and move nodes: every added or moved link is run by the simulated bot first, and one it ' +
        'cannot take is refused. Save writes the nav (the one it replaces kept as .orig, then ' +
        '.bak.N) and appends the edits to the edits file, which builds apply to every later build ' +
        'of the map (edits: in the pipeline file, or --edits in flag form). ' +
        'The server listens on 127.0.0.1 only and answers only requests that carry the token of ' +
        'the URL it prints; stop it with Ctrl-C.',
    )
    .argument('<nav>', 'the .nav file to show (and save to)')
    .option('--bsp <map>', 'the map (BSP v38): floors, hazards, and the simulated bot for edits')
    .option(
      '--map <name>',
      'with --game-dir: the map to find (default: the nav file name without .nav)',
    )
    .option('--report <build.json>', "a build's JSON report of this nav: where each node came from")
    .option('--navtest <report>', 'a nav test report of this nav: failed links and nodes')
    .option(
      '--trial <report>',
      'a trial report of this nav (navgen trial --json): stuck spots, deaths, traversals',
    )
    .option(
      '--edits <file>',
      'the edits file saves append to (default: <map>.edits.json in the current folder); give it ' +
        'to builds with edits: or --edits so they keep the mends',
    )
    .option(
      '--port <n>',
      'the port to listen on, 127.0.0.1 only (default: a free one)',
      parsePort,
      0,
    )
    .option('--open', "open the page in the desktop's browser")
    .action(async (navPath: string, opts: ViewOptions) => {
      const nav = (await readNavForCli(navPath)).nav;
      const source = await mapFromOptions(opts, navPath);
      const map = opts.map ?? basename(navPath).replace(/\.nav$/i, '');
      const editsPath = resolve(opts.edits ?? `${map}.edits.json`);
      let opened;
      try {
        opened = await openView({
          navPath: resolve(navPath),
          nav,
          bsp: source?.bsp ?? null,
          map,
          editsPath,
          buildReport: opts.report,
          navtestReport: opts.navtest,
          trialReport: opts.trial,
          log: (line) => process.stderr.write(`${line}\n`),
        });
      } catch (e) {
        await source?.cleanup();
        if (
          e instanceof ViewReportError ||
          e instanceof NavtestReportError ||
          e instanceof BspError
        )
          throw new CliError(e.message, EXIT_FAILURE);
        if (e instanceof Error && /provenance|another nav/.test(e.message))
          throw new CliError(e.message, EXIT_FAILURE);
        throw e;
      }
      const script = await viewPageScript();
      const server = await startViewServer({
        session: opened.session,
        model: opened.model,
        script,
        port: opts.port,
        log: (line) => process.stdout.write(`${line}\n`),
      }).catch(async (e: NodeJS.ErrnoException) => {
        await source?.cleanup();
        throw new CliError(
          `cannot listen on 127.0.0.1:${opts.port}: ${e.code ?? e.message}${e.code === 'EADDRINUSE' ? ' (another program has the port; leave --port out for a free one)' : ''}`,
          EXIT_FAILURE,
        );
      });
      process.stdout.write(
        `navgen view: ${basename(navPath)}${source ? ` over ${source.where}` : ' (no map: read-only)'}\n` +
          `  open ${server.url}\n` +
          (opened.session.editable
            ? `  saves write ${resolve(navPath)} and the edits to ${editsPath}\n`
            : '') +
          '  Ctrl-C stops the server\n',
      );
      if (opts.open) openBrowser(server.url);
      await new Promise<void>((done) => {
        const stop = (signal: NodeJS.Signals) => {
          if (opened.session.dirty)
            process.stderr.write(
              'stopped with unsaved edits: they are lost (the nav on disk is as last saved)\n',
            );
          void server
            .close()
            .then(() => source?.cleanup())
            .then(() => {
              done();
              process.exit(signal === 'SIGINT' ? EXIT_SIGINT : EXIT_SIGTERM);
            });
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
  addGameDirOptions(cmd);
}
