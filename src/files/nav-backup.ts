/**
 * Nothing of the admin's is lost when a build replaces a nav, whatever form the build took
 * (`--out` or `--game-dir`):
 * - the first nav navgen replaces at a path (whoever made it: the engine's generator, a hand
 *   edit, another tool) is kept for good as `<nav>.orig`, never overwritten;
 * - each later one goes into a rotation of `BACKUPS` copies, `<nav>.bak.1` the newest;
 * - a build whose nav is the same bytes as the one in place replaced nothing, and keeps and
 *   rotates nothing.
 * The old bytes are read before the build and written only once the build has written its nav,
 * so a build that fails or refuses leaves every file as it was.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';

/** Backups kept besides the `.orig`. */
export const BACKUPS = 3;

export interface NavBackup {
  /** Keeps the replaced nav's bytes (see the module comment); the path written, or null. */
  keep(): Promise<string | null>;
}

export async function prepareNavBackup(nav: string): Promise<NavBackup> {
  const old = await readFile(nav).catch(() => null);
  return {
    async keep() {
      if (!old) return null;
      const now = await readFile(nav).catch(() => null);
      if (now && now.equals(old)) return null;
      const orig = `${nav}.orig`;
      if (!existsSync(orig)) {
        await writeFile(orig, old, { flag: 'wx' });
        return orig;
      }
      await rm(`${nav}.bak.${BACKUPS}`, { force: true });
      for (let k = BACKUPS - 1; k >= 1; k--)
        await rename(`${nav}.bak.${k}`, `${nav}.bak.${k + 1}`).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e;
        });
      await writeFile(`${nav}.bak.1`, old);
      return `${nav}.bak.1`;
    },
  };
}
