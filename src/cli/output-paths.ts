/**
 * File-system problems with outputs, said in one line naming the path and what was being
 * done, before the work starts when they can be seen then: an `--out` that is a folder, a
 * folder that cannot be written or created. Without this a build ran for seconds and ended
 * with Node's raw error about its temporary file (`EISDIR: illegal operation on a directory,
 * rename '.out.18877-….tmp'`).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CliError, EXIT_FAILURE } from './exit-codes.js';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOENT: 'no such file or folder',
  EEXIST: 'it already exists',
};

/** Throws a one-line CliError when `path` cannot be written as `what` (e.g. "the nav"). */
export function checkOutputPath(path: string, what: string): void {
  const abs = resolve(path);
  const fail = (reason: string): never => {
    throw new CliError(`cannot write ${what} to ${abs}: ${reason}`, EXIT_FAILURE);
  };
  const st = statOrNull(abs);
  if (st?.isDirectory())
    fail(`it is a folder (give a file name, such as ${abs}/NAME${extensionOf(what)})`);
  // The nearest existing folder above: it must be a folder and writable (folders below it
  // are created by the build).
  let folder = dirname(abs);
  let fst = statOrNull(folder);
  while (!fst && dirname(folder) !== folder) {
    folder = dirname(folder);
    fst = statOrNull(folder);
  }
  if (fst && !fst.isDirectory()) fail(`${folder} is a file, not a folder`);
  try {
    accessSync(folder, constants.W_OK);
    if (st) accessSync(abs, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    fail(`${st ? abs : `the folder ${folder}`} is not writable (${REASONS[code] ?? code})`);
  }
}

function extensionOf(what: string): string {
  if (/nav/.test(what) && !/report/.test(what)) return '.nav';
  if (/html/i.test(what)) return '.html';
  if (/report/.test(what)) return '.json';
  return '';
}

function statOrNull(p: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(p);
  } catch {
    return null;
  }
}

/**
 * A Node file-system error as one line naming the path and what was being done; null when `e`
 * is not one. Temporary files of atomic writes (`.NAME.PID-RANDOM.tmp`) are named by the file
 * they stand for.
 */
export function describeFsError(e: unknown): string | null {
  const err = e as NodeJS.ErrnoException & { dest?: string };
  if (!err || typeof err.code !== 'string' || typeof err.syscall !== 'string') return null;
  const target = (p: string | undefined): string | undefined =>
    p?.replace(/(^|[/\\])\.([^/\\]+)\.\d+-[0-9a-f]+\.tmp$/, '$1$2');
  const path = target(err.dest) ?? target(err.path) ?? '(unknown path)';
  const reason = `${REASONS[err.code] ?? err.code} (${err.code})`;
  // The build lock (`.<map>.navgen.lock`, written through `.new-<pid>-<hex>` beside it) is
  // navgen's own file: name the folder the outputs go to, which is what the user gave.
  if (/(^|[/\\])\.[^/\\]+\.navgen\.lock(\.new-\d+-[0-9a-f]+)?$/.test(path))
    return `cannot write in ${dirname(path)}, the folder of the outputs: ${reason}`;
  const doing: Record<string, string> = {
    open: 'open',
    rename: 'write',
    write: 'write',
    mkdir: 'create the folder',
    read: 'read',
    scandir: 'list the folder',
    unlink: 'remove',
    copyfile: 'copy to',
    stat: 'look at',
    access: 'access',
  };
  return `cannot ${doing[err.syscall] ?? err.syscall} ${path}: ${reason}`;
}
