/** Game archives made by the tests, written to disk: id PACK files and zips (`tools/game-archives.ts`). */
import { writeFileSync } from 'node:fs';
import { pakBytes, zipBytes } from '../../../tools/game-archives.js';

/** A `.pak` with these entries, in this order (names up to 55 bytes). */
export function writePak(path: string, entries: readonly [string, Uint8Array | string][]): void {
  writeFileSync(path, pakBytes(entries));
}

/** A `.pkz` (zip) with these entries; `store` keeps them uncompressed. */
export async function writePkz(
  path: string,
  entries: readonly [string, Uint8Array | string][],
  store = false,
): Promise<void> {
  writeFileSync(path, await zipBytes(entries, store));
}
