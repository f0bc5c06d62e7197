/**
 * Mutations of a real `.nav`: on the file (bit flips, cuts, version byte, lying length fields,
 * a damaged zlib header / deflate data / Adler-32, bytes after the stream) and on the payload,
 * re-compressed with honest lengths so that the payload decoder is reached (node counts up to
 * 0xffff, link counts above 32, link targets out of range, NaN and infinite origins, random
 * bytes, a payload cut short or followed by bytes), plus zlib bombs: a small stream that
 * inflates to hundreds of megabytes behind an honest-looking header.
 */
import { type MutationContext, type NavMutation, type NavMutator } from './mutation.js';
import { hex } from '../../src/hex.js';
import {
  AT_LINK_COUNT,
  AT_ORIGIN,
  LINK_RECORD,
  NAV_HEADER,
  NODE_FIXED,
  deflatePayload,
  deflateWithZeros,
  wrapNav,
  type NavFixture,
} from './nav-fixture.js';

/** Sizes of the zero padding inside zlib bombs. [Units: bytes] */
const BOMB_SIZES = [16 << 20, 64 << 20, 256 << 20, 1 << 30];

/** The payload changed, re-compressed, with honest header lengths. */
function rewrapped(fx: NavFixture, payload: Uint8Array, description: string): NavMutation {
  const stream = deflatePayload(payload);
  return { bytes: wrapNav(fx.version, stream, payload.length), description };
}

function anyNode(fx: NavFixture, { rnd }: MutationContext): number {
  return rnd.int(0, fx.nodes.length - 1);
}

const bitFlips = (fx: NavFixture, { rnd }: MutationContext): NavMutation => {
  const out = Uint8Array.from(fx.bytes);
  const at: string[] = [];
  for (let i = rnd.int(1, 8); i > 0; i--) {
    const p = rnd.chance(0.3) ? rnd.int(0, NAV_HEADER + 2) : rnd.int(0, out.length - 1);
    const bit = rnd.int(0, 7);
    out[p] ^= 1 << bit;
    at.push(`${hex(p)}:${bit}`);
  }
  return { bytes: out, description: `flip bits ${at.join(' ')}` };
};

const cut = (fx: NavFixture, { rnd }: MutationContext): NavMutation => {
  const at = rnd.int(0, fx.bytes.length - 1);
  return {
    bytes: fx.bytes.subarray(0, at),
    description: `file cut at ${hex(at)} of ${hex(fx.bytes.length)}`,
  };
};

const version = (fx: NavFixture, { rnd }: MutationContext): NavMutation => {
  const out = Uint8Array.from(fx.bytes);
  out[0] = rnd.pick([0, 1, 3, 255, rnd.int(0, 255)]);
  return { bytes: out, description: `version ${fx.version} → ${out[0]}` };
};

const lengths = (fx: NavFixture, { rnd }: MutationContext): NavMutation => {
  const out = Uint8Array.from(fx.bytes);
  const view = new DataView(out.buffer);
  const field = rnd.pick([1, 5]);
  const real = view.getInt32(field, true);
  const value = rnd.pick([
    0,
    -1,
    1,
    real - 1,
    real + 1,
    real * 2,
    0x7fffffff,
    -0x80000000,
    rnd.int(0, 0x7fffffff),
  ]);
  view.setInt32(field, value, true);
  return {
    bytes: out,
    description: `${field === 1 ? 'uncompressed' : 'compressed'} length ${real} → ${value}`,
  };
};

const zlibDamage = (fx: NavFixture, { rnd }: MutationContext): NavMutation => {
  const out = Uint8Array.from(fx.bytes);
  const where = rnd.pick(['zlib header', 'deflate data', 'adler-32'] as const);
  const p =
    where === 'zlib header'
      ? NAV_HEADER + rnd.int(0, 1)
      : where === 'adler-32'
        ? out.length - 1 - rnd.int(0, 3)
        : rnd.int(NAV_HEADER + 2, out.length - 5);
  if (rnd.chance(0.5)) out[p] ^= 1 << rnd.int(0, 7);
  else out.set(rnd.bytes(Math.min(rnd.int(1, 64), out.length - p)), p);
  return { bytes: out, description: `${where} damaged at ${hex(p)}` };
};

const nodeCount = (fx: NavFixture, { rnd }: MutationContext): NavMutation => {
  const payload = Uint8Array.from(fx.payload);
  const count = fx.nodes.length;
  const value = rnd.pick([0, 1, count - 1, count + 1, 8095, 8096, 0xffff]);
  new DataView(payload.buffer).setUint16(0, value, true);
  return rewrapped(fx, payload, `node count ${count} → ${value}`);
};

const linkCount = (fx: NavFixture, ctx: MutationContext): NavMutation => {
  const payload = Uint8Array.from(fx.payload);
  const n = anyNode(fx, ctx);
  const node = fx.nodes[n];
  const value = ctx.rnd.pick([33, 255, node.links + 1, Math.max(0, node.links - 1), 0]);
  payload[node.fields + AT_LINK_COUNT] = value;
  return rewrapped(fx, payload, `node ${n} link count ${node.links} → ${value}`);
};

const linkTarget = (fx: NavFixture, ctx: MutationContext): NavMutation => {
  const withLinks = fx.nodes.map((_, i) => i).filter((i) => fx.nodes[i].links > 0);
  if (withLinks.length === 0) return nodeCount(fx, ctx);
  const n = ctx.rnd.pick(withLinks);
  const node = fx.nodes[n];
  const l = ctx.rnd.int(0, node.links - 1);
  const at = node.fields + NODE_FIXED + l * LINK_RECORD;
  const payload = Uint8Array.from(fx.payload);
  const value = ctx.rnd.pick([-1, fx.nodes.length, 0x7fff, -0x8000, ctx.rnd.int(-0x8000, 0x7fff)]);
  new DataView(payload.buffer).setInt16(at, value, true);
  return rewrapped(fx, payload, `node ${n} link ${l} target → ${value}`);
};

const origin = (fx: NavFixture, ctx: MutationContext): NavMutation => {
  const payload = Uint8Array.from(fx.payload);
  const n = anyNode(fx, ctx);
  const axis = ctx.rnd.int(0, 2);
  const value = ctx.rnd.pick([NaN, Infinity, -Infinity, 3.4e38, -3.4e38]);
  new DataView(payload.buffer).setFloat32(fx.nodes[n].fields + AT_ORIGIN + 4 * axis, value, true);
  return rewrapped(fx, payload, `node ${n} origin[${axis}] → ${value}`);
};

const payloadBytes = (fx: NavFixture, { rnd }: MutationContext): NavMutation => {
  const payload = Uint8Array.from(fx.payload);
  const at: string[] = [];
  for (let i = rnd.int(1, 8); i > 0; i--) {
    const p = rnd.int(0, payload.length - 1);
    payload[p] = rnd.int(0, 255);
    at.push(hex(p));
  }
  return rewrapped(fx, payload, `payload bytes changed at ${at.join(' ')}`);
};

const payloadCut = (fx: NavFixture, ctx: MutationContext): NavMutation => {
  const atRecord = ctx.rnd.chance(0.5);
  const at = atRecord ? fx.nodes[anyNode(fx, ctx)].offset : ctx.rnd.int(0, fx.payload.length - 1);
  return rewrapped(
    fx,
    fx.payload.subarray(0, at),
    `payload cut at ${hex(at)}${atRecord ? ' (a node record boundary)' : ''}`,
  );
};

const trailing = (fx: NavFixture, { rnd }: MutationContext): NavMutation => {
  const extra = rnd.bytes(rnd.int(1, 64));
  if (rnd.chance(0.5)) {
    const out = new Uint8Array(fx.bytes.length + extra.length);
    out.set(fx.bytes);
    out.set(extra, fx.bytes.length);
    return { bytes: out, description: `${extra.length} bytes after the zlib stream` };
  }
  const payload = new Uint8Array(fx.payload.length + extra.length);
  payload.set(fx.payload);
  payload.set(extra, fx.payload.length);
  return rewrapped(fx, payload, `${extra.length} bytes after the last node record`);
};

const zlibBomb = (fx: NavFixture, { rnd }: MutationContext): NavMutation => {
  const zeros = rnd.pick(BOMB_SIZES);
  const stream = deflateWithZeros(fx.payload, zeros);
  // Honest-looking: the header declares the real payload; the stream goes on far beyond it.
  return {
    bytes: wrapNav(fx.version, stream, fx.payload.length),
    description: `zlib bomb: payload + ${zeros >> 20} MiB of zeros in ${stream.length} bytes`,
  };
};

export const NAV_MUTATIONS: Readonly<Record<string, NavMutator<NavFixture>>> = {
  'nav-bit-flips': bitFlips,
  'nav-cut': cut,
  'nav-version': version,
  'nav-lengths': lengths,
  'nav-zlib-damage': zlibDamage,
  'nav-node-count': nodeCount,
  'nav-link-count': linkCount,
  'nav-link-target': linkTarget,
  'nav-origin': origin,
  'nav-payload-bytes': payloadBytes,
  'nav-payload-cut': payloadCut,
  'nav-trailing': trailing,
  'nav-zlib-bomb': zlibBomb,
};
