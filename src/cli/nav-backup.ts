/**
 * The nav a build replaces is kept as `<nav>.bak`, whatever form the build took (`--out` or
 * `--game-dir`): a server admin who rebuilds with new demos can go back to the nav the bots
 * played with. The old bytes are read before the build and written only once the build has
 * written its nav, so a build that fails or refuses leaves both files as they were.
 */
import { readFile, writeFile } from 'node:fs/promises';

export interface NavBackup {
  /** Writes `<nav>.bak` with the replaced nav's bytes; its path, or null if there was none. */
  keep(): Promise<string | null>;
}

export async function prepareNavBackup(nav: string): Promise<NavBackup> {
  const old = await readFile(nav).catch(() => null);
  return {
    async keep() {
      if (!old) return null;
      const bak = `${nav}.bak`;
      await writeFile(bak, old);
      return bak;
    },
  };
}
