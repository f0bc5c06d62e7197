/**
 * The per-demo cache lives in the platform's user cache folder by default, not in whatever
 * folder the admin happened to run navgen from nor beside a pipeline file (often in a game or
 * demo folder): `$XDG_CACHE_HOME/navgen` or `~/.cache/navgen` on Linux and the BSDs,
 * `~/Library/Caches/navgen` on macOS, `%LOCALAPPDATA%\navgen\Cache` on Windows. Command-line
 * builds and pipeline files without `cache:` share it (entries are keyed by the demo's bytes
 * and the per-demo configuration, so builds of different maps and pipelines never mix them up).
 * The summary prints the folder. Tests point XDG_CACHE_HOME at a temporary folder
 * (vitest.config.ts), so the suite never writes into the tester's home.
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export function userCacheDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA || join(home, 'AppData', 'Local');
    return join(local, 'navgen', 'Cache');
  }
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'navgen');
  // XDG: a relative path is invalid and must be ignored.
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.cache'), 'navgen');
}
