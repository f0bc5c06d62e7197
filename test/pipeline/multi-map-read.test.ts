/**
 * A demo of three maps read once for several maps (`build --all-maps`): each map's cache entry
 * is the same bytes a read of the demo for that map alone gives (what the map's build would
 * have cached itself), and a second call finds every entry and reads nothing.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { tempFolder } from '../robustness/navgen-cli.js';
import { pipelineFromFlags } from '../../src/pipeline/flags-pipeline.js';
import { warmDemoForMaps } from '../../src/pipeline/multi-map-read.js';
import { workerSetup } from '../../src/pipeline/build.js';
import { operatorsFor } from '../../src/pipeline/worker.js';
import { runDemo } from '../../src/pipeline/run-demo.js';
import { cacheKey, cachePath, encodeEntry, hashFile } from '../../src/pipeline/demo-cache.js';

describeFixtures('one read of a multi-map demo for several maps', () => {
  it('writes each map the entry a single read gives; a second call reads nothing', async () => {
    const dir = tempFolder('multi-map-read');
    const cache = join(dir, 'cache');
    const demo = fixture('demos', 'mvd2', 'multimap_tdm_wizs_city_storm_8bots.mvd2.gz');
    const specs = await Promise.all(
      ['wizs', 'city', 'storm'].map((map) =>
        pipelineFromFlags({ map, out: join(dir, `${map}.nav`), demos: [demo], cache }, dir),
      ),
    );
    expect(await warmDemoForMaps(demo, specs)).toEqual(['wizs', 'city', 'storm']);
    const hash = await hashFile(demo);
    for (const spec of specs) {
      const setup = await workerSetup(spec);
      const cached = readFileSync(cachePath(cache, cacheKey(hash, setup.configHash)));
      const alone = await runDemo(
        demo,
        relative(spec.baseDir, demo) || demo,
        await operatorsFor(setup),
      );
      expect(alone.votes.weights.length, spec.map).toBeGreaterThan(0);
      expect(Buffer.compare(cached, Buffer.from(encodeEntry(alone))), spec.map).toBe(0);
    }
    expect(await warmDemoForMaps(demo, specs)).toEqual([]);
  }, 120_000);
});
