/**
 * One demo stream through a decoder as `readDemo` drives it: pushed in two chunks (so a block
 * spans them, as it does between the 64 KiB chunks of a file), then finished. Every warning
 * must name the file and the offset it carries.
 */
import type { DemoDecoder } from '../../../../src/sources/demo/demo-decoder.js';
import type { DemoEvent } from '../../../../src/sources/demo/events.js';
import { InvariantBroken } from '../target.js';

export function decodeDemo(
  bytes: Uint8Array,
  file: string,
  make: (emit: (e: DemoEvent) => void) => DemoDecoder,
): void {
  const problems: string[] = [];
  const decoder = make((e) => {
    if (e.kind !== 'warning') return;
    const where = `${file}@0x${e.offset.toString(16)}`;
    if (!Number.isSafeInteger(e.offset) || e.offset < 0 || e.offset > bytes.length || !e.message.includes(where))
      problems.push(`warning ${e.code} at ${e.offset} does not say "${where}": ${e.message}`);
  });
  const cut = Math.floor(bytes.length * 0.618);
  decoder.push(bytes.subarray(0, cut));
  decoder.push(bytes.subarray(cut));
  decoder.finish();
  if (problems.length) throw new InvariantBroken(problems[0]);
}
