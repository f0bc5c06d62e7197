/**
 * One read of a demo for every map it holds (`build --all-maps`): each map's result is the
 * same bytes a read of the demo for that map alone gives (what the map's build would have
 * cached itself), including the maps whose lane opens late (city and storm start after wizs);
 * the entries land in the cache; a map without a setup or whose stages do not begin with
 * map-filter gets no lane.
 */
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { tempFolder } from '../robustness/navgen-cli.js';
import { pipelineFromFlags } from '../../src/pipeline/flags-pipeline.js';
import {
  readDemoForEveryMap,
  runDemoForEveryMap,
  setupsMissing,
} from '../../src/pipeline/multi-map-read.js';
import { workerSetup } from '../../src/pipeline/build.js';
import { operatorsFor, type WorkerSetup } from '../../src/pipeline/worker.js';
import { runDemo } from '../../src/pipeline/run-demo.js';
import { encodeEntry } from '../../src/pipeline/demo-cache.js';

describeFixtures('one read of a multi-map demo for every map', () => {
  const demo = fixture('demos', 'mvd2', 'multimap_tdm_wizs_city_storm_8bots.mvd2.gz');

  async function setupsIn(dir: string, cache: string | false): Promise<Map<string, WorkerSetup>> {
    const out = new Map<string, WorkerSetup>();
    for (const map of ['wizs', 'city', 'storm']) {
      const spec = await pipelineFromFlags(
        { map, out: join(dir, `${map}.nav`), demos: [demo], cache },
        dir,
      );
      out.set(map, await workerSetup(spec));
    }
    return out;
  }

  it('gives every map the result a read for that map alone gives', async () => {
    const dir = tempFolder('multi-map-read');
    const setups = await setupsIn(dir, false);
    const name = relative(dir, demo) || demo;
    const read = await runDemoForEveryMap(demo, name, (map) =>
      Promise.resolve(setups.get(map) ?? null),
    );
    expect(read.damage).toBeNull();
    expect(read.maps).toEqual(['wizs', 'city', 'storm']);
    expect([...read.results.keys()]).toEqual(['wizs', 'city', 'storm']);
    for (const [map, setup] of setups) {
      const alone = await runDemo(demo, name, await operatorsFor(setup));
      expect(alone.votes.weights.length, map).toBeGreaterThan(0);
      // map-filter's summary counts the frames of the other maps: a late lane must count them too.
      expect(read.results.get(map)!.votes.summaries['map-filter'], map).toEqual(
        alone.votes.summaries['map-filter'],
      );
      const one = Buffer.from(encodeEntry(read.results.get(map)!));
      expect(Buffer.compare(one, Buffer.from(encodeEntry(alone))), map).toBe(0);
    }
  }, 120_000);

  it('stores the entries in the cache; maps without a setup or map-filter get no lane', async () => {
    const dir = tempFolder('multi-map-read-cache');
    const setups = await setupsIn(dir, join(dir, 'cache'));
    const wanted = [setups.get('wizs')!, setups.get('storm')!];
    expect(await setupsMissing(demo, wanted)).toHaveLength(2);
    const r = await readDemoForEveryMap(demo, relative(dir, demo), (map) =>
      Promise.resolve(map === 'city' ? null : setups.get(map)!),
    );
    expect(r.maps).toEqual(['wizs', 'city', 'storm']);
    expect(r.cached).toEqual(['wizs', 'storm']);
    expect(await setupsMissing(demo, wanted)).toEqual([]);
    expect(await setupsMissing(demo, [setups.get('city')!])).toHaveLength(1);

    // Without map-filter first, a late lane would not see what a read for its map sees.
    const city = setups.get('city')!;
    const unfiltered: WorkerSetup = {
      ...city,
      key: `${city.key}-no-map-filter`,
      stages: city.stages.filter((s) => s.name !== 'map-filter'),
    };
    const none = await runDemoForEveryMap(demo, 'x', () => Promise.resolve(unfiltered));
    expect(none.maps).toEqual(['wizs', 'city', 'storm']);
    expect(none.results.size).toBe(0);
  }, 120_000);
});
