/**
 * The PNG is the SVG drawn by resvg: its IHDR size is the SVG's size times the zoom, and the
 * pixels where nodes are drawn carry the node colour, not the background.
 */
import { describe, expect, it } from 'vitest';
import { defaultNodeTypes as T } from '../../../src/nav/node-types.js';
import type { Vec3 } from '../../../src/nav/types.js';
import { colours, nodeTypeColour } from '../../../src/sinks/render/palette.js';
import { svgToPng } from '../../../src/sinks/render/render-png.js';
import { renderNavSvg } from '../../../src/sinks/render/render-svg.js';
import { navOf } from '../../nav/nav-builder.js';
import { pngHeader, pngPixels } from './png-pixels.js';
import { readMarks, withClass } from './svg-marks.js';

const POINTS: Vec3[] = [
  [0, 0, 24],
  [200, 0, 24],
  [200, 150, 24],
];
const NAV = navOf(POINTS, [], [T.MOVE, T.JUMP, T.WATER]);
const RECT = { minX: -100, minY: -100, maxX: 300, maxY: 250 };
const PPU = 1;
const SVG = renderNavSvg(
  { nav: NAV, title: 'dots', map: null },
  { rect: RECT, pixelsPerUnit: PPU },
);

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function near(a: readonly number[], b: readonly number[], tolerance: number): boolean {
  return a.every((v, i) => i > 2 || Math.abs(v - b[i]) <= tolerance);
}

describe('svgToPng', () => {
  const marks = readMarks(SVG);
  const width = Number(marks.root.width);
  const height = Number(marks.root.height);

  it('has the SVG size times the zoom', () => {
    expect(Number.isInteger(width) && Number.isInteger(height)).toBe(true);
    expect(pngHeader(svgToPng(SVG))).toMatchObject({ width, height });
    expect(pngHeader(svgToPng(SVG, 2))).toMatchObject({ width: width * 2, height: height * 2 });
    expect(() => svgToPng(SVG, 0)).toThrow(RangeError);
  });

  it('draws each node in its colour where the SVG places it', () => {
    for (const zoom of [1, 2]) {
      const png = pngPixels(svgToPng(SVG, zoom));
      const panel = marks.panels[0];
      POINTS.forEach(([x, y], i) => {
        // Independent projection: panel offset + world offset × scale, y flipped, × zoom.
        const px = Math.round((panel.x + (x - RECT.minX) * PPU) * zoom);
        const py = Math.round((panel.y + (RECT.maxY - y) * PPU) * zoom);
        const colour = png.at(px, py);
        expect(near(colour, rgb(nodeTypeColour(T, NAV.nodes[i].type)), 40)).toBe(true);
        expect(near(colour, rgb(colours.background), 10)).toBe(false);
      });
      // Between the nodes: the panel's background.
      const px = Math.round((panel.x + (100 - RECT.minX) * PPU) * zoom);
      const py = Math.round((panel.y + (RECT.maxY - 100) * PPU) * zoom);
      expect(near(png.at(px, py), rgb(colours.background), 2)).toBe(true);
    }
  });

  it('is the same bytes every time', () => {
    expect(Buffer.from(svgToPng(SVG)).equals(Buffer.from(svgToPng(SVG)))).toBe(true);
    expect(withClass(marks.marks, 'node')).toHaveLength(3);
  });
});
