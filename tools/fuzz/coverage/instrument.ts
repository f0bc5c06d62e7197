/**
 * A target's code as the fuzzer runs it: the target file bundled by esbuild into one ES module,
 * with the reader's files (the target's `instrument` prefixes, and `instrumentPackages`)
 * instrumented by istanbul on the way in; every other package stays an external import.
 *
 * istanbul's counters (`cov_…().s[3]++`, `.b[2][0]++`, `.f[1]++`) live in a coverage object
 * per file under a global; `coverage-map.ts` puts one flat `Uint32Array` behind all of them
 * before the bundle is loaded, so that reading and clearing the counters after an input is
 * one pass over an array. The counters of a file (statements, then functions, then every
 * branch arm) are its "edges" in the fuzzer's figures.
 *
 * The bundle is written under `node_modules/.cache/navgen-coverage-fuzz/` so that its external
 * imports resolve to the project's packages. Instrumented files are cached there by their
 * content hash: istanbul's pass through babel is most of a first run's start (all fourteen
 * targets instrumented from nothing and run for 1 s each took 24 s, from the cache 17 s).
 */
import { build, transform, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COVERAGE_VARIABLE, type FileCounters, type InstrumentedBundle } from './coverage-layout.js';

export type { FileCounters, InstrumentedBundle } from './coverage-layout.js';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where bundles and instrumented files are kept. */
export const CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'navgen-coverage-fuzz');
export interface BundleRequest {
  /** The target file (absolute): it exports `target`, a `FuzzTarget`. */
  readonly targetFile: string;
  /** Prefixes of repository paths to instrument (e.g. `src/nav/formats/nav3/`). */
  readonly instrument: readonly string[];
  readonly instrumentPackages?: readonly string[];
  /**
   * The bundle's entry: by default the worker's (counters, the target, the fuzz loop);
   * `module` exports the target alone (the feedback comparison loads it in its own thread).
   */
  readonly entry?: 'worker' | 'module';
}

interface Instrumenter {
  instrumentSync(code: string, filename: string): string;
  lastFileCoverage(): {
    s: Record<string, number>;
    f: Record<string, number>;
    b: Record<string, number[]>;
  };
}

const require = createRequire(import.meta.url);

let instrumenter: Instrumenter | null = null;
function getInstrumenter(): Instrumenter {
  if (!instrumenter) {
    const { createInstrumenter } = require('istanbul-lib-instrument') as {
      createInstrumenter(o: object): Instrumenter;
    };
    instrumenter = createInstrumenter({
      coverageVariable: COVERAGE_VARIABLE,
      esModules: true,
      compact: true,
      produceSourceMap: false,
      autoWrap: true,
    });
  }
  return instrumenter;
}

const toPosix = (p: string) => p.split(sep).join('/');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Instruments one file's JavaScript, through the on-disk cache. */
function instrumentFile(code: string, absPath: string, rel: string): { code: string; meta: FileCounters } {
  const key = sha(`${rel}\n${code}`);
  const cached = join(CACHE_DIR, 'files', `${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as { code: string; meta: FileCounters };
  const inst = getInstrumenter();
  const out = inst.instrumentSync(code, absPath);
  const cov = inst.lastFileCoverage();
  const hash = /var hash="([0-9a-f]+)"/.exec(out)?.[1];
  if (!hash) throw new Error(`istanbul gave no hash for ${rel}`);
  const meta: FileCounters = {
    path: rel,
    key: absPath,
    hash,
    statements: Object.keys(cov.s).length,
    functions: Object.keys(cov.f).length,
    branches: Object.keys(cov.b)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => cov.b[k].length),
  };
  const result = { code: out, meta };
  mkdirSync(dirname(cached), { recursive: true });
  const tmp = `${cached}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(result));
  renameSync(tmp, cached);
  return result;
}

/** Bundles and instruments a target; the same request gives the same file, built once. */
export async function instrumentTarget(req: BundleRequest): Promise<InstrumentedBundle> {
  const files: FileCounters[] = [];
  const packages = new Set(req.instrumentPackages ?? []);
  const wanted = (rel: string) =>
    req.instrument.some((p) => rel === p || rel.startsWith(p)) ||
    [...packages].some((p) => rel.startsWith(`node_modules/${p}/`));
  const plugin: Plugin = {
    name: 'navgen-coverage',
    setup(b) {
      // Packages stay outside the bundle, except those instrumented with the reader.
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || !packages.has(packageOf(args.path)))
          return { path: args.path, external: true };
        return undefined;
      });
      b.onLoad({ filter: /\.(ts|js|mjs|cjs)$/ }, async (args) => {
        const rel = toPosix(relative(REPO_ROOT, args.path));
        if (!wanted(rel)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const js = args.path.endsWith('.ts')
          ? (await transform(source, { loader: 'ts', format: 'esm', target: 'node20', sourcefile: rel })).code
          : source;
        const { code, meta } = instrumentFile(js, args.path, rel);
        files.push(meta);
        return { contents: code, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
  const here = (f: string) => JSON.stringify(fileURLToPath(new URL(f, import.meta.url)));
  // The counters go in first: istanbul's preamble of each reader module, run as the module
  // loads, finds them in place.
  const entry =
    req.entry === 'module'
      ? `export { target } from ${JSON.stringify(req.targetFile)};`
      : [
          `import ${here('./install-counters.ts')};`,
          `import { target } from ${JSON.stringify(req.targetFile)};`,
          `import { runCoverageWorker } from ${here('./coverage-worker.ts')};`,
          'runCoverageWorker(target);',
        ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: REPO_ROOT, sourcefile: 'fuzz-entry.ts', loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [plugin],
    logLevel: 'silent',
    // Class names as written: outcomes and crash signatures name the errors.
    keepNames: true,
    // CommonJS packages inside the bundle (yauzl) call require() for node's modules.
    banner: {
      js: "import { createRequire as __fuzzCreateRequire } from 'node:module'; const require = __fuzzCreateRequire(import.meta.url);",
    },
  });
  const code = result.outputFiles[0].text;
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const path = join(CACHE_DIR, 'bundles', `${sha(code).slice(0, 20)}.mjs`);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, path);
  }
  const total = files.reduce(
    (n, f) => n + f.statements + f.functions + f.branches.reduce((a, k) => a + k, 0),
    0,
  );
  return { path, files, total };
}
