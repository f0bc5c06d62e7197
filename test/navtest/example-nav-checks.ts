/**
 * The offline nav test on the example pipelines' navs (pipelines/MAP.yaml, with map-derived and
 * mirrored links): at least 95 % of the links pass and at least 85 % of the nodes are reached.
 *
 * Not a test file of its own: test/acceptance/map-checks.test.ts builds those navs anyway, so
 * these checks run there on its builds ({@link exampleNavChecks}); building them again here was
 * about 40 s of the suite. test/navtest/navtest.test.ts checks the demo-learned links alone.
 */
import { expect, it } from 'vitest';
import type { NavFile } from '../../src/nav/types.js';
import { runNavtest } from '../../src/navtest/run-navtest.js';
import { fixture } from '../helpers/fixtures.js';

/** The maps whose example navs the offline test checks. */
export const NAVTEST_EXAMPLE_MAPS = ['wizs', 'urbanjungle', 'simplicity'];

/**
 * Declares the checks (call inside a describe); `navOf(map)` gives the nav of a map's example
 * pipeline once the describe's beforeAll has built it.
 */
export function exampleNavChecks(navOf: (map: string) => NavFile): void {
  for (const map of NAVTEST_EXAMPLE_MAPS) {
    it(`${map}: the example pipeline's nav (with map-derived and mirrored links) passes >= 95 %`, async () => {
      const run = await runNavtest(navOf(map), fixture('maps', `${map}.bsp`), map);
      const passed = run.report.links.filter((l) => l.passed).length;
      expect(passed / run.links).toBeGreaterThanOrEqual(0.95);
      expect(run.report.coverage_ratio).toBeGreaterThanOrEqual(0.85);
    }, 300_000);
  }
}
