/**
 * A real demo prepared for mutation: its stream (gunzipped), a gzip form of it (the file itself
 * when it is gzip, else compressed once here) and its block table. The block table comes from
 * the framing alone (MVD2: `u16` length + body from byte 4, end mark 0; client demos `.dm2`:
 * `i32` length + body from byte 0, end mark -1), so mutations can aim at block boundaries,
 * length words and first commands without trusting the reader under test.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { gzip as pakoGzip } from 'pako';

/** One framed block of the stream. */
export interface DemoBlock {
  /** Offset of its `u16` length word in the stream. [Units: bytes] */
  readonly offset: number;
  /** Body length. [Units: bytes] [Limit: 1..32768] */
  readonly length: number;
  /** Size of its length word: 2 (MVD2) or 4 (client demo). [Units: bytes] */
  readonly header: number;
}

export interface DemoFixture {
  /** File name, e.g. `wizs_dm_6bots_240s.mvd2.gz`. */
  readonly id: string;
  readonly path: string;
  /** The file was gzip (magic `1f 8b`). */
  readonly gzip: boolean;
  /** The MVD2 stream. */
  readonly stream: Uint8Array;
  /** A gzip file of the stream: the fixture itself when it is gzip. */
  readonly gz: Uint8Array;
  readonly blocks: readonly DemoBlock[];
  /** MVD2 or a client demo (`.dm2`), by the stream's first four bytes. */
  readonly format: 'mvd2' | 'dm2';
  /** Offset of the end mark (a zero length word), or the stream length if there is none. */
  readonly endMark: number;
}

/** `MVD2` as the first four bytes of a stream. */
export function isMvd2(stream: Uint8Array): boolean {
  return stream[0] === 0x4d && stream[1] === 0x56 && stream[2] === 0x44 && stream[3] === 0x32;
}

/** Splits a stream into blocks by its length words (stops at the end mark or a bad length). */
export function blockTable(stream: Uint8Array): { blocks: DemoBlock[]; endMark: number } {
  const blocks: DemoBlock[] = [];
  if (!isMvd2(stream)) {
    const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
    let at = 0;
    while (at + 4 <= stream.length) {
      const length = view.getInt32(at, true);
      if (length <= 0 || at + 4 + length > stream.length) break;
      blocks.push({ offset: at, length, header: 4 });
      at += 4 + length;
    }
    return { blocks, endMark: at };
  }
  let at = 4;
  while (at + 2 <= stream.length) {
    const length = stream[at] | (stream[at + 1] << 8);
    if (length === 0 || at + 2 + length > stream.length) break;
    blocks.push({ offset: at, length, header: 2 });
    at += 2 + length;
  }
  return { blocks, endMark: at };
}

export function loadDemoFixture(path: string): DemoFixture {
  const file = new Uint8Array(readFileSync(path));
  const gzip = file[0] === 0x1f && file[1] === 0x8b;
  const stream = gzip ? new Uint8Array(gunzipSync(file)) : file;
  // pako, pure JavaScript: the same bytes on every machine, so a case replays anywhere.
  const gz = gzip ? file : pakoGzip(stream);
  const { blocks, endMark } = blockTable(stream);
  const format = isMvd2(stream) ? 'mvd2' : 'dm2';
  return { id: basename(path), path, gzip, stream, gz, blocks, format, endMark };
}

/** Offset just past block `k`: where the next length word starts. [Units: bytes] */
export function blockEnd(b: DemoBlock): number {
  return b.offset + b.header + b.length;
}
