/**
 * Every subcommand of `navgen`, in the order `--help` lists them. A command module exports a
 * `register(program)` function that adds itself.
 */
import type { Command } from 'commander';
import { register as info } from './info.js';
import { register as frames } from './frames.js';

export const commands: ReadonlyArray<(program: Command) => void> = [info, frames];
