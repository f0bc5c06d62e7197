/**
 * A hash of navgen's own source code (every `.ts` file of `src/`, by path and content). Cache
 * entries whose meaning depends on the code — what the simulated bot said of a link, what the
 * map analysis derived — carry it in their key, so a change to the code never meets a result
 * of the old code, and nobody has to remember to bump a version for it. `VERSION` still keys
 * the per-demo cache, whose entries outlive code changes on purpose (reading demos again is the
 * slow part of a build).
 *
 * The bundle that `navgen` runs has the hash written in at build time (`scripts/build.mjs`);
 * run from the sources (tests, `tsx`, the compiled tree), it is computed once from `src/`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __NAVGEN_SOURCE_FINGERPRINT__: string | undefined;

let computed: string | null = null;

export function sourceFingerprint(): string {
  if (typeof __NAVGEN_SOURCE_FINGERPRINT__ === 'string') return __NAVGEN_SOURCE_FINGERPRINT__;
  return (computed ??= fingerprintOf(sourceFolder()));
}

/** The `src/` folder of the checkout this module runs from (as source or compiled). */
function sourceFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const src = join(dir, 'src');
    if (existsSync(join(dir, 'package.json')) && existsSync(join(src, 'source-fingerprint.ts')))
      return src;
    const up = dirname(dir);
    if (up === dir) throw new Error('navgen: cannot find its src/ folder to fingerprint');
    dir = up;
  }
}

/** SHA-256 over the `.ts` files below `src`, in path order: `path NUL content NUL` each. */
export function fingerprintOf(src: string): string {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) files.push(p);
    }
  };
  walk(src);
  const h = createHash('sha256');
  for (const f of files
    .map((p) => relative(src, p).split('\\').join('/'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    h.update(f)
      .update('\0')
      .update(readFileSync(join(src, f)))
      .update('\0');
  return h.digest('hex');
}
