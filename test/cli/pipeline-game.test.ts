/**
 * Pipeline files and the game folder, as an admin writes them on a server's second day:
 * - `game:` finds the map in the game (inside its `.pkz` here) and writes the nav where the
 *   bots read it (`action/bots/nav/`), the HTML report beside the pipeline file, never in the
 *   game, and keeps the nav it replaces (`.orig`);
 * - `navgen build FILE --game-dir DIR` does the same for a file without `game:`;
 * - a pipeline that names no map is refused with the ways to name one, and `bsp: none` builds
 *   from the demos alone on purpose.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgen, tempFolder } from '../robustness/navgen-cli.js';
import { writePkz } from '../sources/game/archives.js';

describeFixtures('pipeline files and the game folder', () => {
  let root: string;
  let mod: string;
  let work: string;

  beforeAll(async () => {
    root = tempFolder('pipeline-game');
    mod = join(root, 'server', 'action');
    mkdirSync(mod, { recursive: true });
    await writePkz(join(mod, 'maps.pkz'), [
      ['maps/asylum.bsp', readFileSync(fixture('maps', 'asylum.bsp'))],
    ]);
    mkdirSync(join(mod, 'bots', 'nav'), { recursive: true });
    writeFileSync(join(mod, 'bots', 'nav', 'asylum.nav'), 'the admin\u2019s own nav');
    work = join(root, 'work');
    mkdirSync(join(work, 'demos'), { recursive: true });
    symlinkSync(
      fixture('demos', 'mvd2', 'asylum_2022_human.mvd2.gz'),
      join(work, 'demos', 'match.mvd2.gz'),
    );
  });

  const pipeline = (name: string, head: string) => {
    const file = join(work, `${name}.yaml`);
    writeFileSync(file, `map: asylum\n${head}demos: demos/*.mvd2.gz\ncache: false\n`);
    return file;
  };

  it('game: takes the map from the game and writes the nav into it, keeping the admin\u2019s', () => {
    const file = pipeline('from-game', 'game: ../server/action\n');
    const r = navgen(work, 'build', file);
    expect(r.stderr).toMatch(/map asylum from .*maps\.pkz:maps\/asylum\.bsp/);
    expect(r.code, r.stderr).toBe(0);
    const nav = join(mod, 'bots', 'nav', 'asylum.nav');
    expect(r.stdout).toContain(`wrote nav: ${nav}`);
    expect(readFileSync(`${nav}.orig`, 'utf8')).toBe('the admin\u2019s own nav');
    expect(readFileSync(nav).subarray(0, 4).toString('latin1')).not.toBe('the ');
    expect(existsSync(join(work, 'asylum.report.html'))).toBe(true);
    expect(existsSync(join(mod, 'bots', 'nav', 'asylum.report.html'))).toBe(false);
  }, 180_000);

  it('--game-dir gives a pipeline file without game: its map and nav place', () => {
    const file = pipeline('flag-game', '');
    const r = navgen(work, 'build', file, '--game-dir', join(root, 'server'), '--no-html');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`wrote nav: ${join(mod, 'bots', 'nav', 'asylum.nav')}`);
    const missing = navgen(work, 'build', file, '--game-dir', join(root, 'nowhere'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--game-dir: ');
  }, 180_000);

  it('a pipeline without a map is refused; bsp: none builds from the demos alone', () => {
    const file = pipeline('no-map', 'output: { nav: out/asylum.nav }\n');
    const r = navgen(work, 'build', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'the pipeline names no map: give bsp: MAP.bsp, or game: GAME-FOLDER',
    );
    expect(r.stderr).toContain('bsp: none');
    expect(existsSync(join(work, 'out', 'asylum.nav'))).toBe(false);
    const none = pipeline('none', 'bsp: none\noutput: { nav: out/asylum.nav, html: false }\n');
    const built = navgen(work, 'build', none, '--json');
    expect(built.code, built.stderr).toBe(0);
    expect(existsSync(join(work, 'out', 'asylum.nav'))).toBe(true);
    // The demos alone: no node from the map or its spawn points.
    const sources = JSON.parse(built.stdout).nav.sources.nodes;
    expect(sources.demos).toBeGreaterThan(0);
    expect(sources.map ?? 0).toBe(0);
    expect(sources.spawn ?? 0).toBe(0);
  }, 180_000);
});
