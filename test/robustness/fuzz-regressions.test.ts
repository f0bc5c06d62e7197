/**
 * What the coverage-guided fuzzer (`npm run fuzz -- --target NAME`, `tools/fuzz/coverage/`)
 * found, each kept as its input: small, inline, and the reader's behaviour now.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveError } from '../../src/sources/game/errors.js';
import { openPkz } from '../../src/sources/game/pkz.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-fuzz-regressions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, hex: string): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(hex.replace(/\s+/g, ''), 'hex'));
  return path;
}

describe('.pkz', () => {
  it('refuses an entry whose local header lies outside the file, naming its directory record', async () => {
    // A stored zip of maps/a.bsp (128 bytes) whose central directory record says the local
    // header is at 0x102065. The fuzzer's input (18 KB) was refused only when the entry was
    // read, by an error naming offset 0x102065, beyond the end of the file.
    const path = file(
      'outside.pkz',
      `504b0304140000080000000021008316dc8c01000000010000000a0000006d6170732f612e62737078
       504b01023f03140000080000000021008316dc8c01000000010000000a0009000000000000000000b481
       65201000 6d6170732f612e627370555405000300000000
       504b0506000000000100010041000000290000000000`,
    );
    const error = await openPkz(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveError);
    const e = error as ArchiveError;
    // The record starts at 0x29; its local header offset field is 42 bytes in.
    expect(e.offset).toBe(0x29 + 42);
    expect(e.message).toBe(
      `${path}@0x53: entry "maps/a.bsp": its local header at 0x102065 lies outside the file (128 bytes)`,
    );
  });
});
