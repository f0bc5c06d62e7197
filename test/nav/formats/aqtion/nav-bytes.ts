/**
 * Builds `.nav` bytes by hand, field by field with Buffer writes and node:zlib, independently of
 * the project's encoder, so that reader tests and writer tests compare against bytes our own
 * code did not produce.
 */
import { deflateSync } from 'node:zlib';
import type { NavFile } from '../../../../src/nav/types.js';

export interface RawLink {
  target: number;
  type: number;
  cost: number;
}

export interface RawNode {
  area?: number;
  origin: [number, number, number];
  type: number;
  nodenum: number;
  inuse: number;
  links: RawLink[];
  /** Link count byte to write instead of links.length. */
  linkCountByte?: number;
}

/** The payload: u16 count, then per node (i32 area if v2) 3×f32 u8 i16 i32 u8, links i16 u8 f32. */
export function payloadBytes(version: number, nodes: RawNode[], countOverride?: number): Buffer {
  const parts: Buffer[] = [];
  const count = Buffer.alloc(2);
  count.writeUInt16LE(countOverride ?? nodes.length, 0);
  parts.push(count);
  for (const n of nodes) {
    const head = Buffer.alloc((version === 2 ? 4 : 0) + 20);
    let at = 0;
    if (version === 2) at = head.writeInt32LE(n.area ?? 0, at);
    for (const v of n.origin) at = head.writeFloatLE(v, at);
    at = head.writeUInt8(n.type, at);
    at = head.writeInt16LE(n.nodenum, at);
    at = head.writeInt32LE(n.inuse, at);
    head.writeUInt8(n.linkCountByte ?? n.links.length, at);
    parts.push(head);
    for (const l of n.links) {
      const link = Buffer.alloc(7);
      link.writeInt16LE(l.target, 0);
      link.writeUInt8(l.type, 2);
      link.writeFloatLE(l.cost, 3);
      parts.push(link);
    }
  }
  return Buffer.concat(parts);
}

export interface FileOverrides {
  version?: number;
  uncompressedLength?: number;
  compressedLength?: number;
  /** Compressed stream to use instead of zlib level 9 of the payload. */
  stream?: Buffer;
  /** Bytes appended after the stream (not counted in the compressed length unless overridden). */
  trailing?: Buffer;
}

/** A whole file: u8 version, i32 uncompressed length, i32 compressed length, zlib stream. */
export function fileBytes(version: number, payload: Buffer, o: FileOverrides = {}): Buffer {
  const stream = o.stream ?? deflateSync(payload, { level: 9 });
  const head = Buffer.alloc(9);
  head.writeUInt8(o.version ?? version, 0);
  head.writeInt32LE(o.uncompressedLength ?? payload.length, 1);
  head.writeInt32LE(o.compressedLength ?? stream.length, 5);
  return Buffer.concat([head, stream, o.trailing ?? Buffer.alloc(0)]);
}

/** Two MOVE (1) nodes 3-4-5 apart, linked both ways with cost 5: a valid, tiny nav. */
export function twoNodes(): RawNode[] {
  return [
    {
      area: 7,
      origin: [0, 0, 10],
      type: 1,
      nodenum: 0,
      inuse: 1,
      links: [{ target: 1, type: 1, cost: 5 }],
    },
    {
      area: 7,
      origin: [3, 4, 10],
      type: 1,
      nodenum: 1,
      inuse: 1,
      links: [{ target: 0, type: 1, cost: 5 }],
    },
  ];
}

/** The nav of `twoNodes()` as the project's model (what the encoder takes and the reader gives). */
export function twoNodeNav(): NavFile {
  return {
    version: 2,
    nodes: twoNodes().map((n) => ({
      area: n.area ?? 0,
      origin: n.origin,
      type: n.type,
      nodenum: n.nodenum,
      inuse: n.inuse,
      links: n.links.map((l) => ({ target: l.target, targetType: l.type, cost: l.cost })),
    })),
  };
}
