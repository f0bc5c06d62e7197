/**
 * The map a command reads, from `--bsp FILE` or from `--game-dir DIR [--mod NAME]` (loose or
 * inside the game's `.pak`/`.pkz` archives, found in the engine's search order), so that
 * `navtest`, `render` and `iterate` work on a server's maps as `build` does, without unpacking
 * archives by hand. The map's name is the nav's file name unless `--map` says otherwise.
 */
import { Option, type Command } from 'commander';
import { basename } from 'node:path';
import { CliError, EXIT_USAGE } from './exit-codes.js';
import { prepareGameFolder } from './game-folder.js';

export interface MapOptions {
  bsp?: string;
  gameDir?: string;
  mod?: string;
  map?: string;
}

export interface MapSource {
  /** The BSP file to read (a temporary copy when it came from an archive). */
  readonly bsp: string;
  /** Where it came from, for messages. */
  readonly where: string;
  cleanup(): Promise<void>;
}

/** Adds `--game-dir` and `--mod` (the command has its own `--bsp`). */
export function addGameDirOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--game-dir <dir>',
        'find the map in the game instead of --bsp: a mod folder (e.g. /srv/aq2/action) or the game root with --mod; loose or inside its .pak/.pkz archives',
      ),
    )
    .addOption(new Option('--mod <name>', 'the mod folder when --game-dir is the game root'));
}

/**
 * The map for `opts`, or null when neither `--bsp` nor `--game-dir` was given. `navPath` names
 * the map when `--map` does not (`wizs.nav` → wizs).
 */
export async function mapFromOptions(
  opts: MapOptions,
  navPath: string | null,
): Promise<MapSource | null> {
  if (opts.mod !== undefined && opts.gameDir === undefined)
    throw new CliError('--mod goes with --game-dir', EXIT_USAGE);
  if (opts.gameDir === undefined)
    return opts.bsp ? { bsp: opts.bsp, where: opts.bsp, cleanup: async () => undefined } : null;
  if (opts.bsp) throw new CliError('give the map with --bsp or --game-dir, not both', EXIT_USAGE);
  const map = opts.map ?? (navPath ? basename(navPath).replace(/\.nav$/i, '') : undefined);
  if (!map) throw new CliError('--game-dir needs --map (the map to find in the game)', EXIT_USAGE);
  let g;
  try {
    g = await prepareGameFolder(opts.gameDir, opts.mod, map, undefined, undefined);
  } catch (e) {
    // A nav saved under another name (wizs-new.nav): say where the map's name came from.
    if (opts.map === undefined && e instanceof CliError && /is in none of/.test(e.message))
      throw new CliError(
        `${e.message}; the map name ${map} is the nav's file name: give the map's name with --map NAME`,
        e.exitCode,
      );
    throw e;
  }
  return { bsp: g.bsp, where: g.mapSource ?? g.bsp, cleanup: () => g.cleanup() };
}
