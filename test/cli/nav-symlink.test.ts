/**
 * A nav in the game that is a symbolic link to a file elsewhere: the build replaces the link in
 * the game's bots/nav/ (the write is a rename in that folder), and never writes through it to
 * the file it pointed at, which stays as it was. The replaced nav's bytes are kept as `.orig`.
 */
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgen, tempFolder, wizsDemos } from '../robustness/navgen-cli.js';

describeFixtures('a symlinked nav in the game', () => {
  it('is replaced in the game, the file it pointed at outside left alone', () => {
    const root = tempFolder('nav-symlink');
    const mod = join(root, 'action');
    mkdirSync(join(mod, 'bots', 'nav'), { recursive: true });
    mkdirSync(join(mod, 'maps'));
    writeFileSync(join(mod, 'maps', 'wizs.bsp'), readFileSync(fixture('maps', 'wizs.bsp')));
    const outside = join(root, 'elsewhere.nav');
    writeFileSync(outside, 'not navgen\u2019s to touch');
    const nav = join(mod, 'bots', 'nav', 'wizs.nav');
    symlinkSync(outside, nav);
    const r = navgen(
      root,
      'build',
      '--map',
      'wizs',
      '--game-dir',
      mod,
      '--no-cache',
      '--no-html',
      wizsDemos()[0],
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe('not navgen\u2019s to touch');
    expect(lstatSync(nav).isSymbolicLink()).toBe(false);
    expect(readFileSync(nav).length).toBeGreaterThan(1000);
    expect(readFileSync(`${nav}.orig`, 'utf8')).toBe('not navgen\u2019s to touch');
  }, 120_000);
});
