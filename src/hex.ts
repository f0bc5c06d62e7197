/**
 * How messages write byte offsets and sizes: `0x` and lower-case hex, as in `maps/x.bsp@0x70`.
 * One function for every reader's errors, so their messages look alike and the fuzz harness
 * can rebuild the position it expects a message to name.
 */
export function hex(n: number): string {
  return '0x' + n.toString(16);
}
