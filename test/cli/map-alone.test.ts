/**
 * The map alone, on purpose: `navgen build --map MAP --bsp MAP.bsp --out MAP.nav` with no demos
 * builds from the spawn points and the floor (`fill`), tests its nav like any build and says
 * where it came from; a nav already at the output is never replaced by it. Runs `bin/navgen` as
 * users do, on simplicity (the smallest of the fourteen maps).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgenAsync, sha256, tempFolder, type RunResult } from '../robustness/navgen-cli.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';

describeFixtures('a build from the map alone', () => {
  const bsp = fixture('maps', 'simplicity.bsp');
  let dir: string;
  let first: RunResult;
  const build = (out: string, ...extra: string[]) =>
    navgenAsync(dir, 'build', '--map', 'simplicity', '--bsp', bsp, '--out', out, ...extra);

  beforeAll(async () => {
    dir = tempFolder('map-alone');
    first = await build(join(dir, 'simplicity.nav'), '--cache', join(dir, 'cache'), '--no-html');
  }, 120_000);

  it('writes a nav that passed its own test and says it came from the map alone', async () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('built from the map alone: no demos given');
    // Not every node is reached from the spawn points: no link leads into an island of 33
    // nodes on a ledge (z 568 to 584) that leads nowhere, since the nav never sends a bot where
    // it cannot come back from; within the share the test allows unreached.
    const verdict = /^nav test: passed, \d+ links, coverage (\d+\.\d)%/m.exec(first.stdout);
    expect(verdict, first.stdout).not.toBeNull();
    expect(Number(verdict![1])).toBeGreaterThanOrEqual(95);
    const { nav } = await readNavFile(join(dir, 'simplicity.nav'));
    expect(nav.nodes.length).toBeGreaterThan(100);
  });

  it('never replaces a nav in place (exit 1, the nav as it was)', async () => {
    const out = join(dir, 'kept.nav');
    writeFileSync(out, 'the admin\u2019s nav');
    const before = sha256(out);
    const r = await build(out, '--cache', join(dir, 'cache'), '--no-html');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/a map-only nav never replaces a nav in place/);
    expect(sha256(out)).toBe(before);
  });

  it('needs the map: no demos and no --bsp is a usage error', async () => {
    const r = await navgenAsync(
      dir,
      'build',
      '--map',
      'simplicity',
      '--out',
      join(dir, 'x.nav'),
      '--no-map',
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /no demo files or folders given \(to build from the map alone, give the map/,
    );
    expect(existsSync(join(dir, 'x.nav'))).toBe(false);
  });
});
