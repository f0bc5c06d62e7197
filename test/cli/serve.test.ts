/**
 * `navgen serve --game-dir DIR DEMOS/` on a fake server: at start every map of the game is
 * built (here from the map alone: nobody played it yet); a demo landing in the folder rebuilds
 * that map once the file settles (the nav it replaces kept); SIGTERM while idle stops it with a
 * line and exit 0. Stdout has one line per event.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { startNavgen, tempFolder, wizsDemos } from '../robustness/navgen-cli.js';
import { writePkz } from '../sources/game/archives.js';
import { waitFor } from '../helpers/wait-for.js';

describeFixtures('navgen serve', () => {
  it('builds at start, rebuilds a map when a demo of it lands, stops on SIGTERM', async () => {
    const root = tempFolder('serve');
    const mod = join(root, 'action');
    mkdirSync(mod, { recursive: true });
    await writePkz(join(mod, 'maps.pkz'), [
      ['maps/wizs.bsp', readFileSync(fixture('maps', 'wizs.bsp'))],
    ]);
    const demos = join(root, 'demos');
    mkdirSync(demos);
    const run = startNavgen(root, [
      'serve',
      '--game-dir',
      mod,
      '--interval',
      '200',
      '--settle',
      '600',
      '--cache',
      join(root, 'cache'),
      '--no-html',
      demos,
    ]);
    let out = '';
    run.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    const nav = join(mod, 'bots', 'nav', 'wizs.nav');
    try {
      await waitFor(() => /built in .* s \(exit 0\); watching/.test(out), 120_000);
      expect(out).toContain(
        'navgen serve: start: 0 demo(s), 1 map(s) in the game: building every map',
      );
      expect(out).toMatch(/^wizs\s+map alone/m);
      expect(existsSync(nav)).toBe(true);
      const alone = readFileSync(nav);

      symlinkSync(wizsDemos()[0], join(demos, 'wizs.mvd2.gz'));
      await waitFor(() => out.split('built in').length >= 3, 120_000);
      expect(out).toContain(
        'navgen serve: 1 demo(s) new or changed, 0 removed, 0 map(s) new in the game: building wizs',
      );
      expect(out).toMatch(/^wizs\s+1\/1\s+\d+/m);
      expect(readFileSync(`${nav}.orig`).equals(alone)).toBe(true);
      expect(readFileSync(nav).equals(alone)).toBe(false);
    } finally {
      run.child.kill('SIGTERM');
    }
    const r = await run.done;
    expect(r.code, r.stderr).toBe(0);
    expect(out).toContain('navgen serve: SIGTERM: stopping');
  }, 300_000);
});
