/**
 * The registry of demo formats: every fixture demo is given to the reader of its kind (by its
 * first bytes after gunzip, not by its name), a stream no format claims goes to the client-demo
 * reader and one too short for any to the MVD2 reader, each refusing it in its own words.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { lastValueFrom, toArray } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_EXTENSIONS } from '../../../src/cli/demo-inputs.js';
import { Dm2Decoder } from '../../../src/sources/dm2/decoder.js';
import { DemoParseError } from '../../../src/sources/demo/errors.js';
import { DEMO_FORMATS, decoderFor, demoFormatOf } from '../../../src/sources/demo/formats.js';
import { readDemo } from '../../../src/sources/demo/read-demo.js';
import { Mvd2Decoder } from '../../../src/sources/mvd2/decoder.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';
import { TempDir } from '../mvd2/demo-harness.js';

/** Every file under `dir`, at any depth, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The first bytes of a demo's stream: gunzipped where it is a gzip file. */
function streamHead(path: string): Uint8Array {
  const bytes = readFileSync(path).subarray(0, 4096);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  return gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
}

const noEvents = () => undefined;

describeFixtures('demo formats of the fixture demos', () => {
  const mvd2 = filesUnder(fixture('demos', 'mvd2'));
  const dm2 = filesUnder(fixture('dm2'));

  it('finds demos of both kinds, gzipped and not', () => {
    expect(mvd2.some((f) => f.endsWith('.mvd2.gz'))).toBe(true);
    expect(mvd2.some((f) => f.endsWith('.mvd2'))).toBe(true);
    expect(dm2.length).toBeGreaterThan(0);
  });

  it('gives every multi-view demo to the MVD2 reader', () => {
    for (const f of mvd2) {
      const head = streamHead(f);
      expect(demoFormatOf(head).name, f).toBe('mvd2');
      expect(decoderFor(head, { file: f }, noEvents), f).toBeInstanceOf(Mvd2Decoder);
    }
  });

  it('gives every client demo to the DM2 reader', () => {
    for (const f of dm2) {
      const head = streamHead(f);
      expect(demoFormatOf(head).name, f).toBe('dm2');
      expect(decoderFor(head, { file: f }, noEvents), f).toBeInstanceOf(Dm2Decoder);
    }
  });

  it('reads a client demo and a multi-view demo whatever their file names say', async () => {
    const temp = new TempDir();
    try {
      const clientDemo = temp.file(
        readFileSync(fixture('dm2', 'opentdm_test.dm2')),
        'renamed.mvd2',
      );
      const multiView = temp.file(
        readFileSync(fixture('demos', 'mvd2', 'opentdm_q2dm1.mvd2')),
        'renamed.dm2',
      );
      for (const path of [clientDemo, multiView]) {
        const events = await lastValueFrom(readDemo(path).pipe(toArray()));
        expect(events.filter((e) => e.kind === 'frame').length, path).toBeGreaterThan(0);
        expect(events.at(-1)).toMatchObject({ kind: 'end', endMark: true });
      }
    } finally {
      temp.remove();
    }
  });
});

describe('demo formats of streams no format reads', () => {
  const temp = new TempDir();
  afterAll(() => temp.remove());

  /** The error `readDemo` ends with on a file of `bytes`. */
  async function readError(bytes: Uint8Array, name: string): Promise<DemoParseError> {
    const path = temp.file(bytes, name);
    const error = await lastValueFrom(readDemo(path, { name }).pipe(toArray())).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DemoParseError);
    return error as DemoParseError;
  }

  it('gives an unknown stream to the client-demo reader, which names both formats', async () => {
    const text = new TextEncoder().encode('hello world, not a demo at all\n');
    expect(demoFormatOf(text).name).toBe('dm2');
    const e = await readError(text, 'text.txt');
    expect(e.code).toBe('BAD_MAGIC');
    expect(e.message).toBe(
      'text.txt@0x0 block 0: not a demo: it does not start with "MVD2" (a multi-view demo), and as a client demo its first block length 1819043176 is outside 0..32768 [BAD_MAGIC]',
    );
  });

  it('gives a stream of under four bytes to the MVD2 reader, which says it is too short', async () => {
    expect(demoFormatOf(null).name).toBe('mvd2');
    expect(demoFormatOf(new Uint8Array([0x4d, 0x56])).name).toBe('mvd2');
    const e = await readError(new Uint8Array([0x61, 0x62]), 'short.bin');
    expect(e.code).toBe('EMPTY');
    expect(e.message).toBe(
      'short.bin@0x2: file is 2 byte(s) long, shorter than the MVD2 magic [EMPTY]',
    );
  });

  it('asks the formats in order, the last taking every stream', () => {
    expect(DEMO_FORMATS.map((f) => f.name)).toEqual(['mvd2', 'dm2']);
    const last = DEMO_FORMATS[DEMO_FORMATS.length - 1];
    for (const head of [null, new Uint8Array(4), new Uint8Array([0xff, 0xff, 0xff, 0xff])])
      expect(last.detect(head)).toBe(true);
  });

  it('names the file endings the command line looks for in demo folders', () => {
    const endings = DEMO_FORMATS.flatMap((f) => [f.extension, `${f.extension}.gz`]);
    expect([...DEMO_EXTENSIONS].sort()).toEqual(endings.sort());
  });
});
