/**
 * One panel of a picture: the SVG elements of one height band, collected by layer while the
 * map, the nav and the overlay are drawn, then written in a fixed order (floors at the bottom,
 * spawn marks on top). A panel is a nested `<svg class="panel">`: its own coordinate system
 * (panel pixels, see `top-down-view.ts`) and a clip at its edges.
 */
import type { Vec3 } from '../../nav/types.js';
import { bandIndexOf, bandLabel, standingHeight, type HeightBand } from './height-band.js';
import { colours } from './palette.js';
import { escapeXml, num, units } from './svg-format.js';
import { projectX, projectY, type TopDownView } from './top-down-view.js';

/** Height of the caption line above a panel. [Units: pixels] */
export const PANEL_CAPTION = 24;

export class Panel {
  readonly floors: string[] = [];
  /** Liquids and ladders. */
  readonly areas: string[] = [];
  readonly lostLinks: string[] = [];
  readonly links: string[] = [];
  readonly arrows: string[] = [];
  readonly gainedLinks: string[] = [];
  readonly refNodes: string[] = [];
  readonly nodes: string[] = [];
  readonly rings: string[] = [];
  readonly spawns: string[] = [];
  /** Lowest and highest mean height of the floors drawn. [Units: world units] */
  floorLow = Infinity;
  floorHigh = -Infinity;

  constructor(
    readonly view: TopDownView,
    readonly band: HeightBand,
  ) {}

  /** Panel x of world x, formatted. */
  x(wx: number): string {
    return num(projectX(this.view, wx));
  }

  /** Panel y of world y, formatted. */
  y(wy: number): string {
    return num(projectY(this.view, wy));
  }

  /** `points` of a world polygon. [Form: (x, y, z) × corners] */
  polygon(xyz: readonly number[]): string {
    const out: string[] = [];
    for (let i = 0; i < xyz.length; i += 3) out.push(`${this.x(xyz[i])},${this.y(xyz[i + 1])}`);
    return out.join(' ');
  }

  /** The caption and the panel, panel `k` of `count`, with its top-left corner at (x, y). [Units: pixels] */
  toSvg(k: number, count: number, x: number, y: number): string {
    const v = this.view;
    const heights =
      this.floorLow <= this.floorHigh
        ? `  ·  floor heights ${units(this.floorLow)} … ${units(this.floorHigh)}`
        : '';
    const caption = `${count > 1 ? `Panel ${k + 1} of ${count}: ` : ''}${bandLabel(this.band)}${heights}`;
    const group = (attrs: string, items: string[]) =>
      items.length ? `<g ${attrs}>${items.join('')}</g>` : '';
    return [
      `<text x="${x}" y="${y + 16}" font-size="13" fill="${colours.text}">${escapeXml(caption)}</text>`,
      `<svg class="panel" data-band="${k}" data-from="${this.band.from}" data-to="${this.band.to}" ` +
        `data-min-x="${v.rect.minX}" data-max-y="${v.rect.maxY}" data-pixels-per-unit="${v.pixelsPerUnit}" ` +
        `x="${x}" y="${y + PANEL_CAPTION}" width="${v.width}" height="${v.height}" viewBox="0 0 ${v.width} ${v.height}">`,
      `<rect class="panel-frame" width="${v.width}" height="${v.height}" fill="${colours.background}" stroke="${colours.frame}"/>`,
      group('class="floors" stroke-width="0.7" stroke-linejoin="round"', this.floors),
      group('class="areas"', this.areas),
      group(
        `class="overlay-links lost" stroke="${colours.lost}" stroke-width="1.2" stroke-dasharray="4 2"`,
        this.lostLinks,
      ),
      group('class="links" stroke-width="1" stroke-opacity="0.6"', this.links),
      group('class="arrows"', this.arrows),
      group(
        `class="overlay-links gained" stroke="${colours.gained}" stroke-width="1.2" stroke-opacity="0.8"`,
        this.gainedLinks,
      ),
      group('class="ref-nodes" fill="none" stroke-width="1.3"', this.refNodes),
      group(`class="nodes" stroke="${colours.outline}" stroke-width="0.6"`, this.nodes),
      group('class="overlay-rings" fill="none" stroke-width="1.4"', this.rings),
      group('class="spawns"', this.spawns),
      '</svg>',
    ].join('\n');
  }
}

/** Panel index of each node (by the floor it stands on), -1 for a node in no band. */
export function nodePanels(
  nodes: readonly { origin: Vec3 }[],
  bands: readonly HeightBand[],
): Int32Array {
  return Int32Array.from(nodes, (n) => bandIndexOf(bands, standingHeight(n.origin)));
}

/** The panels (distinct, ascending) a line between nodes in panels `a` and `b` is drawn in. */
export function linePanels(a: number, b: number): number[] {
  if (a === b) return a < 0 ? [] : [a];
  return [a, b].filter((i) => i >= 0).sort((x, y) => x - y);
}
