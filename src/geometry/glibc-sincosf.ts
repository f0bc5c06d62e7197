/**
 * Single-precision sine and cosine exactly as glibc 2.36 computes them on x86-64 (`sinf`/`cosf`),
 * which is what the engine's `AngleVectors` calls. They are not correctly rounded: for some
 * inputs the result is one unit in the last place away from `Math.fround(Math.sin(x))`, and the
 * angle vectors feed every wish direction of pmove, so a port has to reproduce them.
 *
 * glibc's design (from Arm's optimized-routines): widen the float to double, reduce the argument
 * to [-π/4, π/4] with one multiply-subtract against π/2 in double (inputs below 120) or with an
 * integer multiply by a 192-bit 4/π table (larger inputs), evaluate a short even or odd
 * polynomial in double, round the double once to float. Every step below is a plain double
 * operation in the same order, so JavaScript's doubles reproduce it bit for bit.
 *
 * On x86-64 glibc picks an FMA-compiled copy of the same code when the CPU has FMA and AVX2
 * (`__sinf_fma`, fused multiply-adds in the polynomial) and the plain SSE2 copy otherwise. Checked
 * during development on Debian's glibc 2.36: both copies and this port agree bit for bit on every
 * yaw and pitch input pmove can produce and on 3 million other floats, so which copy the recording
 * server ran does not matter; the golden pmove test replays its lines.
 */

/** A double from a hexadecimal significand `1.xxxxx` (13 hex digits) and a power of two. */
function hexDouble(sign: 1 | -1, fraction: string, exponent: number): number {
  // 1 + 52 fraction bits fit a double exactly; the scale by a power of two is exact too.
  return sign * parseInt('1' + fraction, 16) * 2 ** (exponent - 52);
}

/** Coefficients of one quadrant pair; the second set has the cosine polynomial negated. */
interface Poly {
  readonly c0: number;
  readonly c1: number;
  readonly c2: number;
  readonly c3: number;
  readonly c4: number;
  readonly s1: number;
  readonly s2: number;
  readonly s3: number;
}

const COS = [
  hexDouble(1, '0000000000000', 0),
  hexDouble(-1, 'ffffffd0c621c', -2),
  hexDouble(1, '55553e1068f19', -5),
  hexDouble(-1, '6c087e89a359d', -10),
  hexDouble(1, '99343027bf8c3', -16),
] as const;
const SIN = [
  hexDouble(-1, '555545995a603', -3),
  hexDouble(1, '1107605230bc4', -7),
  hexDouble(-1, '994eb3774cf24', -13),
] as const;

const POSITIVE: Poly = {
  c0: COS[0],
  c1: COS[1],
  c2: COS[2],
  c3: COS[3],
  c4: COS[4],
  s1: SIN[0],
  s2: SIN[1],
  s3: SIN[2],
};
const NEGATED: Poly = {
  c0: -COS[0],
  c1: -COS[1],
  c2: -COS[2],
  c3: -COS[3],
  c4: -COS[4],
  s1: SIN[0],
  s2: SIN[1],
  s3: SIN[2],
};

/** Sign of the sine in quadrants 0..3. */
const QUADRANT_SIGN = [1, -1, -1, 1] as const;
/** 2/π scaled by 2^24, so that the rounded quadrant lands in bits 24..31 of an int32. */
const HALF_PI_INV_2P24 = hexDouble(1, '45F306DC9C883', 23);
const HALF_PI = hexDouble(1, '921FB54442D18', 0);
/** 2π · 2^-64: converts the 2.62 fixed-point remainder of the large reduction to radians. */
const PI_2P_M62 = hexDouble(1, '921FB54442D18', -62);

/** 4/π to 192 bits, one 32-bit word per 8 new bits (so that any shift reads aligned words). */
const INV_PIO4 = Uint32Array.of(
  0xa2,
  0xa2f9,
  0xa2f983,
  0xa2f9836e,
  0xf9836e4e,
  0x836e4e44,
  0x6e4e4415,
  0x4e441529,
  0x441529fc,
  0x1529fc27,
  0x29fc2757,
  0xfc2757d1,
  0x2757d1f5,
  0x57d1f534,
  0xd1f534dd,
  0xf534ddc0,
  0x34ddc0db,
  0xddc0db62,
  0xc0db6295,
  0xdb629599,
  0x6295993c,
  0x95993c43,
  0x993c4390,
  0x3c439041,
);

const bitsView = new Float32Array(1);
const bitsWord = new Uint32Array(bitsView.buffer);

function floatBits(x: number): number {
  bitsView[0] = x;
  return bitsWord[0]!;
}

// Thresholds compare the top 12 bits of |x| (exponent and 3 mantissa bits), as glibc does.
const TOP_PIO4 = 0x3f4; // float(π/4)
const TOP_TINY = 0x398; // 2^-12
const TOP_120 = 0x42f; // 120
const TOP_INF = 0x7f8;

/** Sine (even quadrant) or cosine (odd quadrant) polynomial of a reduced argument, rounded to float. */
function poly(x: number, x2: number, p: Poly, quadrant: number): number {
  if ((quadrant & 1) === 0) {
    const x3 = x * x2;
    const s1 = p.s2 + x2 * p.s3;
    const x7 = x3 * x2;
    const s = x + x3 * p.s1;
    return Math.fround(s + x7 * s1);
  }
  const x4 = x2 * x2;
  const c2 = p.c3 + x2 * p.c4;
  const c1 = p.c0 + x2 * p.c1;
  const x6 = x4 * x2;
  const c = c1 + x4 * p.c2;
  return Math.fround(c + x6 * c2);
}

let largeQuadrant = 0;

/**
 * Reduction of |x| ≥ 120 by the 4/π table: an exact 2.62 fixed-point product of the 24-bit
 * significand with 96 bits of 4/π (picked by the exponent), rounded to the nearest quadrant.
 * Sets `largeQuadrant` and returns the remainder in radians. Cold path (pmove never gets here).
 */
function reduceLarge(bits: number): number {
  const base = (bits >>> 26) & 15;
  const shift = BigInt((bits >>> 23) & 7);
  const m = BigInt(((bits & 0xffffff) | 0x800000) >>> 0) << shift;
  const mask64 = (1n << 64n) - 1n;
  const lo = (m * BigInt(INV_PIO4[base]!)) & 0xffffffffn; // 32-bit product, as glibc's uint32 multiply
  const mid = m * BigInt(INV_PIO4[base + 4]!);
  const hi = m * BigInt(INV_PIO4[base + 8]!);
  let r = ((hi >> 32n) | (lo << 32n)) & mask64;
  r = (r + mid) & mask64;
  const n = ((r + (1n << 61n)) & mask64) >> 62n;
  r = (r - (n << 62n)) & mask64;
  largeQuadrant = Number(n);
  return Number(BigInt.asIntN(64, r)) * PI_2P_M62;
}

/** glibc `sinf`: `x` must be a float32 value; the result is a float32 value. */
export function sinf(x: number): number {
  const bits = floatBits(x);
  const top = (bits >>> 20) & 0x7ff;
  if (top < TOP_PIO4) {
    if (top < TOP_TINY) return x;
    return poly(x, x * x, POSITIVE, 0);
  }
  if (top < TOP_120) {
    const n = (((HALF_PI_INV_2P24 * x) | 0) + 0x800000) >> 24;
    const r = x - n * HALF_PI;
    const p = n & 2 ? NEGATED : POSITIVE;
    return poly(r * QUADRANT_SIGN[n & 3]!, r * r, p, n);
  }
  if (top < TOP_INF) {
    const r = reduceLarge(bits);
    const q = largeQuadrant + (bits >>> 31);
    const p = q & 2 ? NEGATED : POSITIVE;
    return poly(r * QUADRANT_SIGN[q & 3]!, r * r, p, largeQuadrant);
  }
  return NaN;
}

/** glibc `cosf`: `x` must be a float32 value; the result is a float32 value. */
export function cosf(x: number): number {
  const bits = floatBits(x);
  const top = (bits >>> 20) & 0x7ff;
  if (top < TOP_PIO4) {
    if (top < TOP_TINY) return 1;
    return poly(x, x * x, POSITIVE, 1);
  }
  if (top < TOP_120) {
    const n = (((HALF_PI_INV_2P24 * x) | 0) + 0x800000) >> 24;
    const r = x - n * HALF_PI;
    const p = n & 2 ? NEGATED : POSITIVE;
    return poly(r * QUADRANT_SIGN[n & 3]!, r * r, p, n ^ 1);
  }
  if (top < TOP_INF) {
    const r = reduceLarge(bits);
    const q = largeQuadrant + (bits >>> 31);
    const p = q & 2 ? NEGATED : POSITIVE;
    return poly(r * QUADRANT_SIGN[q & 3]!, r * r, p, largeQuadrant ^ 1);
  }
  return NaN;
}
