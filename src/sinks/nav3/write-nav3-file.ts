/**
 * Writes a `NAV3` file atomically and only if it reads back: the nav is validated and encoded,
 * the bytes go to a temporary file, which is read back with the strict reader and must give the
 * same bytes; only then is it renamed over `path`.
 */
import { readFile } from 'node:fs/promises';
import { decodeNav3 } from '../../nav/formats/nav3/read.js';
import type { Nav3File } from '../../nav/formats/nav3/types.js';
import { encodeNav3 } from '../../nav/formats/nav3/write.js';
import { writeFileAtomic } from '../../files/atomic-write.js';

export interface WrittenNav3 {
  path: string;
  /** [Units: bytes] */
  fileBytes: number;
}

export async function writeNav3File(path: string, nav: Nav3File): Promise<WrittenNav3> {
  const bytes = encodeNav3(nav, path);
  await writeFileAtomic(path, bytes, {
    verify: async (temp) => {
      const back = await readFile(temp);
      decodeNav3(back, temp);
      if (back.length !== bytes.length || !back.every((v, i) => v === bytes[i])) {
        throw new Error(`${temp}: the bytes read back differ from the ones written`);
      }
    },
  });
  return { path, fileBytes: bytes.length };
}
