/**
 * Where a worker thread's module is, and the flags it starts with, from any module of navgen:
 * the TypeScript sources (tests), the compiled tree in `dist/` (the library, benchmarks) and
 * the bundled command line in `dist/navgen/` (what `navgen` runs, see scripts/build.mjs) each
 * start their workers from their own build. In the bundle a module's code sits in a shared
 * chunk, so a path relative to `import.meta.url` of the caller would not name the worker; the
 * package root (the folder above `src/` or `dist/`) and the kind of build do.
 */
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundle's folder inside `dist/`. */
export const BUNDLE_DIR = 'navgen';

/**
 * The worker module `name` for code running at `moduleUrl` (the caller's `import.meta.url`):
 * `dist/navgen/<name>.js` from the bundle, else `dist/<treePath>.js` of the compiled tree
 * (TypeScript sources under test also run the compiled tree's workers, as they always did).
 */
export function workerModule(moduleUrl: string, name: string, treePath: string): string {
  const here = fileURLToPath(moduleUrl);
  const parts = here.split(sep);
  const d = parts.lastIndexOf('dist');
  if (d >= 0 && parts[d + 1] === BUNDLE_DIR) {
    return join(parts.slice(0, d + 2).join(sep) || sep, `${name}.js`);
  }
  const s = Math.max(d, parts.lastIndexOf('src'));
  const root = s >= 0 ? parts.slice(0, s).join(sep) || sep : dirname(here);
  return join(root, 'dist', `${treePath}.js`);
}

/**
 * The Node flags every worker thread of navgen starts with (`execArgv` of each pool).
 *
 * - None of this process's own: its flags (a TypeScript loader under tsx or vitest,
 *   `--input-type`) must not apply to compiled workers. Under tsx the inherited loader rewrote
 *   every module import into a getter call and made two lanes slower than one.
 * - `require(esm)` off where Node has it (20.19 turned it on): piscina loads a worker's module
 *   with `require()` first, and a thread terminated while `require()` is still instantiating an
 *   ES module aborts the whole process (Node 20.20: "v8::Module::IsGraphAsync must be used on an
 *   instantiated module"; a pool destroyed right after it started its threads did it, in CI
 *   and in 6 of 8 runs of 300 pools made and destroyed at once). Off, `require()` refuses at
 *   once and piscina takes `import()`, whose loading a termination stops cleanly
 *   (`test/cli/dist-file.test.ts` checks the flag takes).
 */
export const WORKER_EXEC_ARGV: readonly string[] = process.allowedNodeEnvironmentFlags.has(
  '--experimental-require-module',
)
  ? ['--no-experimental-require-module']
  : [];

/**
 * A file of the package's `dist/` folder (e.g. the viewer's page bundle, `view-page.js`), for
 * code running at `moduleUrl` in any of the three builds named above.
 */
export function distFile(moduleUrl: string, name: string): string {
  const here = fileURLToPath(moduleUrl);
  const parts = here.split(sep);
  const d = parts.lastIndexOf('dist');
  const s = Math.max(d, parts.lastIndexOf('src'));
  const root = s >= 0 ? parts.slice(0, s).join(sep) || sep : dirname(here);
  return join(root, 'dist', name);
}
