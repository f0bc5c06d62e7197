/**
 * One field of a replayed golden line (recorded inside the engine) that differs from the port's
 * output, and the comparisons that find it. Floats are compared as float32 bit patterns (the
 * recorded `%.9g` text rounded back with `Math.fround`), never with a tolerance, so a mismatch
 * of one ulp shows; shared by the collision (`replay-trace.ts`) and pmove replays.
 */

/** One output field that differs from the engine's. */
export interface GoldenMismatch<T = number | string | boolean | null> {
  /** Field name, with the component for vectors (`endpos[2]`). */
  readonly field: string;
  readonly expected: T;
  readonly actual: T;
  /** Float32 bit patterns (hex) of float fields. */
  readonly expectedBits?: string;
  readonly actualBits?: string;
}

const bitsView = new DataView(new ArrayBuffer(4));

/** `0x` and the 8 hex digits of `x` as a float32. */
export function float32Bits(x: number): string {
  bitsView.setFloat32(0, x, true);
  return '0x' + bitsView.getUint32(0, true).toString(16).padStart(8, '0');
}

/** Adds a mismatch when the float32 bits of `expected` and `actual` differ. */
export function exactFloat(
  list: GoldenMismatch<number | string | boolean | null>[],
  field: string,
  expected: number,
  actual: number,
): void {
  const e = float32Bits(Math.fround(expected));
  const a = float32Bits(actual);
  if (e !== a) list.push({ field, expected, actual, expectedBits: e, actualBits: a });
}

/** Adds a mismatch when `expected !== actual` (integers, booleans, strings, null). */
export function exactValue<T extends number | string | boolean | null>(
  list: GoldenMismatch<T>[],
  field: string,
  expected: T,
  actual: T,
): void {
  if (expected !== actual) list.push({ field, expected, actual });
}

/** One line per mismatch: `endpos[2]: expected -638.96875 (0xc41fbe00), got … (…)`. */
export function formatGoldenMismatches(mismatches: readonly GoldenMismatch<unknown>[]): string {
  return mismatches
    .map((d) => {
      const e = d.expectedBits ? `${d.expected} (${d.expectedBits})` : JSON.stringify(d.expected);
      const a = d.actualBits ? `${d.actual} (${d.actualBits})` : JSON.stringify(d.actual);
      return `${d.field}: expected ${e}, got ${a}`;
    })
    .join('\n');
}
