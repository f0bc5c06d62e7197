/**
 * Entry points of the BSP source: read a map file into plain data (entities and world
 * geometry), or only its entities when that is all a caller needs.
 *
 * A map is read whole: maps are a few MB and their lumps are read in random order. The header
 * is validated first (`readBspHeader`), so nothing is sized from an unchecked number.
 */
import { readFile, stat } from 'node:fs/promises';
import { MAX_LOADFILE } from '../game/archive-entry.js';
import { decodeWorld } from './decode-world.js';
import { parseEntities, type BspEntity } from './entities.js';
import { BspError } from './errors.js';
import { readBspHeader } from './header.js';
import { Lump, type LumpExtent } from './lumps.js';
import type { BspWorld } from './world.js';

/** A whole map. */
export interface BspMap {
  /** The path or name used in error messages. */
  readonly file: string;
  /** Where each lump lies, by lump number. */
  readonly lumps: readonly LumpExtent[];
  readonly entities: readonly BspEntity[];
  readonly world: BspWorld;
}

/** Reads and decodes a map file. Throws {@link BspError} (`IO` when it cannot be read). */
export async function readBsp(path: string): Promise<BspMap> {
  return parseBsp(await readMapFile(path), path);
}

/** Reads only the entities of a map file (header check, then lump 0). */
export async function readBspEntities(path: string): Promise<BspEntity[]> {
  const bytes = await readMapFile(path);
  return entitiesOf(bytes, readBspHeader(bytes, path), path);
}

/** Decodes map bytes; `file` names the map in errors. */
export function parseBsp(bytes: Uint8Array, file: string): BspMap {
  const lumps = readBspHeader(bytes, file);
  const entities = entitiesOf(bytes, lumps, file);
  const world = decodeWorld(bytes, lumps, file);
  return { file, lumps, entities, world };
}

function entitiesOf(bytes: Uint8Array, lumps: readonly LumpExtent[], file: string): BspEntity[] {
  const { offset, length } = lumps[Lump.entities];
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + offset, length).toString('latin1');
  return parseEntities(text, { file, offset });
}

/**
 * The bytes of a map file; one larger than the engine loads (`MAX_LOADFILE`) is refused from
 * its size, before it is read.
 */
export async function readMapFile(path: string): Promise<Uint8Array> {
  try {
    const s = await stat(path);
    if (s.isFile() && s.size > MAX_LOADFILE)
      throw new BspError(
        'TOO_LARGE',
        `the map holds ${s.size} bytes, more than the engine loads (${MAX_LOADFILE} bytes: q2pro's MAX_LOADFILE)`,
        { file: path, offset: 0 },
      );
    return await readFile(path);
  } catch (cause) {
    if (cause instanceof BspError) throw cause;
    throw new BspError(
      'IO',
      `cannot read the map: ${(cause as Error).message}`,
      { file: path, offset: 0 },
      { cause },
    );
  }
}
