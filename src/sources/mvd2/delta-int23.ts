/**
 * DeltaInt23, the EXTLIMITS_2 encoding of coordinates (`MSG_ReadDeltaInt23`): a u16 `v`; when
 * its low bit is set, one more byte supplies bits 16..23 and `v >> 1` is the new absolute
 * value (23-bit signed); otherwise `v >> 1` is a 15-bit signed delta from the previous value.
 */

/** Out-parameter of {@link readDeltaInt23}: returning a pair would allocate on the hot path. */
export const deltaInt23 = { value: 0 };

/**
 * Reads one DeltaInt23 at `p` (unchecked; the caller guarantees slack after the block) given
 * the previous value; stores the new value in {@link deltaInt23}.value and returns the
 * position after it.
 */
export function readDeltaInt23(b: Uint8Array, p: number, previous: number): number {
  const v = b[p] | (b[p + 1] << 8);
  if (v & 1) {
    const full = v | (b[p + 2] << 16);
    deltaInt23.value = ((full >>> 1) << 9) >> 9; // sign-extend 23 bits
    return p + 3;
  }
  deltaInt23.value = (previous + (((v >>> 1) << 17) >> 17)) | 0; // sign-extend 15 bits
  return p + 2;
}
