// Builds dist/ from src/ and stamps the build time, so that bin/navgen can tell whether dist/
// is older than the sources.
//
//   dist/navgen/   the command line, bundled by esbuild (what `navgen` runs): run.js, the two
//                  worker entries (demo-worker.js, inflate-thread.js) and shared chunks, split
//                  so that a command loads only its own code (see src/cli/commands/index.ts).
//                  rxjs (with tslib), pako and commander are bundled (tree-shaken: loading rxjs alone took
//                  longer than node's own start); the other packages stay in node_modules.
//   dist/view-page.js  the page of `navgen view` (src/view-page/main.ts): one minified script
//                  for the browser, its CSS inside, which the served page and the HTML report
//                  put inline (src/sinks/view/viewer-html.ts).
//   dist/**        the compiled tree by tsc, with declarations: the library (`navgen/plugin`)
//                  and what the benchmarks and the fuzz harness import module by module.
//
// `node scripts/build.mjs --cli` builds the bundles only (about a second; bin/navgen uses it
// when sources changed); without it, tsc runs too (the page's own tsconfig as well: it
// typechecks against the DOM, not Node) and its type errors fail the build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const require = createRequire(import.meta.url);
const cliOnly = process.argv.includes('--cli');
const started = new Date();

/** The viewer's page bundle, in dist/. */
const PAGE_FILE = 'view-page.js';

/** Packages compiled into the bundle; every other import of a package stays external. */
const BUNDLED = new Set(['rxjs', 'tslib', 'pako', 'commander']);

/**
 * The source fingerprint the bundle carries (`src/source-fingerprint.ts` computes the same from
 * `src/` when run from the sources): SHA-256 over every `.ts` file of `src/`, in path order.
 */
function sourceFingerprint() {
  const src = join(root, 'src');
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) files.push(relative(src, p).split('\\').join('/'));
    }
  };
  walk(src);
  const h = createHash('sha256');
  for (const f of files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    h.update(f)
      .update('\0')
      .update(readFileSync(join(src, f)))
      .update('\0');
  return h.digest('hex');
}

const rxjsEsm = join(dirname(require.resolve('rxjs/package.json')), 'dist', 'esm', 'index.js');

async function bundle() {
  const esbuild = await import('esbuild');
  const out = join(dist, 'navgen');
  const result = await esbuild.build({
    write: false,
    absWorkingDir: root,
    entryPoints: {
      run: 'src/cli/run.ts',
      'demo-worker': 'src/pipeline/worker.ts',
      'inflate-thread': 'src/sources/demo/inflate-thread.ts',
      'navtest-worker': 'src/navtest/navtest-worker.ts',
      'verdict-worker': 'src/simulated-bot/verdict-worker.ts',
      'map-build-worker': 'src/cli/all-maps/map-build-worker.ts',
    },
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    legalComments: 'linked',
    // Bundled CommonJS packages (commander) require node's modules.
    banner: {
      js: "import { createRequire as __navgenRequire } from 'node:module'; const require = __navgenRequire(import.meta.url);",
    },
    logLevel: 'warning',
    define: { __NAVGEN_SOURCE_FINGERPRINT__: JSON.stringify(sourceFingerprint()) },
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            const name = args.path.startsWith('@')
              ? args.path.split('/').slice(0, 2).join('/')
              : args.path.split('/')[0];
            if (name.startsWith('node:') || !BUNDLED.has(name))
              return { path: args.path, external: true };
            // rxjs's ES module build, which esbuild can tree-shake (node's condition picks CJS).
            if (args.path === 'rxjs') return { path: rxjsEsm };
            return undefined;
          });
        },
      },
    ],
  });
  writeBundle(out, result.outputFiles);
}

/**
 * The viewer's page: a browser script, one file (no splitting; `navgen view` and the report
 * inline it), written in place like the bundle's files.
 */
async function bundlePage() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    write: false,
    absWorkingDir: root,
    entryPoints: ['src/view-page/main.ts'],
    outfile: join(dist, PAGE_FILE),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  writeBundle(dist, result.outputFiles, false);
}

/**
 * Writes the bundle without ever showing a running navgen a missing or half-written file: other
 * processes may be running the previous bundle (several in a checkout, one rebuilding for the
 * rest) and load its chunks lazily. Each file is written beside its place and renamed over it;
 * chunk names carry their content's hash, so the previous bundle's chunks stay until they are
 * an hour old and no longer named by the current bundle.
 */
function writeBundle(out, files, chunked = true) {
  const current = new Set();
  for (const f of files) {
    mkdirSync(dirname(f.path), { recursive: true });
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
    current.add(f.path);
  }
  if (!chunked) return;
  const chunks = join(out, 'chunks');
  const hourAgo = Date.now() - 3600_000;
  for (const name of existsSync(chunks) ? readdirSync(chunks) : []) {
    const p = join(chunks, name);
    if (current.has(p)) continue;
    try {
      if (statSync(p).mtimeMs < hourAgo) rmSync(p, { force: true });
    } catch {
      // Removed by a build running at the same time.
    }
  }
}

function tsc() {
  // A fresh tree (no outputs of deleted sources), but the bundles stay: commands running from
  // them keep loading their chunks and the viewer's page (see writeBundle).
  for (const name of existsSync(dist) ? readdirSync(dist) : []) {
    if (name !== 'navgen' && name !== PAGE_FILE)
      rmSync(join(dist, name), { recursive: true, force: true });
  }
  for (const project of ['tsconfig.build.json', 'src/view-page/tsconfig.json']) {
    const r = spawnSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', join(root, project)],
      {
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

if (!cliOnly) tsc();
await Promise.all([bundle(), bundlePage()]);
mkdirSync(dist, { recursive: true });
// The stamp carries the time the build started: a source saved during the build is newer.
const stamp = join(dist, cliOnly ? '.cli-stamp' : '.build-stamp');
writeFileSync(stamp, started.toISOString() + '\n');
utimesSync(stamp, started, started);
if (!cliOnly) {
  const cliStamp = join(dist, '.cli-stamp');
  writeFileSync(cliStamp, started.toISOString() + '\n');
  utimesSync(cliStamp, started, started);
}
