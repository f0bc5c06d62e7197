/**
 * The map a trial runs: `--bsp FILE`, or `maps/<map>.bsp` found in the install's mod folder
 * where the engine would find it (loose, or inside a `.pak`/`.pkz`; `src/sources/game/`).
 */
import { readFile } from 'node:fs/promises';
import { findGameFile, resolveGameDir } from '../sources/game/game-dir.js';

export interface FoundMap {
  readonly bytes: Uint8Array;
  /** Where it came from, for messages. */
  readonly where: string;
}

export class MapNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MapNotFoundError';
  }
}

export async function findMap(map: string, modDir: string, bsp?: string): Promise<FoundMap> {
  if (bsp !== undefined) {
    try {
      return { bytes: new Uint8Array(await readFile(bsp)), where: bsp };
    } catch (e) {
      throw new MapNotFoundError(
        `--bsp ${bsp}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
  }
  const found = await findGameFile(resolveGameDir(modDir), `maps/${map}.bsp`);
  if (!found)
    throw new MapNotFoundError(
      `map ${map}: no maps/${map}.bsp in ${modDir} (loose or in a .pak/.pkz); give the map with --bsp FILE`,
    );
  return { bytes: await found.bytes(), where: found.where };
}
