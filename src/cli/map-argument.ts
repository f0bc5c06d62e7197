/**
 * The `<map>` argument of the commands that read only a map (`mesh`, `path`): a `.bsp` file, or,
 * with `--game-dir DIR [--mod NAME]`, the map's name, found as the engine finds it (loose or in
 * the game's `.pak`/`.pkz` archives, map-option.ts). The caller runs `cleanup` when done.
 */
import type { Command } from 'commander';
import { addGameDirOptions, mapFromOptions, type MapSource } from './map-option.js';

export interface MapArgumentOptions {
  gameDir?: string;
  mod?: string;
}

/** Adds `--game-dir` and `--mod` to a command whose `<map>` is a file or, with them, a name. */
export function addMapArgumentOptions(cmd: Command): Command {
  return addGameDirOptions(cmd);
}

export async function mapArgument(map: string, opts: MapArgumentOptions): Promise<MapSource> {
  if (opts.gameDir === undefined && opts.mod === undefined)
    return { bsp: map, where: map, cleanup: async () => undefined };
  const name = map.replace(/\.bsp$/i, '');
  const source = await mapFromOptions({ gameDir: opts.gameDir, mod: opts.mod, map: name }, null);
  // mapFromOptions returns null only without --game-dir, which is handled above.
  return source!;
}
