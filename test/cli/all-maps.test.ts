/**
 * `navgen build --all-maps --game-dir DIR DEMO-FOLDER`: a server's demo folder of several maps
 * (one demo of wizs, one demo holding wizs, city and storm, one file of random bytes) and a game
 * whose pak0 holds only wizs. wizs is built from both demos and tested; city and storm are
 * skipped with a note each; the random file is named as damaged; exit 3. A second run finds
 * the demos' maps in the cache folder without reading a demo, and leaves a nav of the same bytes alone.
 * The cache is in XDG_CACHE_HOME (a temporary folder here). Fixture demos are linked.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { sha256, startNavgen, tempFolder } from '../robustness/navgen-cli.js';
import { writePak } from '../sources/game/archives.js';
import { walkPolyline, writeScenario } from '../../tools/mvd2-writer/synthetic.js';

describeFixtures('navgen build --all-maps', () => {
  let root: string;
  let mod: string;
  let demos: string;
  let xdg: string;
  // Spawned, not spawnSync: a build of minutes must not block the test worker's messages.
  const run = (...args: string[]) =>
    startNavgen(root, args, { env: { ...process.env, XDG_CACHE_HOME: xdg } }).done;

  beforeAll(() => {
    root = tempFolder('all-maps');
    xdg = join(root, 'xdg');
    mod = join(root, 'action');
    mkdirSync(mod);
    writePak(join(mod, 'pak0.pak'), [['maps/wizs.bsp', readFileSync(fixture('maps', 'wizs.bsp'))]]);
    demos = join(root, 'demos');
    mkdirSync(demos);
    symlinkSync(
      fixture('demos', 'mvd2', 'corpus', 'wizs', 'wizs_dm_6bots_240s_sk9_c3.mvd2.gz'),
      join(demos, 'wizs-match.mvd2.gz'),
    );
    symlinkSync(
      fixture('demos', 'mvd2', 'multimap_tdm_wizs_city_storm_8bots.mvd2.gz'),
      join(demos, 'three-maps.mvd2.gz'),
    );
    writeFileSync(join(demos, 'random.mvd2'), Buffer.alloc(5000, 0x5a));
  });

  it('builds every map in the game, skips the others with a note, names the damaged demo: exit 3', async () => {
    const r = await run('build', '--all-maps', '--game-dir', mod, '--workers', '2', demos);
    expect(r.code, r.stderr).toBe(3);
    // One line per demo read, then one per map.
    expect(r.stderr).toMatch(/three-maps\.mvd2\.gz: wizs, city, storm/);
    expect(r.stderr).toMatch(/\[1\/3\] city: skipped: maps\/city\.bsp is not in the game/);
    expect(r.stderr).toMatch(
      /\[3\/3\] wizs: 2 of 2 demo\(s\) used, \d+ nodes, \d+ links, nav test passed/,
    );
    const nav = join(mod, 'bots', 'nav', 'wizs.nav');
    const table = r.stdout.split('\n');
    expect(table[0]).toMatch(/^map\s+demos used\s+nodes\s+links\s+nav test\s+written$/);
    expect(table.find((l) => l.startsWith('wizs'))).toMatch(
      new RegExp(`^wizs\\s+2/2\\s+\\d+\\s+\\d+\\s+passed, coverage \\d+%\\s+${nav}$`),
    );
    expect(table.find((l) => l.startsWith('storm'))).toMatch(
      /\(skipped: maps\/storm\.bsp is not in the game\)/,
    );
    expect(r.stdout).toMatch(/damaged demo .*random\.mvd2@0x0.*holds no map, not used/);
    expect(r.stdout).toContain(`cache ${join(xdg, 'navgen')}`);
    expect(existsSync(nav)).toBe(true);
    // Reports beside each other, out of the game folder.
    for (const f of ['wizs.report.json', 'wizs.report.html', 'wizs.navtest.json'])
      expect(existsSync(join(root, 'navgen-reports', f)), f).toBe(true);
    expect(existsSync(join(mod, 'bots', 'nav', 'wizs.report.html'))).toBe(false);
    expect(readFileSync(join(root, 'navgen-reports', 'wizs.report.html'), 'utf8')).toMatch(
      /<p class="verdict" id="verdict">Nav test: passed, coverage \d+\.\d%\. Copy wizs\.nav to action\/bots\/nav\/wizs\.nav on the server\.<\/p>/,
    );
    expect(existsSync(join(xdg, 'navgen', 'demo-maps.json'))).toBe(true);

    // Again, as JSON: no demo read to find the maps, the nav replaced (same bytes) and kept.
    const first = sha256(nav);
    const again = await run(
      'build',
      '--all-maps',
      '--game-dir',
      mod,
      '--no-navtest',
      '--json',
      demos,
    );
    expect(again.code, again.stderr).toBe(3);
    const s = JSON.parse(again.stdout) as {
      maps: { map: string; status: string; demosUsed: number; navtest: string }[];
      warnings: string[];
    };
    expect(s.maps.map((m) => [m.map, m.status])).toEqual([
      ['city', 'skipped'],
      ['storm', 'skipped'],
      ['wizs', 'built'],
    ]);
    expect(s.maps[2]).toMatchObject({ demosUsed: 2, demosRead: 0, navtest: 'not run' });
    expect(s.warnings.join('\n')).toMatch(/random\.mvd2@0x0/);
    expect(sha256(nav)).toBe(first);
    // The same bytes: nothing replaced, so nothing kept.
    expect(existsSync(`${nav}.orig`)).toBe(false);
  }, 120_000);

  it('builds two maps at once in worker threads, each with the bytes a one-thread run gives', async () => {
    const corpus = (map: string) =>
      join(fixture('demos', 'mvd2', 'corpus', map), `${map}_dm_6bots_240s_sk9_c3.mvd2.gz`);
    const [one, two] = [corpus('wizs'), corpus('simplicity')];
    expect(existsSync(one) && existsSync(two)).toBe(true);
    const allMaps = (name: string, workers: string) =>
      run(
        'build',
        '--all-maps',
        '--maps-dir',
        fixture('maps'),
        '--out-dir',
        join(root, name),
        '--reports-dir',
        join(root, `${name}-reports`),
        '--cache',
        join(root, `${name}-cache`),
        '--no-html',
        '--workers',
        workers,
        one,
        two,
      );
    const [a, b] = [await allMaps('lanes-2', '2'), await allMaps('lanes-1', '1')];
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    for (const map of ['simplicity', 'wizs']) {
      expect(sha256(join(root, 'lanes-2', `${map}.nav`))).toBe(
        sha256(join(root, 'lanes-1', `${map}.nav`)),
      );
      expect(sha256(join(root, 'lanes-2-reports', `${map}.navtest.json`))).toBe(
        sha256(join(root, 'lanes-1-reports', `${map}.navtest.json`)),
      );
    }
    // Rows and lines in map order, whichever build finished first.
    expect(a.stdout.indexOf('simplicity')).toBeLessThan(a.stdout.indexOf('wizs '));
  }, 180_000);

  it('skips a map name that leads out of the folders (maps/../aaa.bsp in a demo) with a note, and builds the rest', async () => {
    const dir = join(root, 'escape');
    const [maps, out, inDemos] = ['maps', 'out', 'demos'].map((f) => join(dir, f));
    for (const f of [maps, out, inDemos]) mkdirSync(f, { recursive: true });
    symlinkSync(fixture('maps', 'wizs.bsp'), join(maps, 'wizs.bsp'));
    // aaa.bsp beside the maps folder, where `maps/../aaa` would find it.
    symlinkSync(fixture('maps', 'wizs.bsp'), join(dir, 'aaa.bsp'));
    writeFileSync(
      join(inDemos, 'escape.mvd2'),
      writeScenario({
        map: '../aaa',
        players: [
          {
            slot: 0,
            name: 'Walker',
            track: walkPolyline(
              [
                [0, 0, 24],
                [200, 0, 24],
              ],
              300,
            ),
          },
        ],
      }),
    );
    symlinkSync(join(demos, 'wizs-match.mvd2.gz'), join(inDemos, 'wizs-match.mvd2.gz'));
    const r = await run(
      'build',
      '--all-maps',
      '--maps-dir',
      maps,
      '--out-dir',
      out,
      '--reports-dir',
      join(dir, 'reports'),
      '--cache',
      join(dir, 'cache'),
      '--no-html',
      inDemos,
    );
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toMatch(
      /map name "\.\.\/aaa" in .*escape\.mvd2 skipped: it holds a folder separator/,
    );
    expect(existsSync(join(out, 'wizs.nav'))).toBe(true);
    expect(existsSync(join(dir, 'aaa.nav'))).toBe(false);
    expect(existsSync(join(out, '..', 'aaa.nav'))).toBe(false);
  }, 120_000);

  it('reads each demo file once on a first run, and builds the nav a --map build gives', async () => {
    // A cache folder of its own: nothing known yet.
    const cache = join(root, 'first-run-cache');
    const out = join(root, 'first-run');
    mkdirSync(join(out, 'maps'), { recursive: true });
    symlinkSync(fixture('maps', 'wizs.bsp'), join(out, 'maps', 'wizs.bsp'));
    const r = await run(
      'build',
      '--all-maps',
      '--maps-dir',
      out,
      '--out-dir',
      out,
      '--cache',
      cache,
      '--no-navtest',
      '--no-html',
      '--json',
      '--workers',
      '2',
      demos,
    );
    expect(r.code, r.stderr).toBe(3);
    const s = JSON.parse(r.stdout) as {
      maps: { map: string; status: string; demosUsed: number; demosRead: number }[];
      demos: { file: string; read: boolean }[];
    };
    // Reads: each demo once to find its maps (all three), none again in the builds.
    expect(s.demos.map((d) => d.read)).toEqual([true, true, true]);
    expect(s.maps.find((m) => m.map === 'wizs')).toMatchObject({
      status: 'built',
      demosUsed: 2,
      demosRead: 0,
    });
    const decodes =
      s.demos.filter((d) => d.read).length + s.maps.reduce((n, m) => n + m.demosRead, 0);
    expect(decodes).toBe(s.demos.length);
    // The same nav as a build of wizs alone, without any cache.
    const alone = join(root, 'alone.nav');
    const b = await run(
      'build',
      '--map',
      'wizs',
      '--bsp',
      fixture('maps', 'wizs.bsp'),
      '--out',
      alone,
      '--no-cache',
      '--no-html',
      '--quiet',
      join(demos, 'wizs-match.mvd2.gz'),
      join(demos, 'three-maps.mvd2.gz'),
    );
    expect(b.code, b.stderr).toBe(0);
    expect(sha256(join(out, 'wizs.nav'))).toBe(sha256(alone));
  }, 120_000);

  it('refuses --all-maps with --map, or without a game or maps folder (exit 2)', async () => {
    expect((await run('build', '--all-maps', '--map', 'wizs', '--game-dir', mod, demos)).code).toBe(
      2,
    );
    const r = await run('build', '--all-maps', demos);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /--all-maps needs --game-dir DIR, or --maps-dir DIR with --out-dir DIR/,
    );
  });
});
