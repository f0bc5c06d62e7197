/**
 * Files larger than the engine loads (q2pro's MAX_LOADFILE, 64 MiB + 4 KiB) are refused from
 * their size, before they are inflated or read: a zip bomb in a `.pkz` (80 MB of zeros stored in
 * about 80 KB), a `.pak` entry that claims as much, and a loose map file that large. The process
 * grows by far less than the entry would take.
 */
import { mkdtempSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPkz } from '../../../src/sources/game/pkz.js';
import { openPak } from '../../../src/sources/game/pak.js';
import { MAX_LOADFILE } from '../../../src/sources/game/archive-entry.js';
import { readBsp } from '../../../src/sources/bsp/read-bsp.js';
import { loadCollisionModel } from '../../../src/world/collision-model.js';
import { writePak, writePkz } from './archives.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-load-limit-'));
const BOMB = 80 * 1024 * 1024;

describe('the engine’s load limit', () => {
  it('refuses a zip bomb from its directory record, before inflating it', async () => {
    const file = join(dir, 'bomb.pkz');
    await writePkz(file, [['maps/bomb.bsp', new Uint8Array(BOMB)]]);
    const rss0 = process.memoryUsage().rss;
    const pkz = await openPkz(file);
    try {
      const entry = pkz.find('maps/bomb.bsp')!;
      expect(entry.size).toBe(BOMB);
      await expect(pkz.read(entry)).rejects.toThrow(
        `entry "maps/bomb.bsp" holds ${BOMB} bytes, more than the engine loads (${MAX_LOADFILE} bytes`,
      );
    } finally {
      await pkz.close();
    }
    expect(process.memoryUsage().rss - rss0).toBeLessThan(BOMB / 2);
  });

  it('refuses a pak entry and a loose map larger than the engine loads', async () => {
    const pakFile = join(dir, 'big.pak');
    writePak(pakFile, [['maps/big.bsp', 'IBSP']]);
    // The directory's one entry claims more than the limit, and the file is made that long
    // (sparse), so the entry lies inside it.
    const bytes = readFileSync(pakFile);
    const dirOffset = bytes.readInt32LE(4);
    const offset = bytes.readUInt32LE(dirOffset + 56);
    bytes.writeUInt32LE(MAX_LOADFILE + 1, dirOffset + 60);
    writeFileSync(pakFile, bytes);
    truncateSync(pakFile, offset + MAX_LOADFILE + 1);
    const pak = await openPak(pakFile);
    try {
      await expect(pak.read(pak.find('maps/big.bsp')!)).rejects.toThrow(
        'more than the engine loads',
      );
    } finally {
      await pak.close();
    }
    const maps = join(dir, 'maps');
    mkdirSync(maps, { recursive: true });
    const loose = join(maps, 'huge.bsp');
    writeFileSync(loose, 'IBSP');
    truncateSync(loose, MAX_LOADFILE + 1);
    await expect(readBsp(loose)).rejects.toMatchObject({ code: 'TOO_LARGE' });
    await expect(loadCollisionModel(loose)).rejects.toThrow(/more than the engine loads/);
  });
});
