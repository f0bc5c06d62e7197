/**
 * The atomic file write (`src/files/atomic-write.ts`) and `writeNavFile` on top of it: the
 * target changes only on success, and nothing is left behind on failure.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/files/atomic-write.js';
import { NavValidationError } from '../../src/nav/formats/aqtion/errors.js';
import { decodeNav } from '../../src/nav/formats/aqtion/read-nav.js';
import { writeNavFile } from '../../src/sinks/nav/write-nav-file.js';
import { payloadBytes, twoNodeNav, twoNodes } from '../nav/formats/aqtion/nav-bytes.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'navgen-atomic-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('creates and replaces a file, leaving only the file', async () => {
    const path = join(dir, 'out.bin');
    await writeFileAtomic(path, new Uint8Array([1, 2, 3]));
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
    await writeFileAtomic(path, new Uint8Array([4]));
    expect([...readFileSync(path)]).toEqual([4]);
    expect(readdirSync(dir)).toEqual(['out.bin']);
  });

  it('hands verify the complete temporary file before the rename', async () => {
    const path = join(dir, 'out.bin');
    let seen: number[] = [];
    await writeFileAtomic(path, new Uint8Array([7, 8]), {
      verify: (temp) => {
        expect(temp).not.toBe(path);
        expect(readdirSync(dir)).not.toContain('out.bin');
        seen = [...readFileSync(temp)];
      },
    });
    expect(seen).toEqual([7, 8]);
  });

  it('a failed verify keeps the old file and removes the temporary one', async () => {
    const path = join(dir, 'out.bin');
    writeFileSync(path, 'old');
    await expect(
      writeFileAtomic(path, new Uint8Array([9]), {
        verify: () => Promise.reject(new Error('checked and refused')),
      }),
    ).rejects.toThrow('checked and refused');
    expect(readFileSync(path, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['out.bin']);
  });

  it('fails cleanly when the folder does not exist', async () => {
    await expect(
      writeFileAtomic(join(dir, 'missing', 'x'), new Uint8Array([1])),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('writeNavFile', () => {
  it('writes a nav that reads back with the payload built by hand', async () => {
    const path = join(dir, 'map.nav');
    const written = await writeNavFile(path, twoNodeNav());
    const reread = decodeNav(readFileSync(path), path);
    expect(Buffer.from(reread.payload)).toEqual(payloadBytes(2, twoNodes()));
    expect(written).toMatchObject({
      path,
      version: 2,
      nodes: 2,
      links: 2,
      fileBytes: readFileSync(path).length,
      warnings: [],
    });
    expect(readdirSync(dir)).toEqual(['map.nav']);
  });

  it('a nav that fails validation leaves no file and no temporary file', async () => {
    const path = join(dir, 'map.nav');
    const nav = twoNodeNav();
    nav.nodes[1].links[0].target = 5;
    await expect(writeNavFile(path, nav)).rejects.toBeInstanceOf(NavValidationError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('replaces an existing file only on success', async () => {
    const path = join(dir, 'map.nav');
    writeFileSync(path, 'previous');
    const bad = twoNodeNav();
    bad.nodes[0].nodenum = 1;
    await expect(writeNavFile(path, bad)).rejects.toThrow(/BAD_NODENUM/);
    expect(readFileSync(path, 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['map.nav']);
    await writeNavFile(path, twoNodeNav());
    expect(decodeNav(readFileSync(path), path).nav).toEqual(twoNodeNav());
    expect(readdirSync(dir)).toEqual(['map.nav']);
  });

  it('reports engine-safe warnings', async () => {
    const nav = twoNodeNav();
    nav.nodes[1].inuse = 0;
    const written = await writeNavFile(join(dir, 'map.nav'), nav);
    expect(written.warnings.map((w) => w.code)).toEqual(['NODE_NOT_IN_USE']);
  });
});
