/**
 * Single-precision arithmetic helpers. The engine's pmove is gcc -O3 SSE2 scalar float code, so
 * every `+ − × ÷` is one binary32 operation rounded to nearest. A double operation on two float
 * values followed by `Math.fround` gives exactly that result (doubles carry more than twice the
 * bits), so each helper rounds after every single operation, in the C source's order.
 */
export const f32 = Math.fround;

/** `(a0·b0 + a1·b1) + a2·b2` in float. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return f32(f32(f32(a[0]! * b[0]!) + f32(a[1]! * b[1]!)) + f32(a[2]! * b[2]!));
}

/** Correctly rounded `sqrtf` of the float dot product. */
export function length(v: ArrayLike<number>): number {
  return f32(Math.sqrt(dot(v, v)));
}

/** Scales `v` to unit length in place (by the float reciprocal) and returns the old length. */
export function normalize(v: Float32Array): number {
  const len = length(v);
  if (len !== 0) {
    const inv = f32(1 / len);
    v[0] = f32(v[0]! * inv);
    v[1] = f32(v[1]! * inv);
    v[2] = f32(v[2]! * inv);
  }
  return len;
}

/** `a × b` into `out` (which must not alias either input). */
export function cross(a: ArrayLike<number>, b: ArrayLike<number>, out: Float32Array): void {
  out[0] = f32(f32(a[1]! * b[2]!) - f32(a[2]! * b[1]!));
  out[1] = f32(f32(a[2]! * b[0]!) - f32(a[0]! * b[2]!));
  out[2] = f32(f32(a[0]! * b[1]!) - f32(a[1]! * b[0]!));
}

/**
 * The engine's clamp, which compiles to SSE `maxss` then `minss`: `max` keeps `a` only when it is
 * strictly greater, `min` keeps it only when strictly smaller.
 */
export function clampf(a: number, lo: number, hi: number): number {
  const x = a > lo ? a : lo;
  return x < hi ? x : hi;
}

/** C's `(int)x` for a float on x86-64: truncation, and 0x80000000 when out of int32 range or NaN. */
export function truncToInt(x: number): number {
  if (!(x > -2147483649 && x < 2147483648)) return -2147483648;
  return Math.trunc(x);
}

/** Storing an int into a `short` (two's complement wrap). */
export function toInt16(x: number): number {
  return (x << 16) >> 16;
}

/** Storing an int into an `unsigned char`. */
export function toUint8(x: number): number {
  return x & 0xff;
}

/** Storing an int into an `unsigned short`. */
export function toUint16(x: number): number {
  return x & 0xffff;
}
