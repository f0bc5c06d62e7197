/**
 * Sets up real `navgen iterate` loops for the tests: a pipeline file (JSON, which is YAML) in a
 * temporary folder that builds wizs from two corpus demos with `minDemos: 1`, one worker, and a
 * navtest section that runs the test double `fake-navtest.mjs` with the node binary.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { readPipelineSource, resolvePipeline } from '../../src/pipeline/load-pipeline.js';
import type { PipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { resolveNavtestConfig, type NavtestConfig } from '../../src/iterate/navtest-config.js';
import type { CommandTesterConfig } from '../../src/testers/command.js';
import { fixture } from '../helpers/fixtures.js';

export const FAKE_NAVTEST = join(dirname(fileURLToPath(import.meta.url)), 'fake-navtest.mjs');

/** The test double's configuration (see the comment at the top of fake-navtest.mjs). */
export interface FakeConfig {
  mode?: 'report' | 'hang' | 'crash' | 'silent' | 'malformed' | 'not-json' | 'out-of-range';
  badNear?: number[][];
  badNearByIteration?: number[][][];
  badLinks?: number[][][];
  badLinksByIteration?: number[][][][];
  pass?: 'when-clean' | 'never' | 'always';
  coverage?: number | number[];
  pidFile?: string;
  ignoreTerm?: boolean;
  log?: string;
}

export function tempRoot(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function corpusDemos(): string[] {
  return fg
    .sync(fixture('demos/mvd2/corpus/wizs/*.mvd2.gz').replace(/\\/g, '/'))
    .sort()
    .slice(0, 2);
}

export interface Loop {
  readonly dir: string;
  readonly file: string;
  readonly spec: PipelineSpec;
  readonly config: NavtestConfig;
  /** The command tester's part of `config` (the navtest section here names a command). */
  readonly command: CommandTesterConfig;
}

/** Writes `<dir>/wizs.pipeline.json` and resolves it as `navgen iterate` does. */
export async function makeLoop(
  dir: string,
  o: {
    cache: string;
    fake: FakeConfig;
    navtest?: Record<string, unknown>;
    command?: string[];
    stages?: unknown[];
    top?: Record<string, unknown>;
  },
): Promise<Loop> {
  mkdirSync(dir, { recursive: true });
  const data = {
    map: 'wizs',
    bsp: fixture('maps/wizs.bsp'),
    demos: corpusDemos(),
    output: {
      nav: 'out/wizs.nav',
      strafeTraces: 'out/wizs.strafe_traces',
      report: 'out/wizs.report.json',
    },
    cache: o.cache,
    workers: 1,
    stages: o.stages ?? [
      'map-filter',
      'gate',
      'death-weight',
      'downsample',
      'speed-filter',
      'vote',
      { cluster: { minDemos: 1 } },
      'classify',
      'spawn-points',
      'feedback',
    ],
    navtest: {
      command: o.command ?? [
        process.execPath,
        FAKE_NAVTEST,
        '--nav',
        '{nav}',
        '--report',
        '{report}',
        '--map',
        '{map}',
        '--iteration',
        '{iteration}',
      ],
      installDir: 'game/action/bots/nav',
      timeout: 30,
      maxIterations: 6,
      env: { FAKE_NAVTEST_CONFIG: JSON.stringify(o.fake) },
      ...o.navtest,
    },
    ...o.top,
  };
  const file = join(dir, 'wizs.pipeline.json');
  writeFileSync(file, JSON.stringify(data, null, 2));
  const src = await readPipelineSource(file);
  const spec = await resolvePipeline(src);
  const config = resolveNavtestConfig(spec, src.locate);
  return { dir, file, spec, config, command: config.testerConfig as CommandTesterConfig };
}
