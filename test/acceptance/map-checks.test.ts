/**
 * The map checks of the default navs on the fixture maps (the acceptance targets), judged by the independent brush-level checker
 * (tools/independent-checks/independent-map-check.ts), not by the code that builds the navs:
 * with the default pipelines (pipelines/*.yaml, four or more bot demos per map)
 * - every ladder, crouch and water node is confirmed by the map (crouch: standing blocked at the
 *   node or within 16 units, where passing needs it);
 * - every ladder players climbed in at least two demos has ladder nodes at it (two or more:
 *   bottom and top);
 * - no node's player box is more than 1 unit in solid;
 * - no node stands where a `trigger_hurt` touches the player (subway2's strip along its tracks);
 * - one component holds at least 95 % of the nodes, and no node a bot walks to from the largest
 *   strongly connected part is one it cannot come back from;
 * - the area mesh built with the nav (`navgen mesh --nav`: its nodes seed the floor, its links
 *   become off-mesh links) connects every pair of spawn points the nav connects;
 * - at least 90 % of the human LTK waypoints lie within 64 units of a node: beer (its four-demo
 *   corpus; asylum's one human match: test/cli/few-demos.test.ts, which builds it);
 * - the real AQtion server (../shared/engine/navload) loads each nav with the node count the file
 *   holds (test/engine/navload.test.ts calibrates the check itself).
 *
 * The suite builds every example pipeline once, here; what other parts check on those navs runs
 * here too, on these builds: the facts of the five corpus maps' navs and their NAV3
 * (test/operators/real-map-checks.ts) and the offline nav test of three of them
 * (test/navtest/example-nav-checks.ts).
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../src/pipeline/build.js';
import { loadPipelineFile } from '../../src/pipeline/load-pipeline.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { readLtk } from '../../src/sources/ltk/read-ltk.js';
import type { NavFile } from '../../src/nav/types.js';
import { describeFixtures, fixture, REPO_ROOT } from '../helpers/fixtures.js';
import { freePort } from '../../src/engine/free-port.js';
import { HAVE_ENGINE, navload } from '../../tools/engine-oracle.js';
import {
  ladderClimbs,
  ladderNodesAt,
  loadCheckMap,
  measureNavOn,
  type CheckMap,
  type NavMeasure,
} from '../../tools/independent-checks/independent-map-check.js';
import { CORPUS_MAPS, realMapChecks, type CorpusBuild } from '../operators/real-map-checks.js';
import { exampleNavChecks } from '../navtest/example-nav-checks.js';
import { meshSpawnPairs } from '../navmesh/spawn-pairs.js';
import {
  adjacency,
  largestComponent,
  spreadMarks,
  strongComponents,
} from '../../src/graph/strong-components.js';

/**
 * The nodes a bot walking from the nav's largest strongly connected part can reach but never
 * return from: a random goal there keeps a bot until it dies (ghetto's roof court, 812 nodes,
 * before connect tried every node's safest way out first).
 */
function trapsEnteredFromMain(nav: NavFile): number[] {
  const n = nav.nodes.length;
  const links = nav.nodes.flatMap((node, from) => node.links.map((l) => ({ from, to: l.target })));
  const fwd = adjacency(n, links);
  const { component, count } = strongComponents(n, fwd);
  const main = largestComponent(component, count);
  const inMain = Uint8Array.from(component, (c) => (c === main ? 1 : 0));
  const reached = spreadMarks(fwd, inMain.slice());
  const leads = spreadMarks(adjacency(n, links, true), inMain.slice());
  return [...reached.keys()].filter((v) => reached[v] && !leads[v]);
}

const out = mkdtempSync(join(tmpdir(), 'navgen-map-checks-'));
const maps = readdirSync(join(REPO_ROOT, 'pipelines'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''))
  .sort();
const built = new Map<string, { path: string; nav: NavFile; map: CheckMap; m: NavMeasure }>();
/** The corpus maps' builds, in {@link CORPUS_MAPS} order, for real-map-checks.ts. */
const corpus = new Map<string, CorpusBuild>();
const corpusBuilt = new Map<string, CorpusBuild>();

/**
 * Known defects of two held-out maps, measured when their pipelines were added: a ratchet (the
 * test fails if they get worse) until the method fixes them; the targets above still hold on
 * every other map.
 * - bwcity: two demo nodes stand inside func_walls with spawnflags 6 (TOGGLE | START_ON), which
 *   the checker counts as standing; players stood there while the walls were off.
 * - kumanru: the largest component holds 76 % of the nodes (the engine's own nav of kumanru:
 *   41.7 %). The rest is a lower level reached through water, then a ladder up into a small room
 *   where the map's func_plat starts; the lift joins that room to the upper floor. The movers
 *   stage's PLATFORM pair needs floor nodes at both ends, and neither nav has a node in that room
 *   (the demos never went there; fill's ladder pairs are off). It was 85 % until fill's way out
 *   of the water (2026-11-26) covered that level's water with 137 WATER nodes: bots spawn there
 *   (two spawn points) and drowned in it, 8 in six runs before, none in eight after; the nodes
 *   lead out onto that level's floor, not into the main component, so its share fell.
 * - subway2: the largest component holds 52 % of the nodes, and that is the map, not a defect:
 *   its two platforms are joined only across the tracks, where a trigger_hurt strip (50 damage
 *   every tenth of a second, on from the start; a button switches it, and bots press none)
 *   kills whoever walks there. The engine's own nav without its 175 nodes in the strip falls
 *   apart the same way (components of 453, 328 and 76 nodes). Environmental deaths per
 *   bot-minute on navgen's nav: 1.381 before the strip was kept out (the engine's nav 0.163 in
 *   the same runs), 0.165 and 0.101 after (the engine's 0.115 and 0.049): bench:bots, two calls
 *   of two runs each after, one before, 2026-11-28. It was 53 % until `connect` joined the floor
 *   beside a spawn point (9 nodes, which led nowhere else) to the south
 *   platform's island instead of removing it (0.5197 after).
 */
const OPEN_DEFECTS: Record<string, { inSolid?: number; largestComponent?: number }> = {
  bwcity: { inSolid: 2 },
  kumanru: { largestComponent: 0.76 },
  subway2: { largestComponent: 0.51 },
};

describeFixtures('map checks of the default navs, by the independent map check', () => {
  beforeAll(async () => {
    for (const name of maps) {
      const spec = await loadPipelineFile(join(REPO_ROOT, 'pipelines', `${name}.yaml`));
      const path = join(out, `${name}.nav`);
      // The re-release's NAV3 from the same build, for the corpus maps' checks.
      const q2rNav = CORPUS_MAPS.includes(name) ? join(out, 'q2r', `${name}.nav`) : null;
      const result = await runBuild({
        ...spec,
        cache: join(out, 'cache'),
        output: { nav: path, q2rNav, strafeTraces: null, report: null, html: null },
      });
      const nav = (await readNavFile(path)).nav;
      const map = await loadCheckMap(fixture('maps', `${name}.bsp`));
      const ltk = name === 'beer' ? (await readLtk(fixture('ltk', 'beer.ltk'))).origins : null;
      built.set(name, { path, nav, map, m: measureNavOn(map, nav, ltk) });
      if (q2rNav) corpusBuilt.set(name, { nav, result, q2rNav });
    }
    for (const name of CORPUS_MAPS)
      if (corpusBuilt.has(name)) corpus.set(name, corpusBuilt.get(name)!);
  }, 900_000);

  for (const name of maps) {
    it(`${name}: every ladder, crouch and water node is confirmed by the map`, () => {
      const { m } = built.get(name)!;
      expect(m.ladder.confirmed, `ladder ${JSON.stringify(m.ladder)}`).toBe(m.ladder.total);
      expect(m.crouch.near, `crouch ${JSON.stringify(m.crouch)}`).toBe(m.crouch.total);
      expect(m.water.confirmed, `water ${JSON.stringify(m.water)}`).toBe(m.water.total);
    });

    const open = OPEN_DEFECTS[name];
    it(`${name}: no node's player box is in solid${open?.inSolid ? ` (open: at most ${open.inSolid})` : ''}`, () => {
      expect(built.get(name)!.m.inSolid).toBeLessThanOrEqual(open?.inSolid ?? 0);
    });

    it(`${name}: no node stands where a trigger_hurt hurts`, () => {
      expect(built.get(name)!.m.inHurt).toBe(0);
    });

    it(`${name}: the area mesh built with it connects every pair of spawn points it connects`, async () => {
      const pairs = await meshSpawnPairs(fixture('maps', `${name}.bsp`), built.get(name)!.nav);
      expect(pairs.navConnected).toBeGreaterThan(0);
      expect(pairs.meshMisses).toEqual([]);
    });

    it(`${name}: no node the main part leads to is one a bot cannot come back from`, () => {
      expect(trapsEnteredFromMain(built.get(name)!.nav)).toEqual([]);
    });

    it(`${name}: one component holds at least 95 % of the nodes${open?.largestComponent ? ` (open: at least ${open.largestComponent})` : ''}`, () => {
      expect(built.get(name)!.m.largestComponent).toBeGreaterThanOrEqual(
        open?.largestComponent ?? 0.95,
      );
    });
  }

  // Without the engine navload.test.ts fails under CI and skips elsewhere; here it is skipped.
  // Concurrent, five at a time (vitest's maxConcurrency; it runs only adjacent concurrent tests
  // together, hence their own loop): a load is about 5 s of a server that mostly waits
  // (navload's fixed run time), 70 s for the fourteen maps in turn.
  for (const name of maps) {
    it.runIf(HAVE_ENGINE).concurrent(
      `${name}: the real engine loads it with the file's node count`,
      async ({ expect }) => {
        const { path, nav } = built.get(name)!;
        const r = await navload(name, path, await freePort());
        expect(r.result, r.output).toBe('LOADED');
        expect(r.nodes).toBe(nav.nodes.length);
      },
      60_000,
    );
  }

  it('simplicity: ladder nodes at every ladder players climbed in two or more demos', async () => {
    const { nav, map } = built.get('simplicity')!;
    const dir = fixture('demos', 'mvd2', 'corpus', 'simplicity');
    const climbs = await ladderClimbs(
      map,
      'simplicity',
      readdirSync(dir).map((f) => join(dir, f)),
    );
    const climbed = climbs.filter((c) => c.demos >= 2);
    // The corpus climbs three ladders in two or more demos each (a fact of the fixtures).
    expect(climbed.length).toBeGreaterThanOrEqual(3);
    const missing = climbed
      .map((c) => ({ at: c.mins, demos: c.demos, nodes: ladderNodesAt(map, nav, c) }))
      .filter((c) => c.nodes < 2);
    expect(missing).toEqual([]);
  });

  it('beer: at least 90 % of the LTK waypoints within 64 units of a node', () => {
    expect(built.get('beer')!.m.ltkCoverage).toBeGreaterThanOrEqual(0.9);
  });

  describe('navs from the real fixture demos', () => realMapChecks(corpus));

  describe('offline navtest: the example pipelines\u2019 navs', () =>
    exampleNavChecks((name) => built.get(name)!.nav));
});
