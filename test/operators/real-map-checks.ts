/**
 * Real fixture demos → navs for the five corpus maps: urbanjungle gets WATER nodes where players
 * swim (checked against the map's own water), city's fatal falls are found and down-weighted,
 * MOVE nodes sit at the height convention of the engine's own nodes, and the re-release NAV3 of
 * the same build loads in both re-release engines, whose A* finds paths in it.
 *
 * Not a test file of its own: the navs are the example pipelines' (pipelines/MAP.yaml), which
 * test/acceptance/map-checks.test.ts builds anyway, so these checks run there on its builds
 * ({@link realMapChecks}); a second build of the five maps was 100 s of the suite.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { BuildResult } from '../../src/pipeline/build.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import type { NavFile } from '../../src/nav/types.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { readBsp } from '../../src/sources/bsp/read-bsp.js';
import { brushContentsNear } from '../../src/sources/bsp/point-contents.js';
import { CONTENTS_WATER, MASK_LIQUID } from '../../src/sources/bsp/contents-flags.js';
import { fixture, REPO_ROOT } from '../helpers/fixtures.js';
import { NAV3_LINK_TYPES } from '../../src/nav/formats/nav3/layout.js';
import { readNav3File } from '../../src/nav/formats/nav3/read.js';
import { readSpawnPoints } from '../../src/sources/bsp/spawn-points.js';
import {
  CHECKERS,
  HAVE_CHECKERS,
  Q2R_DIR,
  closestNodeNg,
  closestNodePr310,
  reachableByEngineRules,
  runChecker,
  walkable,
} from '../helpers/q2r-checkers.js';

/** The maps whose facts (water, falls, ladders) the checks below were written for. */
export const CORPUS_MAPS = ['beer', 'city', 'simplicity', 'urbanjungle', 'wizs'];

/** A corpus map's example pipeline, built with its re-release NAV3 (`q2rNav`) beside the nav. */
export interface CorpusBuild {
  readonly nav: NavFile;
  readonly result: BuildResult;
  /** The NAV3 file of the same build (test/sinks/nav3/engines.test.ts checks such files). */
  readonly q2rNav: string;
}

/**
 * Declares the checks (call inside a describe); `built` gives the builds of the
 * {@link CORPUS_MAPS} once its beforeAll has run, in that order.
 */
export function realMapChecks(built: ReadonlyMap<string, CorpusBuild>): void {
  it('runs the corpus maps\u2019 example pipelines', () => {
    const present = readdirSync(join(REPO_ROOT, 'pipelines')).map((f) => f.replace(/\.yaml$/, ''));
    expect(present).toEqual(expect.arrayContaining(CORPUS_MAPS));
    expect([...built.keys()]).toEqual(CORPUS_MAPS);
  });

  it('builds engine-loadable navs for every fixture map', () => {
    for (const [map, { nav, result }] of built) {
      expect(nav.nodes.length, map).toBeGreaterThan(150);
      expect(result.nav.maxLinksPerNode, map).toBeLessThanOrEqual(32);
      expect(
        nav.nodes.filter((n) => n.links.length === 0).length / nav.nodes.length,
        map,
      ).toBeLessThan(0.05);
      expect(result.demos.filter((d) => d.status === 'used').length, map).toBeGreaterThanOrEqual(4);
    }
  });

  it('urbanjungle has WATER nodes, in or at the map\u2019s water', async () => {
    const { nav } = built.get('urbanjungle')!;
    const water = nav.nodes.filter((n) => n.type === defaultNodeTypes.WATER);
    expect(water.length).toBeGreaterThanOrEqual(10);
    const bsp = await readBsp(fixture('maps', 'urbanjungle.bsp'));
    // A swimmer's origin is in the water or just above its surface (eyes under water).
    const wet = water.filter(
      (n) =>
        (brushContentsNear(bsp.world, n.origin[0], n.origin[1], n.origin[2] - 24, 24) &
          MASK_LIQUID) !==
        0,
    );
    expect(wet.length / water.length).toBeGreaterThan(0.9);
    // And no dry MOVE node stands deep in water.
    const drowned = nav.nodes.filter(
      (n) =>
        n.type === defaultNodeTypes.MOVE &&
        (brushContentsNear(bsp.world, n.origin[0], n.origin[1], n.origin[2] + 24, 0) &
          CONTENTS_WATER) !==
          0,
    );
    expect(drowned.length / nav.nodes.length).toBeLessThan(0.01);
  });

  it('city: fatal falls are found and the frames before them down-weighted', () => {
    const { result } = built.get('city')!;
    let falls = 0;
    let down = 0;
    for (const d of result.demos) {
      const dw = d.summaries?.['death-weight'] as
        { deaths: { fall: number }; downweightedSamples: number } | undefined;
      falls += dw?.deaths.fall ?? 0;
      down += dw?.downweightedSamples ?? 0;
    }
    expect(falls).toBeGreaterThanOrEqual(20);
    expect(down).toBeGreaterThan(falls * 10);
  });

  it('MOVE nodes sit at the engine\u2019s height convention (standing origin)', async () => {
    for (const map of ['wizs', 'city', 'urbanjungle']) {
      const ours = built.get(map)!.nav.nodes.filter((n) => n.type === defaultNodeTypes.MOVE);
      const engine = (await readNavFile(fixture('nav', `${map}.autogen.nav`))).nav.nodes;
      const dz: number[] = [];
      for (const n of ours) {
        let best: number | null = null;
        for (const e of engine) {
          if (Math.hypot(e.origin[0] - n.origin[0], e.origin[1] - n.origin[1]) >= 32) continue;
          const d = e.origin[2] - n.origin[2];
          if (Math.abs(d) < 64 && (best === null || Math.abs(d) < Math.abs(best))) best = d;
        }
        if (best !== null) dz.push(best);
      }
      dz.sort((a, b) => a - b);
      // Enough of our nodes have an engine node next to them for the comparison to mean
      // something. Not all: fill's way-back nodes stand on ledges and roofs the engine's
      // generator (a walk from the spawns) never reaches (wizs: 65 % matched with them, 0.7 was
      // the bar before they existed).
      expect(dz.length / ours.length, map).toBeGreaterThan(0.6);
      expect(Math.abs(dz[Math.floor(dz.length / 2)]), map).toBeLessThan(1);
      expect(dz.filter((d) => Math.abs(d) <= 2).length / dz.length, map).toBeGreaterThan(0.75);
    }
  });

  it('every NAV3 it writes is loaded by both re-release engines, with the counts written', async () => {
    expect(HAVE_CHECKERS, `the checkers in ${Q2R_DIR}`).toBe(true);
    for (const [map, { result }] of built) {
      const file = built.get(map)!.q2rNav;
      const { nav: nav3 } = await readNav3File(file);
      const stats = result.navOutputs.q2rNav as Record<string, unknown>;
      const written = {
        nodes: nav3.nodes.length,
        links: nav3.links.length,
        traversals: nav3.traversals.length,
        edicts: nav3.edicts.length,
      };
      expect(stats, map).toMatchObject(written);
      // Same nodes as the AQtion nav of the same build, one traversal per jump, drop and climb.
      expect(written.nodes, map).toBe(built.get(map)!.nav.nodes.length);
      const traversed = nav3.links.filter((l) =>
        ['LongJump', 'BarrierJump', 'WalkOffLedge', 'Ladder'].includes(NAV3_LINK_TYPES[l.type]),
      ).length;
      expect(written.traversals, map).toBe(traversed);
      expect(traversed, map).toBeGreaterThan(0);
      for (const checker of CHECKERS) {
        const run = runChecker(checker, file, map);
        expect(run.result, `${checker} ${map}\n${run.output}`).toBe('LOADED');
        expect(run.counts, `${checker} ${map}`).toEqual(written);
      }
    }
  });

  it('the engines\u2019 own A* finds a path between spawn points navgen\u2019s NAV3 connects', async () => {
    for (const map of built.keys()) {
      const file = built.get(map)!.q2rNav;
      const { nav: nav3 } = await readNav3File(file);
      const spawns = (await readSpawnPoints(fixture('maps', `${map}.bsp`))).map((s) => s.origin);
      // The farthest pair whose nearest nodes (as each engine picks them) our graph connects
      // by the links both engines follow.
      let best: { start: readonly number[]; goal: readonly number[]; d: number } | null = null;
      const from = spawns.map((s) => ({
        pr: closestNodePr310(nav3, s),
        ng: closestNodeNg(nav3, s),
      }));
      const reach = from.map((f) =>
        f.ng >= 0 ? [reachableByEngineRules(nav3, f.pr), reachableByEngineRules(nav3, f.ng)] : null,
      );
      spawns.forEach((s, i) =>
        spawns.forEach((g, j) => {
          const r = reach[i];
          if (!r || from[j].ng < 0 || !walkable(nav3, from[i].pr)) return;
          if (!r[0].has(from[j].pr) || !r[1].has(from[j].ng)) return;
          if (from[i].pr === from[j].pr || from[i].ng === from[j].ng) return;
          const d = Math.hypot(s[0] - g[0], s[1] - g[1], s[2] - g[2]);
          if (!best || d > best.d) best = { start: s, goal: g, d };
        }),
      );
      expect(best, `${map}: no spawn pair connected by walk links`).not.toBeNull();
      const pair = best!;
      expect(pair.d, map).toBeGreaterThan(256);
      for (const checker of CHECKERS) {
        const run = runChecker(checker, file, map, pair);
        expect(run.path, `${checker} ${map} ${pair.start} -> ${pair.goal}\n${run.output}`).toMatch(
          /^(InProgress|TraversalPending)$/,
        );
      }
    }
  });
}
