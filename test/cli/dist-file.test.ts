/**
 * Worker modules are found from any build: the bundle's own entries, else tsc's tree in dist/;
 * and every worker starts with flags under which piscina loads it by `import()`.
 */
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { describe, expect, it } from 'vitest';
import { WORKER_EXEC_ARGV, workerModule } from '../../src/dist-file.js';
import { HAVE_FIXTURES, REPO_ROOT, fixture } from '../helpers/fixtures.js';

const url = (p: string) => pathToFileURL(p).href;

describe('workerModule', () => {
  it('from a chunk of the bundle: the bundle entry', () => {
    expect(
      workerModule(
        url('/opt/n/lib/node_modules/navgen/dist/navgen/chunks/chunk-AB12.js'),
        'demo-worker',
        'pipeline/worker',
      ),
    ).toBe('/opt/n/lib/node_modules/navgen/dist/navgen/demo-worker.js');
  });

  it("from tsc's tree or the TypeScript sources: the compiled tree", () => {
    expect(
      workerModule(url('/w/main/dist/pipeline/demo-pool.js'), 'demo-worker', 'pipeline/worker'),
    ).toBe('/w/main/dist/pipeline/worker.js');
    expect(
      workerModule(url('/w/main/src/pipeline/demo-pool.ts'), 'demo-worker', 'pipeline/worker'),
    ).toBe('/w/main/dist/pipeline/worker.js');
  });

  it('takes the innermost src/ or dist/ (a checkout under a folder named src)', () => {
    expect(
      workerModule(
        url('/home/src/main/src/sources/demo/inflate-thread.ts'),
        'inflate-thread',
        'sources/demo/inflate-thread',
      ),
    ).toBe('/home/src/main/dist/sources/demo/inflate-thread.js');
    expect(
      workerModule(
        url('/src/x/dist/navgen/run.js'),
        'inflate-thread',
        'sources/demo/inflate-thread',
      ),
    ).toBe('/src/x/dist/navgen/inflate-thread.js');
  });
});

describe('WORKER_EXEC_ARGV', () => {
  // A compiled ES module of the tree (any will do: it is only loaded).
  const esm = join(REPO_ROOT, 'dist', 'hex.js');

  /** What `require(esm)` does in a worker thread started with `execArgv`. */
  function requireInWorker(execArgv: string[]): Promise<string> {
    const code = `const { parentPort } = require('node:worker_threads');
      try { require(${JSON.stringify(esm)}); parentPort.postMessage('loaded'); }
      catch (e) { parentPort.postMessage(String(e.code)); }`;
    return new Promise((done, fail) => {
      const w = new Worker(code, { eval: true, execArgv });
      w.once('message', (m: string) => void w.terminate().then(() => done(m)));
      w.once('error', fail);
    });
  }

  it.runIf(process.allowedNodeEnvironmentFlags.has('--experimental-require-module'))(
    'turns require(esm) off in the worker, where this Node has it on',
    async () => {
      // Without the flags the worker's require() loads the module: the path that aborts the
      // process when the thread is terminated mid-instantiation.
      expect(await requireInWorker([])).toBe('loaded');
      expect(await requireInWorker([...WORKER_EXEC_ARGV])).toBe('ERR_REQUIRE_ESM');
    },
  );

  it.runIf(HAVE_FIXTURES)(
    'still loads and runs a worker module through piscina (by import())',
    async () => {
      const pool = new Piscina({
        filename: workerModule(
          pathToFileURL(join(REPO_ROOT, 'src', 'navtest', 'run-navtest.ts')).href,
          'navtest-worker',
          'navtest/navtest-worker',
        ),
        minThreads: 1,
        maxThreads: 1,
        execArgv: [...WORKER_EXEC_ARGV],
      });
      try {
        // A batch of no links on a fixture map: the worker loads the map and answers.
        const batch = {
          bsp: fixture('maps', 'wizs.bsp'),
          first: 7,
          ends: new Float64Array(0),
          types: [],
          options: {},
        };
        expect(await pool.run(batch)).toEqual({ first: 7, results: [] });
      } finally {
        await pool.destroy();
      }
    },
  );
});
