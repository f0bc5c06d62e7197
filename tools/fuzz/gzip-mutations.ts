/**
 * Mutations of a demo's gzip layer: flipped bits and garbage inside the deflate data, a damaged
 * header (magic, method, flags, the rest), a damaged trailer (CRC32, ISIZE), a file cut at any
 * point, and bytes after the trailer. Where the MVD2 stream starts to differ is not known from
 * the mutation (a flipped bit may change nothing, one literal, or everything after it), so
 * these leave `damageAt` null: the harness inflates the result independently to find it.
 */
import type { DemoFixture } from './demo-fixture.js';
import { type DemoMutation, type DemoMutator, type MutationContext } from './mutation.js';
import { hex } from '../../src/hex.js';

/** gzip header flags (RFC 1952). */
const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;
const FIXED_HEADER = 10;
const TRAILER = 8;

/** Length of the gzip header of `gz`, optional fields included. [Units: bytes] */
export function gzipHeaderLength(gz: Uint8Array): number {
  const flags = gz[3];
  let at = FIXED_HEADER;
  if (flags & FEXTRA) at += 2 + (gz[at] | (gz[at + 1] << 8));
  for (const field of [FNAME, FCOMMENT]) {
    if (flags & field) {
      while (at < gz.length && gz[at] !== 0) at++;
      at++;
    }
  }
  if (flags & FHCRC) at += 2;
  return Math.min(at, gz.length);
}

function damaged(description: string, bytes: Uint8Array): DemoMutation {
  return { bytes, extension: '.mvd2.gz', description, damageAt: null, cutOnly: false };
}

const deflateFlips = (fx: DemoFixture, { rnd }: MutationContext): DemoMutation => {
  const out = Uint8Array.from(fx.gz);
  const from = gzipHeaderLength(out);
  const to = out.length - TRAILER - 1;
  const at: string[] = [];
  for (let i = rnd.int(1, 8); i > 0; i--) {
    const p = rnd.int(from, to);
    const bit = rnd.int(0, 7);
    out[p] ^= 1 << bit;
    at.push(`${hex(p)}:${bit}`);
  }
  return damaged(`gzip: flip deflate bits ${at.join(' ')}`, out);
};

const deflateGarbage = (fx: DemoFixture, { rnd }: MutationContext): DemoMutation => {
  const out = Uint8Array.from(fx.gz);
  const from = gzipHeaderLength(out);
  const p = rnd.int(from, out.length - TRAILER - 1);
  const run = rnd.bytes(Math.min(rnd.int(1, 512), out.length - TRAILER - p));
  out.set(run, p);
  return damaged(`gzip: ${run.length} garbage bytes in the deflate data at ${hex(p)}`, out);
};

const header = (fx: DemoFixture, { rnd }: MutationContext): DemoMutation => {
  const out = Uint8Array.from(fx.gz);
  const variant = rnd.int(0, 3);
  if (variant === 0) {
    out[rnd.int(0, 1)] ^= 1 << rnd.int(0, 7);
    return damaged('gzip: magic damaged', out);
  }
  if (variant === 1) {
    out[2] = rnd.pick([0, 7, 9, 255]);
    return damaged(`gzip: compression method ${out[2]}`, out);
  }
  if (variant === 2) {
    out[3] = rnd.int(1, 255);
    return damaged(`gzip: header flags ${hex(out[3])}`, out);
  }
  const p = rnd.int(4, FIXED_HEADER - 1);
  out[p] = rnd.int(0, 255);
  return damaged(`gzip: header byte ${p} → ${out[p]}`, out);
};

const trailer = (fx: DemoFixture, { rnd }: MutationContext): DemoMutation => {
  const out = Uint8Array.from(fx.gz);
  const p = out.length - TRAILER + rnd.int(0, TRAILER - 1);
  out[p] ^= 1 << rnd.int(0, 7);
  return damaged(
    `gzip: trailer byte ${p - (out.length - TRAILER)} (${p < out.length - 4 ? 'CRC32' : 'ISIZE'}) flipped`,
    out,
  );
};

const cut = (fx: DemoFixture, { rnd }: MutationContext): DemoMutation => {
  const at = rnd.chance(0.1) ? rnd.int(0, FIXED_HEADER + 2) : rnd.int(0, fx.gz.length - 1);
  return damaged(`gzip: cut at ${hex(at)} of ${hex(fx.gz.length)}`, fx.gz.subarray(0, at));
};

const appended = (fx: DemoFixture, { rnd }: MutationContext): DemoMutation => {
  // Garbage, or the start of a second gzip member (a concatenated upload cut short).
  const extra = rnd.chance(0.5) ? rnd.bytes(rnd.int(1, 64)) : fx.gz.subarray(0, rnd.int(2, 200));
  const out = new Uint8Array(fx.gz.length + extra.length);
  out.set(fx.gz);
  out.set(extra, fx.gz.length);
  return damaged(
    `gzip: ${extra.length} bytes after the trailer (${extra[0] === 0x1f ? 'a second member' : 'garbage'})`,
    out,
  );
};

export const GZIP_MUTATIONS: Readonly<Record<string, DemoMutator<DemoFixture>>> = {
  'gzip-deflate-flips': deflateFlips,
  'gzip-deflate-garbage': deflateGarbage,
  'gzip-header': header,
  'gzip-trailer': trailer,
  'gzip-cut': cut,
  'gzip-appended': appended,
};
