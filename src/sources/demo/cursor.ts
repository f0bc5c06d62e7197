/**
 * A bounded little-endian reader over one block (at most 32 KiB) of a demo stream (MVD2 or client demo).
 *
 * Hot path rules (after demoinfocs-golang's bit reader): one integer compare per read, no
 * allocation, the failure branch in a separate cold function so the readers stay inlinable.
 * The cursor never reads beyond `end`, the end of the current block.
 */
import { BlockFault } from './errors.js';

const EMPTY = new Uint8Array(0);

/**
 * Bytes that are always readable after the end of a block (the decoder guarantees it). The
 * largest unit read without per-byte checks (a player delta with 64 stats under EXTLIMITS_2)
 * is under 200 bytes, so a unit that starts inside the block never reads beyond the slack.
 * [Units: bytes]
 */
export const READ_SLACK = 256;

export class ByteCursor {
  /** Bytes of the current block (a view into a stream chunk or into the carry buffer). */
  buf: Uint8Array = EMPTY;
  /** Next byte to read. */
  pos = 0;
  /** One past the last readable byte of the block. */
  end = 0;

  /** Points the cursor at `buf[start, end)`. */
  reset(buf: Uint8Array, start: number, end: number): void {
    this.buf = buf;
    this.pos = start;
    this.end = end;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  u8(): number {
    const p = this.pos;
    if (p >= this.end) overrun(this, 1);
    this.pos = p + 1;
    return this.buf[p];
  }

  i8(): number {
    return (this.u8() << 24) >> 24;
  }

  u16(): number {
    const p = this.pos;
    if (p + 2 > this.end) overrun(this, 2);
    this.pos = p + 2;
    const b = this.buf;
    return b[p] | (b[p + 1] << 8);
  }

  i16(): number {
    return (this.u16() << 16) >> 16;
  }

  /** Signed 32-bit. */
  i32(): number {
    const p = this.pos;
    if (p + 4 > this.end) overrun(this, 4);
    this.pos = p + 4;
    const b = this.buf;
    return b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
  }

  /** Advances past `n` bytes without reading them. */
  skip(n: number): void {
    if (n > this.end - this.pos) overrun(this, n);
    this.pos += n;
  }

  /**
   * Reads a NUL-terminated string (bytes as Latin-1, as Quake strings are bytes). A string
   * that runs to the end of the block without its NUL is an overrun, as in the engine.
   */
  string(): string {
    const b = this.buf;
    const start = this.pos;
    const end = this.end;
    let p = start;
    while (p < end && b[p] !== 0) p++;
    if (p >= end) overrun(this, p - start + 1);
    this.pos = p + 1;
    return latin1(b, start, p);
  }

  /** Skips a NUL-terminated string and returns its length in bytes (without the NUL). */
  skipString(): number {
    const b = this.buf;
    const start = this.pos;
    const end = this.end;
    let p = start;
    while (p < end && b[p] !== 0) p++;
    if (p >= end) overrun(this, p - start + 1);
    this.pos = p + 1;
    return p - start;
  }
}

function latin1(b: Uint8Array, start: number, end: number): string {
  if (end - start < 64) {
    let s = '';
    for (let i = start; i < end; i++) s += String.fromCharCode(b[i]);
    return s;
  }
  return Buffer.from(b.buffer, b.byteOffset + start, end - start).toString('latin1');
}

function overrun(c: ByteCursor, wanted: number): never {
  throw new BlockFault(
    'BLOCK_OVERRUN',
    `read of ${wanted} byte(s) past the end of the block (${c.end - c.pos} left)`,
  );
}
