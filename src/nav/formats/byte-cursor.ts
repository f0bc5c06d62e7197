/**
 * A little-endian reader over one file's bytes for the re-release formats: a numeric position,
 * one bounds check per field, and a cold failure that names the file, the offset and what was
 * being read (both engines refuse a file that ends inside a record).
 */
import { NavFormatError } from './format-error.js';
import type { Vec3 } from '../../geometry/vec3.js';

export class ByteCursor {
  private readonly view: DataView;
  /** Position of the next read. [Units: bytes] */
  at = 0;

  constructor(
    readonly bytes: Uint8Array,
    readonly file: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.length - this.at;
  }

  /** Throws unless `n` more bytes are there; `what` names the field in the error. */
  need(n: number, what: string): void {
    if (this.at + n > this.bytes.length) this.short(n, what);
  }

  private short(n: number, what: string): never {
    throw new NavFormatError(
      'TRUNCATED',
      `${what} needs ${n} bytes, ${this.bytes.length - this.at} remain`,
      this.file,
      this.at,
    );
  }

  u16(what: string): number {
    this.need(2, what);
    const v = this.view.getUint16(this.at, true);
    this.at += 2;
    return v;
  }

  i16(what: string): number {
    this.need(2, what);
    const v = this.view.getInt16(this.at, true);
    this.at += 2;
    return v;
  }

  u8(what: string): number {
    this.need(1, what);
    return this.view.getUint8(this.at++);
  }

  i32(what: string): number {
    this.need(4, what);
    const v = this.view.getInt32(this.at, true);
    this.at += 4;
    return v;
  }

  f32(what: string): number {
    this.need(4, what);
    const v = this.view.getFloat32(this.at, true);
    this.at += 4;
    return v;
  }

  vec3(what: string): Vec3 {
    this.need(12, what);
    const v: Vec3 = [
      this.view.getFloat32(this.at, true),
      this.view.getFloat32(this.at + 4, true),
      this.view.getFloat32(this.at + 8, true),
    ];
    this.at += 12;
    return v;
  }

  /** An error at `offset` (default: the last field read). */
  fail(code: NavFormatError['code'], reason: string, offset: number): never {
    throw new NavFormatError(code, reason, this.file, offset);
  }
}

/** A growing little-endian writer for the same formats. */
export class ByteWriter {
  private view: DataView;
  private buf: Uint8Array;
  at = 0;

  constructor(size: number) {
    this.buf = new Uint8Array(size);
    this.view = new DataView(this.buf.buffer);
  }

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    next.set(this.buf);
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  ascii(s: string): void {
    this.room(s.length);
    for (let i = 0; i < s.length; i++) this.buf[this.at++] = s.charCodeAt(i);
  }

  u8(v: number): void {
    this.room(1);
    this.view.setUint8(this.at++, v);
  }

  u16(v: number): void {
    this.room(2);
    this.view.setUint16(this.at, v, true);
    this.at += 2;
  }

  i16(v: number): void {
    this.room(2);
    this.view.setInt16(this.at, v, true);
    this.at += 2;
  }

  i32(v: number): void {
    this.room(4);
    this.view.setInt32(this.at, v, true);
    this.at += 4;
  }

  f32(v: number): void {
    this.room(4);
    this.view.setFloat32(this.at, v, true);
    this.at += 4;
  }

  vec3(v: readonly number[]): void {
    this.f32(v[0]);
    this.f32(v[1]);
    this.f32(v[2]);
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.at);
  }
}
