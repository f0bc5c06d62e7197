/**
 * The offline nav test against the truth of the fixture maps: links no player can make fail
 * (all of them), walks demo players made pass (≥ 95 %), and the report is the same bytes for
 * any worker count. (The example pipelines' whole navs pass too: example-nav-checks.ts, run by
 * test/acceptance/map-checks.test.ts on the navs it builds.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { loadCollisionModel } from '../../src/world/collision-model.js';
import { CONTENTS_LAVA, CONTENTS_SLIME } from '../../src/world/contents.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { loadPipelineFile } from '../../src/pipeline/load-pipeline.js';
import type { PipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { runBuild } from '../../src/pipeline/build.js';
import { simulateLink, type LinkToSimulate } from '../../src/simulated-bot/simulate-link.js';
import { runNavtest } from '../../src/navtest/run-navtest.js';
import { parseNavtestReport } from '../../src/sources/feedback/navtest-report.js';
import { describeFixtures, fixture, REPO_ROOT } from '../helpers/fixtures.js';
import * as find from '../../tools/independent-checks/impossible-links.js';

const MAPS = ['wizs', 'city', 'urbanjungle', 'simplicity', 'beer'];

describeFixtures('offline navtest: links no player can make fail', () => {
  const found: Record<string, { map: string; link: LinkToSimulate }[]> = {
    wall: [],
    ledge: [],
    gap: [],
    'fatal drop': [],
    lava: [],
    slime: [],
  };
  const outcomes: Record<string, string[]> = {};

  beforeAll(async () => {
    for (const map of MAPS) {
      const m = await loadCollisionModel(fixture('maps', `${map}.bsp`));
      const nav = (await readNavFile(fixture('nav', `${map}.autogen.nav`))).nav;
      const add = (kind: string, links: LinkToSimulate[], model = m) => {
        for (const link of links) {
          found[kind].push({ map, link });
          const r = simulateLink(model, link);
          (outcomes[kind] ??= []).push(r.passed ? `PASSED ${JSON.stringify(link)}` : r.reason);
        }
      };
      add('wall', find.throughWalls(m, nav, 20));
      add('ledge', find.highLedges(m, nav, 96, 160, 20));
      add('gap', find.wideGaps(m, nav, 280, 10));
      add('fatal drop', find.deepDrops(m, nav, 400, 10));
      // No fixture map has lava or slime; urbanjungle's deep water turned into each.
      if (map === 'urbanjungle') {
        const lava = find.waterAs(m, CONTENTS_LAVA);
        add('lava', find.liquidDrops(lava, nav, 10), lava);
        const slime = find.waterAs(m, CONTENTS_SLIME);
        add('slime', find.liquidDrops(slime, nav, 10), slime);
      }
    }
  }, 120_000);

  for (const kind of ['wall', 'ledge', 'gap', 'fatal drop', 'lava', 'slime']) {
    it(`${kind}: every link found on the maps fails`, () => {
      expect(found[kind].length).toBeGreaterThan(0);
      expect(outcomes[kind].filter((o) => o.startsWith('PASSED'))).toEqual([]);
    });
  }

  it('deadly links fail by death, not by running out of time', () => {
    for (const kind of ['fatal drop', 'lava', 'slime'])
      expect(new Set(outcomes[kind])).toEqual(new Set(['died']));
  });
});

describeFixtures('offline navtest: walks demo players made pass', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'navtest-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Builds `spec` (one worker, no cache, no feedback) into `dir/navName` and navtests it on `map`. */
  async function buildAndTest(spec: PipelineSpec, map: string, navName: string) {
    const nav = join(dir, navName);
    await runBuild({
      ...spec,
      workers: 1,
      cache: null,
      feedback: null,
      output: { nav, q2rNav: null, strafeTraces: null, report: null, html: null },
    });
    const file = (await readNavFile(nav)).nav;
    return { ...(await runNavtest(file, fixture('maps', `${map}.bsp`), map)), file };
  }

  for (const map of ['wizs', 'urbanjungle', 'simplicity']) {
    it(`${map}: at least 95 % of the walks between nodes that demo players made pass`, async () => {
      // Only links that demo players traversed: no map-derived links (fill), no walk mirrored
      // back (classify's mirrorMaxDz 0).
      const spec = await loadPipelineFile(join(REPO_ROOT, 'pipelines', `${map}.yaml`));
      const stages = spec.stages
        // (nor the links connect adds, nor the demo links short-links drops, nor first-hops' walks,
        // nor wedge-links' choice among them)
        .filter(
          (st) =>
            !['fill', 'short-links', 'connect', 'first-hops', 'wedge-links'].includes(st.name),
        )
        .map((st) =>
          st.name === 'classify' ? { ...st, options: { ...st.options, mirrorMaxDz: 0 } } : st,
        );
      const run = await buildAndTest({ ...spec, stages }, map, `${map}.demo-walks.nav`);
      const r = run.report;
      const passed = r.links.filter((l) => l.passed).length;
      expect(run.links).toBeGreaterThan(1000);
      expect(passed / run.links).toBeGreaterThanOrEqual(0.95);
      if (map === 'simplicity') {
        // the climbs (links between two LADDER nodes, the only ones the running bot climbs: it
        // writes its own climb speed)
        const ladder = defaultNodeTypes.LADDER;
        const isLadder = (i: number) => run.file.nodes[i].type === ladder;
        const climbs = r.links.filter((l) => isLadder(l.from) && isLadder(l.to));
        expect(climbs.length).toBeGreaterThanOrEqual(4);
        expect(climbs.filter((l) => l.passed).length / climbs.length).toBeGreaterThanOrEqual(0.75);
      }
      // the proposal's report validator accepts it
      expect(() => parseNavtestReport(JSON.parse(JSON.stringify(r)), 'report')).not.toThrow();
    }, 300_000);
  }
});

describeFixtures('offline navtest: determinism', () => {
  it('the report is the same bytes with 1 and 2 workers', async () => {
    // wizs: 6442 links in 129 batches of 50 spread over the threads (city's 15 841 links took
    // 2.7 times as long for the same check).
    const nav = (await readNavFile(fixture('nav', 'wizs.autogen.nav'))).nav;
    const bsp = fixture('maps', 'wizs.bsp');
    const one = await runNavtest(nav, bsp, 'wizs', { workers: 1 });
    const two = await runNavtest(nav, bsp, 'wizs', {
      workers: 2,
      batchSize: 50,
      linksPerThread: 1,
    });
    expect(JSON.stringify(two.report)).toBe(JSON.stringify(one.report));
    expect(one.links).toBeGreaterThan(1000);
  }, 300_000);
});

describe('offline navtest: report', () => {
  it('is valid for an empty nav', async () => {
    const { offlineReport } = await import('../../src/navtest/offline-report.js');
    const r = offlineReport({
      map: 'x',
      nodeCount: 0,
      links: [],
      reachable: new Uint8Array(0),
      startNodes: new Int32Array(0),
    });
    expect(() => parseNavtestReport(JSON.parse(JSON.stringify(r)), 'r')).not.toThrow();
    expect(r.passed).toBe(false);
  });
});
