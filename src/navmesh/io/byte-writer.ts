/**
 * A growing little-endian byte buffer for the mesh file writers.
 */
export class ByteWriter {
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  private length = 0;

  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.room(1);
    this.view.setUint8(this.length, v);
    this.length += 1;
  }

  u16(v: number): void {
    this.room(2);
    this.view.setUint16(this.length, v, true);
    this.length += 2;
  }

  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.length, v >>> 0, true);
    this.length += 4;
  }

  i32(v: number): void {
    this.room(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
  }

  f32(v: number): void {
    this.room(4);
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
  }

  ascii(s: string): void {
    for (let k = 0; k < s.length; k++) this.u8(s.charCodeAt(k) & 0x7f);
  }

  /** Pads with zeros to a multiple of 4 bytes. */
  align4(): void {
    while (this.length % 4 !== 0) this.u8(0);
  }

  /** The bytes written (a copy). */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}
