/**
 * The SVG picture, read back mark by mark: one node dot per node at the projected position
 * (computed here from the world coordinates, not taken from the renderer), the link lines and
 * arrows, panels per height band, the legend's type list, the map layers and the overlay.
 */
import { describe, expect, it } from 'vitest';
import { defaultNodeTypes as T, nodeTypeLabel } from '../../../src/nav/node-types.js';
import type { NavFile, Vec3 } from '../../../src/nav/types.js';
import { navOverlay } from '../../../src/sinks/render/nav-overlay.js';
import { renderNavSvg } from '../../../src/sinks/render/render-svg.js';
import { navOf } from '../../nav/nav-builder.js';
import { mapOf, rectFloor } from './render-map-builder.js';
import { readMarks, withClass, type Mark, type SvgMarks } from './svg-marks.js';

/**
 * Five nodes on one floor (z = 24 is a node standing on z = 0):
 * 0 ↔ 1 (two-way, written twice from 1), 1 → 2 (JUMP), 2 → 3 (STAND_DROP), 3 ↔ 4, 0 → 0.
 */
const POINTS: Vec3[] = [
  [0, 0, 24],
  [100, 0, 24],
  [100, 150, 24],
  [-50, 200, 24],
  [300, 250, 24],
];
const TYPES = [T.MOVE, T.MOVE, T.JUMP, T.LADDER, T.MOVE];
const LINKS: [number, number, number][] = [
  [0, 1, T.MOVE],
  [1, 0, T.MOVE],
  [1, 0, T.MOVE],
  [1, 2, T.JUMP],
  [2, 3, T.STAND_DROP],
  [3, 4, T.MOVE],
  [4, 3, T.MOVE],
  [0, 0, T.MOVE],
];
const NAV = navOf(POINTS, LINKS, TYPES);
const RECT = { minX: -100, minY: -100, maxX: 400, maxY: 300 };
const PPU = 2;

function render(nav: NavFile, options: Parameters<typeof renderNavSvg>[1] = {}): SvgMarks {
  return readMarks(
    renderNavSvg(
      { nav, title: 'test.nav', map: null },
      { rect: RECT, pixelsPerUnit: PPU, ...options },
    ),
  );
}

function nodeMarks(s: SvgMarks): Mark[] {
  return withClass(s.marks, 'node').filter((m) => m.tag === 'circle');
}

describe('renderNavSvg: nodes and links', () => {
  const s = render(NAV);

  it('draws exactly one node mark per node, at its projected position, with its type', () => {
    const nodes = nodeMarks(s);
    expect(nodes.map((m) => Number(m.attrs['data-node'])).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4,
    ]);
    for (const m of nodes) {
      const i = Number(m.attrs['data-node']);
      const [x, y] = POINTS[i];
      // x to the right, y up: panel y = (maxY - y) * scale.
      expect(Number(m.attrs.cx)).toBeCloseTo((x - RECT.minX) * PPU, 1);
      expect(Number(m.attrs.cy)).toBeCloseTo((RECT.maxY - y) * PPU, 1);
      expect(m.attrs['data-type']).toBe(nodeTypeLabel(T, TYPES[i]));
      expect(m.panel).toBe(0);
    }
    expect(s.panels).toHaveLength(1);
    expect(s.panels[0].width).toBe((RECT.maxX - RECT.minX) * PPU);
    expect(s.panels[0].height).toBe((RECT.maxY - RECT.minY) * PPU);
  });

  it('draws two-way pairs as one line, one-way links with an arrow, and no self-link', () => {
    const lines = withClass(s.marks, 'link');
    const key = (m: Mark) => `${m.attrs['data-from']}-${m.attrs['data-to']}`;
    expect(withClass(lines, 'two-way').map(key)).toEqual(['0-1', '3-4']);
    expect(withClass(lines, 'one-way').map(key)).toEqual(['1-2', '2-3']);
    expect(lines).toHaveLength(4);
    expect(withClass(s.marks, 'arrow').map(key)).toEqual(['1-2', '2-3']);
    const drop = withClass(lines, 'one-way')[1];
    expect(drop.attrs['data-type']).toBe('STAND_DROP');
    expect(Number(drop.attrs.x1)).toBeCloseTo((100 - RECT.minX) * PPU, 1);
    expect(Number(drop.attrs.y2)).toBeCloseTo((RECT.maxY - 200) * PPU, 1);
  });

  it('puts the arrow tip next to the target node, pointing at it', () => {
    const arrow = withClass(s.marks, 'arrow')[0]; // 1 → 2: straight up the picture
    const [tipX, tipY] = arrow.attrs.points.split(' ')[0].split(',').map(Number);
    const targetY = (RECT.maxY - 150) * PPU;
    expect(tipX).toBeCloseTo((100 - RECT.minX) * PPU, 1);
    expect(tipY).toBeGreaterThan(targetY);
    expect(tipY - targetY).toBeLessThan(5);
  });

  it('lists exactly the node types and link target types present in the legend', () => {
    const rows = withClass(s.marks, 'legend-type');
    const present = new Set([...TYPES, ...LINKS.map((l) => l[2])]);
    expect(rows.map((r) => r.attrs['data-type'])).toEqual(
      [...present].sort((a, b) => a - b).map((t) => nodeTypeLabel(T, t)),
    );
    const move = rows.find((r) => r.attrs['data-type'] === 'MOVE')!;
    expect(move.attrs['data-nodes']).toBe('3');
    expect(move.attrs['data-links']).toBe(String(LINKS.filter((l) => l[2] === T.MOVE).length));
    const drop = rows.find((r) => r.attrs['data-type'] === 'STAND_DROP')!;
    expect(drop.attrs['data-nodes']).toBe('0');
  });

  it('writes the same bytes twice, and the size the scale asks for', () => {
    const options = { rect: RECT, pixelsPerUnit: PPU };
    const a = renderNavSvg({ nav: NAV, title: 't', map: null }, options);
    expect(renderNavSvg({ nav: NAV, title: 't', map: null }, options)).toBe(a);
    const root = readMarks(a).root;
    const zoomed = readMarks(
      renderNavSvg({ nav: NAV, title: 't', map: null }, { ...options, scale: 3 }),
    ).root;
    expect(zoomed.viewBox).toBe(root.viewBox);
    expect(Number(zoomed.width)).toBe(Number(root.width) * 3);
    expect(Number(zoomed.height)).toBe(Number(root.height) * 3);
    expect(a).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(
      renderNavSvg({ nav: NAV, title: 't', map: null }, { ...options, standalone: false }),
    ).not.toContain('http:');
  });

  it('fits the picture around the nodes when no scale or area is given', () => {
    const fitted = readMarks(renderNavSvg({ nav: NAV, title: 't', map: null }));
    const nodes = nodeMarks(fitted);
    const { width, height } = fitted.panels[0];
    expect(Math.max(width, height)).toBeLessThanOrEqual(1100);
    expect(Math.max(width, height)).toBeGreaterThan(1000);
    // One scale for both axes, y flipped, every node inside the panel.
    const at = (i: number) => nodes.find((m) => m.attrs['data-node'] === String(i))!;
    const ppu = (Number(at(4).attrs.cx) - Number(at(3).attrs.cx)) / (300 - -50);
    expect((Number(at(0).attrs.cy) - Number(at(4).attrs.cy)) / 250).toBeCloseTo(ppu, 2);
    for (const m of nodes) {
      expect(Number(m.attrs.cx)).toBeGreaterThan(0);
      expect(Number(m.attrs.cx)).toBeLessThan(width);
      expect(Number(m.attrs.cy)).toBeGreaterThan(0);
      expect(Number(m.attrs.cy)).toBeLessThan(height);
    }
  });
});

describe('renderNavSvg: height bands', () => {
  // Nodes 0, 1 on the floor at 0; 2, 3 on a floor at 200 (origins 24 higher); 1 ↔ 2 is a stair.
  const nav = navOf(
    [
      [0, 0, 24],
      [100, 0, 24],
      [100, 100, 224],
      [0, 100, 224],
    ],
    [
      [0, 1],
      [1, 0],
      [1, 2],
      [2, 1],
      [2, 3],
      [3, 2],
    ],
  );
  const bands = [
    { from: -Infinity, to: 100 },
    { from: 100, to: Infinity },
  ];

  it('draws each node once, in the panel of the floor it stands on', () => {
    const s = render(nav, { bands });
    expect(s.panels).toHaveLength(2);
    const panelOf = Object.fromEntries(nodeMarks(s).map((m) => [m.attrs['data-node'], m.panel]));
    expect(panelOf).toEqual({ 0: 0, 1: 0, 2: 1, 3: 1 });
  });

  it('draws a link between two panels, dashed, in both', () => {
    const s = render(nav, { bands });
    const lines = withClass(s.marks, 'link');
    // 3 two-way lines, the stair drawn twice.
    expect(lines).toHaveLength(4);
    const cross = withClass(lines, 'cross-band');
    expect(cross.map((m) => m.panel)).toEqual([0, 1]);
    expect(cross.every((m) => m.attrs['data-from'] === '1' && m.attrs['data-to'] === '2')).toBe(
      true,
    );
    expect(cross.every((m) => m.attrs['stroke-dasharray'] !== undefined)).toBe(true);
  });

  it('leaves out what a --z range excludes', () => {
    const s = render(nav, { bands: [{ from: 150, to: 300 }] });
    expect(nodeMarks(s).map((m) => m.attrs['data-node'])).toEqual(['2', '3']);
    expect(withClass(s.marks, 'link')).toHaveLength(2);
  });

  it('chooses bands from stacked floors when none are given', () => {
    const map = mapOf([rectFloor(-64, -64, 512, 512, 0), rectFloor(-64, -64, 512, 512, 200)]);
    const s = readMarks(renderNavSvg({ nav, title: 't', map }));
    expect(s.panels).toHaveLength(2);
    expect(nodeMarks(s).map((m) => m.panel)).toEqual([0, 0, 1, 1]);
    // Each panel holds the floor of its band.
    const floors = s.marks.filter((m) => m.tag === 'polygon' && m.panel >= 0 && !m.classes.length);
    expect(floors.map((m) => m.panel)).toEqual([0, 1]);
  });
});

describe('renderNavSvg: map layers', () => {
  const map = mapOf([rectFloor(-100, -100, 400, 300, 0)], {
    liquids: [{ kind: 'water', top: [0, 0, -8, 64, 0, -8, 64, 64, -8], minZ: -128, maxZ: -8 }],
    ladders: [{ minX: 200, minY: 0, minZ: 0, maxX: 204, maxY: 32, maxZ: 128 }],
    spawns: [
      {
        classname: 'info_player_deathmatch',
        origin: [50, 50, 40],
        angle: 90,
        entity: 3,
        floorZ: 0,
      },
    ],
  });

  it('tints water and ladders and marks spawns, and says so in the legend', () => {
    const svg = renderNavSvg(
      { nav: NAV, title: 't', map },
      { rect: RECT, pixelsPerUnit: PPU, bands: [{ from: -Infinity, to: Infinity }] },
    );
    const s = readMarks(svg);
    expect(withClass(s.marks, 'liquid', 'water')).toHaveLength(1);
    const ladder = withClass(s.marks, 'ladder')[0];
    // 4 units thick is 8 pixels at this scale; 32 long is 64.
    expect(Number(ladder.attrs.width)).toBeCloseTo(8, 1);
    expect(Number(ladder.attrs.height)).toBeCloseTo(64, 1);
    const spawn = withClass(s.marks, 'spawn')[0];
    expect(spawn.attrs['data-entity']).toBe('3');
    // Facing 90° (north): the tip is straight above the origin on the picture.
    const [tipX, tipY] = spawn.attrs.points.split(' ')[0].split(',').map(Number);
    expect(tipX).toBeCloseTo((50 - RECT.minX) * PPU, 1);
    expect(tipY).toBeLessThan((RECT.maxY - 50) * PPU);
    expect(svg).toContain('>water</text>');
    expect(svg).toContain('>ladder</text>');
    expect(svg).not.toContain('>lava</text>');
  });
});

describe('renderNavSvg: overlay', () => {
  // Reference: nodes 0 and 1 as in NAV, a node far away (lost), 0 ↔ 1 and 1 → far.
  const reference = navOf(
    [
      [2, 0, 24],
      [100, 3, 24],
      [0, -90, 24],
    ],
    [
      [0, 1],
      [1, 0],
      [1, 2],
    ],
    [T.MOVE, T.JUMP, T.MOVE],
  );

  it('draws one square per reference node and rings per gained and retyped node', () => {
    const overlay = navOverlay(NAV, reference, { label: 'old.nav', mode: 'previous' });
    const s = readMarks(
      renderNavSvg(
        { nav: NAV, title: 't', map: null, overlay },
        { rect: RECT, pixelsPerUnit: PPU },
      ),
    );
    const squares = withClass(s.marks, 'ref-node');
    expect(squares.map((m) => `${m.attrs['data-ref']}:${m.attrs['data-match']}`)).toEqual([
      '0:matched',
      '1:matched',
      '2:lost',
    ]);
    // Nodes 2, 3, 4 of NAV have no partner; node 1 was a JUMP in the reference.
    expect(withClass(s.marks, 'overlay-ring', 'gained').map((m) => m.attrs['data-node'])).toEqual([
      '2',
      '3',
      '4',
    ]);
    const retyped = withClass(s.marks, 'overlay-ring', 'retyped');
    expect(retyped.map((m) => [m.attrs['data-node'], m.attrs['data-was']])).toEqual([
      ['1', 'JUMP'],
    ]);
    const lost = withClass(s.marks, 'overlay-link', 'lost');
    expect(lost.map((m) => `${m.attrs['data-from']}-${m.attrs['data-to']}`)).toEqual(['1-2']);
    const rows = Object.fromEntries(
      withClass(s.marks, 'legend-overlay').map((m) => [
        m.attrs['data-overlay'],
        m.attrs['data-count'],
      ]),
    );
    expect(rows).toMatchObject({ matched: '2', lost: '1', gained: '3', retyped: '1' });
  });
});
