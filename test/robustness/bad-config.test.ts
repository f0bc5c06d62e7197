/**
 * Bad configuration through the real command: a malformed pipeline file, a plugin that is
 * missing, throws or has the wrong shape, a damaged or missing BSP, a malformed feedback file or
 * navtest report. Each gives one clear message naming the file (no stack trace), the exit code
 * says which kind of problem it was, and nothing is half-written: no output file is created,
 * and the outputs of an earlier build stay as they were.
 *
 * Exit codes: problems found while loading the pipeline (syntax, schema, stages, plugins) are
 * usage errors, 2, before any demo is opened; inputs that turn out unreadable during the build
 * (the BSP, feedback files) are failures, 1.
 */
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { ensureBuilt, navgen, sha256, tempFolder } from './navgen-cli.js';

const DEMO = fixture('demos', 'mvd2', 'wizs_dm_6bots_60s_captureflags5.mvd2.gz');
const STAGES =
  'stages: [map-filter, gate, death-weight, downsample, speed-filter, vote, { cluster: { minDemos: 1 } }, classify, spawn-points, feedback]';

describeFixtures('bad configuration', () => {
  const work = tempFolder('bad-config');
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A pipeline writing into `out-<name>/`; `lines` replace or add keys. */
  function pipeline(name: string, lines: string[]): string {
    const keys = new Map<string, string>([
      ['map', 'map: wizs'],
      ['bsp', `bsp: ${fixture('maps', 'wizs.bsp')}`],
      ['demos', `demos: [${DEMO}]`],
      [
        'output',
        `output: { nav: out-${name}/wizs.nav, report: out-${name}/wizs.report.json, strafeTraces: out-${name}/wizs.strafe_traces }`,
      ],
      ['cache', 'cache: cache'],
      ['stages', STAGES],
    ]);
    for (const l of lines) keys.set(l.split(':')[0], l);
    const path = join(work, `${name}.yaml`);
    writeFileSync(path, [...keys.values()].join('\n') + '\n');
    return path;
  }

  /** Runs the build and checks the one-message, nothing-written contract; returns stderr. */
  function fails(name: string, code: number): string {
    const r = navgen(work, 'build', `${name}.yaml`, '--quiet');
    expect(r.code, r.stderr).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^navgen: /);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const out = join(work, `out-${name}`);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    return r.stderr;
  }

  beforeAll(() => {
    ensureBuilt();
    writeFileSync(join(work, 'throws.mjs'), 'throw new Error("boom while loading");\n');
    writeFileSync(
      join(work, 'shapeless.mjs'),
      'export default { meta: { name: "shapeless", version: "1" } };\n',
    );
    writeFileSync(join(work, 'not-a-map.bsp'), Buffer.alloc(4000, 0x41));
    writeFileSync(join(work, 'cut.bsp'), Buffer.from('IBSP&\0\0\0'));
    writeFileSync(join(work, 'broken.json'), '{ "map": "wizs",\n  "passed": tru\n');
    writeFileSync(
      join(work, 'report.json'),
      JSON.stringify({ map: 'wizs', passed: false, bad_nodes: [-1], bad_links: [[1]] }),
    );
    writeFileSync(join(work, 'not-a.nav'), 'not a nav file');
  });

  it('a malformed pipeline file: exit 2, file:line:column, nothing written', () => {
    writeFileSync(
      join(work, 'yaml.yaml'),
      `map: wizs\ndemos: [${DEMO}\noutput: { nav: out-yaml/wizs.nav }\n`,
    );
    expect(fails('yaml', 2)).toMatch(/^navgen: yaml\.yaml:3:\d+: /);
  });

  it('an unknown stage and a bad option: exit 2, each with its line and a suggestion', () => {
    pipeline('schema', [
      'stages: [map-filter, gate, deathweight, downsample, { speed-filter: { maxSpeed: -1 } }, vote, cluster, classify]',
    ]);
    const err = fails('schema', 2);
    expect(err).toMatch(
      /schema\.yaml:\d+:\d+: stages\[2\] deathweight: unknown stage "deathweight"; did you mean "death-weight"\?/,
    );
    expect(err).toMatch(/schema\.yaml:\d+:\d+: stages\[4\] speed-filter: maxSpeed must be > 0/);
  });

  it.each([
    [
      'a plugin path that does not exist',
      './missing-plugin.mjs',
      /plugins\[0\]: plugin .*missing-plugin\.mjs: cannot be loaded/,
    ],
    [
      'a plugin that throws while loading',
      './throws.mjs',
      /plugins\[0\]: plugin .*throws\.mjs: cannot be loaded: boom while loading/,
    ],
    [
      'a plugin without operators',
      './shapeless.mjs',
      /plugins\[0\]: plugin .*shapeless\.mjs: exports no operators/,
    ],
  ])('%s: exit 2, naming the plugin and the line', (_what, plugin, message) => {
    const name = `plugin-${plugin.replace(/\W/g, '')}`;
    pipeline(name, [`plugins: [${plugin}]`]);
    expect(fails(name, 2)).toMatch(message);
  });

  it('a BSP that is not a map, is cut short or is missing: exit 1, file and offset, nothing written', () => {
    pipeline('bsp-garbage', [`bsp: not-a-map.bsp`]);
    expect(fails('bsp-garbage', 1)).toMatch(/not-a-map\.bsp@0x0: .*\[BAD_MAGIC\]\n$/);
    pipeline('bsp-cut', [`bsp: cut.bsp`]);
    expect(fails('bsp-cut', 1)).toMatch(/cut\.bsp@0x[0-9a-f]+: .*\[TRUNCATED\]\n$/);
    pipeline('bsp-missing', [`bsp: missing.bsp`]);
    expect(fails('bsp-missing', 1)).toMatch(
      /missing\.bsp@0x0: cannot read the map: ENOENT.*\[IO\]\n$/,
    );
  });

  it('feedback that cannot be used: malformed JSON on one line, an invalid navtest report listing its problems, a damaged nav', () => {
    pipeline('fb-json', ['feedback: broken.json']);
    const json = fails('fb-json', 1);
    expect(json).toMatch(/^navgen: .*broken\.json: cannot read as JSON: /);
    expect(json.trimEnd().split('\n')).toHaveLength(1);
    pipeline('fb-report', ['feedback: { file: report.json, nav: not-a.nav }']);
    const report = fails('fb-report', 1);
    expect(report).toMatch(
      /report\.json: not a valid navtest report:\n {2}bad_nodes\.0: must be >= 0\n {2}bad_links\.0: must NOT have fewer than 2 items/,
    );
    writeFileSync(
      join(work, 'good-report.json'),
      JSON.stringify({ map: 'wizs', passed: false, bad_nodes: [], bad_links: [] }),
    );
    pipeline('fb-nav', ['feedback: { file: good-report.json, nav: not-a.nav }']);
    expect(fails('fb-nav', 1)).toMatch(/not-a\.nav file@0x0: .*\[BAD_VERSION\]\n$/);
  });

  it('a failing build leaves the outputs of the last good one exactly as they were', () => {
    pipeline('keep', []);
    expect(navgen(work, 'build', 'keep.yaml', '--quiet').code).toBe(0);
    const files = ['wizs.nav', 'wizs.report.json', 'wizs.strafe_traces'].map((f) =>
      join(work, 'out-keep', f),
    );
    const before = files.map((f) => [sha256(f), statSync(f).mtimeMs]);
    for (const bad of [
      'bsp: not-a-map.bsp',
      'feedback: broken.json',
      'stages: [map-filter, vote]',
    ]) {
      pipeline('keep', [bad]);
      const r = navgen(work, 'build', 'keep.yaml', '--quiet');
      expect(r.code, bad).not.toBe(0);
      expect(
        files.map((f) => [sha256(f), statSync(f).mtimeMs]),
        bad,
      ).toEqual(before);
      expect(readdirSync(join(work, 'out-keep')).filter((f) => f.startsWith('.'))).toEqual([]);
    }
  });
});
