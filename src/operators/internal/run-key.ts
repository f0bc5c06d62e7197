/**
 * One number for (segment, slot, run), for per-run maps in operators: cheaper than building a
 * string per sample (measured: string keys were a visible share of per-demo time).
 * [Limit: segment < 2^13, slot < 2^8, run < 2^32]
 */
export function runKey(segment: number, slot: number, run: number): number {
  return (segment * 256 + slot) * 0x100000000 + run;
}
