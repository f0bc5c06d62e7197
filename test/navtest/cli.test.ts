/**
 * `navgen navtest` and `navgen render --navtest` from the command line (the compiled CLI in
 * dist/, built by `npm test`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseNavtestReport } from '../../src/sources/feedback/navtest-report.js';
import { describeFixtures, fixture, REPO_ROOT } from '../helpers/fixtures.js';

const cli = (args: string[]) =>
  spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'navgen', 'run.js'), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });

describeFixtures('navgen navtest (command line)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'navtest-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a valid report, prints it with --json, exits 1 when it fails; render marks it', async () => {
    const out = join(dir, 'wizs.navtest.json');
    const nav = fixture('nav', 'wizs.autogen.nav');
    const r = cli([
      'navtest',
      nav,
      '--bsp',
      fixture('maps', 'wizs.bsp'),
      '-o',
      out,
      '--json',
      '--map',
      'wizs',
    ]);
    const report = parseNavtestReport(JSON.parse(await readFile(out, 'utf8')), out);
    expect(JSON.parse(r.stdout)).toEqual(report);
    expect(report.map).toBe('wizs');
    expect(r.status).toBe(report.passed ? 0 : 1);
    const failed = report.bad_links.length;
    expect(failed).toBeGreaterThan(0); // the engine's own nav of wizs has a few links a bot cannot make

    const svg = join(dir, 'wizs.svg');
    const p = cli([
      'render',
      nav,
      '--bsp',
      fixture('maps', 'wizs.bsp'),
      '--navtest',
      out,
      '-o',
      svg,
    ]);
    expect(p.status, p.stderr).toBe(0);
    const text = await readFile(svg, 'utf8');
    // every failed link drawn at least once (links between panels are drawn in both)
    const drawn = new Set(
      [...text.matchAll(/navtest-link failed" data-from="(\d+)" data-to="(\d+)"/g)].map(
        (m) => `${m[1]}>${m[2]}`,
      ),
    );
    expect(drawn).toEqual(new Set(report.bad_links.map(([a, b]) => `${a}>${b}`)));
    expect(text).toContain('links that failed');

    // a report naming nodes the nav lacks (a report of another nav) is refused
    const wrong = join(dir, 'wrong.navtest.json');
    await writeFile(
      wrong,
      JSON.stringify({ map: 'wizs', passed: false, bad_nodes: [], bad_links: [[0, 99999]] }),
    );
    const refused = cli(['render', nav, '--navtest', wrong, '-o', join(dir, 'x.svg')]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/names node 99999, but the nav has \d+ nodes/);
  }, 120_000);
});
