/**
 * A growable little-endian byte buffer: the write side of the reader's `ByteCursor`.
 *
 * Every writer checks that the value fits its wire field and throws a `RangeError` naming the
 * field otherwise: the engine's `MSG_Write*` silently keep the low bits, which would turn a
 * wrong test input into a demo that says something else than the test believes.
 */

export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  /** Bytes written so far. [Units: bytes] */
  length = 0;

  constructor(initialCapacity = 1024) {
    this.buf = new Uint8Array(initialCapacity);
    this.view = new DataView(this.buf.buffer);
  }

  /** Forgets the content, keeps the storage. */
  clear(): void {
    this.length = 0;
  }

  /** A copy of the bytes written so far. */
  toBytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }

  private reserve(n: number): number {
    const at = this.length;
    if (at + n > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < at + n) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.buf.subarray(0, at));
      this.buf = grown;
      this.view = new DataView(grown.buffer);
    }
    this.length = at + n;
    return at;
  }

  u8(value: number, what = 'u8'): void {
    checkInt(what, value, 0, 0xff);
    const at = this.reserve(1);
    this.buf[at] = value;
  }

  i8(value: number, what = 'i8'): void {
    checkInt(what, value, -0x80, 0x7f);
    const at = this.reserve(1);
    this.view.setInt8(at, value);
  }

  u16(value: number, what = 'u16'): void {
    checkInt(what, value, 0, 0xffff);
    const at = this.reserve(2);
    this.view.setUint16(at, value, true);
  }

  i16(value: number, what = 'i16'): void {
    checkInt(what, value, -0x8000, 0x7fff);
    const at = this.reserve(2);
    this.view.setInt16(at, value, true);
  }

  i32(value: number, what = 'i32'): void {
    checkInt(what, value, -0x80000000, 0x7fffffff);
    const at = this.reserve(4);
    this.view.setInt32(at, value, true);
  }

  u32(value: number, what = 'u32'): void {
    checkInt(what, value, 0, 0xffffffff);
    const at = this.reserve(4);
    this.view.setUint32(at, value, true);
  }

  bytes(data: Uint8Array): void {
    const at = this.reserve(data.length);
    this.buf.set(data, at);
  }

  /** Appends `count` copies of `value`. */
  fill(value: number, count: number): void {
    checkInt('fill byte', value, 0, 0xff);
    const at = this.reserve(count);
    this.buf.fill(value, at, at + count);
  }

  /**
   * A NUL-terminated Quake string: one byte per character (Latin-1), as the engine's strings
   * are bytes. A NUL or a character above U+00FF cannot be written.
   */
  string(value: string, what = 'string'): void {
    const at = this.reserve(value.length + 1);
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code === 0 || code > 0xff) {
        this.length = at;
        throw new RangeError(
          `${what}: character U+${code.toString(16).padStart(4, '0')} at ${i} cannot be sent`,
        );
      }
      this.buf[at + i] = code;
    }
    this.buf[at + value.length] = 0;
  }

  /**
   * DeltaInt23 (EXTLIMITS_2 coordinates): a 15-bit signed delta from `from` in a u16 with the
   * low bit clear when it fits, else the 23-bit signed absolute value in three bytes with the
   * low bit set (the engine's `MSG_WriteDeltaInt23` rule).
   */
  deltaInt23(from: number, to: number, what = 'DeltaInt23'): void {
    checkInt(what, to, -0x400000, 0x3fffff);
    const delta = to - from;
    if (delta >= -0x4000 && delta <= 0x3fff) {
      const at = this.reserve(2);
      this.view.setUint16(at, (delta << 1) & 0xffff, true);
    } else {
      const v = ((to << 1) | 1) & 0xffffff;
      const at = this.reserve(3);
      this.buf[at] = v & 0xff;
      this.buf[at + 1] = (v >> 8) & 0xff;
      this.buf[at + 2] = v >> 16;
    }
  }

  /** A LEB128 varint of the 64-bit value `hi`:`lo` (two unsigned 32-bit words). */
  varint64(lo: number, hi: number): void {
    lo >>>= 0;
    hi >>>= 0;
    do {
      let byte = lo & 0x7f;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
      if (lo !== 0 || hi !== 0) byte |= 0x80;
      const at = this.reserve(1);
      this.buf[at] = byte;
    } while (lo !== 0 || hi !== 0);
  }
}

/**
 * {@link checkInt} for a field of a numbered thing (`player 3 origin[0]`), for the per-frame
 * checks: the message is built only on failure.
 */
export function checkField(
  owner: string,
  id: number,
  field: string,
  value: number,
  min: number,
  max: number,
  index = -1,
): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    checkInt(`${owner} ${id} ${field}${index >= 0 ? `[${index}]` : ''}`, value, min, max);
  }
}

/** Throws a `RangeError` unless `value` is an integer in `min..max`. */
export function checkInt(what: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${what}: ${value} does not fit ${min}..${max}`);
  }
}
