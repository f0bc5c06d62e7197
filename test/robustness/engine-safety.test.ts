/**
 * Engine safety: a graph that breaks a limit of the engine's `.nav` loader can never reach the
 * disk through the build. Through the whole build (a plugin graph stage rewrites the graph, see
 * `graph-attack-plugin.mjs`): too many nodes are capped at 8095 (spawn nodes kept), more than 32
 * links per node are cut to the best supported, links to nodes that do not exist are dropped,
 * and a NaN, infinite or beyond-float32 coordinate or an unknown type stops the build before
 * anything is written. Directly at the writer: a nav with a bad version, 8096 nodes, 33 links,
 * a target out of range or a non-finite origin is refused, the file already at the path stays
 * as it was and no temporary file is left; the limits themselves (8095 nodes, 32 links) pass.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkCost } from '../../src/nav/link-cost.js';
import type { NavFile, NavNode } from '../../src/nav/types.js';
import { runBuild, type BuildResult } from '../../src/pipeline/build.js';
import { loadPipelineFile } from '../../src/pipeline/load-pipeline.js';
import { NavValidationError } from '../../src/nav/formats/aqtion/errors.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { validateNav } from '../../src/nav/formats/aqtion/validate.js';
import { writeNavFile } from '../../src/sinks/nav/write-nav-file.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { describeFixtures, fixture, REPO_ROOT } from '../helpers/fixtures.js';
import { sha256, tempFolder } from './navgen-cli.js';

const work = tempFolder('engine-safety');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Files in `work` that are neither the navs we wrote nor pipeline files: leftovers. */
const leftovers = () => readdirSync(work).filter((f) => f.startsWith('.'));

describeFixtures('the build path never writes an engine-unsafe nav', () => {
  const plugin = join(REPO_ROOT, 'test', 'robustness', 'graph-attack-plugin.mjs');
  let baseline: BuildResult;
  let baselineNav: string;

  const build = async (name: string, attack: string | null): Promise<BuildResult> => {
    const yaml = join(work, `${name}.yaml`);
    writeFileSync(
      yaml,
      [
        'map: wizs',
        `bsp: ${fixture('maps', 'wizs.bsp')}`,
        `demos: [${fixture('demos', 'mvd2', 'corpus', 'wizs', 'wizs_dm_6bots_240s_sk9_c3.mvd2.gz')}]`,
        `output: { nav: ${name}.nav }`,
        'cache: cache',
        'workers: 1',
        `plugins: [${plugin}]`,
        'stages:',
        ...[
          'map-filter',
          'gate',
          'death-weight',
          'downsample',
          'speed-filter',
          'vote',
          '{ cluster: { minDemos: 1 } }',
          'classify',
          'spawn-points',
        ].map((s) => `  - ${s}`),
        ...(attack ? [`  - graph-attack/rewrite: { attack: ${attack} }`] : []),
      ].join('\n') + '\n',
    );
    return runBuild(await loadPipelineFile(yaml));
  };
  const spawnNodes = (nav: NavFile) =>
    nav.nodes.filter((n) => n.type === defaultNodeTypes.SPAWNPOINT).length;

  beforeAll(async () => {
    baseline = await build('baseline', null);
    baselineNav = sha256(join(work, 'baseline.nav'));
  });

  it('too many nodes: the build\u2019s own test takes the unreachable chain away, every spawn node stays, and the file is valid', async () => {
    // The 9000 extra nodes hang far below the map: no spawn point reaches them, so the nav
    // fails its own test on reach and the repair removes them (the cap of 8095 itself is
    // graphToNav's, tested in test/sinks/nav/graph-to-nav-limits.test.ts).
    const r = await build('many-nodes', 'too-many-nodes');
    expect(r.ownTest?.summary.first.unreachable).toBeGreaterThanOrEqual(8095 - baseline.nav.nodes);
    expect(r.ownTest?.summary.removedNodes).toBeGreaterThanOrEqual(9000);
    expect(r.ownTest?.summary.passed).toBe(true);
    expect(r.nav.nodes).toBeLessThanOrEqual(baseline.nav.nodes);
    const { nav, warnings } = await readNavFile(join(work, 'many-nodes.nav'));
    expect(nav.nodes.length).toBeLessThanOrEqual(8095);
    expect(warnings.filter((w) => w.severity === 'error')).toEqual([]);
    expect(validateNav(nav).filter((i) => i.severity === 'error')).toEqual([]);
    const before = (await readNavFile(join(work, 'baseline.nav'))).nav;
    expect(spawnNodes(before)).toBeGreaterThan(0);
    expect(spawnNodes(nav)).toBe(spawnNodes(before));
  });

  it('more than 32 links on a node: the best supported 32 are kept', async () => {
    const r = await build('many-links', 'many-links');
    expect(r.nav.maxLinksPerNode).toBeLessThanOrEqual(32);
    expect(r.nav.linksOverLimit).toBeGreaterThan(0);
    const { nav } = await readNavFile(join(work, 'many-links.nav'));
    expect(Math.max(...nav.nodes.map((n) => n.links.length))).toBe(32);
  });

  it('links to nodes that do not exist (-1, count, 1e6, NaN, 1.5) are dropped: the nav is the baseline', async () => {
    await build('bad-targets', 'bad-targets');
    expect(sha256(join(work, 'bad-targets.nav'))).toBe(baselineNav);
  });

  it.each([
    ['nan-origin', /BAD_ORIGIN/],
    ['infinite-origin', /BAD_ORIGIN/],
    ['beyond-float32', /BAD_ORIGIN/],
    ['unknown-type', /unknown node type name NOT_A_TYPE/],
  ])('%s stops the build before anything is written', async (attack, message) => {
    const name = `stop-${attack}`;
    writeFileSync(join(work, `${name}.nav`), readFileSync(join(work, 'baseline.nav')));
    const error = await build(name, attack).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    if (attack !== 'unknown-type') expect(error).toBeInstanceOf(NavValidationError);
    expect(sha256(join(work, `${name}.nav`))).toBe(baselineNav);
    expect(leftovers()).toEqual([]);
  });
});

describe('the writer refuses every violation of the loader limits', () => {
  /** A nav of `count` nodes on a line, node i linked to the next `links` nodes (costs exact). */
  function navOf(count: number, links = 1): NavFile {
    const nodes: NavNode[] = Array.from({ length: count }, (_, i) => ({
      area: 0,
      origin: [i * 16, (i % 7) * 8, 24],
      type: 1,
      nodenum: i,
      inuse: 1,
      links: [],
    }));
    for (const [i, n] of nodes.entries()) {
      for (let k = 1; k <= links; k++) {
        const t = (i + k) % count;
        if (t !== i)
          n.links.push({ target: t, targetType: 1, cost: linkCost(n.origin, nodes[t].origin) });
      }
    }
    return { version: 2, nodes };
  }
  const path = join(work, 'writer.nav');
  let good: string;

  beforeAll(async () => {
    await writeNavFile(path, navOf(10));
    good = sha256(path);
  });

  it.each<[string, () => NavFile, RegExp]>([
    ['version 3', () => ({ ...navOf(3), version: 3 as never }), /BAD_VERSION/],
    ['version 0', () => ({ ...navOf(3), version: 0 as never }), /BAD_VERSION/],
    ['8096 nodes', () => navOf(8096), /TOO_MANY_NODES/],
    ['33 links on a node', () => navOf(40, 33), /TOO_MANY_LINKS/],
    [
      'a link to node -1',
      () => {
        const n = navOf(5);
        n.nodes[2].links[0].target = -1;
        return n;
      },
      /BAD_LINK_TARGET/,
    ],
    [
      'a link to node count',
      () => {
        const n = navOf(5);
        n.nodes[2].links[0].target = 5;
        return n;
      },
      /BAD_LINK_TARGET/,
    ],
    [
      'a NaN origin',
      () => {
        const n = navOf(5);
        n.nodes[1].origin[0] = NaN;
        return n;
      },
      /BAD_ORIGIN/,
    ],
    [
      'an infinite origin',
      () => {
        const n = navOf(5);
        n.nodes[1].origin[2] = -Infinity;
        return n;
      },
      /BAD_ORIGIN/,
    ],
  ])(
    '%s: refused, the file at the path unchanged, no temporary file left',
    async (_what, make, code) => {
      const e = await writeNavFile(path, make()).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(NavValidationError);
      expect((e as NavValidationError).issues.map((i) => i.code).join()).toMatch(code);
      expect(sha256(path)).toBe(good);
      expect(leftovers()).toEqual([]);
    },
  );

  it('the limits themselves pass: 8095 nodes with 32 links each', async () => {
    const written = await writeNavFile(join(work, 'limits.nav'), navOf(8095, 32));
    expect(written).toMatchObject({ nodes: 8095, links: 8095 * 32 });
    expect(
      (await readNavFile(join(work, 'limits.nav'))).nav.nodes.every((n) => n.links.length === 32),
    ).toBe(true);
  });
});
