/**
 * `--edits FILE` on the command line as users run it (`bin/navgen`): a build makes the edits
 * and says on its summary what did not fit; a missing or broken edits file is a configuration
 * error (exit 2) for build, watch and iterate, and nothing is written.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgen, navgenAsync, tempFolder } from '../robustness/navgen-cli.js';
import { writeEditsFile } from '../../src/nav/edits/edits-file.js';

describeFixtures('--edits on the command line', () => {
  const bsp = fixture('maps', 'simplicity.bsp');
  let dir: string;
  beforeAll(async () => {
    dir = tempFolder('edits-cli');
    await writeEditsFile(join(dir, 'simplicity.edits.json'), 'simplicity', [
      { op: 'delete-node', at: [-731, 517, 448] },
      { op: 'delete-link', from: [10, 20, 30], to: [40, 50, 60] },
    ]);
    writeFileSync(
      join(dir, 'broken.edits.json'),
      JSON.stringify({
        format: 'navgen-edits',
        version: 1,
        map: 'simplicity',
        edits: [{ op: 'set-type', at: [0, 0, 0], type: 'LADER' }],
      }),
    );
    writeFileSync(
      join(dir, 'simplicity.yaml'),
      `map: simplicity\nbsp: ${bsp}\ndemos: []\noutput: { nav: p.nav, html: false }\ncache: cache\nnavtest: { tester: builtin }\n`,
    );
  });

  it('a build makes the edits and says what did not fit on its summary', async () => {
    const r = await navgenAsync(
      dir,
      'build',
      '--map',
      'simplicity',
      '--bsp',
      bsp,
      '--out',
      'simplicity.nav',
      '--no-html',
      '--cache',
      'cache',
      '--edits',
      'simplicity.edits.json',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^edits: 1 of 2 applied from simplicity\.edits\.json; 1 did not fit: edits\[1\] delete-link \(10, 20, 30\) → \(40, 50, 60\): no node within 24 units of \(10, 20, 30\)$/m,
    );
  }, 120_000);

  it('a missing or broken edits file is exit 2 for build, watch and iterate, nothing written', () => {
    const build = navgen(
      dir,
      'build',
      '--map',
      'simplicity',
      '--bsp',
      bsp,
      '--out',
      'x.nav',
      '--edits',
      'none.edits.json',
    );
    expect(build.code).toBe(2);
    expect(build.stderr).toContain('none.edits.json: no such edits file');
    expect(existsSync(join(dir, 'x.nav'))).toBe(false);
    const broken = navgen(dir, 'build', 'simplicity.yaml', '--edits', 'broken.edits.json');
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(
      'broken.edits.json: edits[0].type: unknown node type "LADER"; did you mean "LADDER"?',
    );
    expect(existsSync(join(dir, 'p.nav'))).toBe(false);
    const watch = navgen(dir, 'watch', 'simplicity.yaml', '--edits', 'none.edits.json');
    expect(watch.code).toBe(2);
    expect(watch.stderr).toContain('none.edits.json: no such edits file');
    const iterate = navgen(dir, 'iterate', 'simplicity.yaml', '--edits', 'broken.edits.json');
    expect(iterate.code).toBe(2);
    expect(iterate.stderr).toContain('broken.edits.json: edits[0].type: unknown node type');
    const allMaps = navgen(
      dir,
      'build',
      '--all-maps',
      '--game-dir',
      dir,
      '--edits',
      'simplicity.edits.json',
    );
    expect(allMaps.code).toBe(2);
    expect(allMaps.stderr).toContain('--edits holds the edits of one map');
  }, 60_000);

  it('--help of build, watch and iterate says what --edits does', () => {
    for (const command of ['build', 'watch', 'iterate']) {
      const help = navgen(dir, command, '--help');
      expect(help.stdout, command).toMatch(/--edits <file>\s+an edits file \(navgen-edits JSON/);
    }
  });
});
