/**
 * A demo found in the cache (by its content) is named by this run's path in every message, not
 * by the path of the run that read it: an admin looks for, or deletes, the file named.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgen, tempFolder, wizsDemos } from '../robustness/navgen-cli.js';

describeFixtures('a cached demo, named by this run', () => {
  it('a cut and a damaged demo read in one folder are named by their new paths from the cache', () => {
    const root = tempFolder('cached-names');
    const whole = gunzipSync(readFileSync(wizsDemos()[0]));
    const cut = whole.subarray(0, Math.floor(whole.length * 0.5));
    const damaged = Buffer.from(whole.subarray(0, Math.floor(whole.length * 0.3)));
    damaged.fill(0xff, damaged.length - 2000);
    for (const dir of ['first', 'second']) {
      mkdirSync(join(root, dir));
      writeFileSync(join(root, dir, `cut-${dir}.mvd2`), cut);
      writeFileSync(join(root, dir, `damaged-${dir}.mvd2`), damaged);
    }
    const build = (dir: string) =>
      navgen(
        root,
        'build',
        '--map',
        'wizs',
        '--bsp',
        fixture('maps', 'wizs.bsp'),
        '--out',
        join(root, `${dir}.nav`),
        '--cache',
        join(root, 'cache'),
        '--no-html',
        '--json',
        dir,
      );
    const first = build('first');
    expect(first.code, first.stderr).toBe(3);
    const second = build('second');
    expect(second.code, second.stderr).toBe(3);
    const text = second.stdout + second.stderr;
    expect(text).toContain('cut-second.mvd2@0x');
    expect(text).toContain('damaged-second.mvd2@0x');
    expect(text).not.toContain('first.mvd2');
    // Both came from the cache the second time.
    const demos = JSON.parse(second.stdout).demos as { source: string }[];
    expect(demos.map((d) => d.source)).toEqual(['cache', 'cache']);
  }, 120_000);
});
