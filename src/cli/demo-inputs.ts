/**
 * Demo arguments of `navgen build` (flag form): files, folders and globs, turned into files. A
 * folder stands for every demo under it, at any depth, so a server's demo folder can be given
 * as it is; a glob the shell left alone (quoted, or on Windows) is expanded here. Paths that
 * exist are taken literally, whatever characters they hold.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import fg from 'fast-glob';
import { DEMO_FORMATS } from '../sources/demo/formats.js';
import { CliError, EXIT_NO_INPUT } from './exit-codes.js';

/** File names that are demos, for folders: each demo format's ending, plain and gzipped. */
export const DEMO_EXTENSIONS: readonly string[] = DEMO_FORMATS.flatMap((f) => [
  f.extension,
  `${f.extension}.gz`,
]);

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The demo files the inputs name (folders and globs expanded, in sorted order each). */
export function expandDemoInputs(inputs: readonly string[], cwd = process.cwd()): string[] {
  const out: string[] = [];
  for (const input of inputs) {
    const abs = resolve(cwd, input);
    if (isDir(abs)) {
      const found = fg
        .sync(`${fg.convertPathToPattern(abs)}/**/*.{${DEMO_EXTENSIONS.join(',')}}`, {
          absolute: true,
          onlyFiles: true,
          followSymbolicLinks: true,
        })
        .sort();
      if (found.length === 0)
        throw new CliError(
          `no demos found: no ${DEMO_EXTENSIONS.map((e) => '.' + e).join(', ')} file under the folder ${abs}`,
          EXIT_NO_INPUT,
        );
      out.push(...found);
    } else if (!existsSync(abs) && fg.isDynamicPattern(input)) {
      const found = fg
        .sync(input.replace(/\\/g, '/'), { cwd, absolute: true, onlyFiles: true })
        .sort();
      if (found.length === 0)
        throw new CliError(`no demos found: no file matches ${input}`, EXIT_NO_INPUT);
      out.push(...found);
    } else if (!existsSync(abs)) {
      throw new CliError(`no demos found: no such file or folder ${abs}`, EXIT_NO_INPUT);
    } else out.push(input);
  }
  return out;
}
