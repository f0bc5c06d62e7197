/**
 * An AQtion server install as `navgen trial --engine DIR` takes it: the `q2proded` binary in
 * DIR and the mod folder with the game library, `DIR/action/` (a game root as admins have it)
 * or `DIR/game/action/` (the layout of `../shared/engine/`, the install tests and CI use).
 * Maps are looked up in the mod folder (loose or in `.pak`/`.pkz`) by `find-map.ts`.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The mod the trials run (AQtion's game folder name). */
export const MOD = 'action';
/** The dedicated server binary's name. */
export const SERVER_BINARY = 'q2proded';
/** The game library the server loads from the mod folder (Linux x86-64 builds). */
export const GAME_LIBRARY = 'gamex86_64.so';

export interface EngineInstall {
  /** The install folder as given, absolute. */
  readonly dir: string;
  /** `DIR/q2proded`. */
  readonly binary: string;
  /** The mod folder holding the game library (`DIR/action` or `DIR/game/action`). */
  readonly modDir: string;
}

export class EngineInstallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineInstallError';
  }
}

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

/** Finds the binary and the mod folder in `dir`; throws {@link EngineInstallError} naming what is missing. */
export function locateEngine(dir: string): EngineInstall {
  const d = resolve(dir);
  if (!existsSync(d) || !statSync(d).isDirectory())
    throw new EngineInstallError(`--engine ${d}: no such folder (an AQtion server install)`);
  const binary = join(d, SERVER_BINARY);
  if (!isFile(binary))
    throw new EngineInstallError(`--engine ${d}: no ${SERVER_BINARY} there (the dedicated server)`);
  const candidates = [join(d, MOD), join(d, 'game', MOD)];
  const modDir = candidates.find((c) => isFile(join(c, GAME_LIBRARY)));
  if (!modDir)
    throw new EngineInstallError(
      `--engine ${d}: no game library ${GAME_LIBRARY} in ${candidates.join(' or ')}`,
    );
  return { dir: d, binary, modDir };
}
