/**
 * Few demos, as a new user has them: one real human match and flags only. `minDemos: auto`
 * (min(3, demos used)) keeps what one demo saw, the summary says what `auto` became, and a
 * build whose thresholds drop every cluster refuses to replace an existing nav (exit 1, naming
 * the threshold and the option). Runs `bin/navgen` as users do. The nav also meets the
 * acceptance targets by the independent map check (none in solid, LTK coverage).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgenAsync, sha256, tempFolder, type RunResult } from '../robustness/navgen-cli.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { readLtk } from '../../src/sources/ltk/read-ltk.js';
import {
  loadCheckMap,
  measureNavOn,
} from '../../tools/independent-checks/independent-map-check.js';

/** Share of the LTK waypoints with a nav node within `radius` (3D). */
function ltkCoverage(ltk: Float32Array, nodes: { origin: ArrayLike<number> }[], radius: number) {
  let covered = 0;
  const count = ltk.length / 3;
  for (let i = 0; i < count; i++) {
    const [x, y, z] = [ltk[i * 3], ltk[i * 3 + 1], ltk[i * 3 + 2]];
    if (
      nodes.some(
        (n) =>
          (n.origin[0] - x) ** 2 + (n.origin[1] - y) ** 2 + (n.origin[2] - z) ** 2 <= radius ** 2,
      )
    )
      covered++;
  }
  return covered / count;
}

describeFixtures('one human match, flags only (asylum)', () => {
  const demo = fixture('demos', 'mvd2', 'asylum_2022_human.mvd2.gz');
  const bsp = fixture('maps', 'asylum.bsp');
  let dir: string;
  let first: RunResult;
  /**
   * `navgen build` of the one demo on asylum into `out` (uncached), with `extra` options;
   * spawned without blocking this thread (a test worker blocked for long loses its RPC to
   * vitest).
   */
  const build = (out: string, ...extra: string[]) =>
    navgenAsync(
      dir,
      'build',
      '--map',
      'asylum',
      '--bsp',
      bsp,
      '--out',
      out,
      '--no-cache',
      ...extra,
      demo,
    );

  beforeAll(async () => {
    dir = tempFolder('few-demos');
    first = await build('asylum.nav', '--report', 'asylum.report.json');
  }, 120_000);

  it('builds a nav covering ≥ 90 % of the asylum LTK waypoints within 64 units, saying minDemos auto → 1', async () => {
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/thresholds: minDemos 1 \(auto: 1 demo\(s\) used\)/);
    const { nav } = await readNavFile(join(dir, 'asylum.nav'));
    const ltk = await readLtk(fixture('ltk', 'asylum.ltk'));
    const share = ltkCoverage(ltk.origins, nav.nodes, 64);
    console.log(
      `asylum, one human demo: ${nav.nodes.length} nodes, LTK coverage ${(share * 100).toFixed(1)} %`,
    );
    expect(share).toBeGreaterThanOrEqual(0.9);
    const report = JSON.parse(readFileSync(join(dir, 'asylum.report.json'), 'utf8'));
    expect(report.stages.cluster).toMatchObject({
      minDemos: 1,
      minDemosSetting: 'auto',
      demosUsed: 1,
    });
  });

  // The acceptance target on this map (test/acceptance/map-checks.test.ts checks the example
  // pipelines' navs): judged by the independent brush-level checker, not by navgen's own code.
  it('by the independent map check: no node in solid, at least 90 % of the LTK waypoints within 64 units', async () => {
    expect(first.code).toBe(0);
    const { nav } = await readNavFile(join(dir, 'asylum.nav'));
    const map = await loadCheckMap(bsp);
    const m = measureNavOn(map, nav, (await readLtk(fixture('ltk', 'asylum.ltk'))).origins);
    expect(m.inSolid).toBe(0);
    expect(m.ltkCoverage).toBeGreaterThanOrEqual(0.9);
  });

  it('refuses to replace the nav when --min-demos 3 drops every cluster (exit 1, names the threshold and the option)', async () => {
    const before = sha256(join(dir, 'asylum.nav'));
    const r = await build('asylum.nav', '--min-demos', '3');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/minDemos 3 \(from 1 demo\(s\) used\) dropped 604 of 604 clusters/);
    expect(r.stderr).toMatch(/--min-demos/);
    expect(r.stderr).toMatch(/asylum\.nav was left as it was/);
    expect(sha256(join(dir, 'asylum.nav'))).toBe(before);
  }, 120_000);

  it('writes a new nav that lost everything only with a warning saying why', async () => {
    const r = await build('fresh.nav', '--min-demos', '2');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /warning: the nav would have no node from the demos .*minDemos 2 .*--min-demos/,
    );
  }, 120_000);
});
