/**
 * A bounds-checked little-endian cursor for the mesh file readers; a read past the end throws
 * {@link MeshFileError} naming the file, the byte offset and what was being read.
 */
export class MeshFileError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    what: string,
  ) {
    super(`${file}@0x${offset.toString(16)}: ${what}`);
    this.name = 'MeshFileError';
  }
}

export class ByteReader {
  private readonly view: DataView;
  offset = 0;

  constructor(
    readonly bytes: Uint8Array,
    readonly file: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  fail(what: string, at = this.offset): never {
    throw new MeshFileError(this.file, at, what);
  }

  need(n: number, what: string): void {
    if (this.offset + n > this.bytes.length)
      this.fail(
        `${what}: needs ${n} bytes, ${this.bytes.length - this.offset} left (truncated file)`,
      );
  }

  u8(what: string): number {
    this.need(1, what);
    return this.view.getUint8(this.offset++);
  }

  u16(what: string): number {
    this.need(2, what);
    const v = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return v;
  }

  u32(what: string): number {
    this.need(4, what);
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }

  i32(what: string): number {
    this.need(4, what);
    const v = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return v;
  }

  f32(what: string): number {
    this.need(4, what);
    const v = this.view.getFloat32(this.offset, true);
    this.offset += 4;
    return v;
  }

  skip(n: number, what: string): void {
    this.need(n, what);
    this.offset += n;
  }

  align4(): void {
    this.offset = Math.min(this.bytes.length, (this.offset + 3) & ~3);
  }

  get left(): number {
    return this.bytes.length - this.offset;
  }
}
