/**
 * The pipeline's `navtest` section: defaults, paths relative to the pipeline file, and every
 * problem reported with file, line, column and key before anything runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePipelineText, resolvePipeline } from '../../src/pipeline/load-pipeline.js';
import { PipelineConfigErrors } from '../../src/pipeline/config-error.js';
import { resolveNavtestConfig, type NavtestConfig } from '../../src/iterate/navtest-config.js';
import type { CommandTesterConfig } from '../../src/testers/command.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-navtest-config-'));
const file = join(dir, 'pipelines', 'wizs.yaml');
const head = `map: wizs\ndemos: demos/*.mvd2.gz\noutput: { nav: ../out/wizs/wizs.nav }\n`;

async function load(text: string): Promise<NavtestConfig> {
  // The map, or none on purpose, as every pipeline must say (the cases below without one).
  const src = parsePipelineText(/^bsp:/m.test(text) ? text : `${text}bsp: none\n`, file);
  return resolveNavtestConfig(await resolvePipeline(src), src.locate);
}

/** The messages of the errors `text` gives. */
async function problems(text: string): Promise<string[]> {
  try {
    await load(text);
  } catch (e) {
    if (e instanceof PipelineConfigErrors) return e.errors.map((x) => x.message);
    throw e;
  }
  throw new Error('expected configuration errors');
}

describe('navtest section', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills the defaults, relative to the pipeline file and the output nav', async () => {
    const c = await load(`${head}navtest:\n  command: q2proded +map {map}\n`);
    const work = join(dir, 'out', 'wizs', 'wizs.iterations');
    expect(c).toEqual({
      tester: 'command',
      testerConfig: {
        command: ['q2proded', '+map', '{map}'],
        cwd: join(dir, 'pipelines'),
        env: {},
        installDir: work,
        installPath: join(work, 'wizs.nav'),
        report: join(work, 'wizs.navtest.json'),
        timeoutSeconds: 900,
      },
      bsp: null,
      maxIterations: 10,
      workDir: work,
      thresholds: {
        minCoverage: null,
        maxDeathRate: null,
        maxStuckRate: null,
        maxUnreachable: null,
      },
      matchRadius: 48,
    });
  });

  it('takes every key; paths relative to the pipeline file; {map} in report and workDir; env values as strings', async () => {
    const c = await load(
      `${head}stages: [map-filter, gate, death-weight, downsample, speed-filter, vote, cluster, classify, { feedback: { matchRadius: 64 } }]\n` +
        `navtest:\n  command: [/games/q2proded, +set, bot_navtest, '1', +map, '{map}']\n  cwd: /games\n  installDir: ../game/bots/nav\n` +
        `  report: ../game/{map}.report.json\n  timeout: 420\n  maxIterations: 3\n  workDir: ../iters/{map}\n` +
        `  env: { DURATION: 300, QUIET: true, NAV: '{nav}' }\n  thresholds: { minCoverage: 0.85, maxUnreachable: 0.05 }\n`,
    );
    const t = c.testerConfig as CommandTesterConfig;
    expect(t.command).toEqual(['/games/q2proded', '+set', 'bot_navtest', '1', '+map', '{map}']);
    expect(t.cwd).toBe('/games');
    expect(t.installPath).toBe(join(dir, 'game', 'bots', 'nav', 'wizs.nav'));
    expect(t.report).toBe(join(dir, 'game', 'wizs.report.json'));
    expect(c.workDir).toBe(join(dir, 'iters', 'wizs'));
    expect([t.timeoutSeconds, c.maxIterations, c.matchRadius]).toEqual([420, 3, 64]);
    expect(t.env).toEqual({ DURATION: '300', QUIET: 'true', NAV: '{nav}' });
    expect(c.thresholds).toEqual({
      minCoverage: 0.85,
      maxDeathRate: null,
      maxStuckRate: null,
      maxUnreachable: 0.05,
    });
  });

  it('schema problems name the line, the key and what is expected', async () => {
    const msgs = await problems(
      `${head}navtest:\n  command: 5\n  timeout: 0\n  maxIteration: 3\n  thresholds: { minCoverage: 2 }\n`,
    );
    expect(msgs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${file}:5:\\d+: navtest\\.command: .*must be string`)),
        expect.stringMatching(new RegExp(`^${file}:6:\\d+: navtest\\.timeout: .*must be > 0`)),
        expect.stringMatching(
          new RegExp(
            `^${file}:7:\\d+: navtest\\.maxIteration: unknown key "maxIteration"; did you mean "maxIterations"\\?`,
          ),
        ),
        expect.stringMatching(
          new RegExp(`^${file}:8:\\d+: navtest\\.thresholds\\.minCoverage: .*must be <= 1`),
        ),
      ]),
    );
  });

  it('tester: builtin needs no command, takes the map from the pipeline', async () => {
    const c = await load(`${head}bsp: ../maps/wizs.bsp\nnavtest:\n  tester: builtin\n`);
    expect(c.tester).toBe('builtin');
    expect(c.bsp).toBe(join(dir, 'maps', 'wizs.bsp'));
    expect(c.testerConfig).toEqual({});
  });

  it('tester: builtin without a bsp, or with a command, is refused', async () => {
    expect(await problems(`${head}navtest:\n  tester: builtin\n`)).toEqual([
      expect.stringMatching(/navtest\.tester: the builtin tester needs the map/),
    ]);
    expect(
      await problems(`${head}bsp: m.bsp\nnavtest:\n  tester: builtin\n  command: q2proded\n`),
    ).toEqual([expect.stringMatching(/navtest\.command: the builtin tester runs no command/)]);
    expect((await problems(`${head}navtest:\n  timeout: 5\n`)).join('\n')).toMatch(/command/);
  });

  it('tester: engine takes the install relative to the pipeline file, with defaults', async () => {
    const c = await load(
      `${head}bsp: ../maps/wizs.bsp\nnavtest:\n  tester: engine\n  engine: ../aq2\n  seconds: 120\n`,
    );
    expect(c.tester).toBe('engine');
    expect(c.testerConfig).toEqual({
      dir: join(dir, 'aq2'),
      bots: 8,
      seconds: 120,
      runs: 1,
      user: null,
      noCombat: true,
    });
  });

  it('tester: engine without its install or the map, and engine keys for another tester, are refused', async () => {
    expect(await problems(`${head}bsp: m.bsp\nnavtest:\n  tester: engine\n`)).toEqual([
      expect.stringMatching(/navtest: the engine tester needs "engine"/),
    ]);
    expect(await problems(`${head}navtest:\n  tester: engine\n  engine: /aq2\n`)).toEqual([
      expect.stringMatching(/navtest\.tester: the engine tester needs the map/),
    ]);
    expect(await problems(`${head}bsp: m.bsp\nnavtest:\n  tester: builtin\n  bots: 4\n`)).toEqual([
      expect.stringMatching(/navtest\.bots: only the engine tester reads "bots"/),
    ]);
    expect((await problems(`${head}navtest:\n  tester: robots\n`)).join('\n')).toMatch(/tester/);
  });

  it('a misspelt placeholder points at its word, with a suggestion', async () => {
    const msgs = await problems(
      `${head}navtest:\n  command:\n    - q2proded\n    - +map\n    - '{mpa}'\n  env: { X: '{repot}' }\n  report: '{nav}.json'\n`,
    );
    expect(msgs).toEqual([
      `${file}:8:7: navtest.command[2]: unknown placeholder {mpa}; did you mean {map}? (write {{ for a literal brace)`,
      `${file}:9:10: navtest.env.X: unknown placeholder {repot}; did you mean {report}? (write {{ for a literal brace)`,
      `${file}:10:3: navtest.report: placeholder {nav} cannot be used here; only {map}`,
    ]);
  });

  it('a one-line command that needs a shell, or does not parse, is refused', async () => {
    expect(await problems(`${head}navtest:\n  command: "q2proded +map {map} | tee log"\n`)).toEqual(
      [expect.stringMatching(/:5:3: navtest\.command: "\|" needs a shell, .*\(at character 21\)$/)],
    );
    expect(await problems(`${head}navtest:\n  command: "q2proded 'unterminated"\n`)).toEqual([
      expect.stringMatching(/navtest\.command: unterminated single quote/),
    ]);
    expect(await problems(`${head}navtest:\n  command: ['', x]\n`)).toEqual([
      expect.stringMatching(/navtest\.command: names no program/),
    ]);
  });

  it('needs the section, and the feedback stage', async () => {
    expect(await problems(head)).toEqual([
      expect.stringContaining(`${file}:1:1: navgen iterate needs a navtest section`),
    ]);
    expect(
      await problems(
        `${head}stages: [map-filter, gate, death-weight, downsample, speed-filter, vote, cluster, classify]\nnavtest: { command: q2proded }\n`,
      ),
    ).toEqual([
      expect.stringMatching(
        new RegExp(`^${file}:4:1: stages: navgen iterate needs the feedback stage`),
      ),
    ]);
  });
});
