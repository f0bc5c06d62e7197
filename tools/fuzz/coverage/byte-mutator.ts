/**
 * Format-blind mutations of an input, after libFuzzer's (`FuzzerMutate.cpp`): bits and bytes
 * changed, integers of 1, 2 or 4 bytes moved by a little or set to edge values, chunks erased,
 * inserted, copied or shuffled, a number written in ASCII changed, a dictionary token put in,
 * another corpus entry crossed over. One call stacks 1–8 of them (libFuzzer's default depth).
 *
 * Deterministic: everything is drawn from the `SeededRandom` passed in.
 */
import type { SeededRandom } from '../../mvd2-writer/seeded-random.js';
import { concatBytes } from '../concat-bytes.js';

/** Edge values of integers, as libFuzzer and AFL use them. */
const INTERESTING_32 = [
  0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 100, 127, 128, 255, 256, 512, 1000, 1024, 4096,
  32767, 32768, 65535, 65536, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe, 0xffffff80, 0xffff7fff,
];

export interface MutatorOptions {
  readonly maxBytes: number;
  readonly dictionary: readonly Uint8Array[];
  /** Another corpus entry, for crossover. */
  readonly other: () => Uint8Array | null;
}

type Mutation = (b: Uint8Array, rnd: SeededRandom, o: MutatorOptions) => Uint8Array | null;

const pos = (rnd: SeededRandom, n: number) => rnd.int(0, n - 1);

function randomBytes(rnd: SeededRandom, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = rnd.int(0, 255);
  return out;
}

/** A length for a chunk: small ones far more often (most fields are a few bytes). */
function chunkLength(rnd: SeededRandom, max: number): number {
  if (max <= 1) return max;
  const cap = rnd.chance(0.8) ? Math.min(max, 16) : max;
  return rnd.int(1, cap);
}

const MUTATIONS: Record<string, Mutation> = {
  flipBit(b, rnd) {
    if (b.length === 0) return null;
    const out = b.slice();
    out[pos(rnd, b.length)] ^= 1 << rnd.int(0, 7);
    return out;
  },
  setByte(b, rnd) {
    if (b.length === 0) return null;
    const out = b.slice();
    out[pos(rnd, b.length)] = rnd.int(0, 255);
    return out;
  },
  integer(b, rnd) {
    const width = [1, 2, 4][rnd.int(0, 2)];
    if (b.length < width) return null;
    const out = b.slice();
    const at = pos(rnd, b.length - width + 1);
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    const little = rnd.chance(0.8);
    const read = () =>
      width === 1 ? view.getUint8(at) : width === 2 ? view.getUint16(at, little) : view.getUint32(at, little);
    let v: number;
    if (rnd.chance(0.5)) v = read() + rnd.int(-35, 35);
    else v = INTERESTING_32[pos(rnd, INTERESTING_32.length)];
    if (rnd.chance(0.1)) v = -v;
    if (width === 1) view.setUint8(at, v & 0xff);
    else if (width === 2) view.setUint16(at, v & 0xffff, little);
    else view.setUint32(at, v >>> 0, little);
    return out;
  },
  erase(b, rnd) {
    if (b.length <= 1) return null;
    const n = chunkLength(rnd, b.length - 1);
    const at = pos(rnd, b.length - n + 1);
    return concatBytes([b.subarray(0, at), b.subarray(at + n)]);
  },
  insert(b, rnd, o) {
    if (b.length >= o.maxBytes) return null;
    const n = Math.min(chunkLength(rnd, 64), o.maxBytes - b.length);
    const at = rnd.int(0, b.length);
    const fill = rnd.chance(0.5) ? new Uint8Array(n).fill(rnd.int(0, 255)) : randomBytes(rnd, n);
    return concatBytes([b.subarray(0, at), fill, b.subarray(at)]);
  },
  copyPart(b, rnd, o) {
    if (b.length < 2) return null;
    const n = chunkLength(rnd, b.length - 1);
    const from = pos(rnd, b.length - n + 1);
    const chunk = b.slice(from, from + n);
    if (rnd.chance(0.5) || b.length + n > o.maxBytes) {
      const out = b.slice();
      out.set(chunk, pos(rnd, b.length - n + 1));
      return out;
    }
    const at = rnd.int(0, b.length);
    return concatBytes([b.subarray(0, at), chunk, b.subarray(at)]);
  },
  shuffle(b, rnd) {
    if (b.length < 2) return null;
    const n = Math.min(b.length, rnd.int(2, 8));
    const at = pos(rnd, b.length - n + 1);
    const out = b.slice();
    for (let i = n - 1; i > 0; i--) {
      const j = rnd.int(0, i);
      const t = out[at + i];
      out[at + i] = out[at + j];
      out[at + j] = t;
    }
    return out;
  },
  asciiNumber(b, rnd) {
    // A run of digits (a count or an index in a text format) changed as a number.
    if (b.length === 0) return null;
    let at = pos(rnd, b.length);
    let tries = 0;
    while ((b[at] < 0x30 || b[at] > 0x39) && tries++ < 64) at = pos(rnd, b.length);
    if (b[at] < 0x30 || b[at] > 0x39) return null;
    let start = at;
    while (start > 0 && b[start - 1] >= 0x30 && b[start - 1] <= 0x39) start--;
    let end = at;
    while (end < b.length && b[end] >= 0x30 && b[end] <= 0x39) end++;
    const v = Number(new TextDecoder().decode(b.subarray(start, end)));
    const choices = [v + 1, v - 1, v * 2, Math.floor(v / 2), 0, -1, rnd.int(0, 1000), 2 ** 31, 1e308];
    const text = new TextEncoder().encode(String(choices[pos(rnd, choices.length)]));
    return concatBytes([b.subarray(0, start), text, b.subarray(end)]);
  },
  dictionary(b, rnd, o) {
    if (o.dictionary.length === 0) return null;
    const token = o.dictionary[pos(rnd, o.dictionary.length)];
    if (rnd.chance(0.5) && b.length >= token.length) {
      const out = b.slice();
      out.set(token, pos(rnd, b.length - token.length + 1));
      return out;
    }
    if (b.length + token.length > o.maxBytes) return null;
    const at = rnd.int(0, b.length);
    return concatBytes([b.subarray(0, at), token, b.subarray(at)]);
  },
  crossOver(b, rnd, o) {
    const other = o.other();
    if (!other || other.length === 0 || b.length === 0) return null;
    const cut = rnd.int(0, b.length);
    const from = rnd.int(0, other.length - 1);
    if (rnd.chance(0.5)) {
      // b's head, then a piece of the other.
      const n = Math.max(0, Math.min(chunkLength(rnd, other.length - from), o.maxBytes - cut));
      return concatBytes([b.subarray(0, cut), other.subarray(from, from + n)]);
    }
    const n = Math.max(0, Math.min(chunkLength(rnd, other.length - from), b.length - cut));
    const out = b.slice();
    out.set(other.subarray(from, from + n), cut);
    return out;
  },
  truncate(b, rnd) {
    if (b.length <= 1) return null;
    return b.slice(0, rnd.int(0, b.length - 1));
  },
};

export const BYTE_MUTATIONS: readonly string[] = Object.keys(MUTATIONS);
const MUTATION_LIST = Object.values(MUTATIONS);

/** 1–8 stacked mutations of `input`, never longer than `maxBytes`. */
export function mutateBytes(input: Uint8Array, rnd: SeededRandom, o: MutatorOptions): Uint8Array {
  const depth = 1 << rnd.int(0, 3);
  let b = input;
  for (let k = 0; k < depth; k++) {
    const m = MUTATION_LIST[rnd.int(0, MUTATION_LIST.length - 1)];
    const next = m(b, rnd, o);
    if (next) b = next;
  }
  if (b === input) b = MUTATIONS.setByte(input, rnd, o) ?? randomBytes(rnd, 1);
  return b.length > o.maxBytes ? b.subarray(0, o.maxBytes) : b;
}
