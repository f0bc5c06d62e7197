/**
 * glibc's float sine and cosine. The fixture README's independent fact: of the 65,536 yaw angles
 * pmove can see (every int16 angle in degrees, times the float degree-to-radian factor), exactly
 * 842 give a `sinf` one unit in the last place away from the correctly rounded sine. Everywhere
 * the result stays within one unit of it.
 */
import { describe, expect, it } from 'vitest';
import { cosf, sinf } from '../../src/geometry/glibc-sincosf.js';
import { DEG2RAD } from '../../src/movement/angle-vectors.js';

const bits = new Float32Array(1);
const word = new Int32Array(bits.buffer);
function ulpDistance(a: number, b: number): number {
  bits[0] = a;
  const x = word[0]!;
  bits[0] = b;
  const y = word[0]!;
  // Same-sign floats order like their bit patterns; the results here never straddle zero.
  return Math.abs(x - y);
}

function yawRadians(i: number): number {
  return Math.fround(Math.fround(i * (360 / 65536)) * DEG2RAD);
}

describe('glibc sinf / cosf', () => {
  it('differs from the correctly rounded sine on exactly 842 of the 65,536 yaw angles, by 1 ulp', () => {
    let differ = 0;
    let worst = 0;
    for (let i = -32768; i < 32768; i++) {
      const x = yawRadians(i);
      const d = ulpDistance(sinf(x), Math.fround(Math.sin(x)));
      worst = Math.max(worst, d);
      if (d !== 0) differ++;
    }
    expect(worst).toBe(1);
    expect(differ).toBe(842);
  });

  it('stays within 1 ulp of the correctly rounded cosine on the yaw angles', () => {
    let differ = 0;
    let worst = 0;
    for (let i = -32768; i < 32768; i++) {
      const x = yawRadians(i);
      const d = ulpDistance(cosf(x), Math.fround(Math.cos(x)));
      worst = Math.max(worst, d);
      if (d !== 0) differ++;
    }
    expect(worst).toBe(1);
    // Not correctly rounded either, but close to it.
    expect(differ).toBeGreaterThan(0);
    expect(differ).toBeLessThan(2000);
  });

  it('is odd (sine) and even (cosine), exact at 0 and for tiny inputs', () => {
    for (const x of [0.1, 0.5, 0.78, 1, 2, 3.14159, 10, 100, 119.9].map(Math.fround)) {
      expect(sinf(-x)).toBe(-sinf(x));
      expect(cosf(-x)).toBe(cosf(x));
    }
    expect(sinf(0)).toBe(0);
    expect(cosf(0)).toBe(1);
    expect(sinf(Math.fround(1e-5))).toBe(Math.fround(1e-5));
  });

  it('reduces large arguments with the 4/π table (within 1 ulp of the true value)', () => {
    for (const x of [120, 1000, 12345.678, 1e6, 3e8, 1e30].map(Math.fround)) {
      expect(ulpDistance(sinf(x), Math.fround(Math.sin(x)))).toBeLessThanOrEqual(1);
      expect(ulpDistance(cosf(x), Math.fround(Math.cos(x)))).toBeLessThanOrEqual(1);
    }
    expect(sinf(Infinity)).toBeNaN();
  });
});
