/**
 * Every fixture map that has an engine-written nav, drawn with that nav: the picture holds one
 * dot per node at its projected place, the links the nav has, a legend with exactly its types,
 * nodes on the floors of their own panel, and a PNG of the right size with the nodes visible.
 * Pictures go to a temporary folder (kept only while the suite runs).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultNodeTypes as T, nodeTypeLabel } from '../../../src/nav/node-types.js';
import type { NavFile } from '../../../src/nav/types.js';
import { readNavFile } from '../../../src/nav/formats/aqtion/read-nav.js';
import { clipToBand } from '../../../src/sinks/render/clip-to-band.js';
import { coversPoint } from '../../../src/sinks/render/floor-polygon.js';
import { ltkAsNav } from '../../../src/sinks/render/ltk-as-nav.js';
import { navOverlay } from '../../../src/sinks/render/nav-overlay.js';
import { colours } from '../../../src/sinks/render/palette.js';
import { readRenderMap, type RenderMap } from '../../../src/sinks/render/render-map.js';
import { svgToPng } from '../../../src/sinks/render/render-png.js';
import { renderNavSvg } from '../../../src/sinks/render/render-svg.js';
import { readLtk } from '../../../src/sources/ltk/read-ltk.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';
import { pngHeader, pngPixels } from './png-pixels.js';
import { readMarks, withClass, type PanelPlace } from './svg-marks.js';

const MAPS = ['beer', 'city', 'simplicity', 'urbanjungle', 'wizs'];

let out: string;
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'navgen-render-'));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The lines a nav should draw: pairs with links both ways once, one-way links once. */
function expectedLines(nav: NavFile): [number, number][] {
  const links = new Set<string>();
  nav.nodes.forEach((n, from) => {
    for (const l of n.links) if (l.target !== from) links.add(`${from},${l.target}`);
  });
  const lines: [number, number][] = [];
  for (const key of links) {
    const [a, b] = key.split(',').map(Number);
    if (links.has(`${b},${a}`) && b < a) continue;
    lines.push([a, b]);
  }
  return lines;
}

function panelOfHeight(panels: readonly PanelPlace[], floorZ: number): number {
  return panels.findIndex(
    (p) => floorZ >= Number(p.attrs['data-from']) && floorZ < Number(p.attrs['data-to']),
  );
}

/**
 * Whether a floor of `panel`'s band lies under the player box of a node at (x, y) (32 units
 * square: a player on a ledge's edge has its centre over the drop), at most 64 units below the
 * node's feet.
 */
function floorUnder(
  map: RenderMap,
  panel: PanelPlace,
  x: number,
  y: number,
  feet: number,
): boolean {
  const band = { from: Number(panel.attrs['data-from']), to: Number(panel.attrs['data-to']) };
  const box = [
    [x, y],
    [x - 16, y - 16],
    [x + 16, y - 16],
    [x + 16, y + 16],
    [x - 16, y + 16],
  ];
  for (let f = 0; f < map.floorCount; f++) {
    const polygon = clipToBand(map.floorPositions, map.floorStart[f], map.floorStart[f + 1], band);
    if (polygon.length === 0) continue;
    if (!box.some(([px, py]) => coversPoint(polygon, 0, polygon.length / 3, px, py))) continue;
    const zs = polygon.filter((_, i) => i % 3 === 2);
    if (Math.min(...zs) <= feet + 1 && Math.max(...zs) >= feet - 64) return true;
  }
  return false;
}

describeFixtures('render every fixture map with its engine nav', () => {
  for (const name of MAPS) {
    it(`${name}: one dot per node at its place, its links, its types, a PNG of the right size`, async () => {
      const map = await readRenderMap(fixture('maps', `${name}.bsp`));
      const nav = (await readNavFile(fixture('nav', `${name}.autogen.nav`))).nav;
      const started = performance.now();
      const svg = renderNavSvg({ nav, title: `${name}.autogen.nav`, map });
      const seconds = (performance.now() - started) / 1000;
      expect(seconds).toBeLessThan(4);
      const png = svgToPng(svg);
      writeFileSync(join(out, `${name}.svg`), svg);
      writeFileSync(join(out, `${name}.png`), png);

      const s = readMarks(svg);
      expect(s.panels.length).toBeGreaterThanOrEqual(1);
      const nodes = withClass(s.marks, 'node').filter((m) => m.tag === 'circle');
      expect(nodes).toHaveLength(nav.nodes.length);
      const panelOfNode = new Int32Array(nav.nodes.length).fill(-1);
      for (const m of nodes) {
        const i = Number(m.attrs['data-node']);
        expect(panelOfNode[i]).toBe(-1);
        panelOfNode[i] = m.panel;
        const [x, y, z] = nav.nodes[i].origin;
        const p = s.panels[m.panel];
        expect(m.panel).toBe(panelOfHeight(s.panels, z - 24));
        const ppu = Number(p.attrs['data-pixels-per-unit']);
        expect(Number(m.attrs.cx)).toBeCloseTo((x - Number(p.attrs['data-min-x'])) * ppu, 1);
        expect(Number(m.attrs.cy)).toBeCloseTo((Number(p.attrs['data-max-y']) - y) * ppu, 1);
        expect(Number(m.attrs.cx)).toBeGreaterThan(0);
        expect(Number(m.attrs.cx)).toBeLessThan(p.width);
        expect(Number(m.attrs.cy)).toBeGreaterThan(0);
        expect(Number(m.attrs.cy)).toBeLessThan(p.height);
      }

      // Links: one line per pair or one-way link, twice when its ends are in two panels.
      const lines = expectedLines(nav);
      const drawn = lines.reduce((n, [a, b]) => n + (panelOfNode[a] === panelOfNode[b] ? 1 : 2), 0);
      expect(withClass(s.marks, 'link')).toHaveLength(drawn);

      const present = new Set(
        nav.nodes.flatMap((n) => [n.type, ...n.links.map((l) => l.targetType)]),
      );
      expect(withClass(s.marks, 'legend-type').map((m) => m.attrs['data-type'])).toEqual(
        [...present].sort((a, b) => a - b).map((t) => nodeTypeLabel(T, t)),
      );
      expect(withClass(s.marks, 'spawn')).toHaveLength(map.spawns.length);

      // Walking nodes stand on floors of their own panel (the engine places them 24 above a
      // floor); swimming (WATER) nodes float.
      const walking = nodes.filter((m) => nav.nodes[Number(m.attrs['data-node'])].type !== T.WATER);
      const onFloor = walking.filter((m) => {
        const [x, y, z] = nav.nodes[Number(m.attrs['data-node'])].origin;
        return floorUnder(map, s.panels[m.panel], x, y, z - 24);
      }).length;
      expect(onFloor / walking.length).toBeGreaterThan(0.95);

      const header = pngHeader(png);
      expect(header).toMatchObject({ width: Number(s.root.width), height: Number(s.root.height) });
      const pixels = pngPixels(png);
      const background = [1, 3, 5].map((k) => parseInt(colours.background.slice(k, k + 2), 16));
      for (const m of nodes.filter((_, k) => k % 97 === 0)) {
        const p = s.panels[m.panel];
        const [r, g, b] = pixels.at(
          Math.round(p.x + Number(m.attrs.cx)),
          Math.round(p.y + Number(m.attrs.cy)),
        );
        expect([r, g, b]).not.toEqual(background);
      }
    });
  }

  it('beer with the human LTK waypoints overlaid: one square per waypoint', async () => {
    const map = await readRenderMap(fixture('maps', 'beer.bsp'));
    const nav = (await readNavFile(fixture('nav', 'beer.autogen.nav'))).nav;
    const ltk = await readLtk(fixture('ltk', 'beer.ltk'));
    const overlay = navOverlay(nav, ltkAsNav(ltk, T), { label: 'beer.ltk' });
    const svg = renderNavSvg({ nav, title: 'beer', map, overlay });
    writeFileSync(join(out, 'beer-vs-ltk.svg'), svg);
    const s = readMarks(svg);
    const squares = withClass(s.marks, 'ref-node');
    expect(squares).toHaveLength(ltk.nodeCount);
    expect(
      withClass(squares, 'ref-node').filter((m) => m.attrs['data-match'] === 'lost'),
    ).toHaveLength(overlay.lostNodes.length);
    expect(withClass(s.marks, 'overlay-ring', 'gained').length).toBe(overlay.gainedNodes.length);
    // The autogen nav covers most of where people put waypoints, but not everything.
    expect(overlay.lostNodes.length).toBeGreaterThan(0);
    expect(overlay.lostNodes.length).toBeLessThan(ltk.nodeCount / 2);
    expect(svg).toContain('Compared with beer.ltk');
  });
});
