/**
 * `navgen build --all-maps --game-dir DIR [DEMOS…]` builds every map of the game: from the demos
 * where there are some, from the map alone for the others (a new map nobody played yet), and a
 * map with no demo that has a nav already keeps it (a nav from the map alone never replaces
 * one). The table says which is which.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgen, tempFolder, wizsDemos } from '../robustness/navgen-cli.js';
import { writePkz } from '../sources/game/archives.js';

describeFixtures('navgen build --all-maps: every map of the game', () => {
  it('builds the maps without demos from the map alone, keeps a nav in place, and the demos’ maps from them', async () => {
    const root = tempFolder('all-maps-game');
    const mod = join(root, 'action');
    mkdirSync(join(mod, 'bots', 'nav'), { recursive: true });
    await writePkz(join(mod, 'maps.pkz'), [
      ['maps/simplicity.bsp', readFileSync(fixture('maps', 'simplicity.bsp'))],
      ['maps/wizs.bsp', readFileSync(fixture('maps', 'wizs.bsp'))],
    ]);
    const wizsNav = join(mod, 'bots', 'nav', 'wizs.nav');
    writeFileSync(wizsNav, 'the admin\u2019s nav');

    const alone = navgen(root, 'build', '--all-maps', '--game-dir', mod, '--no-cache', '--no-html');
    expect(alone.code, alone.stderr).toBe(0);
    expect(alone.stderr).toContain(
      '2 map(s) of the game with no demo, from the map alone: simplicity, wizs',
    );
    expect(alone.stdout).toMatch(/^simplicity\s+map alone\s+\d+\s+\d+\s+passed/m);
    expect(alone.stdout).toMatch(/^wizs\s+map alone\s+-\s+-\s+not run\s+\(kept: .*wizs\.nav\)/m);
    expect(existsSync(join(mod, 'bots', 'nav', 'simplicity.nav'))).toBe(true);
    expect(readFileSync(wizsNav, 'utf8')).toBe('the admin\u2019s nav');

    // With a demo of wizs: wizs from it (the admin's nav kept as .orig); simplicity keeps its nav.
    const demos = join(root, 'demos');
    mkdirSync(demos);
    symlinkSync(wizsDemos()[0], join(demos, 'wizs.mvd2.gz'));
    const built = navgen(
      root,
      'build',
      '--all-maps',
      '--game-dir',
      mod,
      '--no-cache',
      '--no-html',
      demos,
    );
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/^wizs\s+1\/1\s+\d+/m);
    expect(built.stdout).toMatch(/^simplicity\s+map alone\s+-\s+-\s+not run\s+\(kept: /m);
    expect(readFileSync(`${wizsNav}.orig`, 'utf8')).toBe('the admin\u2019s nav');
  }, 240_000);

  it('with --q2r-nav in a Quake II game: every map gets a NAV3 where the re-release reads it, and no AQtion nav', async () => {
    const root = tempFolder('all-maps-q2');
    const base = join(root, 'baseq2');
    mkdirSync(base, { recursive: true });
    await writePkz(join(base, 'pak9.pkz'), [
      ['maps/wizs.bsp', readFileSync(fixture('maps', 'wizs.bsp'))],
    ]);
    const r = navgen(
      root,
      'build',
      '--all-maps',
      '--game-dir',
      base,
      '--q2r-nav',
      '--no-cache',
      '--no-html',
    );
    expect(r.code, r.stderr).toBe(0);
    const nav3 = join(base, 'bots', 'navigation', 'wizs.nav');
    expect(readFileSync(nav3).subarray(0, 4).toString('latin1')).toBe('NAV3');
    expect(existsSync(join(base, 'bots', 'nav', 'wizs.nav'))).toBe(false);
    const file = navgen(root, 'build', '--all-maps', '--game-dir', base, '--q2r-nav', 'x.nav');
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('--q2r-nav with --all-maps takes no file');
  }, 240_000);
});
