/**
 * Byte arrays joined into a new one that starts at offset 0 of its own buffer (`Buffer.concat`
 * may hand back a slice of its pool, and readers that view `bytes.buffer` would then see other
 * bytes): the fuzzers' one way to join and splice inputs.
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
