/**
 * `navtest`, `render` (and `iterate`, through the same code: src/cli/map-option.ts) read the map
 * from a game folder like `build --game-dir`: here wizs.bsp exists only inside a .pkz. The map's
 * name comes from the nav's file name. The user cache folder follows XDG_CACHE_HOME.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgen, tempFolder } from '../robustness/navgen-cli.js';
import { writePkz } from '../sources/game/archives.js';
import { userCacheDir } from '../../src/pipeline/user-cache.js';

describe('the user cache folder', () => {
  it('is XDG_CACHE_HOME/navgen, else ~/.cache/navgen; the macOS and Windows places', () => {
    expect(userCacheDir({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/a')).toBe(
      '/x/cache/navgen',
    );
    expect(userCacheDir({}, 'linux', '/home/a')).toBe('/home/a/.cache/navgen');
    // A relative XDG_CACHE_HOME is invalid by the XDG spec: ignored.
    expect(userCacheDir({ XDG_CACHE_HOME: 'rel' }, 'linux', '/home/a')).toBe(
      '/home/a/.cache/navgen',
    );
    expect(userCacheDir({}, 'darwin', '/Users/a')).toBe('/Users/a/Library/Caches/navgen');
    expect(userCacheDir({ LOCALAPPDATA: 'C:\\L' }, 'win32', 'C:\\U')).toMatch(/navgen.Cache$/);
  });
});

describeFixtures('--game-dir on navtest, render, mesh and path', () => {
  let root: string;
  let mod: string;
  let nav: string;

  beforeAll(async () => {
    root = tempFolder('game-dir-commands');
    mod = join(root, 'action');
    mkdirSync(join(mod, 'bots', 'nav'), { recursive: true });
    await writePkz(join(mod, 'maps.pkz'), [
      ['maps/wizs.bsp', readFileSync(fixture('maps', 'wizs.bsp'))],
    ]);
    nav = join(mod, 'bots', 'nav', 'wizs.nav');
    copyFileSync(fixture('nav', 'wizs.autogen.nav'), nav);
  });

  it('navtest finds the map in the pkz (by the nav file name) and writes its report out of the game', () => {
    const work = join(root, 'work');
    mkdirSync(work, { recursive: true });
    const r = navgen(work, 'navtest', '--game-dir', mod, '--workers', '2', nav);
    expect([0, 1]).toContain(r.code); // the engine's own nav may fail the test; the map was found
    expect(r.stdout).toMatch(/^wizs: (PASSED|FAILED) — \d+\/\d+ links passed/);
    expect(existsSync(join(work, 'navgen-reports', 'wizs.navtest.json'))).toBe(true);
    expect(existsSync(join(mod, 'bots', 'nav', 'wizs.navtest.json'))).toBe(false);
  }, 60_000);

  it('mesh and path take the map by name from the pkz', () => {
    const out = join(mod, 'wizs.ngmesh');
    const mesh = navgen(mod, 'mesh', 'wizs', '--game-dir', mod, '-o', out);
    expect(mesh.code).toBe(0);
    expect(mesh.stdout).toMatch(/: \d+ areas/);
    expect(existsSync(out)).toBe(true);
    const path = navgen(
      mod,
      'path',
      'wizs',
      '--game-dir',
      mod,
      '--mesh',
      out,
      '--from',
      '1101,-83,-616',
      '--to',
      '1741,-1187,-616',
      '--json',
    );
    expect(path.code).toBe(0);
    expect(JSON.parse(path.stdout).points.at(-1).slice(0, 2)).toEqual([1741, -1187]);
    const missing = navgen(mod, 'mesh', 'wizz', '--game-dir', mod, '-o', out);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/wizz/);
  }, 120_000);

  it('render draws over the map from the pkz; a map missing from the game names the places searched', () => {
    const png = join(mod, 'wizs.svg');
    const r = navgen(mod, 'render', '--game-dir', mod, nav, '-o', png);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(png, 'utf8')).toMatch(/<svg/);
    const other = navgen(mod, 'render', '--game-dir', mod, '--map', 'city', nav, '-o', png);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/maps\/city\.bsp is in none of/);
    // A nav saved under another name: the message says the name came from the file.
    const renamed = join(mod, 'wizs-new.nav');
    copyFileSync(nav, renamed);
    const named = navgen(mod, 'render', '--game-dir', mod, renamed, '-o', png);
    expect(named.code).toBe(1);
    expect(named.stderr).toMatch(
      /maps\/wizs-new\.bsp is in none of .*the map name wizs-new is the nav's file name: give the map's name with --map NAME/,
    );
  });

  it('build --map of a map the game lacks: the places searched and the maps the demos hold', () => {
    const demos = join(mod, 'demos');
    mkdirSync(demos, { recursive: true });
    symlinkSync(
      fixture('demos', 'mvd2', 'multimap_tdm_wizs_city_storm_8bots.mvd2.gz'),
      join(demos, 'three-maps.mvd2.gz'),
    );
    const r = navgen(mod, 'build', '--map', 'wizz', '--game-dir', mod, '--no-cache', demos);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /maps\/wizz\.bsp is in none of .*; the demos hold city, storm, wizs \(did you mean wizs\?\); --all-maps builds every one/,
    );
  });

  it('navtest needs a map: --bsp or --game-dir, not both (exit 2)', () => {
    expect(navgen(mod, 'navtest', nav).code).toBe(2);
    const both = navgen(
      mod,
      'navtest',
      '--game-dir',
      mod,
      '--bsp',
      fixture('maps', 'wizs.bsp'),
      nav,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/not both/);
  });
});
