/**
 * What the coverage-guided fuzzer (`npm run fuzz -- --target NAME`, `tools/fuzz/coverage/`)
 * found, each kept as its input: small, inline, and the reader's behaviour now.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveError } from '../../src/sources/game/errors.js';
import { openPkz } from '../../src/sources/game/pkz.js';
import { parsePipelineText } from '../../src/pipeline/load-pipeline.js';
import { PipelineConfigErrors } from '../../src/pipeline/config-error.js';

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

  it('refuses a ZIP64 locator that points past 2^53 instead of throwing from inside yauzl', async () => {
    // A ZIP64 end of central directory locator (the record at 0x0300000000000000) and the end
    // of central directory record: 42 bytes. yauzl's own file reader passed the offset to
    // fs.read, which threw a RangeError inside a callback: no caller could catch it, and navgen
    // stopped with a stack trace (the fuzzer's worker saw the read never end).
    const path = file(
      'zip64-far.pkz',
      `504b0607 00000000 0000000000000003 01000000
       504b0506 0000 0000 0000 0000 00000000 00000000 0000`,
    );
    const error = await openPkz(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveError);
    // (An offset past 2^53 prints as the nearest double.)
    expect((error as ArchiveError).message).toMatch(
      /@0x0: not a readable zip archive: the archive points outside the file: bytes 2161727821137838\d\d to \d+ of 42$/,
    );
    expect((error as ArchiveError).message.startsWith(`${path}@0x0: `)).toBe(true);
  });

  it.runIf(existsSync('/proc/self/fd'))(
    'leaves no file descriptor open when the directory is cut short',
    async () => {
      // The stored zip of maps/a.bsp above with two entries claimed: the second record would
      // lie past the end. A read that failed held its descriptor (the long fuzz run ran the
      // process out of descriptors); each of these opens must give it back.
      const path = file(
        'short-directory.pkz',
        `504b0304140000080000000021008316dc8c01000000010000000a0000006d6170732f612e62737078
         504b01023f03140000080000000021008316dc8c01000000010000000a0009000000000000000000b481
         00000000 6d6170732f612e627370555405000300000000
         504b0506000000000200020041000000290000000000`,
      );
      const open = () => readdirSync('/proc/self/fd').length;
      const before = open();
      for (let i = 0; i < 20; i++) {
        const error = await openPkz(path).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ArchiveError);
      }
      expect(open()).toBeLessThanOrEqual(before);
    },
  );
});

describe('pipeline files', () => {
  it('says an alias without its anchor, and an alias bomb, as errors of the file', () => {
    // The fuzzer's input: four bytes, an alias (`*.`) no anchor names.
    expect(() => parsePipelineText('#\n*.', 'bad.yaml')).toThrow(PipelineConfigErrors);
    expect(() => parsePipelineText('#\n*.', 'bad.yaml')).toThrow(/^bad\.yaml: YAML aliases: /);
    // Each list holds the one before it ten times: 10^4 expansions from a few lines.
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const [k, prev] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
    ])
      bomb.push(`${k}: &${k} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    expect(() => parsePipelineText(bomb.join('\n'), 'bomb.yaml')).toThrow(
      /^bomb\.yaml: YAML aliases: /,
    );
  });
});
