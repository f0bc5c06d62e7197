/**
 * The inflate thread hands the decoder exactly the bytes the in-thread byte source would, and
 * passes gzip errors on with their zlib codes (cut vs damaged keep their meaning).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDemoBytes } from '../../../src/sources/demo/byte-stream.js';
import { openDemoBytesThreaded } from '../../../src/sources/demo/inflate-thread.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';

async function drain(
  open: Promise<{ chunks: AsyncIterable<Uint8Array> }>,
): Promise<{ sha: string; error: string | null }> {
  const h = createHash('sha256');
  let error: string | null = null;
  try {
    for await (const c of (await open).chunks) h.update(c);
  } catch (e) {
    error = (e as { code?: string }).code ?? 'no code';
  }
  return { sha: h.digest('hex'), error };
}

describeFixtures('inflate thread', () => {
  it('gives the same bytes as reading on this thread, gzip and plain', async () => {
    for (const f of [
      'wizs_dm_6bots_240s.mvd2.gz',
      'storm_dm_6bots_240s_raw.mvd2',
      'tequila_dm_8bots_240s_ext.mvd2.gz',
    ]) {
      const path = fixture('demos', 'mvd2', f);
      expect(await drain(openDemoBytesThreaded(path))).toEqual(await drain(openDemoBytes(path)));
    }
  });

  it('passes damaged gzip errors on with their zlib codes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navgen-inflate-'));
    const raw = readFileSync(fixture('demos', 'mvd2', 'wizs_dm_6bots_60s_captureflags5.mvd2.gz'));
    const damaged = Buffer.from(raw);
    for (let i = 2000; i < 2400; i++) damaged[i] ^= 0x5a;
    const path = join(dir, 'damaged.mvd2.gz');
    writeFileSync(path, damaged);
    const threaded = await drain(openDemoBytesThreaded(path));
    const local = await drain(openDemoBytes(path));
    expect(threaded).toEqual(local);
    expect(threaded.error).toMatch(/^Z_/);
    const missing = await drain(openDemoBytesThreaded(join(dir, 'nope.mvd2')));
    expect(missing.error).toBe('ENOENT');
  });
});
