/**
 * `navgen mesh`, `path`, `inspect` and `render --mesh` as users run them (`bin/navgen`): the
 * mesh file written and read back, demo positions as seeds, a path as JSON in the documented
 * shape, no path as exit 1 with the reason, a Source .nav's counts and picture.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { ensureBuilt, navgen, tempFolder } from '../robustness/navgen-cli.js';

describeFixtures('navgen mesh / path / inspect on wizs', () => {
  const bsp = fixture('maps', 'wizs.bsp');
  let dir: string;
  /** Areas of the mesh seeded by the spawn points alone (the first test). */
  let spawnAreas = 0;
  beforeAll(() => {
    ensureBuilt();
    dir = tempFolder('navmesh');
  });

  it('writes a native mesh and a Source .nav', () => {
    const native = navgen(dir, 'mesh', bsp, '-o', 'wizs.ngmesh');
    expect(native.code).toBe(0);
    expect(native.stdout).toMatch(/wrote wizs\.ngmesh \(native, \d+ bytes\): \d+ areas/);
    spawnAreas = Number(/: (\d+) areas/.exec(native.stdout)![1]);
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

  it('takes demo positions as seeds, from demos recorded on the map only', () => {
    const demos = fixture('demos', 'mvd2');
    const seeded = navgen(
      dir,
      'mesh',
      bsp,
      '-o',
      'seeded.ngmesh',
      '--demos',
      join(demos, 'wizs_dm_6bots_240s.mvd2.gz'),
    );
    expect(seeded.code).toBe(0);
    const seeds = /seeds: (\d+) demo positions from 1 demos/.exec(seeded.stdout);
    expect(seeds).not.toBeNull();
    expect(Number(seeds![1])).toBeGreaterThan(100);
    // Floor the players reached that the spawn points do not lead to.
    expect(Number(/: (\d+) areas/.exec(seeded.stdout)![1])).toBeGreaterThan(spawnAreas);
    const other = navgen(
      dir,
      'mesh',
      bsp,
      '-o',
      'other.ngmesh',
      '--demos',
      join(demos, 'opentdm_q2dm1_short.mvd2.gz'),
    );
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/no player positions on wizs .*recorded on other maps/);
    expect(existsSync(join(dir, 'other.ngmesh'))).toBe(false);
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
    // Up a ladder only: without ladders (the default) there is no path, and the message says
    // that --ladders both finds one.
    const up = ['--mesh', 'wizs.ngmesh', '--from', '1101,-83,-616', '--to', '1408,-231,-144'];
    const noLadders = navgen(dir, 'path', bsp, ...up);
    expect(noLadders.code).toBe(1);
    expect(noLadders.stderr).toMatch(
      /no path: no-connection: .* \(with --ladders both there is a path, \d+ units long: this one climbs a ladder\)/,
    );
    expect(navgen(dir, 'path', bsp, ...up, '--ladders', 'both').code).toBe(0);
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

  it('draws a Source .nav: the same areas as the native mesh it was written from', () => {
    const native = navgen(dir, 'render', bsp, '--mesh', 'wizs.ngmesh', '-o', 'native.svg');
    const source = navgen(dir, 'render', bsp, '--mesh', 'wizs.nav', '-o', 'source.svg');
    expect(native.code).toBe(0);
    expect(source.code).toBe(0);
    const rects = (f: string) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('<rect x='));
    expect(rects('source.svg').length).toBeGreaterThan(100);
    expect(rects('source.svg')).toEqual(rects('native.svg'));
    // A path needs navgen's own file.
    const path = navgen(
      dir,
      'render',
      bsp,
      '--mesh',
      'wizs.nav',
      '-o',
      'p.svg',
      '--from',
      '1,2,3',
      '--to',
      '4,5,6',
    );
    expect(path.code).toBe(2);
  }, 120_000);
});

describeFixtures('navgen mesh / path with a waypoint nav (off-mesh links) on hostile', () => {
  const bsp = fixture('maps', 'hostile.bsp');
  const engineNav = fixture('nav', 'hostile.autogen.nav');
  // Where the players of the two spawn points farthest apart stand (a fact of the map).
  const ends = ['--from', '1594,-344,24', '--to', '-2268,-1952,264'];
  let dir: string;
  beforeAll(() => {
    ensureBuilt();
    dir = tempFolder('navmesh-links');
  });

  it('the floor alone does not join the farthest spawn points; the engine nav\u2019s links do', () => {
    const alone = navgen(dir, 'path', bsp, ...ends, '--ladders', 'both');
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/no path: no-connection/);
    const mesh = navgen(dir, 'mesh', bsp, '-o', 'linked.ngmesh', '--nav', engineNav);
    expect(mesh.code).toBe(0);
    expect(Number(/, (\d+) off-mesh links;/.exec(mesh.stdout)![1])).toBeGreaterThan(0);
    expect(mesh.stdout).toMatch(/off-mesh links from .*hostile\.autogen\.nav: \d+, of \d+ ways/);
    const linked = navgen(dir, 'path', bsp, ...ends, '--mesh', 'linked.ngmesh', '--json');
    expect(linked.code, linked.stderr).toBe(0);
    expect(JSON.parse(linked.stdout).points.length).toBeGreaterThan(2);
    // The same with the mesh built on the spot.
    expect(navgen(dir, 'path', bsp, ...ends, '--nav', engineNav).code).toBe(0);
  }, 120_000);

  it('refuses --mesh with --nav, and a file that is no nav naming it', () => {
    const both = navgen(dir, 'path', bsp, ...ends, '--nav', engineNav, '--mesh', 'linked.ngmesh');
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--mesh and --nav cannot go together/);
    const notNav = navgen(dir, 'mesh', bsp, '-o', 'x.ngmesh', '--nav', bsp);
    expect(notNav.code).toBe(1);
    expect(notNav.stderr).toMatch(/hostile\.bsp@0x0: not a nav navgen reads/);
    expect(existsSync(join(dir, 'x.ngmesh'))).toBe(false);
  });

  it('refuses a nav of another map (its nodes stand on no floor of this one), writing nothing', () => {
    const other = fixture('nav', 'wizs.autogen.nav');
    const mesh = navgen(dir, 'mesh', bsp, '-o', 'other.ngmesh', '--nav', other);
    expect(mesh.code).toBe(1);
    expect(mesh.stderr).toMatch(
      /wizs\.autogen\.nav: \d+ of its \d+ nodes stand on no floor of .*hostile.*nothing written/,
    );
    expect(existsSync(join(dir, 'other.ngmesh'))).toBe(false);
    const path = navgen(dir, 'path', bsp, ...ends, '--nav', other);
    expect(path.code).toBe(1);
    expect(path.stderr).toMatch(/nodes stand on no floor of/);
  });
});
