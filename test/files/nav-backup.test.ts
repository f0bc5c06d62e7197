import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUPS, prepareNavBackup } from '../../src/files/nav-backup.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-nav-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One build that replaces the nav at `nav` with `bytes`: what it kept. */
async function replace(nav: string, bytes: string): Promise<string | null> {
  const backup = await prepareNavBackup(nav);
  writeFileSync(nav, bytes);
  return backup.keep();
}

describe('what a build keeps of the nav it replaces', () => {
  it('the first replaced nav for good as .orig, later ones in a rotation of three, nothing for the same bytes', async () => {
    const nav = join(dir, 'wizs.nav');
    writeFileSync(nav, 'admin');
    expect(await replace(nav, 'build 1')).toBe(`${nav}.orig`);
    expect(await replace(nav, 'build 1')).toBeNull(); // the same bytes: nothing replaced
    expect(existsSync(`${nav}.bak.1`)).toBe(false);
    for (let k = 2; k <= 6; k++) expect(await replace(nav, `build ${k}`)).toBe(`${nav}.bak.1`);
    const read = (p: string) => readFileSync(p, 'utf8');
    expect(read(`${nav}.orig`)).toBe('admin');
    expect(BACKUPS).toBe(3);
    expect(read(`${nav}.bak.1`)).toBe('build 5');
    expect(read(`${nav}.bak.2`)).toBe('build 4');
    expect(read(`${nav}.bak.3`)).toBe('build 3');
    expect(existsSync(`${nav}.bak.4`)).toBe(false);
    expect(read(nav)).toBe('build 6');
  });

  it('keeps nothing when there was no nav, or the build wrote none', async () => {
    const fresh = join(dir, 'fresh.nav');
    expect(await replace(fresh, 'first')).toBeNull();
    const kept = join(dir, 'kept.nav');
    writeFileSync(kept, 'admin');
    const backup = await prepareNavBackup(kept);
    // The build failed: the nav is as it was.
    expect(await backup.keep()).toBeNull();
    expect(existsSync(`${kept}.orig`)).toBe(false);
  });
});
