/**
 * Every subcommand of `navgen`, in the order `--help` lists them. A command module exports a
 * `register(program)` function that adds itself.
 */
import type { Command } from 'commander';
import { register as build } from './build.js';
import { register as info } from './info.js';
import { register as schema } from './schema.js';
import { register as watch } from './watch.js';
import { register as frames } from './frames.js';
import { register as inspect } from './inspect.js';
import { register as convert } from './convert.js';
import { register as diff } from './diff.js';
import { register as render } from './render.js';
import { register as iterate } from './iterate.js';

export const commands: ReadonlyArray<(program: Command) => void> = [
  build,
  watch,
  schema,
  info,
  frames,
  inspect,
  convert,
  diff,
  render,
  iterate,
];
