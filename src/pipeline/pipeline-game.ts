/**
 * `game:` in a pipeline file (and `--game-dir` for a pipeline file): the map comes from the
 * game, found as the engine finds it (loose, or inside its `.pak`/`.pkz` archives, in the
 * engine's search order: `sources/game/game-dir.ts`), and the nav goes where the bots read it
 * unless the file names another place.
 *
 * A map inside an archive is copied out once, named by its content hash, into the build's cache
 * folder (`maps/`), or with the cache off into the system's temporary folder: every command that
 * reads the pipeline (build, iterate, watch) then reads a plain file, and a rebuild finds it
 * there again. The copy is written atomically, so two builds at once never read half a map.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MOD, findGameFile, notInGame, resolveGameDir } from '../sources/game/game-dir.js';
import { byNavOutput, type ByNavOutput } from '../sinks/nav-sinks.js';
import { hashBytes } from '../files/content-hash.js';
import { writeFileAtomic } from '../files/atomic-write.js';

/** Where a pipeline's map came from, for messages and the nav's default place. */
export interface PipelineGame {
  /** The game folder as given (absolute). */
  readonly dir: string;
  readonly mod: string;
  /** Where the map was found: a file, or `archive.pkz:maps/x.bsp`. */
  readonly mapSource: string;
  /**
   * Where this game reads the map's nav of each format (`navs.nav`: the AQtion bots'; `navs.q2rNav`:
   * the Quake II re-release's), by each sink's `meta.inGame`.
   */
  readonly navs: ByNavOutput<string>;
}

/** A game folder or map that is not there; the loader names the `game` key with it. */
export class PipelineGameError extends Error {}

/**
 * Finds `maps/<map>.bsp` in the game at `dir` (`mod`: the mod folder when `dir` is the game's
 * root) and returns the BSP file to read and where it came from.
 */
export async function mapFromGame(
  dir: string,
  mod: string | undefined,
  map: string,
  cache: string | null,
): Promise<{ bsp: string; game: PipelineGame }> {
  let game;
  try {
    game = resolveGameDir(dir, mod ?? DEFAULT_MOD);
  } catch (e) {
    throw new PipelineGameError((e as Error).message);
  }
  const rel = `maps/${map}.bsp`;
  const found = await findGameFile(game, rel).catch((e: Error) => {
    throw new PipelineGameError(e.message);
  });
  if (!found) throw new PipelineGameError(notInGame(game, rel));
  const where: PipelineGame = {
    dir,
    mod: mod ?? DEFAULT_MOD,
    mapSource: found.where,
    navs: byNavOutput((sink) => sink.meta.inGame(game, map)),
  };
  if (found.path) return { bsp: found.path, game: where };
  const bytes = await found.bytes();
  const folder = join(cache ?? join(tmpdir(), 'navgen'), 'maps');
  const bsp = join(folder, `${map}-${hashBytes(bytes).slice(0, 16)}.bsp`);
  if (!existsSync(bsp)) {
    await mkdir(folder, { recursive: true });
    await writeFileAtomic(bsp, bytes);
  }
  return { bsp, game: where };
}
