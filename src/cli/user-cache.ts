/**
 * The per-demo cache of command-line builds lives in the platform's user cache folder, not in
 * whatever folder the admin happened to run navgen from: `$XDG_CACHE_HOME/navgen` or
 * `~/.cache/navgen` on Linux and the BSDs, `~/Library/Caches/navgen` on macOS,
 * `%LOCALAPPDATA%\navgen\Cache` on Windows. Pipeline files keep theirs beside the file (a
 * pipeline is a project folder). The summary prints the folder.
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
