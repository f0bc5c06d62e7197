/**
 * The hash index spares rebuilds from reading unchanged demos, but never hides a change: a file
 * rewritten with the same size and its old modification time is hashed again.
 */
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { HashIndex } from '../../src/pipeline/hash-index.js';
import { hashFile } from '../../src/files/content-hash.js';

it('reuses hashes of unchanged files, sees rewritten ones, survives a damaged index', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'navgen-hashes-'));
  const cache = join(dir, 'cache');
  const a = join(dir, 'a.mvd2');
  const b = join(dir, 'b.mvd2');
  writeFileSync(a, 'first demo bytes');
  writeFileSync(b, 'other demo bytes');
  const index = await HashIndex.open(cache, 'wizs');
  const ha = await index.hash(a);
  expect(ha).toBe(await hashFile(a));
  await index.hash(b);
  await index.save([a, b]);
  const saved = JSON.parse(readFileSync(join(cache, 'hashes-wizs.json'), 'utf8'));
  expect(Object.keys(saved.entries)).toEqual([a, b]);

  // Same bytes on disk: the hash comes from the index (the entry is what was saved).
  const again = await HashIndex.open(cache, 'wizs');
  expect(await again.hash(a)).toBe(ha);

  // Same size, old mtime put back: the status-change time still gives the rewrite away.
  const before = statSync(a);
  writeFileSync(a, 'FIRST DEMO BYTES');
  utimesSync(a, before.atime, before.mtime);
  expect(statSync(a).size).toBe(before.size);
  const changed = await again.hash(a);
  expect(changed).not.toBe(ha);
  expect(changed).toBe(await hashFile(a));

  // Removed demos leave the index; a damaged index is ignored.
  await again.save([a]);
  expect(
    Object.keys(JSON.parse(readFileSync(join(cache, 'hashes-wizs.json'), 'utf8')).entries),
  ).toEqual([a]);
  writeFileSync(join(cache, 'hashes-wizs.json'), '{ not json');
  const fresh = await HashIndex.open(cache, 'wizs');
  expect(await fresh.hash(a)).toBe(changed);
});
