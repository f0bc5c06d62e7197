/**
 * Impossible links planted among the good ones (a test plugin stage adds them to every build)
 * never reach a nav: the build's own test fails each of them and its repair removes them before
 * anything is written, so `navgen iterate` with the builtin tester passes in its first round,
 * and the nav keeps at least 95 % of the links of the same build without the plants.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadCollisionModel } from '../../src/world/collision-model.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { loadPipelineFile } from '../../src/pipeline/load-pipeline.js';
import { resolveNavtestConfig } from '../../src/iterate/navtest-config.js';
import { iterate } from '../../src/iterate/iterate.js';
import { runBuild } from '../../src/pipeline/build.js';
import { BuiltinTester } from '../../src/testers/builtin.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import type { NavFile } from '../../src/nav/types.js';
import type { LinkToSimulate } from '../../src/simulated-bot/simulate-link.js';
import { describeFixtures, fixture, FIXTURES, REPO_ROOT } from '../helpers/fixtures.js';
import * as find from '../../tools/independent-checks/impossible-links.js';

const MAP = 'wizs';
const near = (p: readonly number[], q: readonly number[], r: number) =>
  Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) <= r;

function linksOf(nav: NavFile): { a: readonly number[]; b: readonly number[]; type: number }[] {
  const out: { a: readonly number[]; b: readonly number[]; type: number }[] = [];
  nav.nodes.forEach((n) => {
    for (const l of n.links)
      out.push({ a: n.origin, b: nav.nodes[l.target].origin, type: l.targetType });
  });
  return out;
}

describeFixtures('planted impossible links and the build\u2019s own test', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('removes every planted link before the first draft, passes iterate at once, keeps >= 95 % of the good links', async () => {
    dir = await mkdtemp(join(tmpdir(), 'navtest-iterate-'));
    const m = await loadCollisionModel(fixture('maps', `${MAP}.bsp`));
    const engineNav = (await readNavFile(fixture('nav', `${MAP}.autogen.nav`))).nav;
    const planted: LinkToSimulate[] = [
      ...find.highLedges(m, engineNav, 96, 160, 6),
      ...find.wideGaps(m, engineNav, 280, 3),
      ...find.deepDrops(m, engineNav, 400, 4),
    ];
    expect(planted.length).toBeGreaterThanOrEqual(10);

    // The example pipeline with absolute paths, its outputs here, and the planting stage.
    let yaml = await readFile(join(REPO_ROOT, 'pipelines', `${MAP}.yaml`), 'utf8');
    yaml = yaml
      .replaceAll('../../shared/fixtures', FIXTURES)
      .replaceAll('../out/', `${dir}/out/`)
      .replace(/^cache: .*$/m, `cache: ${dir}/cache`)
      // The planted gaps and ledges are long links that short-links would drop where a way
      // round exists; this test is about what the nav test prunes, so it keeps them all.
      .replace(/^ {2}- short-links$/m, '  - short-links: { maxLength: 1024 }')
      // Nor may connect remove a planted link's end as a dead end before the test sees it,
      // nor wedge-links a planted link the engine's bot fails where a way round exists.
      .replace(/^ {2}- connect$/m, '  - connect: { dropTraps: false }')
      .replace(/^ {2}- wedge-links\n/m, '')
      .replace(
        /^ {2}- feedback$/m,
        `  - plant/links:\n      links:\n${planted
          .map(
            (l) =>
              `        - { from: [${l.from.join(', ')}], to: [${l.to.join(', ')}], type: ${l.linkType} }`,
          )
          .join('\n')}\n  - feedback`,
      );
    yaml += `plugins: [${join(REPO_ROOT, 'test', 'navtest', 'plant-links.mjs')}]\nworkers: 1\n`;
    const file = join(dir, `${MAP}.yaml`);
    await writeFile(file, yaml);
    const spec = await loadPipelineFile(file);
    const config = resolveNavtestConfig(spec);
    const result = await iterate(
      spec,
      config,
      new BuiltinTester({ bsp: spec.bsp!, workers: 1, nodeTypes: defaultNodeTypes }),
    );
    // The same pipeline without the planting stage, its nav beside (the cache is shared).
    const plainFile = join(dir, `${MAP}-plain.yaml`);
    await writeFile(
      plainFile,
      yaml
        .replace(/^ {2}- plant\/links:\n( {6,}.*\n)+/m, '')
        .replace(/^plugins: .*\n/m, '')
        .replaceAll(`${dir}/out/`, `${dir}/plain/`),
    );
    const plainSpec = await loadPipelineFile(plainFile);
    expect(plainSpec.stages.some((st) => st.name.startsWith('plant/'))).toBe(false);
    await runBuild(plainSpec);

    expect(result.iterations).toHaveLength(1);
    expect(result.converged).toBe(true);
    const last = (await readNavFile(join(config.workDir, result.iterations[0].draft))).nav;
    const plain = (await readNavFile(plainSpec.output.nav!)).nav;
    const isPlanted = (l: { a: readonly number[]; b: readonly number[] }) =>
      planted.some((p) => near(l.a, p.from, 32) && near(l.b, p.to, 32));
    const lastLinks = linksOf(last);
    expect(lastLinks.filter(isPlanted)).toEqual([]);
    // the good ones stay
    const good = linksOf(plain).filter((l) => !isPlanted(l));
    // The last draft's links by type and whole-unit source column, so that each good link is
    // looked up among the few within a unit of it: comparing every pair of the ~10,000 links
    // held the test worker's event loop for 7 s.
    const column = (type: number, x: number, y: number) => `${type}:${x}:${y}`;
    const byColumn = new Map<string, typeof lastLinks>();
    for (const l of lastLinks) {
      const key = column(l.type, Math.floor(l.a[0]), Math.floor(l.a[1]));
      byColumn.set(key, [...(byColumn.get(key) ?? []), l]);
    }
    const keptLink = (g: (typeof good)[number]) => {
      const [x, y] = [Math.floor(g.a[0]), Math.floor(g.a[1])];
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (const l of byColumn.get(column(g.type, x + dx, y + dy)) ?? [])
            if (near(l.a, g.a, 1) && near(l.b, g.b, 1)) return true;
      return false;
    };
    const kept = good.filter(keptLink);
    expect(kept.length / good.length).toBeGreaterThanOrEqual(0.95);
    console.log(
      `planted ${planted.length}; iterations ${result.iterations.length} (${result.stopReason}); ` +
        `good links kept ${kept.length}/${good.length} (${((100 * kept.length) / good.length).toFixed(1)} %)`,
    );
  }, 300_000);
});
