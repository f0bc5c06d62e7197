/**
 * A real demo prepared for mutation: its MVD2 stream (gunzipped), a gzip form of it (the file
 * itself when it is gzip, else compressed once here) and its block table. The block table comes
 * from the framing alone (`u16` length + body, from byte 4), so mutations can aim at block
 * boundaries, length words and first commands without trusting the reader under test.
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
  /** Offset of the end mark (a zero length word), or the stream length if there is none. */
  readonly endMark: number;
}

/** Splits an MVD2 stream into blocks by its length words (stops at the end mark or a bad length). */
export function blockTable(stream: Uint8Array): { blocks: DemoBlock[]; endMark: number } {
  const blocks: DemoBlock[] = [];
  let at = 4;
  while (at + 2 <= stream.length) {
    const length = stream[at] | (stream[at + 1] << 8);
    if (length === 0 || at + 2 + length > stream.length) break;
    blocks.push({ offset: at, length });
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
  return { id: basename(path), path, gzip, stream, gz, blocks, endMark };
}

/** Offset just past block `k`: where the next length word starts. [Units: bytes] */
export function blockEnd(b: DemoBlock): number {
  return b.offset + 2 + b.length;
}
