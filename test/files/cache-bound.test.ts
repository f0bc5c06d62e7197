import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boundCache, formatSize, parseSize } from '../../src/files/cache-bound.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-cache-bound-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of `kib` KiB last used `ago` seconds before now. */
function entry(path: string, kib: number, ago: number): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), Buffer.alloc(kib * 1024));
  const t = new Date(Date.now() - ago * 1000);
  utimesSync(join(dir, path), t, t);
}

describe('the cache folder\u2019s bound', () => {
  it('removes the entries used longest ago until the folder fits, and nothing else', async () => {
    entry('ab/old.ngdc', 100, 300);
    entry('cd/older.ngsv', 200, 400);
    entry('cd/new.nggr', 100, 10);
    entry('map-x-64-v1.floor', 50, 500);
    entry('meshes/m.ngnm', 50, 20);
    entry('index-wizs.json', 10, 1000); // not an entry: stays whatever its age
    const before = await boundCache(dir, 10 * 1024 ** 2);
    expect(before).toEqual({ bytes: 510 * 1024, entries: 5, removed: 0, removedBytes: 0 });
    const after = await boundCache(dir, 300 * 1024);
    // Oldest first: the floor (500 s), then older.ngsv (400 s): 510 − 250 = 260 KiB ≤ 300.
    expect(after).toEqual({ bytes: 260 * 1024, entries: 3, removed: 2, removedBytes: 250 * 1024 });
    expect(readdirSync(join(dir, 'cd'))).toEqual(['new.nggr']);
    expect(readdirSync(dir)).toContain('index-wizs.json');
  });

  it('reads sizes as people write them', () => {
    expect(parseSize('500M')).toBe(500 * 1024 ** 2);
    expect(parseSize('2G')).toBe(2 * 1024 ** 3);
    expect(parseSize('1.5GiB')).toBe(1.5 * 1024 ** 3);
    expect(parseSize('800000')).toBe(800000);
    expect(() => parseSize('lots')).toThrow(/not a size/);
    expect(formatSize(3 * 1024 ** 3)).toBe('3.0 GiB');
  });
});
