/**
 * Broken maps give the right `BspError` code at the right byte: each case corrupts one field of
 * the mini map (or cuts a real map short). Random corruption never hangs and never throws
 * anything but a `BspError`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BspError, type BspErrorCode } from '../../../src/sources/bsp/errors.js';
import { Lump } from '../../../src/sources/bsp/lumps.js';
import { brushContentsNear, pointContents } from '../../../src/sources/bsp/point-contents.js';
import { parseBsp, readBsp } from '../../../src/sources/bsp/read-bsp.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';
import { assembleBsp, lumpOffset, miniMap, miniMapLumps } from './mini-map.js';

/** The error `parseBsp` throws for `bytes`, or fails the test. */
function errorOf(bytes: Uint8Array, file = 'maps/x.bsp'): BspError {
  try {
    parseBsp(bytes, file);
  } catch (e) {
    if (e instanceof BspError) return e;
    throw e;
  }
  throw new Error('expected a BspError, the map parsed');
}

function expectError(bytes: Uint8Array, code: BspErrorCode, offset: number): BspError {
  const e = errorOf(bytes);
  expect({ code: e.code, offset: e.offset }).toEqual({ code, offset });
  return e;
}

/** A copy of the mini map with a little-endian 32-bit value written at `at`. */
function withU32(at: number, value: number, bytes = miniMap()): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(at, value >>> 0, true);
  return copy;
}

describe('BSP header', () => {
  it('rejects a bad magic at offset 0', () => {
    const e = expectError(withU32(0, 0x50534258), 'BAD_MAGIC', 0);
    expect(e.message).toMatch(/^maps\/x\.bsp@0x0: not a Quake 2 BSP/);
  });

  it('names the extended QBSP format as unsupported', () => {
    expect(errorOf(withU32(0, 0x50534251)).reason).toMatch(/QBSP/);
  });

  it('rejects version 39 at offset 4', () => {
    expectError(withU32(4, 39), 'BAD_VERSION', 4);
  });

  it('rejects a file cut inside the header, at the cut', () => {
    expectError(miniMap().subarray(0, 100), 'TRUNCATED', 100);
    expectError(new Uint8Array(0), 'TRUNCATED', 0);
  });

  it('names a lump that runs past the end of the file, at its directory entry', () => {
    const entry = 8 + Lump.models * 8;
    const e = expectError(withU32(entry + 4, 0x10000), 'LUMP_OUT_OF_BOUNDS', entry);
    expect(e.message).toMatch(
      /^maps\/x\.bsp@0x70: lump 13 \(models\) runs past the end of the file .* \[LUMP_OUT_OF_BOUNDS\]$/,
    );
  });

  it('rejects an offset near 2^32 instead of wrapping around', () => {
    expectError(withU32(8 + Lump.faces * 8, 0xffffffff), 'LUMP_OUT_OF_BOUNDS', 8 + Lump.faces * 8);
  });

  it('rejects a lump that is not a whole number of records, at its length field', () => {
    const lumps = miniMapLumps();
    lumps[Lump.faces] = lumps[Lump.faces].subarray(0, 59);
    expectError(assembleBsp(lumps), 'BAD_LUMP_SIZE', 8 + Lump.faces * 8 + 4);
  });
});

describe('BSP records', () => {
  it('rejects a face whose plane does not exist, at the face record', () => {
    const bytes = miniMap();
    const faces = lumpOffset(bytes, Lump.faces);
    const copy = bytes.slice();
    new DataView(copy.buffer).setUint16(faces + 20, 99, true);
    const e = expectError(copy, 'BAD_INDEX', faces + 20);
    expect(e.reason).toMatch(/faces record 1: plane 99 is not one of the 13 planes/);
  });

  it('rejects a surface edge naming a missing edge', () => {
    const bytes = miniMap();
    const at = lumpOffset(bytes, Lump.surfEdges) + 4 * 2;
    expectError(withU32(at, -500, bytes), 'BAD_INDEX', at);
  });

  it('rejects a brush whose sides run past the brush sides', () => {
    const bytes = miniMap();
    const at = lumpOffset(bytes, Lump.brushes) + 12;
    expectError(withU32(at + 4, 7, bytes), 'BAD_INDEX', at);
  });

  it('rejects a node tree with a cycle (node 1 pointing back to node 0)', () => {
    const bytes = miniMap();
    const node1 = lumpOffset(bytes, Lump.nodes) + 28;
    const e = expectError(withU32(node1 + 4, 0, bytes), 'BAD_TREE', lumpOffset(bytes, Lump.nodes));
    expect(e.reason).toMatch(/reached twice/);
  });

  it('rejects a map without models', () => {
    const lumps = miniMapLumps();
    lumps[Lump.models] = new Uint8Array(0);
    expectError(assembleBsp(lumps), 'EMPTY_LUMP', 8 + Lump.models * 8 + 4);
  });

  it('crosses workers as plain data and comes back equal', () => {
    const e = errorOf(withU32(4, 39));
    const back = BspError.fromData(structuredClone(e.toData()));
    expect(back).toBeInstanceOf(BspError);
    expect(back.message).toBe(e.message);
    expect(BspError.isData(e.toData())).toBe(true);
  });
});

describe('BSP garbage', () => {
  it('survives 3000 random corruptions of the mini map: a map or a BspError, queries end', () => {
    const base = miniMap();
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    let parsed = 0;
    for (let round = 0; round < 3000; round++) {
      const bytes = base.slice(
        0,
        random() < 0.1 ? Math.floor(random() * base.length) : base.length,
      );
      for (let k = 1 + Math.floor(random() * 4); k > 0; k--) {
        bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      }
      try {
        const { world } = parseBsp(bytes, 'fuzz.bsp');
        pointContents(world, 10, 10, 10);
        brushContentsNear(world, 10, 10, 10, 16);
        parsed++;
      } catch (e) {
        if (!(e instanceof BspError)) throw e;
      }
    }
    // Some corruptions hit bytes nobody reads (texture axes, lighting styles): those parse.
    expect(parsed).toBeGreaterThan(0);
  });

  it('reports a missing file as IO', async () => {
    await expect(readBsp('/nonexistent/none.bsp')).rejects.toMatchObject({ code: 'IO', offset: 0 });
  });
});

describeFixtures('BSP cut short', () => {
  it('names the first lump past the cut of a real map cut in half', () => {
    const bytes = readFileSync(fixture('maps', 'wizs.bsp'));
    const cut = bytes.subarray(0, bytes.length >> 1);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    let first = -1;
    for (let l = 0; l < 19 && first < 0; l++) {
      if (view.getUint32(8 + l * 8, true) + view.getUint32(12 + l * 8, true) > cut.length)
        first = l;
    }
    expect(first).toBeGreaterThanOrEqual(0);
    expectError(cut, 'LUMP_OUT_OF_BOUNDS', 8 + first * 8);
  });
});
