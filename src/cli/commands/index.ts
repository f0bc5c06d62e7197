/**
 * Every subcommand of `navgen`, in the order `--help` lists them, as light descriptors: a name,
 * the arguments and a one-line summary for the command list, and `load()` that imports the
 * command's module (`commands/<name>.ts`, which exports `register(program)`).
 *
 * Only the command that runs is loaded (program.ts): a command module may import whatever its
 * work needs (rxjs, ajv, piscina, resvg…) without slowing `navgen --help` or the other commands.
 * Keep this file free of imports other than types, and keep `load` a literal dynamic import.
 *
 * Adding a command: write `commands/<name>.ts` exporting `register(program)` (see build.ts), then
 * add one entry here. test/cli/lazy-commands.test.ts checks that every entry registers a
 * command of its name and that `--help` loads no command module.
 */
import type { Command } from 'commander';

export interface CommandModule {
  register(program: Command): void;
}

export interface CommandEntry {
  /** The subcommand, as typed. */
  readonly name: string;
  /** Its arguments in commander's syntax, shown in the command list (`<demo>`, `[inputs...]`). */
  readonly args: string;
  /** One line for `navgen --help`; the command's own `--help` has the full description. */
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
}

export const commands: readonly CommandEntry[] = [
  {
    name: 'build',
    args: '[inputs...]',
    summary: 'build a .nav from demos (a pipeline file, or --map/--out with demo files or folders)',
    load: () => import('./build.js'),
  },
  {
    name: 'watch',
    args: '<pipeline>',
    summary: 'build, then rebuild whenever the demos of a pipeline change',
    load: () => import('./watch.js'),
  },
  {
    name: 'serve',
    args: '[demos...]',
    summary: "keep a game server's navs up to date: rebuild a map when a demo of it lands",
    load: () => import('./serve.js'),
  },
  {
    name: 'schema',
    args: '',
    summary: 'print the JSON Schema of pipeline files',
    load: () => import('./schema.js'),
  },
  {
    name: 'info',
    args: '<demo>',
    summary: 'parse a whole demo and print what is in it (maps, players, frames, warnings)',
    load: () => import('./info.js'),
  },
  {
    name: 'frames',
    args: '<demo>',
    summary: "print a demo's headers and frames as JSON lines",
    load: () => import('./frames.js'),
  },
  {
    name: 'inspect',
    args: '<file>',
    summary: 'read a .nav strictly and print its counts, or the first error with its offset',
    load: () => import('./inspect.js'),
  },
  {
    name: 'convert',
    args: '<in> <out>',
    summary: 'rewrite a .nav as the engine saves it',
    load: () => import('./convert.js'),
  },
  {
    name: 'diff',
    args: '<a> <b>',
    summary: 'compare two .nav files of one map',
    load: () => import('./diff.js'),
  },
  {
    name: 'render',
    args: '<nav>',
    summary: 'draw a .nav top-down over its map (SVG or PNG)',
    load: () => import('./render.js'),
  },
  {
    name: 'view',
    args: '<nav>',
    summary: 'look at a .nav over its map in a browser, and mend it (edits that builds keep)',
    load: () => import('./view.js'),
  },
  {
    name: 'mesh',
    args: '<map>',
    summary:
      "build a map's navigation mesh of areas; write it as a Source .nav or navgen's own file",
    load: () => import('./mesh.js'),
  },
  {
    name: 'path',
    args: '<map>',
    summary: 'shortest path between two points over the navigation mesh (A*, string pulling)',
    load: () => import('./path.js'),
  },
  {
    name: 'navtest',
    args: '<nav>',
    summary: 'test a .nav offline: a simulated bot follows every link (no game server)',
    load: () => import('./navtest.js'),
  },
  {
    name: 'trial',
    args: '<nav>',
    summary: "let real bots judge a .nav in an AQtion server install (the engine's own report)",
    load: () => import('./trial.js'),
  },
  {
    name: 'iterate',
    args: '<pipeline>',
    summary: 'build, test with navtest, remove what failed, rebuild until the test passes',
    load: () => import('./iterate.js'),
  },
];
