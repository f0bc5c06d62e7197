/**
 * `navgen build --game-dir DIR`: the map comes from the game (loose or inside its `.pak`/`.pkz`
 * archives, found in the engine's search order) and the nav goes where the bots read it,
 * `<mod>/bots/nav/<map>.nav` (what it replaces is kept: `<map>.nav.orig`, then `<map>.nav.bak.1`…: nav-backup.ts).
 *
 * A map inside an archive is extracted to a temporary folder for the build (the pipeline reads
 * BSP files by path) and removed afterwards.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findGameFile, notInGame, resolveGameDir, DEFAULT_MOD } from '../sources/game/game-dir.js';
import { byNavOutput, DEFAULT_NAV_SINK, type ByNavOutput } from '../sinks/nav-sinks.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './exit-codes.js';

export interface GameFolderBuild {
  /** The BSP file the build reads. */
  readonly bsp: string;
  /** Where the map was found (`archive.pak:maps/x.bsp` or a path); null when --bsp was given. */
  readonly mapSource: string | null;
  /** The nav to write: `--out`, else the default format's place in the game. */
  readonly out: string;
  /**
   * Where the game reads this map's nav of each format (`navs.q2rNav`: the Quake II
   * re-release's NAV3, for `--q2r-nav` without a file), by each sink's `meta.inGame`.
   */
  readonly navs: ByNavOutput<string>;
  /** The game's mod folder (`baseq2` in a Quake II game). */
  readonly modDir: string;
  /** Removes what was extracted. */
  cleanup(): Promise<void>;
}

export async function prepareGameFolder(
  gameDir: string,
  mod: string | undefined,
  map: string,
  bsp: string | undefined,
  out: string | undefined,
): Promise<GameFolderBuild> {
  let game;
  try {
    game = resolveGameDir(gameDir, mod ?? DEFAULT_MOD);
  } catch (e) {
    throw new CliError(`--game-dir: ${(e as Error).message}`, EXIT_USAGE);
  }
  const navs = byNavOutput((sink) => sink.meta.inGame(game, map));
  const navOut = out ? resolve(out) : navs[DEFAULT_NAV_SINK.meta.name];
  let extracted: string | null = null;
  let bspPath = bsp ? resolve(bsp) : null;
  let mapSource: string | null = null;
  if (!bspPath) {
    const rel = `maps/${map}.bsp`;
    let found;
    try {
      found = await findGameFile(game, rel);
    } catch (e) {
      throw new CliError(`--game-dir: ${(e as Error).message}`, EXIT_FAILURE);
    }
    if (!found)
      throw new CliError(
        `--game-dir: ${notInGame(game, rel)} (give the map with --bsp)`,
        EXIT_FAILURE,
      );
    mapSource = found.where;
    if (found.path) bspPath = found.path;
    else {
      extracted = await mkdtemp(join(tmpdir(), 'navgen-map-'));
      bspPath = join(extracted, `${map}.bsp`);
      await writeFile(bspPath, await found.bytes());
    }
  }
  return {
    bsp: bspPath,
    mapSource,
    out: navOut,
    navs,
    modDir: game.modDir,
    async cleanup() {
      if (extracted) await rm(extracted, { recursive: true, force: true });
    },
  };
}
