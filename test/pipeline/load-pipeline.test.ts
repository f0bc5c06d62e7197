/**
 * Pipeline files are validated before anything runs, and every problem names the file, line,
 * column and key, and says what was expected.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadPipelineFile,
  parsePipelineText,
  resolvePipeline,
} from '../../src/pipeline/load-pipeline.js';
import { PipelineConfigError, PipelineConfigErrors } from '../../src/pipeline/config-error.js';
import { pipelineFromFlags } from '../../src/pipeline/flags-pipeline.js';
import { REPO_ROOT } from '../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-config-'));

/**
 * Writes a pipeline file. A YAML one that names no map gets `bsp: none` last (every pipeline
 * must name its map or say it has none; the cases here are about other keys, and a last line
 * keeps the positions they check).
 */
function file(name: string, text: string): string {
  const p = join(dir, name);
  const yaml = name.endsWith('.yaml') && !/^bsp:/m.test(text);
  writeFileSync(p, yaml ? `${text.endsWith('\n') ? text : `${text}\n`}bsp: none\n` : text);
  return p;
}

async function problems(text: string, name = 'p.yaml'): Promise<string[]> {
  try {
    await loadPipelineFile(file(name, text));
  } catch (e) {
    if (e instanceof PipelineConfigErrors) return e.errors.map((x) => x.message);
    if (e instanceof PipelineConfigError) return [e.message];
    throw e;
  }
  return [];
}

const base = `map: wizs
demos: demos/*.mvd2.gz
output:
  nav: out/wizs.nav
`;

describe('pipeline files', () => {
  it('cache in the user cache folder by default, beside the file when given, off with false', async () => {
    const saved = process.env.XDG_CACHE_HOME;
    try {
      process.env.XDG_CACHE_HOME = join(dir, 'xdg');
      expect((await loadPipelineFile(file('c1.yaml', base))).cache).toBe(
        join(dir, 'xdg', 'navgen'),
      );
      // A relative XDG_CACHE_HOME is invalid (XDG): ~/.cache/navgen, never the working folder.
      process.env.XDG_CACHE_HOME = 'rel';
      expect((await loadPipelineFile(file('c2.yaml', base))).cache).toBe(
        join(homedir(), '.cache', 'navgen'),
      );
      process.env.XDG_CACHE_HOME = join(dir, 'xdg');
      expect((await loadPipelineFile(file('c3.yaml', `${base}cache: my-cache\n`))).cache).toBe(
        join(dir, 'my-cache'),
      );
      expect((await loadPipelineFile(file('c4.yaml', `${base}cache: false\n`))).cache).toBeNull();
      const flags = await pipelineFromFlags({ map: 'wizs', out: 'w.nav', demos: ['d'] }, dir);
      expect(flags.cache).toBe(join(dir, 'xdg', 'navgen'));
    } finally {
      process.env.XDG_CACHE_HOME = saved;
    }
  });

  it('resolves paths against the file and fills defaults', async () => {
    const spec = await loadPipelineFile(file('ok.yaml', base));
    expect(spec.map).toBe('wizs');
    expect(spec.output.nav).toBe(join(dir, 'out', 'wizs.nav'));
    expect(spec.demos).toEqual([join(dir, 'demos/*.mvd2.gz')]);
    // The user's cache folder (XDG_CACHE_HOME: a temporary folder under vitest), not beside the file.
    expect(spec.cache).toBe(join(process.env.XDG_CACHE_HOME!, 'navgen'));
    expect(spec.stages.map((s) => s.name)).toEqual([
      'map-filter',
      'gate',
      'death-weight',
      'downsample',
      'speed-filter',
      'vote',
      'cluster',
      'classify',
      'fill',
      'spawn-points',
      'movers',
      'feedback',
      'short-links',
      'connect',
      'first-hops',
      'wedge-links',
    ]);
    expect(spec.stages.find((s) => s.name === 'cluster')?.options).toMatchObject({
      radius: 48,
      minWeight: 0.4,
      minDemos: 'auto',
    });
  });

  it('accepts JSON too', async () => {
    const spec = await loadPipelineFile(
      file(
        'ok.json',
        JSON.stringify({ map: 'city', bsp: 'none', demos: ['a.mvd2'], output: { nav: 'c.nav' } }),
      ),
    );
    expect(spec.map).toBe('city');
  });

  it('names file, line, column, stage and limit for a bad option', async () => {
    const msgs = await problems(
      `${base}stages:\n  - map-filter\n  - gate\n  - death-weight\n  - downsample\n  - speed-filter: { maxSpeed: 0 }\n  - vote\n  - cluster\n`,
    );
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatch(/p\.yaml:10:\d+: stages\[4\] speed-filter: maxSpeed must be > 0/);
  });

  it('suggests the right name for an unknown stage and an unknown key', async () => {
    const msgs = await problems(`${base}stages:\n  - deathweight\n  - cluster: { raduis: 40 }\n`);
    expect(
      msgs.some((m) =>
        /p\.yaml:6:\d+: stages\[0\] deathweight: unknown stage "deathweight"; did you mean "death-weight"\?/.test(
          m,
        ),
      ),
    ).toBe(true);
    expect(
      msgs.some((m) =>
        /p\.yaml:7:\d+: stages\[1\] cluster: .*unknown key "raduis"; did you mean "radius"\?/.test(
          m,
        ),
      ),
    ).toBe(true);
    const top = await problems(`${base}wokers: 2\n`);
    expect(top[0]).toMatch(/p\.yaml:5:1: wokers: unknown key "wokers"; did you mean "workers"\?/);
  });

  it('reports missing keys, wrong types and YAML syntax with positions', async () => {
    expect((await problems('map: wizs\noutput: { nav: x.nav }\n'))[0]).toMatch(
      /p\.yaml:1:1: "demos" is required/,
    );
    expect((await problems(`${base}workers: many\n`))[0]).toMatch(/p\.yaml:5:\d+: workers:/);
    expect((await problems('map: [unclosed\n'))[0]).toMatch(/p\.yaml:\d+:\d+:/);
  });

  it('writes the re-release NAV3 alone or beside the .nav, and refuses a pipeline with no nav', async () => {
    const both = await loadPipelineFile(
      file('both.yaml', 'map: wizs\ndemos: a.mvd2\noutput: { nav: x.nav, q2rNav: q2r/wizs.nav }\n'),
    );
    expect(both.output.q2rNav).toBe(join(dir, 'q2r', 'wizs.nav'));
    const alone = await loadPipelineFile(
      file('alone.yaml', 'map: wizs\ndemos: a.mvd2\noutput: { q2rNav: q2r/wizs.nav }\n'),
    );
    expect(alone.output.nav).toBeNull();
    // The HTML report goes beside the nav that is written.
    expect(alone.output.html).toBe(join(dir, 'q2r', 'wizs.report.html'));
    expect((await problems('map: wizs\ndemos: a.mvd2\noutput: { report: r.json }\n'))[0]).toMatch(
      /p\.yaml:\d+:\d+: output: name at least one nav to write: nav \(AQtion \.nav\) or q2rNav/,
    );
  });

  it('checks that stages can run in the given order', async () => {
    const msgs = await problems(`${base}stages:\n  - map-filter\n  - death-weight\n  - cluster\n`);
    expect(msgs[0]).toMatch(
      /stages\[1\] death-weight: needs sample, run-end, which no earlier stage produces \(add gate before it\)/,
    );
    const noGraph = await problems(`${base}stages: [map-filter, gate, downsample, vote]\n`);
    expect(noGraph[0]).toMatch(/no graph stage/);
    const late = await problems(
      `${base}stages: [map-filter, gate, downsample, vote, cluster, gate]\n`,
    );
    expect(late[0]).toMatch(/stages\[5\] gate: a per-demo stage cannot come after a graph stage/);
  });

  it('rejects a node-type table where two names share a number', async () => {
    const msgs = await problems(`${base}nodeTypes: { JUMP: 1 }\n`);
    expect(msgs[0]).toMatch(/p\.yaml:5:\d+: nodeTypes: .*JUMP/);
  });

  it('names the plugin when it fails to load or is malformed', async () => {
    const missing = await problems(`${base}plugins: [./nope.mjs]\n`);
    expect(missing[0]).toMatch(/p\.yaml:5:\d+: plugins\[0\]: plugin .*nope\.mjs: cannot be loaded/);
    file(
      'bad-plugin.mjs',
      'export default { meta: { name: "bad", version: "1" }, operators: { x: { meta: { description: "d", phase: "demo", needs: [], adds: [], removes: [], defaults: {} } } } };\n',
    );
    const bad = await problems(`${base}plugins: [./bad-plugin.mjs]\n`);
    expect(bad[0]).toMatch(/plugin .*bad-plugin\.mjs, stage bad\/x: has no create/);
  });

  it('validates plugin stage options with the plugin schema', async () => {
    const plugin = join(REPO_ROOT, 'plugins', 'exclude-boxes.mjs');
    const msgs = await problems(
      `${base}plugins: [${plugin}]\nstages:\n  - map-filter\n  - gate\n  - downsample\n  - exclude-boxes/exclude: { boxes: [{ min: [0, 0], max: [1, 1, 1] }] }\n  - vote\n  - cluster\n`,
    );
    expect(msgs[0]).toMatch(
      /stages\[3\] exclude-boxes\/exclude: boxes\[0\]\.min must NOT have fewer than 3 items/,
    );
    const unknown = await problems(
      `${base}plugins: [${plugin}]\nstages: [map-filter, gate, downsample, exclude, vote, cluster]\n`,
    );
    expect(unknown[0]).toMatch(/unknown stage "exclude"; did you mean "exclude-boxes\/exclude"\?/);
  });

  it('gives the flag form the same pipeline as an equivalent file', async () => {
    const fromFile = await resolvePipeline(
      parsePipelineText(
        `map: wizs\nbsp: m.bsp\ndemos: [a.mvd2.gz]\noutput: { nav: w.nav }\nstages:\n  - map-filter\n  - gate\n  - death-weight\n  - downsample\n  - speed-filter\n  - vote\n  - cluster: { minDemos: 2 }\n  - classify\n  - fill\n  - spawn-points\n  - movers\n  - feedback\n  - short-links\n  - connect\n  - first-hops\n  - wedge-links\n`,
        join(dir, 'same.yaml'),
      ),
    );
    const fromFlags = await pipelineFromFlags(
      { map: 'wizs', bsp: 'm.bsp', out: 'w.nav', demos: ['a.mvd2.gz'], minDemos: 2 },
      dir,
    );
    const strip = (s: typeof fromFile) => s.stages.map((x) => [x.name, x.options]);
    expect(strip(fromFlags)).toEqual(strip(fromFile));
    expect(fromFlags.output.nav).toBe(fromFile.output.nav);
    expect(fromFlags.bsp).toBe(fromFile.bsp);
  });
});
