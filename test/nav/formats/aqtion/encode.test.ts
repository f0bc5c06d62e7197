/**
 * The writer: payload bytes equal hand-built ones, the header is the engine's, the stream is
 * zlib (any inflater reads it), links come out in the engine's order, and navs that break the
 * engine's assumptions are refused.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildNodeTypeTable } from '../../../../src/nav/node-types.js';
import type { NavFile } from '../../../../src/nav/types.js';
import { encodeNav } from '../../../../src/nav/formats/aqtion/encode.js';
import { NavValidationError } from '../../../../src/nav/formats/aqtion/errors.js';
import { payloadBytes, twoNodeNav, twoNodes } from './nav-bytes.js';

function validationError(fn: () => unknown): NavValidationError {
  try {
    fn();
  } catch (e) {
    if (e instanceof NavValidationError) return e;
    throw e;
  }
  throw new Error('no NavValidationError');
}

describe('encodeNav', () => {
  it('writes the payload field for field, as built by hand', () => {
    const { payload } = encodeNav(twoNodeNav());
    expect(Buffer.from(payload)).toEqual(payloadBytes(2, twoNodes()));
  });

  it('writes version 1 without areas', () => {
    const nav = twoNodeNav();
    nav.version = 1;
    nav.nodes.forEach((n) => (n.area = 0));
    const hand = payloadBytes(
      1,
      twoNodes().map((n) => ({ ...n, area: undefined })),
    );
    expect(Buffer.from(encodeNav(nav).payload)).toEqual(hand);
    expect(encodeNav(nav).bytes[0]).toBe(1);
  });

  it('writes the header and a zlib stream that node:zlib inflates back to the payload', () => {
    const { bytes, payload } = encodeNav(twoNodeNav());
    const file = Buffer.from(bytes);
    expect(file.readUInt8(0)).toBe(2);
    expect(file.readInt32LE(1)).toBe(payload.length);
    expect(file.readInt32LE(5)).toBe(file.length - 9);
    expect(file[9]).toBe(0x78); // zlib header, 32 KiB window
    expect(file[10]).toBe(0xda); // FLEVEL 3: level 9
    expect(inflateSync(file.subarray(9))).toEqual(Buffer.from(payload));
  });

  it('is deterministic and leaves the nav unchanged', () => {
    const nav = twoNodeNav();
    const before = structuredClone(nav);
    expect(Buffer.from(encodeNav(nav).bytes)).toEqual(Buffer.from(encodeNav(nav).bytes));
    expect(nav).toEqual(before);
  });

  it('writes links in the engine order (highest target first)', () => {
    const nav: NavFile = {
      version: 2,
      nodes: [
        { area: 0, origin: [0, 0, 0], type: 1, nodenum: 0, inuse: 1, links: [] },
        { area: 0, origin: [0, 0, 8], type: 1, nodenum: 1, inuse: 1, links: [] },
        { area: 0, origin: [0, 0, 64], type: 1, nodenum: 2, inuse: 1, links: [] },
      ],
    };
    nav.nodes[0].links = [
      { target: 1, targetType: 1, cost: 8 },
      { target: 2, targetType: 10, cost: 64 },
    ];
    const payload = Buffer.from(encodeNav(nav).payload);
    // Node 0 record at 2, its links at 2 + 24: target 2 first, then target 1.
    expect(payload.readInt16LE(26)).toBe(2);
    expect(payload.readUInt8(28)).toBe(10);
    expect(payload.readInt16LE(33)).toBe(1);
  });
});

describe('encodeNav refuses what the engine cannot load', () => {
  it('lists every error, with offsets, and ignores warnings', () => {
    const nav = twoNodeNav();
    nav.nodes[0].links[0].cost = 4.5; // not the distance
    nav.nodes[1].links[0].target = 2; // no node 2
    nav.nodes[1].inuse = 0; // warning only
    const e = validationError(() => encodeNav(nav, undefined, 'out.nav'));
    expect(e.issues.map((i) => [i.code, i.offset])).toEqual([
      ['LINK_COST_MISMATCH', 29],
      ['BAD_LINK_TARGET', 57],
    ]);
    expect(e.message).toMatch(/^out\.nav: 2 engine-safety error\(s\)/);
  });

  it('refuses more than 32 links and more than 8095 nodes', () => {
    const many: NavFile = { version: 2, nodes: [] };
    for (let i = 0; i < 34; i++) {
      many.nodes.push({
        area: 0,
        origin: [i * 10, 0, 0],
        type: 1,
        nodenum: i,
        inuse: 1,
        links: [],
      });
    }
    many.nodes[0].links = many.nodes
      .slice(1)
      .map((n, i) => ({ target: i + 1, targetType: 1, cost: n.origin[0] }));
    expect(validationError(() => encodeNav(many)).issues.map((i) => i.code)).toEqual([
      'TOO_MANY_LINKS',
    ]);
    many.nodes[0].links.pop();
    expect(() => encodeNav(many)).not.toThrow();

    const huge: NavFile = { version: 2, nodes: [] };
    for (let i = 0; i < 8096; i++)
      huge.nodes.push({ area: 0, origin: [i, 0, 0], type: 1, nodenum: i, inuse: 1, links: [] });
    expect(validationError(() => encodeNav(huge)).issues.map((i) => [i.code, i.offset])).toEqual([
      ['TOO_MANY_NODES', 0],
    ]);
    huge.nodes.pop();
    expect(encodeNav(huge).payload.length).toBe(2 + 8095 * 24);
  });

  it('refuses non-finite and non-float32 coordinates, bad versions', () => {
    const nav = twoNodeNav();
    nav.nodes[0].origin = [Infinity, 0.1, 10];
    const codes = validationError(() => encodeNav(nav)).issues.map((i) => [i.code, i.offset]);
    expect(codes).toContainEqual(['BAD_ORIGIN', 6]);
    expect(codes).toContainEqual(['BAD_ORIGIN', 10]);
    const v3 = { ...twoNodeNav(), version: 3 } as unknown as NavFile;
    expect(validationError(() => encodeNav(v3)).issues[0]).toMatchObject({
      code: 'BAD_VERSION',
      section: 'file',
    });
  });

  it('refuses type numbers the table does not name', () => {
    const nav = twoNodeNav();
    const table = buildNodeTypeTable({ MOVE: 30 });
    expect(validationError(() => encodeNav(nav, table)).issues.map((i) => i.code)).toEqual([
      'UNKNOWN_NODE_TYPE',
      'UNKNOWN_LINK_TYPE',
      'UNKNOWN_NODE_TYPE',
      'UNKNOWN_LINK_TYPE',
    ]);
  });
});
