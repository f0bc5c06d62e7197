/**
 * The LTK waypoint reader: the five fixture files parse with counts that match their size,
 * nodes inside the matching map and out of solid, ladder nodes next to ladder brushes, link
 * costs equal to link lengths; hand-built files check every error code.
 */
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENTS_LADDER, CONTENTS_SOLID } from '../../../src/sources/bsp/contents-flags.js';
import { insideBounds, mapBounds } from '../../../src/sources/bsp/map-bounds.js';
import { brushContentsNear, pointContents } from '../../../src/sources/bsp/point-contents.js';
import { readBsp } from '../../../src/sources/bsp/read-bsp.js';
import { LtkError, type LtkErrorCode } from '../../../src/sources/ltk/errors.js';
import { LtkNodeType } from '../../../src/sources/ltk/node-types.js';
import { parseLtk, readLtk } from '../../../src/sources/ltk/read-ltk.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';

/** Nodes (slot 0 excluded), links and ladder nodes of each fixture file. */
const FIXTURES: Record<string, { nodes: number; links: number; ladders: number }> = {
  asylum: { nodes: 72, links: 108, ladders: 0 },
  beer: { nodes: 295, links: 510, ladders: 6 },
  bwcity2: { nodes: 178, links: 312, ladders: 11 },
  terminal: { nodes: 262, links: 508, ladders: 0 },
  wfall: { nodes: 195, links: 334, ladders: 0 },
};

describeFixtures('LTK fixture files', () => {
  for (const [name, expected] of Object.entries(FIXTURES)) {
    it(`${name}: counts match the file size and the nodes fit the map`, async () => {
      const path = fixture('ltk', `${name}.ltk`);
      const graph = await readLtk(path);
      const slots = graph.nodeCount + 1;
      expect(statSync(path).size).toBe(12 + 116 * slots + 2 * slots * slots);
      expect({
        nodes: graph.nodeCount,
        links: graph.linkCount,
        ladders: graph.types.filter((t) => t === LtkNodeType.ladder).length,
      }).toEqual(expected);
      expect(graph.types.every((t) => t === LtkNodeType.move || t === LtkNodeType.ladder)).toBe(
        true,
      );

      const { world } = await readBsp(fixture('maps', `${name}.bsp`));
      const bounds = mapBounds(world);
      for (let i = 0; i < graph.nodeCount; i++) {
        const p = [
          graph.origins[i * 3],
          graph.origins[i * 3 + 1],
          graph.origins[i * 3 + 2],
        ] as const;
        expect(insideBounds(bounds, p), `node ${i} at ${p}`).toBe(true);
        expect(pointContents(world, ...p) & CONTENTS_SOLID, `node ${i} at ${p}`).toBe(0);
        if (graph.types[i] === LtkNodeType.ladder) {
          // The node is a climbing player's origin: within a player's reach of the ladder.
          expect(brushContentsNear(world, ...p, 32) & CONTENTS_LADDER, `ladder node ${i}`).not.toBe(
            0,
          );
        }
      }
    });

    it(`${name}: links join distinct nodes and cost their length`, async () => {
      const graph = await readLtk(fixture('ltk', `${name}.ltk`));
      const o = graph.origins;
      for (let i = 0; i < graph.linkCount; i++) {
        const a = graph.linkFrom[i];
        const b = graph.linkTo[i];
        expect(a).not.toBe(b);
        expect(b).toBeLessThan(graph.nodeCount);
        const length = Math.hypot(
          o[a * 3] - o[b * 3],
          o[a * 3 + 1] - o[b * 3 + 1],
          o[a * 3 + 2] - o[b * 3 + 2],
        );
        expect(Math.abs(graph.linkCost[i] - length)).toBeLessThan(1e-3);
      }
    });
  }
});

/** A version-4 file of `slots` node records: node k at (k, 2k, 3k), linked to k + 1. */
function buildLtk(slots: number, items = 0): Uint8Array {
  const size = 12 + 116 * slots + 2 * slots * slots + 16 * items;
  const view = new DataView(new ArrayBuffer(size));
  view.setInt32(0, 4, true);
  view.setInt32(4, slots, true);
  view.setInt32(8, items, true);
  for (let k = 1; k < slots; k++) {
    const at = 12 + 116 * k;
    [k, 2 * k, 3 * k].forEach((v, i) => view.setFloat32(at + i * 4, v, true));
    view.setInt32(at + 12, LtkNodeType.move, true);
    view.setInt16(at + 16, k, true);
    for (let l = 0; l < 12; l++) view.setInt16(at + 20 + l * 8, -1, true);
    if (k + 1 < slots) {
      view.setInt16(at + 20, k + 1, true);
      view.setFloat32(at + 24, Math.hypot(1, 2, 3), true);
    }
  }
  const table = 12 + 116 * slots;
  for (let e = 0; e < slots * slots; e++) view.setInt16(table + e * 2, -1, true);
  return new Uint8Array(view.buffer);
}

function expectError(bytes: Uint8Array, code: LtkErrorCode, offset: number): LtkError {
  try {
    parseLtk(bytes, 'x.ltk');
  } catch (e) {
    if (!(e instanceof LtkError)) throw e;
    expect({ code: e.code, offset: e.offset }).toEqual({ code, offset });
    return e;
  }
  throw new Error('expected an LtkError, the file parsed');
}

/** A copy of `bytes` changed by `set`. */
function patched(bytes: Uint8Array, set: (v: DataView) => void): Uint8Array {
  const copy = bytes.slice();
  set(new DataView(copy.buffer));
  return copy;
}

describe('LTK reader on built files', () => {
  it('drops slot 0 and renumbers nodes from 0', () => {
    const graph = parseLtk(buildLtk(4, 1), 'x.ltk');
    expect(graph.nodeCount).toBe(3);
    expect([...graph.origins]).toEqual([1, 2, 3, 2, 4, 6, 3, 6, 9]);
    expect([...graph.linkFrom]).toEqual([0, 1]);
    expect([...graph.linkTo]).toEqual([1, 2]);
  });

  it('rejects a short header, another version, bad counts and a wrong size', () => {
    expectError(new Uint8Array(8), 'TRUNCATED', 8);
    const good = buildLtk(4);
    expectError(
      patched(good, (v) => v.setInt32(0, 5, true)),
      'BAD_VERSION',
      0,
    );
    expectError(
      patched(good, (v) => v.setInt32(4, 0, true)),
      'BAD_COUNT',
      4,
    );
    expectError(
      patched(good, (v) => v.setInt32(8, -1, true)),
      'BAD_COUNT',
      8,
    );
    expectError(good.subarray(0, good.length - 1), 'BAD_SIZE', 4);
    // A huge node count is refused from the size alone, before anything is allocated.
    expectError(
      patched(good, (v) => v.setInt32(4, 0x7fffffff, true)),
      'BAD_SIZE',
      4,
    );
  });

  it('rejects an unknown node type, a wrong node number, a bad link and a bad path entry', () => {
    const good = buildLtk(4);
    const node2 = 12 + 116 * 2;
    expectError(
      patched(good, (v) => v.setInt32(node2 + 12, 9, true)),
      'BAD_NODE',
      node2 + 12,
    );
    expectError(
      patched(good, (v) => v.setInt16(node2 + 16, 7, true)),
      'BAD_NODE',
      node2 + 16,
    );
    expectError(
      patched(good, (v) => v.setInt16(node2 + 28, 0, true)),
      'BAD_LINK',
      node2 + 28,
    );
    const entry = 12 + 116 * 4 + 2 * 5;
    expectError(
      patched(good, (v) => v.setInt16(entry, 4, true)),
      'BAD_PATH',
      entry,
    );
  });

  it('reports a missing file as IO', async () => {
    await expect(readLtk('/nonexistent/none.ltk')).rejects.toMatchObject({ code: 'IO' });
  });
});
