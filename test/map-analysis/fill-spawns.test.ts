/**
 * fill on maps with no demos of their own (terminal, wfall, bwcity2 have human LTK waypoints
 * but no demos in the fixtures): the build is given one damaged demo (a demo of another map
 * would be refused as a wrong map), so no demo contributes, the build says so (exit 3: a nav
 * learned from the map alone), and every node comes from the floor walked from the spawn points and
 * up the map's ladders (fill's `ladders` on; the default leaves ladders no player climbed
 * out, which gives 89.9 % on bwcity2). Judged by the independent brush-level checker against the LTK
 * waypoints humans placed: the engine's own autogen nav covers 81-100 % of them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DEFAULT_STAGES } from '../../src/pipeline/builtin-stages.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { readLtk } from '../../src/sources/ltk/read-ltk.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgenAsync } from '../robustness/navgen-cli.js';
import {
  loadCheckMap,
  measureNavOn,
} from '../../tools/independent-checks/independent-map-check.js';

const out = mkdtempSync(join(tmpdir(), 'navgen-fill-spawns-'));
// Random bytes under a demo's name: read, quarantined, no votes.
const damaged = join(out, 'damaged.mvd2');
writeFileSync(damaged, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)));

describeFixtures('fill from spawn points alone, by the independent map check', () => {
  for (const map of ['terminal', 'wfall', 'bwcity2']) {
    it(`${map}: at least 90 % of the LTK waypoints within 64 units of a node, none in solid`, async () => {
      const path = join(out, `${map}.nav`);
      // The default stages, with fill's map ladders on (off by default: see the ladders row of fill's options table).
      // A pipeline file in JSON form (YAML reads it).
      const pipeline = join(out, `${map}.yaml`);
      writeFileSync(
        pipeline,
        JSON.stringify({
          map,
          bsp: fixture('maps', `${map}.bsp`),
          // A damaged demo: nothing of it contributes.
          demos: [damaged],
          output: { nav: path, html: false },
          cache: false,
          stages: DEFAULT_STAGES.map((name) =>
            name === 'fill' ? { fill: { ladders: true } } : name,
          ),
        }),
      );
      // Spawned, not run in this thread: the build takes tens of seconds, and a test worker
      // that long without its event loop loses its RPC to vitest.
      const run = await navgenAsync(out, 'build', pipeline, '--no-progress', '-q');
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toMatch(/damaged demo .*damaged\.mvd2@0x0/);
      const nav = (await readNavFile(path)).nav;
      const check = await loadCheckMap(fixture('maps', `${map}.bsp`));
      const m = measureNavOn(check, nav, (await readLtk(fixture('ltk', `${map}.ltk`))).origins);
      expect(m.nodes).toBeGreaterThan(0);
      expect(m.inSolid).toBe(0);
      expect(m.ladder.confirmed).toBe(m.ladder.total);
      expect(m.largestComponent).toBeGreaterThanOrEqual(0.95);
      expect(m.ltkCoverage).toBeGreaterThanOrEqual(0.9);
    }, 120_000);
  }
});
