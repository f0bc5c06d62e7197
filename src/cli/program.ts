/**
 * The `navgen` command line. Each subcommand lives in `commands/<name>.ts`; `commands/index.ts`
 * lists them as light descriptors, and only the command that runs is imported (with whatever it
 * needs), so `navgen --help` starts about as fast as node itself and `navgen info` loads the demo
 * reader and nothing of the build. This file assembles the program and turns errors into exit
 * codes.
 */
import { Command, CommanderError } from 'commander';
import { commands, type CommandEntry } from './commands/index.js';
import { CliError, EXIT_CODES_HELP, EXIT_FAILURE, EXIT_USAGE } from './exit-codes.js';
import { VERSION } from '../version.js';
import { PROGRAM_FLAGS, unknownCommand } from './unknown-command.js';

/**
 * The command that `argv` runs: the first word that is not an option (`help X` asks for X).
 * Undefined when there is none, or when the word names no command (commander then reports it).
 */
export function commandToLoad(argv: readonly string[]): CommandEntry | undefined {
  let i = 0;
  while (i < argv.length && PROGRAM_FLAGS.has(argv[i])) i++;
  let word = argv[i];
  if (word === 'help') word = argv[i + 1];
  return commands.find((c) => c.name === word);
}

const QUICK_START = `Start with:
  navgen build --map MAP --game-dir GAME/action DEMOS/   map from the game, nav into its bots/nav/
  navgen build --map MAP --bsp MAP.bsp --out MAP.nav DEMOS/
  navgen info DEMO                                       what a demo holds
  navgen COMMAND --help                                  every option of a command
`;

function newProgram(): Command {
  return new Command('navgen')
    .description(
      'Learns bot navigation (.nav) for Quake 2 / Action Quake 2 maps from recorded multi-view demos (MVD2).',
    )
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\n' + QUICK_START + '\n' + EXIT_CODES_HELP)
    .exitOverride();
}

/**
 * The program with every command listed and `load` (if any) registered in full; the others are
 * placeholders carrying the name, arguments and summary for the command list and suggestions.
 */
export async function buildProgram(load?: CommandEntry): Promise<Command> {
  const program = newProgram();
  for (const entry of commands) {
    if (entry === load) {
      (await entry.load()).register(program);
      const cmd = program.commands.at(-1);
      if (cmd?.name() !== entry.name)
        throw new Error(`commands/${entry.name}.js registered "${cmd?.name()}"`);
      cmd.summary(entry.summary);
    } else {
      const stub = program.command(entry.name).summary(entry.summary);
      if (entry.args) stub.arguments(entry.args);
    }
  }
  return program;
}

export async function main(argv: readonly string[]): Promise<number> {
  const unknown = unknownCommand(argv, [...commands.map((c) => c.name), 'help']);
  if (unknown) {
    process.stderr.write(`navgen: ${unknown}\n`);
    return EXIT_USAGE;
  }
  try {
    const program = await buildProgram(commandToLoad(argv));
    await program.parseAsync(argv as string[], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end here with exit code 0.
      return e.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (e instanceof CliError) {
      process.stderr.write(`navgen: ${e.message}\n`);
      return e.exitCode;
    }
    const err = e as Error;
    process.stderr.write(`navgen: ${err?.message ?? String(e)}\n`);
    if (process.env.NAVGEN_DEBUG) process.stderr.write(`${err?.stack ?? ''}\n`);
    return EXIT_FAILURE;
  }
}
