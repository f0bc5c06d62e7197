/**
 * The strict reader on hand-built files: a valid one decodes field for field, and every kind of
 * damage is a NavReadError with the right code, section and offset.
 *
 * Payload layout of `twoNodes()` (version 2), computed by hand: count @0; node 0 @2 (area 2,
 * origin 6, type 18, nodenum 19, inuse 21, link count 25, link 0 @26: target 26, type 28,
 * cost 29); node 1 @33 (area 33, origin 37, type 49, nodenum 50, inuse 52, link count 56,
 * link 0 @57: target 57, type 59, cost 60); 64 bytes in all.
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, deflateRawSync, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { NavReadError } from '../../../../src/nav/formats/aqtion/errors.js';
import { decodeNav, readNavFile } from '../../../../src/nav/formats/aqtion/read-nav.js';
import { fileBytes, payloadBytes, twoNodes, type RawNode } from './nav-bytes.js';

function readError(bytes: Uint8Array): NavReadError {
  try {
    decodeNav(bytes, 'hand.nav');
  } catch (e) {
    if (e instanceof NavReadError) return e;
    throw e;
  }
  throw new Error('decodeNav accepted the file');
}

function expectError(
  bytes: Uint8Array,
  code: string,
  section: string,
  offset: number,
  node = -1,
  link = -1,
) {
  const e = readError(bytes);
  expect({
    code: e.code,
    section: e.section,
    offset: e.offset,
    node: e.node,
    link: e.link,
  }).toEqual({
    code,
    section,
    offset,
    node,
    link,
  });
  expect(e.file).toBe('hand.nav');
  expect(e.message).toContain(`hand.nav ${section}@0x${offset.toString(16)}`);
  expect(e.message).toContain(`[${code}]`);
}

const v2 = (nodes: RawNode[], count?: number) => fileBytes(2, payloadBytes(2, nodes, count));

describe('decodeNav: valid files', () => {
  it('decodes a version 2 file field for field', () => {
    const { nav, payload, fileBytes: size, warnings } = decodeNav(v2(twoNodes()), 'hand.nav');
    expect(nav).toEqual({
      version: 2,
      nodes: [
        {
          area: 7,
          origin: [0, 0, 10],
          type: 1,
          nodenum: 0,
          inuse: 1,
          links: [{ target: 1, targetType: 1, cost: 5 }],
        },
        {
          area: 7,
          origin: [3, 4, 10],
          type: 1,
          nodenum: 1,
          inuse: 1,
          links: [{ target: 0, targetType: 1, cost: 5 }],
        },
      ],
    });
    expect(payload.length).toBe(64);
    expect(size).toBe(v2(twoNodes()).length);
    expect(warnings).toEqual([]);
  });

  it('decodes a version 1 file (no area) with area 0', () => {
    const nodes = twoNodes().map((n) => ({ ...n, area: undefined }));
    const { nav } = decodeNav(fileBytes(1, payloadBytes(1, nodes)), 'hand.nav');
    expect(nav.version).toBe(1);
    expect(nav.nodes.map((n) => n.area)).toEqual([0, 0]);
    expect(nav.nodes[1].origin).toEqual([3, 4, 10]);
  });

  it('decodes an empty nav (count 0)', () => {
    expect(decodeNav(v2([]), 'hand.nav').nav).toEqual({ version: 2, nodes: [] });
  });

  it('returns engine-tolerated oddities as warnings with payload offsets', () => {
    const nodes = twoNodes();
    nodes[0].links[0].cost = 6; // not the distance 5
    nodes[1].inuse = 0;
    const { warnings } = decodeNav(v2(nodes), 'hand.nav');
    expect(warnings.map((w) => [w.code, w.severity, w.offset, w.node, w.link])).toEqual([
      ['LINK_COST_MISMATCH', 'error', 29, 0, 0],
      ['NODE_NOT_IN_USE', 'warning', 52, 1, -1],
    ]);
  });

  it('reads a file from disk and names it in errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navgen-read-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'x.nav');
    writeFileSync(path, v2(twoNodes()));
    expect((await readNavFile(path)).nav.nodes).toHaveLength(2);
    writeFileSync(path, Buffer.from([2, 0, 0]));
    await expect(readNavFile(path)).rejects.toMatchObject({ code: 'TRUNCATED_HEADER', file: path });
    await expect(readNavFile(join(dir, 'missing.nav'))).rejects.toMatchObject({
      code: 'IO',
      offset: 0,
    });
  });
});

describe('decodeNav: header errors (offsets in the file)', () => {
  const payload = payloadBytes(2, twoNodes());

  it('TRUNCATED_HEADER: fewer than 9 bytes', () => {
    expectError(fileBytes(2, payload).subarray(0, 8), 'TRUNCATED_HEADER', 'file', 0);
  });
  it('BAD_VERSION: 0 and 3 are refused', () => {
    expectError(fileBytes(2, payload, { version: 0 }), 'BAD_VERSION', 'file', 0);
    expectError(fileBytes(2, payload, { version: 3 }), 'BAD_VERSION', 'file', 0);
  });
  it('BAD_LENGTH: a length field <= 0', () => {
    expectError(fileBytes(2, payload, { uncompressedLength: 0 }), 'BAD_LENGTH', 'file', 1);
    expectError(fileBytes(2, payload, { compressedLength: -5 }), 'BAD_LENGTH', 'file', 5);
    // The largest loadable payload: 2 + 8095 × (24 + 32 × 7) = 2 007 562 bytes.
    expectError(fileBytes(2, payload, { uncompressedLength: 2_007_563 }), 'BAD_LENGTH', 'file', 1);
    expectError(
      fileBytes(2, payload, { uncompressedLength: 2_007_562 }),
      'LENGTH_MISMATCH',
      'file',
      1,
    );
  });
  it('TRUNCATED_FILE: the file ends inside the compressed stream', () => {
    const whole = fileBytes(2, payload);
    expectError(whole.subarray(0, whole.length - 3), 'TRUNCATED_FILE', 'file', whole.length - 3);
  });
  it('TRAILING_FILE_BYTES: bytes after the compressed length', () => {
    const stream = deflateSync(payload, { level: 9 });
    expectError(
      fileBytes(2, payload, { trailing: Buffer.from([0, 0]) }),
      'TRAILING_FILE_BYTES',
      'file',
      9 + stream.length,
    );
  });
  it('LENGTH_MISMATCH: the payload is not as long as the header says', () => {
    expectError(fileBytes(2, payload, { uncompressedLength: 65 }), 'LENGTH_MISMATCH', 'file', 1);
    expectError(fileBytes(2, payload, { uncompressedLength: 63 }), 'LENGTH_MISMATCH', 'file', 1);
  });
});

describe('decodeNav: zlib errors', () => {
  const payload = payloadBytes(2, twoNodes());

  it('BAD_ZLIB: gzip and raw deflate are not what the engine inflates', () => {
    // zlib reads the 2-byte header before it rejects it: the offset is where inflate stopped.
    expectError(fileBytes(2, payload, { stream: gzipSync(payload) }), 'BAD_ZLIB', 'file', 9 + 2);
    expect(readError(fileBytes(2, payload, { stream: gzipSync(payload) })).reason).toContain(
      'incorrect header check',
    );
    expect(readError(fileBytes(2, payload, { stream: deflateRawSync(payload) })).code).toBe(
      'BAD_ZLIB',
    );
  });
  it('BAD_ZLIB: a stream cut short (lengths consistent with the cut)', () => {
    const stream = deflateSync(payload, { level: 9 });
    const cut = stream.subarray(0, stream.length - 4); // drops the adler32 trailer
    const e = readError(fileBytes(2, payload, { stream: cut }));
    expect(e.code).toBe('BAD_ZLIB');
    expect(e.offset).toBe(9 + cut.length);
  });
  it('BAD_ZLIB: a damaged checksum', () => {
    const stream = Buffer.from(deflateSync(payload, { level: 9 }));
    stream[stream.length - 1] ^= 0xff;
    expect(readError(fileBytes(2, payload, { stream })).reason).toContain('incorrect data check');
  });
  it('TRAILING_COMPRESSED_BYTES: the stream ends before the compressed length', () => {
    const stream = deflateSync(payload, { level: 9 });
    const padded = Buffer.concat([stream, Buffer.from([1, 2, 3])]);
    expectError(
      fileBytes(2, payload, { stream: padded }),
      'TRAILING_COMPRESSED_BYTES',
      'file',
      9 + stream.length,
    );
  });
});

describe('decodeNav: payload errors (offsets in the uncompressed payload)', () => {
  it('TRUNCATED_PAYLOAD: no room for the node count', () => {
    expectError(fileBytes(2, Buffer.from([5])), 'TRUNCATED_PAYLOAD', 'payload', 0);
  });
  it('TRUNCATED_PAYLOAD: a node record cut short', () => {
    const payload = payloadBytes(2, twoNodes());
    expectError(fileBytes(2, payload.subarray(0, 40)), 'TRUNCATED_PAYLOAD', 'payload', 33, 1);
  });
  it('TRUNCATED_PAYLOAD: the links of a node cut short', () => {
    const payload = payloadBytes(2, twoNodes());
    expectError(fileBytes(2, payload.subarray(0, 30)), 'TRUNCATED_PAYLOAD', 'payload', 26, 0);
  });
  it('TRUNCATED_PAYLOAD: a count larger than the records', () => {
    expectError(v2(twoNodes(), 3), 'TRUNCATED_PAYLOAD', 'payload', 64, 2);
  });
  it('TRAILING_PAYLOAD_BYTES: bytes after the last node', () => {
    expectError(v2(twoNodes(), 1), 'TRAILING_PAYLOAD_BYTES', 'payload', 33);
  });
  it('TOO_MANY_NODES: count + 1 > 8096, checked before the records', () => {
    expectError(v2([], 8096), 'TOO_MANY_NODES', 'payload', 0);
  });
  it('TOO_MANY_LINKS: a link count byte above 32', () => {
    const nodes = twoNodes();
    nodes[1].linkCountByte = 33;
    expectError(v2(nodes), 'TOO_MANY_LINKS', 'payload', 56, 1);
  });
  it('BAD_LINK_TARGET: past the last node, or negative', () => {
    const nodes = twoNodes();
    nodes[1].links[0].target = 2;
    expectError(v2(nodes), 'BAD_LINK_TARGET', 'payload', 57, 1, 0);
    nodes[1].links[0].target = -1;
    expectError(v2(nodes), 'BAD_LINK_TARGET', 'payload', 57, 1, 0);
  });
  it('BAD_NODENUM: nodenum differs from the index', () => {
    const nodes = twoNodes();
    nodes[1].nodenum = 0;
    expectError(v2(nodes), 'BAD_NODENUM', 'payload', 50, 1);
  });
  it('BAD_ORIGIN: a NaN origin', () => {
    const nodes = twoNodes();
    nodes[0].origin = [0, NaN, 10];
    expectError(v2(nodes), 'BAD_ORIGIN', 'payload', 10, 0);
  });
  it('BAD_LINK_COST: a negative cost', () => {
    const nodes = twoNodes();
    nodes[1].links[0].cost = -1;
    expectError(v2(nodes), 'BAD_LINK_COST', 'payload', 60, 1, 0);
  });
  it('reports the first error in payload order', () => {
    const nodes = twoNodes();
    nodes[1].nodenum = 5; // @50
    nodes[0].links[0].target = 9; // @26, earlier
    expectError(v2(nodes), 'BAD_LINK_TARGET', 'payload', 26, 0, 0);
  });
  it('version 1 offsets have no area', () => {
    const nodes = twoNodes().map((n) => ({ ...n, area: undefined }));
    nodes[1].nodenum = 3; // node 1 @ 2 + 20 + 7 = 29, nodenum @ 29 + 13
    expectError(fileBytes(1, payloadBytes(1, nodes)), 'BAD_NODENUM', 'payload', 42, 1);
  });
});
