/**
 * `navgen build --map MAP --game-dir DIR DEMO-FOLDER`, as a server admin runs it: the map is
 * found inside the game's archives (made here), the nav is written to DIR/bots/nav/MAP.nav, and
 * a second build with the same inputs leaves the nav in place (the same bytes: nothing kept or
 * rotated; test/cli/nav-backup.test.ts has what a replacing build keeps). Demo folders are searched at any
 * depth. The fixture demo is linked into the temporary demo folder, never copied.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgen, sha256, tempFolder } from '../robustness/navgen-cli.js';
import { writePak, writePkz } from '../sources/game/archives.js';

describeFixtures('navgen build --game-dir', () => {
  let root: string;
  let mod: string;
  let demos: string;

  beforeAll(async () => {
    root = tempFolder('game-dir');
    mod = join(root, 'action');
    mkdirSync(join(root, 'baseq2'), { recursive: true });
    mkdirSync(mod, { recursive: true });
    const bsp = readFileSync(fixture('maps', 'asylum.bsp'));
    // An older, broken copy in pak0 is shadowed by the one in the pkz (loaded after pak<N>).
    writePak(join(mod, 'pak0.pak'), [['maps/asylum.bsp', 'not a map']]);
    await writePkz(join(mod, 'maps.pkz'), [['maps/asylum.bsp', bsp]]);
    demos = join(root, 'demos', 'nested');
    mkdirSync(demos, { recursive: true });
    symlinkSync(
      fixture('demos', 'mvd2', 'asylum_2022_human.mvd2.gz'),
      join(demos, 'match.mvd2.gz'),
    );
  });

  it('finds the map in the pkz, writes action/bots/nav/asylum.nav, and leaves it alone when a rebuild gives the same bytes', () => {
    const r = navgen(
      root,
      'build',
      '--map',
      'asylum',
      '--game-dir',
      mod,
      '--no-cache',
      '--no-html',
      join(root, 'demos'),
    );
    expect(r.stderr).toMatch(/map asylum from .*action\/maps\.pkz:maps\/asylum\.bsp/);
    expect(r.code).toBe(0);
    const nav = join(mod, 'bots', 'nav', 'asylum.nav');
    expect(r.stdout).toContain(`wrote nav: ${nav}`);
    expect(r.stdout).toMatch(/^demos\s+1\b|1 demo/m);
    const first = sha256(nav);
    expect(existsSync(`${nav}.bak`)).toBe(false);

    // Again from the game root (mod folder by --mod's default): the first nav becomes the backup;
    // --q2r-nav without a file puts the re-release's NAV3 where that game reads it.
    const again = navgen(
      root,
      'build',
      '--map',
      'asylum',
      '--game-dir',
      root,
      '--q2r-nav',
      '--no-cache',
      '--no-html',
      demos,
    );
    expect(again.code).toBe(0);
    // Same inputs, same bytes: the nav in place is left alone, and nothing is kept or rotated.
    expect(sha256(nav)).toBe(first);
    expect(again.stderr).not.toContain('kept the nav being replaced');
    expect(existsSync(`${nav}.orig`)).toBe(false);
    expect(existsSync(`${nav}.bak.1`)).toBe(false);
    const q2r = join(root, 'baseq2', 'bots', 'navigation', 'asylum.nav');
    expect(again.stdout).toContain(`wrote q2rNav: ${q2r}`);
    expect(readFileSync(q2r).subarray(0, 4).toString('latin1')).toBe('NAV3');
  }, 180_000);

  it('--q2r-nav without a file needs --game-dir', () => {
    const r = navgen(root, 'build', '--map', 'asylum', '--q2r-nav', '--no-cache', demos);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--q2r-nav without a file needs --game-dir');
  });

  it('names every place it searched when the map is in none', () => {
    const r = navgen(root, 'build', '--map', 'nosuchmap', '--game-dir', mod, '--no-cache', demos);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /maps\/nosuchmap\.bsp is in none of 4 place\(s\) searched: .*maps\.pkz, .*pak0\.pak, .*action, .*baseq2/,
    );
  });

  it('refuses --game-dir without --map, and --mod without --game-dir (exit 2)', () => {
    expect(navgen(root, 'build', '--game-dir', mod, demos).code).toBe(2);
    const r = navgen(root, 'build', '--map', 'asylum', '--out', 'x.nav', '--mod', 'action', demos);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--mod goes with --game-dir/);
  });
});
