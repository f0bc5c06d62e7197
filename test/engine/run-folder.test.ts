/**
 * The run folder a trial's server plays in (`src/engine/run-folder.ts`), from an install whose
 * files are symbolic links (a shared install linked into an admin's game root): the links are
 * followed, so the game library and the bot files are there; the install's archives are not.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateEngine } from '../../src/engine/engine-install.js';
import { makeRunFolder } from '../../src/engine/run-folder.js';

const root = mkdtempSync(join(tmpdir(), 'navgen-run-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('run folder', () => {
  it('follows symbolic links of the install and leaves its archives out', async () => {
    const real = join(root, 'real');
    mkdirSync(join(real, 'bots', 'nav'), { recursive: true });
    writeFileSync(join(real, 'q2proded'), 'server');
    writeFileSync(join(real, 'gamex86_64.so'), 'library');
    writeFileSync(join(real, 'bots', 'botdata.cfg'), 'bots');
    writeFileSync(join(real, 'bots', 'nav', 'old.nav'), 'an old nav');
    const install = join(root, 'install');
    mkdirSync(join(install, 'action'), { recursive: true });
    symlinkSync(join(real, 'q2proded'), join(install, 'q2proded'));
    symlinkSync(join(real, 'gamex86_64.so'), join(install, 'action', 'gamex86_64.so'));
    symlinkSync(join(real, 'bots'), join(install, 'action', 'bots'));
    writeFileSync(join(install, 'action', 'pak0.pak'), 'PACK');
    symlinkSync(join(root, 'nothing-here'), join(install, 'action', 'dangling.cfg'));

    const folder = makeRunFolder({
      install: locateEngine(install),
      map: 'corridor',
      bspBytes: new Uint8Array([1, 2, 3]),
      navBytes: new Uint8Array([4, 5]),
      configText: 'set x 1\n',
      runAs: null,
    });
    try {
      const mod = folder.modDir;
      expect(readFileSync(join(mod, 'gamex86_64.so'), 'utf8')).toBe('library');
      expect(readFileSync(join(mod, 'bots', 'botdata.cfg'), 'utf8')).toBe('bots');
      expect(existsSync(join(mod, 'bots', 'nav', 'old.nav'))).toBe(false);
      expect([...readFileSync(join(mod, 'bots', 'nav', 'corridor.nav'))]).toEqual([4, 5]);
      expect(existsSync(join(mod, 'pak0.pak'))).toBe(false);
      expect(existsSync(join(mod, 'dangling.cfg'))).toBe(false);
    } finally {
      await folder.remove();
    }
  });
});
