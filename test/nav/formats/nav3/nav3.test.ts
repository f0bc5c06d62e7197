/**
 * The NAV3 codec against the loaders: a hand-made nav round-trips byte for byte and both
 * re-release checkers load it with its counts; damaged copies are refused by navgen's reader
 * with the code and byte offset of the field at fault, and by the engines that refuse them
 * (run on the same bytes).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NavFormatError } from '../../../../src/nav/formats/format-error.js';
import { nav3LinkType, nav3NodeFlag } from '../../../../src/nav/formats/nav3/layout.js';
import { decodeNav3 } from '../../../../src/nav/formats/nav3/read.js';
import type { Nav3File } from '../../../../src/nav/formats/nav3/types.js';
import { encodeNav3 } from '../../../../src/nav/formats/nav3/write.js';
import { detectNavFormat } from '../../../../src/nav/formats/detect.js';
import {
  CHECKERS,
  HAVE_CHECKERS,
  runChecker,
  type Checker,
} from '../../../helpers/q2r-checkers.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-nav3-'));

/** Three nodes in a row: walk 0→1, drop 1→2 (traversal 0), climb 2→1 (ladder, traversal 1), a door edict on link 0. */
function sample(): Nav3File {
  return {
    version: 6,
    heuristic: 1,
    nodes: [
      { flags: 0, linkCount: 1, firstLink: 0, radius: 24, origin: [0, 0, 0] },
      {
        flags: nav3NodeFlag('CheckDoorLinks'),
        linkCount: 2,
        firstLink: 1,
        radius: 24,
        origin: [128, 0, 0],
      },
      {
        flags: nav3NodeFlag('Ladder'),
        linkCount: 1,
        firstLink: 3,
        radius: 16,
        origin: [256, 0, -64],
      },
    ],
    links: [
      { target: 1, type: nav3LinkType('Walk'), flags: 0, traversal: -1 },
      { target: 0, type: nav3LinkType('Walk'), flags: 0, traversal: -1 },
      { target: 2, type: nav3LinkType('WalkOffLedge'), flags: 0, traversal: 0 },
      { target: 1, type: nav3LinkType('Ladder'), flags: 0, traversal: 1 },
    ],
    traversals: [
      { funnel: [152, 0, 0], start: [176, 0, 0], end: [200, 0, -64], ladderPlane: [0, 0, 0] },
      { funnel: [256, 0, -64], start: [256, 0, -64], end: [128, 0, 0], ladderPlane: [-1, 0, 0] },
    ],
    edicts: [{ link: 0, model: 3, mins: [48, -32, 0], maxs: [80, 32, 96] }],
  };
}

const GOOD = encodeNav3(sample());
const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
// Offsets in the sample: header 24, 3 nodes × 8 → origins at 48, links at 84, traversals at
// 108, edict count at 204, edict at 208, end 238.
const at = { nodes: 24, links: 84, traversals: 108, edictCount: 204, edicts: 208 };

function damaged(edit: (v: DataView, b: Uint8Array) => void, length = GOOD.length): Uint8Array {
  const b = GOOD.slice(0, length);
  edit(view(b), b);
  return b;
}

function onDisk(name: string, bytes: Uint8Array): string {
  const f = join(dir, `${name}.nav`);
  writeFileSync(f, bytes);
  return f;
}

describe('NAV3 codec', () => {
  it('round-trips the hand-made nav byte for byte and is detected by magic', () => {
    expect(GOOD.length).toBe(238);
    const { nav, warnings } = decodeNav3(GOOD, 'sample.nav');
    expect(nav).toEqual(sample());
    expect(warnings).toEqual([]);
    expect(encodeNav3(nav)).toEqual(GOOD);
    expect(detectNavFormat(GOOD)).toBe('nav3');
  });

  it.runIf(HAVE_CHECKERS)('both engines load it with its counts and dump its nodes', () => {
    const f = onDisk('sample', GOOD);
    for (const c of CHECKERS) {
      const run = runChecker(c, f, 'sample');
      expect(run.result, run.output).toBe('LOADED');
      expect(run.counts).toEqual({ nodes: 3, links: 4, traversals: 2, edicts: 1 });
      expect(run.output).toContain('LINK-TYPES: Walk=2 WalkOffLedge=1 Ladder=1');
    }
  });

  it('bytes after the last edict are a warning (both loaders ignore them)', () => {
    const longer = new Uint8Array(GOOD.length + 3);
    longer.set(GOOD);
    expect(decodeNav3(longer, 'x.nav').warnings).toHaveLength(1);
  });

  /** Damage, our code and offset, and which engines refuse it. */
  const cases: {
    name: string;
    bytes: () => Uint8Array;
    code: NavFormatError['code'];
    offset: number;
    refusedBy: readonly Checker[];
  }[] = [
    {
      name: 'bad magic',
      bytes: () => damaged((_, b) => (b[3] = 0x32)),
      code: 'BAD_MAGIC',
      offset: 0,
      refusedBy: CHECKERS,
    },
    {
      name: 'version 7',
      bytes: () => damaged((v) => v.setInt32(4, 7, true)),
      code: 'BAD_VERSION',
      offset: 4,
      refusedBy: CHECKERS,
    },
    {
      // Read with the version 1 layout (no ladder plane, no edict model), the rest of the
      // file is misread: PR #310 dies on a garbage edict count, ng refuses the version.
      name: 'version 1',
      bytes: () => damaged((v) => v.setInt32(4, 1, true)),
      code: 'BAD_VERSION',
      offset: 4,
      refusedBy: CHECKERS,
    },
    {
      // A consistent file with nodes and no links: PR #310 loads it, ng refuses "No links".
      name: 'no links (ng needs some)',
      bytes: () => {
        const b = new Uint8Array(24 + 2 * 20 + 4);
        const v = view(b);
        b.set([0x4e, 0x41, 0x56, 0x33]);
        v.setInt32(4, 6, true);
        v.setInt32(8, 2, true);
        v.setFloat32(20, 1, true);
        v.setFloat32(48 + 12, 64, true);
        return b;
      },
      code: 'BAD_COUNT',
      offset: 12,
      refusedBy: ['navcheck_ng'],
    },
    {
      name: "a node's links pass the link array",
      bytes: () => damaged((v) => v.setInt16(at.nodes + 8 + 4, 3, true)),
      code: 'BAD_NODE_LINKS',
      offset: at.nodes + 8 + 4,
      refusedBy: CHECKERS,
    },
    {
      name: 'a link to node 3 of 3',
      bytes: () => damaged((v) => v.setInt16(at.links + 6, 3, true)),
      code: 'BAD_LINK_TARGET',
      offset: at.links + 6,
      refusedBy: CHECKERS,
    },
    {
      name: 'a link to traversal 2 of 2',
      bytes: () => damaged((v) => v.setInt16(at.links + 12 + 4, 2, true)),
      code: 'BAD_TRAVERSAL',
      offset: at.links + 12 + 4,
      refusedBy: CHECKERS,
    },
    {
      name: 'an edict on link 4 of 4',
      bytes: () => damaged((v) => v.setInt16(at.edicts, 4, true)),
      code: 'BAD_EDICT_LINK',
      offset: at.edicts,
      refusedBy: CHECKERS,
    },
    {
      name: 'cut inside the traversals',
      bytes: () => damaged(() => undefined, at.traversals + 40),
      code: 'TRUNCATED',
      offset: at.traversals + 36,
      refusedBy: CHECKERS,
    },
    {
      name: 'cut inside the edict',
      bytes: () => damaged(() => undefined, at.edicts + 10),
      code: 'TRUNCATED',
      offset: at.edicts + 6,
      refusedBy: CHECKERS,
    },
    {
      name: 'a negative link count',
      bytes: () => damaged((v) => v.setInt32(12, -5, true)),
      code: 'BAD_COUNT',
      offset: 12,
      refusedBy: CHECKERS,
    },
  ];

  for (const c of cases) {
    it(`refuses ${c.name} at its byte offset, as ${c.refusedBy.join(' and ')} do`, () => {
      const bytes = c.bytes();
      let error: unknown;
      try {
        decodeNav3(bytes, `${c.name}.nav`);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(NavFormatError);
      const e = error as NavFormatError;
      expect([e.code, e.offset]).toEqual([c.code, c.offset]);
      expect(e.message).toContain(`${c.name}.nav@0x${c.offset.toString(16)}`);
      if (!HAVE_CHECKERS) return;
      const f = onDisk(c.name.replace(/\W+/g, '-'), bytes);
      for (const checker of CHECKERS) {
        const run = runChecker(checker, f, 'x');
        if (c.refusedBy.includes(checker)) {
          expect(run.result, `${checker}\n${run.output}`).not.toBe('LOADED');
          expect(run.status, checker).not.toBe(0);
        } else {
          expect(run.result, `${checker}\n${run.output}`).toBe('LOADED');
        }
      }
    });
  }

  it('the writer refuses what a loader would refuse, naming the offset the field would have', () => {
    const nav = sample();
    nav.links[1].target = 9;
    expect(() => encodeNav3(nav, 'out.nav')).toThrow(/out\.nav@0x5a: link 1: target 9/);
    const noLinks = {
      ...sample(),
      links: [],
      nodes: sample().nodes.map((n) => ({ ...n, linkCount: 0, firstLink: 0 })),
    };
    expect(() => encodeNav3(noLinks, 'out.nav')).toThrow(/0 links; the loaders need 1/);
    const offGrid = sample();
    offGrid.nodes[0].origin = [0.1, 0, 0];
    expect(() => encodeNav3(offGrid, 'out.nav')).toThrow(/not a finite float32/);
  });
});
