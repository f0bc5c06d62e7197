/**
 * `navgen mesh`, `path`, `inspect` and `render --mesh` as users run them (`bin/navgen`): the
 * mesh file written and read back, a path as JSON in the documented shape, no path as exit 1
 * with the reason, a Source .nav's counts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { ensureBuilt, navgen, tempFolder } from '../robustness/navgen-cli.js';

describeFixtures('navgen mesh / path / inspect on wizs', () => {
  const bsp = fixture('maps', 'wizs.bsp');
  let dir: string;
  beforeAll(() => {
    ensureBuilt();
    dir = tempFolder('navmesh');
  });

  it('writes a native mesh and a Source .nav', () => {
    const native = navgen(dir, 'mesh', bsp, '-o', 'wizs.ngmesh');
    expect(native.code).toBe(0);
    expect(native.stdout).toMatch(/wrote wizs\.ngmesh \(native, \d+ bytes\): \d+ areas/);
    const source = navgen(dir, 'mesh', bsp, '-o', 'wizs.nav', '--format', 'source');
    expect(source.code).toBe(0);
    const areas = /: (\d+) areas/.exec(source.stdout)![1];
    const inspect = navgen(dir, 'inspect', 'wizs.nav', '--json');
    expect(inspect.code).toBe(0);
    const report = JSON.parse(inspect.stdout);
    expect(report.format).toBe('source');
    expect(report.version).toBe(16);
    expect(report.areas).toBe(Number(areas));
    expect(navgen(dir, 'mesh', bsp, '-o', 'x.nav', '--format', 'obj').code).toBe(2);
  }, 120_000);

  it('finds a path as JSON, and says why there is none', () => {
    const path = navgen(
      dir,
      'path',
      bsp,
      '--mesh',
      'wizs.ngmesh',
      '--from',
      '1101,-83,-616',
      '--to',
      '1741,-1187,-616',
      '--json',
    );
    expect(path.code).toBe(0);
    const r = JSON.parse(path.stdout);
    expect(Object.keys(r).sort()).toEqual(['areas', 'length', 'points']);
    expect(r.points[0].slice(0, 2)).toEqual([1101, -83]);
    expect(r.points.at(-1).slice(0, 2)).toEqual([1741, -1187]);
    expect(r.length).toBeGreaterThan(Math.hypot(640, 1104) - 1);
    const off = navgen(
      dir,
      'path',
      bsp,
      '--mesh',
      'wizs.ngmesh',
      '--from',
      '1101,-83,4000',
      '--to',
      '1741,-1187,-616',
    );
    expect(off.code).toBe(1);
    expect(off.stderr).toMatch(/start-off-mesh/);
    const bad = navgen(dir, 'path', bsp, '--from', '1,2', '--to', '1,2,3');
    expect(bad.code).toBe(2);
  }, 120_000);

  it('draws the mesh with a path', () => {
    const r = navgen(
      dir,
      'render',
      bsp,
      '--mesh',
      'wizs.ngmesh',
      '-o',
      'mesh.svg',
      '--from',
      '1101,-83,-616',
      '--to',
      '1741,-1187,-616',
    );
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'mesh.svg'))).toBe(true);
  }, 120_000);
});
