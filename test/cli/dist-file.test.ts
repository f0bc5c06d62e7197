/** Worker modules are found from any build: the bundle's own entries, else tsc's tree in dist/. */
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workerModule } from '../../src/dist-file.js';

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
