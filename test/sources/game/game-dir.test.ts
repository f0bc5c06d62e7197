/**
 * Game folders read as the engine reads them: PACK and zip archives made here, the archive load
 * order of q2pro's add_game_dir (pak<N> by number, then the rest alphabetically; the last loaded
 * searched first; archives before loose files; the mod before baseq2), names without case.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPak } from '../../../src/sources/game/pak.js';
import { openPkz } from '../../../src/sources/game/pkz.js';
import {
  compareArchiveNames,
  findGameFile,
  navPathIn,
  resolveGameDir,
  searchPlaces,
  gameMapNames,
} from '../../../src/sources/game/game-dir.js';
import { normalizeGamePath } from '../../../src/sources/game/archive-entry.js';
import { writePak, writePkz } from './archives.js';

const temp = () => mkdtempSync(join(tmpdir(), 'navgen-game-'));
const text = (b: Uint8Array) => Buffer.from(b).toString();

describe('PACK archives', () => {
  it('lists and reads entries; a later entry of the same name wins; names without case', async () => {
    const f = join(temp(), 'pak0.pak');
    writePak(f, [
      ['maps/a.bsp', 'first'],
      ['Maps\\B.BSP', 'bee'],
      ['maps/a.bsp', 'second'],
    ]);
    const pak = await openPak(f);
    expect(pak.entries.map((e) => e.name)).toEqual(['maps/a.bsp', 'Maps\\B.BSP', 'maps/a.bsp']);
    expect(text(await pak.read(pak.find('MAPS/A.bsp')!))).toBe('second');
    expect(text(await pak.read(pak.find('maps/b.bsp')!))).toBe('bee');
    expect(pak.find('maps/c.bsp')).toBeNull();
    await pak.close();
  });

  it('names the file and offset of a bad header, directory or entry', async () => {
    const d = temp();
    writeFileSync(join(d, 'x.pak'), Buffer.from('PAKC\0\0\0\0\0\0\0\0'));
    await expect(openPak(join(d, 'x.pak'))).rejects.toThrow(/x\.pak@0x0: not a PACK archive/);
    const bad = Buffer.alloc(12);
    bad.write('PACK');
    bad.writeInt32LE(12, 4);
    bad.writeInt32LE(65, 8);
    writeFileSync(join(d, 'y.pak'), bad);
    await expect(openPak(join(d, 'y.pak'))).rejects.toThrow(/y\.pak@0x8: directory length 65/);
    writePak(join(d, 'z.pak'), [['maps/a.bsp', 'abc']]);
    const z = readFileSync(join(d, 'z.pak'));
    z.writeUInt32LE(1000, 12 + 3 + 60); // the entry's length (its offset field is at 0x47)
    writeFileSync(join(d, 'z.pak'), z);
    await expect(openPak(join(d, 'z.pak'))).rejects.toThrow(
      /z\.pak@0x47: entry "maps\/a\.bsp" at 0xc\+1000 lies outside/,
    );
  });
});

describe('pkz (zip) archives', () => {
  it('reads deflated and stored entries; backslash names as slashes', async () => {
    const d = temp();
    const big = 'q2'.repeat(50_000);
    await writePkz(join(d, 'a.pkz'), [
      ['maps/big.bsp', big],
      ['maps\\small.bsp', 'small'],
    ]);
    await writePkz(join(d, 'b.pkz'), [['maps/s.bsp', 'stored']], true);
    const a = await openPkz(join(d, 'a.pkz'));
    const e = a.find('maps/big.bsp')!;
    expect(e.storedSize).toBeLessThan(e.size);
    expect(text(await a.read(e))).toBe(big);
    expect(text(await a.read(a.find('MAPS/SMALL.BSP')!))).toBe('small');
    await a.close();
    const b = await openPkz(join(d, 'b.pkz'));
    expect(text(await b.read(b.find('maps/s.bsp')!))).toBe('stored');
    await b.close();
  });

  it('names the file of a damaged zip', async () => {
    const d = temp();
    writeFileSync(join(d, 'bad.pkz'), Buffer.from('PK\x03\x04 not really a zip'));
    await expect(openPkz(join(d, 'bad.pkz'))).rejects.toThrow(
      /bad\.pkz@0x0: not a readable zip archive/,
    );
  });
});

describe('search order', () => {
  it('loads pak<N> by number, then the rest alphabetically, without case', () => {
    const names = ['zz.pkz', 'pak10.pak', 'abc.pak', 'PAK2.pak', 'pak0.pak', 'Abd.pkz', 'pak.pak'];
    expect([...names].sort(compareArchiveNames)).toEqual([
      'pak.pak',
      'pak0.pak',
      'PAK2.pak',
      'pak10.pak',
      'abc.pak',
      'Abd.pkz',
      'zz.pkz',
    ]);
  });

  it('searches the last archive loaded first, archives before loose files, the mod before baseq2', async () => {
    const root = temp();
    const mod = join(root, 'action');
    const base = join(root, 'baseq2');
    mkdirSync(join(mod, 'maps'), { recursive: true });
    mkdirSync(join(base, 'maps'), { recursive: true });
    writePak(join(base, 'pak0.pak'), [
      ['maps/only-base.bsp', 'base pak0'],
      ['maps/x.bsp', 'base pak0'],
    ]);
    writePak(join(mod, 'pak0.pak'), [
      ['maps/x.bsp', 'mod pak0'],
      ['maps/y.bsp', 'mod pak0'],
    ]);
    writePak(join(mod, 'pak10.pak'), [['maps/x.bsp', 'mod pak10']]);
    writePak(join(mod, 'pak2.pak'), [
      ['maps/x.bsp', 'mod pak2'],
      ['maps/z.bsp', 'mod pak2'],
    ]);
    await writePkz(join(mod, 'extra.pkz'), [['maps/z.bsp', 'mod extra.pkz']]);
    writeFileSync(join(mod, 'maps', 'y.bsp'), 'mod loose');
    writeFileSync(join(mod, 'maps', 'loose.bsp'), 'mod loose only');

    for (const dir of [root, mod]) {
      const game = resolveGameDir(dir);
      expect(game.folders).toEqual([mod, base]);
      expect(searchPlaces(game).map((p) => p.path.slice(root.length + 1))).toEqual([
        'action/extra.pkz',
        'action/pak10.pak',
        'action/pak2.pak',
        'action/pak0.pak',
        'action',
        'baseq2/pak0.pak',
        'baseq2',
      ]);
      const get = async (rel: string) => {
        const f = await findGameFile(game, rel);
        return f ? text(await f.bytes()) : null;
      };
      expect(await get('maps/x.bsp')).toBe('mod pak10'); // pak10 loads after pak2
      expect(await get('maps/z.bsp')).toBe('mod extra.pkz'); // non-pak names load after pak<N>
      expect(await get('maps/y.bsp')).toBe('mod pak0'); // archives before loose files
      expect(await get('maps/loose.bsp')).toBe('mod loose only');
      expect(await get('maps/only-base.bsp')).toBe('base pak0');
      expect(await get('maps/none.bsp')).toBeNull();
      expect(navPathIn(game, 'x')).toBe(join(mod, 'bots', 'nav', 'x.nav'));
    }
  });

  it('takes the mod from --mod under a game root, and says when it is missing', () => {
    const root = temp();
    mkdirSync(join(root, 'baseq2'));
    mkdirSync(join(root, 'mymod'));
    expect(resolveGameDir(root, 'mymod').modDir).toBe(join(root, 'mymod'));
    expect(() => resolveGameDir(root, 'action')).toThrow(/has no mod folder "action"/);
  });

  it('normalises paths as the engine does', () => {
    expect(normalizeGamePath('.\\Maps//X.BSP/')).toBe('maps/x.bsp');
    expect(normalizeGamePath('maps/../maps/./x.bsp')).toBe('maps/x.bsp');
  });
});

describe('entry names that climb out of their folder', () => {
  it('are resolved as the engine resolves them: maps/../../x.bsp is x.bsp, not a map', async () => {
    const root = mkdtempSync(join(tmpdir(), 'navgen-climb-'));
    const mod = join(root, 'action');
    mkdirSync(mod);
    // A PACK archive: its names are any 56 bytes (zip writers refuse such names).
    writePak(join(mod, 'evil.pak'), [
      ['maps/../../evil.bsp', 'IBSP'],
      ['maps/good.bsp', 'IBSP'],
      ['/abs/maps/x.bsp', 'IBSP'],
    ]);
    const game = resolveGameDir(mod);
    expect(await gameMapNames(game)).toEqual(['good']);
    expect(await findGameFile(game, 'maps/evil.bsp')).toBeNull();
    expect(normalizeGamePath('maps/../../evil.bsp')).toBe('evil.bsp');
    expect(normalizeGamePath('/abs/maps/x.bsp')).toBe('abs/maps/x.bsp');
  });
});
