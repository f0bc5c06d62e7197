/**
 * The NAV2 codec (the Quake re-release's bot nav) against FTEQW's loader layout: versions 14 to
 * 17 round-trip byte for byte with the sizes FTE reads (header 20 bytes before version 16, 24
 * from it; edicts 34 bytes in version 14, 30 after), and damaged files are refused where FTE
 * refuses them, with the byte offset.
 */
import { describe, expect, it } from 'vitest';
import { detectNavFormat } from '../../../../src/nav/formats/detect.js';
import { NavFormatError } from '../../../../src/nav/formats/format-error.js';
import { decodeNav2, encodeNav2 } from '../../../../src/nav/formats/nav2/codec.js';
import type { Nav2File } from '../../../../src/nav/formats/nav2/types.js';
import { q2rAsAqtion } from '../../../../src/nav/formats/read-any-nav.js';
import { nav3FlagsOfNav2 } from '../../../../src/nav/formats/nav3-type-map.js';
import { defaultNodeTypes } from '../../../../src/nav/node-types.js';

function sample(version: number): Nav2File {
  return {
    version,
    heuristic: version >= 16 ? 0.5 : 0,
    nodes: [
      { flags: 0, linkCount: 1, firstLink: 0, radius: 32, origin: [0, 0, 0] },
      { flags: 16, linkCount: 1, firstLink: 1, radius: 32, origin: [100, 0, -40] },
    ],
    links: [
      { target: 1, type: 3, traversal: 0 },
      { target: 0, type: 5, traversal: -1 },
    ],
    traversals: [{ funnel: [30, 0, 0], start: [50, 0, 0], end: [70, 0, -40] }],
    edicts: [
      {
        link: 1,
        mins: [10, -10, -40],
        maxs: [20, 10, 0],
        targetname: version === 14 ? 7 : 0,
        classname: version === 14 ? 9 : 0,
        entity: version >= 15 ? 42 : 0,
      },
    ],
  };
}

const SIZE = {
  14: 20 + 40 + 12 + 36 + 4 + 34,
  15: 20 + 40 + 12 + 36 + 4 + 30,
  16: 24 + 40 + 12 + 36 + 4 + 30,
  17: 24 + 40 + 12 + 36 + 4 + 30,
} as const;

describe('NAV2 codec', () => {
  for (const version of [14, 15, 16, 17] as const) {
    it(`version ${version}: ${SIZE[version]} bytes, read back field for field, written back byte for byte`, () => {
      const bytes = encodeNav2(sample(version));
      expect(bytes.length).toBe(SIZE[version]);
      expect(detectNavFormat(bytes)).toBe('nav2');
      const nav = decodeNav2(bytes, 'x.nav');
      expect(nav).toEqual(sample(version));
      expect(encodeNav2(nav)).toEqual(bytes);
    });
  }

  it('shows as an AQtion-shaped nav: underwater node → WATER, drop and barrier jump links, origins 24 up', () => {
    const view = q2rAsAqtion(sample(17), nav3FlagsOfNav2, defaultNodeTypes);
    expect(view.nodes.map((n) => n.type)).toEqual([defaultNodeTypes.MOVE, defaultNodeTypes.WATER]);
    expect(view.nodes[1].origin).toEqual([100, 0, -16]);
    expect(view.nodes[0].links[0].targetType).toBe(defaultNodeTypes.STAND_DROP);
    expect(view.nodes[1].links[0].targetType).toBe(defaultNodeTypes.BOXJUMP);
  });

  const good = encodeNav2(sample(15));
  const edit = (f: (v: DataView) => void, length = good.length) => {
    const b = good.slice(0, length);
    f(new DataView(b.buffer));
    return b;
  };
  // Version 15: nodes at 20, origins at 36, links at 60, traversal at 72, edict count at 108.
  const cases: { name: string; bytes: Uint8Array; code: NavFormatError['code']; offset: number }[] =
    [
      {
        name: 'version 18',
        bytes: edit((v) => v.setInt32(4, 18, true)),
        code: 'BAD_VERSION',
        offset: 4,
      },
      {
        name: 'node links past the array',
        bytes: edit((v) => v.setUint16(20 + 8 + 4, 2, true)),
        code: 'BAD_NODE_LINKS',
        offset: 32,
      },
      {
        name: 'link target 2 of 2',
        bytes: edit((v) => v.setUint16(60, 2, true)),
        code: 'BAD_LINK_TARGET',
        offset: 60,
      },
      {
        name: 'traversal 1 of 1',
        bytes: edit((v) => v.setUint16(60 + 4, 1, true)),
        code: 'BAD_TRAVERSAL',
        offset: 64,
      },
      {
        name: 'edict link 2 of 2',
        bytes: edit((v) => v.setUint16(112, 2, true)),
        code: 'BAD_EDICT_LINK',
        offset: 112,
      },
      {
        name: 'cut in the edict',
        bytes: edit(() => undefined, 120),
        code: 'TRUNCATED',
        offset: 114,
      },
      {
        name: 'a trailing byte',
        bytes: (() => {
          const b = new Uint8Array(good.length + 1);
          b.set(good);
          return b;
        })(),
        code: 'TRAILING_BYTES',
        offset: good.length,
      },
    ];
  for (const c of cases) {
    it(`refuses ${c.name} at 0x${c.offset.toString(16)}`, () => {
      let error: unknown;
      try {
        decodeNav2(c.bytes, 'q1.nav');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(NavFormatError);
      const e = error as NavFormatError;
      expect([e.code, e.offset]).toEqual([c.code, c.offset]);
      expect(e.message).toMatch(new RegExp(`^q1\\.nav@0x${c.offset.toString(16)}: `));
    });
  }
});
