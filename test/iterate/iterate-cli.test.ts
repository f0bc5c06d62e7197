/**
 * `navgen iterate` as a user runs it: the command module on a commander program, a pipeline
 * file with a navtest section that runs the test double, `--max-iterations`, `--json`, progress
 * lines on stderr and the exit codes (4: never passed, best shipped; 1: test failed; 2: config).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { register } from '../../src/cli/commands/iterate.js';
import {
  CliError,
  EXIT_FAILURE,
  EXIT_NOT_CONVERGED,
  EXIT_USAGE,
} from '../../src/cli/exit-codes.js';
import { runBuild } from '../../src/pipeline/build.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { describeFixtures } from '../helpers/fixtures.js';
import { makeLoop, tempRoot } from './loop-harness.js';

async function run(
  args: string[],
): Promise<{ stdout: string; stderr: string; exitCode: number; error: unknown }> {
  const out: string[] = [];
  const err: string[] = [];
  const o = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((c) => (out.push(String(c)), true));
  const e = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((c) => (err.push(String(c)), true));
  const program = new Command('navgen').exitOverride();
  register(program);
  let error: unknown = null;
  try {
    await program.parseAsync(['iterate', ...args], { from: 'user' });
  } catch (x) {
    error = x;
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
  const exitCode =
    error instanceof CliError
      ? error.exitCode
      : typeof process.exitCode === 'number'
        ? process.exitCode
        : 0;
  process.exitCode = undefined;
  return { stdout: out.join(''), stderr: err.join(''), exitCode, error };
}

afterEach(() => {
  process.exitCode = undefined;
});

describeFixtures('navgen iterate (command line)', () => {
  let root: string;
  let cache: string;
  let far: number[][];

  beforeAll(async () => {
    root = tempRoot('navgen-iterate-cli-');
    cache = join(root, 'cache');
    const l = await makeLoop(join(root, 'probe'), { cache, fake: {} });
    await runBuild({
      ...l.spec,
      output: { ...l.spec.output, nav: join(root, 'probe.nav'), strafeTraces: null, report: null },
    });
    const nodes = (await readNavFile(join(root, 'probe.nav'))).nav.nodes;
    far = [[...nodes[0].origin]];
    for (const n of nodes)
      if (far.length < 2 && Math.hypot(n.origin[0] - far[0][0], n.origin[1] - far[0][1]) > 600)
        far.push([...n.origin]);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('never passing: --max-iterations 2 wins over the file, JSON names the best iteration, exit code 4', async () => {
    const l = await makeLoop(join(root, 'never'), {
      cache,
      fake: { pass: 'never', badNearByIteration: [[far[0]], [far[1]]], coverage: [0.8, 0.5] },
      navtest: { maxIterations: 5 },
    });
    const r = await run([l.file, '--max-iterations', '2', '--json']);
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(EXIT_NOT_CONVERGED);
    const json = JSON.parse(r.stdout);
    expect(json.converged).toBe(false);
    expect(json.iterations).toHaveLength(2);
    expect(json.shipped.iteration).toBe(1); // coverage 0.8 beats 0.5
    expect(readFileSync(json.shipped.nav)).toEqual(
      readFileSync(join(l.config.workDir, 'iteration-01', 'wizs.nav')),
    );
    expect(json.remaining.badNodes.length).toBe(json.iterations[0].badNodes);
    // The shipped nav's own HTML report, opening with what the test found.
    expect(readFileSync(json.shipped.html, 'utf8')).toMatch(
      /<p class="verdict" id="verdict">Nav test: FAILED \(\d+ bad links, \d+ bad nodes\), coverage 80\.0%\. Do not install it/,
    );
    expect(r.stderr).toContain('navgen: iteration 1/2: building without 0 bad node position(s)');
    expect(r.stderr).toMatch(
      /iteration 2\/2: built \d+ nodes, \d+ links \(0 demo\(s\) read, 2 from cache\)/,
    );
    expect(r.stderr).toMatch(/navgen: iteration 2: \d+ nodes, .*: FAIL/);
  });

  it('converging: prints the table and what was shipped, exit code 0', async () => {
    const l = await makeLoop(join(root, 'pass'), { cache, fake: { badNear: [far[0]] } });
    const r = await run([l.file]);
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(
      /^map wizs: 2 iteration\(s\)\niteration +nodes +links +coverage +deaths\/bot\/min +stuck\/bot\/min +bad nodes +bad links +pass\n1 .* no\n2 \* .* yes\n/,
    );
    expect(r.stdout).toContain('passed at iteration 2; shipped');
    const html = /wrote HTML report: (\S+)/.exec(r.stdout);
    expect(html, r.stdout).not.toBeNull();
    expect(readFileSync(join(process.cwd(), html![1]), 'utf8')).toMatch(
      /<p class="verdict" id="verdict">Nav test: passed/,
    );
  });

  it('a crashing test command exits 1 and ships nothing', async () => {
    const l = await makeLoop(join(root, 'crash'), { cache, fake: { mode: 'crash' } });
    const r = await run([l.file, '--quiet']);
    expect(r.exitCode).toBe(EXIT_FAILURE);
    expect((r.error as Error).message).toMatch(/^iteration 1: command ".*" exited with code 3/);
    expect(r.stderr).toBe('');
  });

  it('a configuration problem exits 2 before anything runs', async () => {
    const file = join(root, 'bad.yaml');
    writeFileSync(
      file,
      `map: wizs\ndemos: none/*.mvd2\noutput: { nav: out/wizs.nav }\nnavtest:\n  command: [q2proded, +map, '{mapp}']\nbsp: none\n`,
    );
    const r = await run([file]);
    expect(r.exitCode).toBe(EXIT_USAGE);
    expect((r.error as Error).message).toContain(`${file}:5:`);
    expect((r.error as Error).message).toContain('unknown placeholder {mapp}; did you mean {map}?');
  });
});
