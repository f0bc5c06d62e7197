/**
 * fill on maps with no demos of their own (terminal, wfall, bwcity2 have human LTK waypoints
 * but no demos in the fixtures): the build is given one short demo of another map, so the
 * learned graph is empty and every node comes from the floor walked from the spawn points and
 * up the map's ladders. Judged by the independent brush-level checker against the LTK
 * waypoints humans placed: the engine's own autogen nav covers 81-100 % of them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readNavFile } from '../../src/sinks/nav/read-nav.js';
import { readLtk } from '../../src/sources/ltk/read-ltk.js';
import { describeFixtures, fixture, REPO_ROOT } from '../helpers/fixtures.js';
import { loadCheckMap, measureNavOn } from '../helpers/independent-map-check.js';

const out = mkdtempSync(join(tmpdir(), 'navgen-fill-spawns-'));

describeFixtures('fill from spawn points alone, by the independent map check', () => {
  for (const map of ['terminal', 'wfall', 'bwcity2']) {
    it(`${map}: at least 90 % of the LTK waypoints within 64 units of a node, none in solid`, async () => {
      const path = join(out, `${map}.nav`);
      execFileSync(
        process.execPath,
        [
          join(REPO_ROOT, 'bin', 'navgen'),
          'build',
          '--map',
          map,
          '--bsp',
          fixture('maps', `${map}.bsp`),
          '--out',
          path,
          '--no-html',
          '--no-cache',
          '--no-progress',
          '-q',
          // Another map's demo: nothing of it is played on `map`.
          fixture('demos', 'mvd2', 'wizs_dm_6bots_60s_captureflags5.mvd2.gz'),
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
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
