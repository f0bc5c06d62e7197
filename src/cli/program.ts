/**
 * The `navgen` command line. Each subcommand lives in `commands/<name>.ts` and registers
 * itself on the program; this file only assembles them and turns errors into exit codes.
 */
import { Command, CommanderError } from 'commander';
import { commands } from './commands/index.js';
import { CliError, EXIT_CODES_HELP, EXIT_FAILURE, EXIT_USAGE } from './exit-codes.js';
import { VERSION } from '../version.js';

export function buildProgram(): Command {
  const program = new Command('navgen')
    .description(
      'Learns bot navigation (.nav) for Quake 2 / Action Quake 2 maps from recorded multi-view demos (MVD2).',
    )
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\n' + EXIT_CODES_HELP)
    .exitOverride();
  for (const register of commands) register(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
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
