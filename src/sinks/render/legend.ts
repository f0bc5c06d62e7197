/**
 * The legend beside the panels: one row per node type present (in nodes or as a link target
 * type, nothing else), the link styles, the map layers present, the overlay's categories with
 * their counts, and the scale bar. Rows carry classes and data attributes (`legend-type`,
 * `data-type`) so tests and scripts can read what the legend lists.
 */
import { colours, floorColour } from './palette.js';
import { scaleBarSvg } from './scale-bar.js';
import { escapeXml, num } from './svg-format.js';

/** One node type in the legend. */
export interface LegendType {
  /** Type number. [Limit: 0..255] */
  readonly type: number;
  /** Its name, or `#<number>`. */
  readonly label: string;
  readonly colour: string;
  /** Nodes of this type, and links with this target type. */
  readonly nodes: number;
  readonly links: number;
}

/** A category of the overlay: its swatch kind, colour, text and count. */
export interface LegendOverlayRow {
  readonly swatch: 'ring' | 'square' | 'line' | 'dashed';
  readonly colour: string;
  readonly text: string;
  readonly count: number;
  /** Machine name, written as `data-overlay`. */
  readonly key: string;
}

export interface LegendInput {
  readonly types: readonly LegendType[];
  readonly twoWayLines: number;
  readonly oneWayLines: number;
  /** Whether some link joins two panels (then its dashed style is explained). */
  readonly crossBand: boolean;
  readonly water: boolean;
  readonly slime: boolean;
  readonly lava: boolean;
  /** Whether the map has volumes that hurt (`trigger_hurt`). */
  readonly hurt?: boolean;
  readonly ladders: boolean;
  readonly spawns: number;
  /** Nodes the map alone gave (`fill`), drawn hollow; 0 leaves the row out. */
  readonly fromMap?: number;
  readonly overlayTitle: string | null;
  readonly overlay: readonly LegendOverlayRow[];
  /** For the scale bar. [Units: pixels per world unit] */
  readonly pixelsPerUnit: number;
}

/** Row pitch, and the extra space above a heading. [Units: pixels] */
const ROW = 18;
const HEADING_GAP = 8;

function swatch(kind: LegendOverlayRow['swatch'], x: number, y: number, colour: string): string {
  switch (kind) {
    case 'ring':
      return `<circle cx="${num(x + 8)}" cy="${num(y)}" r="5" fill="none" stroke="${colour}" stroke-width="1.6"/>`;
    case 'square':
      return `<rect x="${num(x + 4)}" y="${num(y - 4)}" width="8" height="8" fill="none" stroke="${colour}" stroke-width="1.4"/>`;
    case 'line':
      return `<path d="M${num(x)} ${num(y)}H${num(x + 16)}" stroke="${colour}" stroke-width="2"/>`;
    case 'dashed':
      return `<path d="M${num(x)} ${num(y)}H${num(x + 16)}" stroke="${colour}" stroke-width="1.6" stroke-dasharray="4 2"/>`;
  }
}

/** The legend with its top-left corner at (x, y), at most `width` wide; returns the SVG and its height. [Units: pixels] */
export function legendSvg(
  x: number,
  y: number,
  width: number,
  input: LegendInput,
): { svg: string; height: number } {
  const out: string[] = ['<g class="legend">'];
  let at = y;
  const heading = (text: string) => {
    at += ROW + (at > y ? HEADING_GAP : 0);
    out.push(
      `<text x="${num(x)}" y="${num(at)}" font-size="13" font-weight="bold" fill="${colours.text}">${escapeXml(text)}</text>`,
    );
    at += 4;
  };
  const text = (tx: number, content: string, cls = '') =>
    `<text x="${num(tx)}" y="${num(at + 4)}" font-size="12" fill="${colours.text}"${cls}>${escapeXml(content)}</text>`;

  heading('Node types');
  for (const t of input.types) {
    at += ROW;
    out.push(
      `<g class="legend-type" data-type="${escapeXml(t.label)}" data-nodes="${t.nodes}" data-links="${t.links}">`,
    );
    if (t.links > 0)
      out.push(
        `<path d="M${num(x)} ${num(at)}H${num(x + 16)}" stroke="${t.colour}" stroke-width="2"/>`,
      );
    if (t.nodes > 0)
      out.push(
        `<circle cx="${num(x + 8)}" cy="${num(at)}" r="3.5" fill="${t.colour}" stroke="${colours.outline}" stroke-width="0.8"/>`,
      );
    const counts = [t.nodes > 0 ? `${t.nodes} nodes` : '', t.links > 0 ? `${t.links} links` : '']
      .filter((s) => s !== '')
      .join(', ');
    out.push(text(x + 24, `${t.label}  ${counts}`), '</g>');
  }

  if ((input.fromMap ?? 0) > 0) {
    at += ROW;
    out.push(
      `<g class="legend-source" data-source="map" data-nodes="${input.fromMap}">` +
        `<circle cx="${num(x + 8)}" cy="${num(at)}" r="3.5" fill="${colours.background}" stroke="${colours.text}" stroke-width="1.2"/>`,
    );
    out.push(text(x + 24, `hollow: from the map (fill)  ${input.fromMap}`), '</g>');
  }

  heading('Links');
  at += ROW;
  out.push(
    `<path d="M${num(x)} ${num(at)}H${num(x + 16)}" stroke="${colours.text}" stroke-width="1"/>`,
  );
  out.push(text(x + 24, `two-way (one line for both)  ${input.twoWayLines}`));
  at += ROW;
  out.push(
    `<path d="M${num(x)} ${num(at)}H${num(x + 12)}" stroke="${colours.text}" stroke-width="1.4"/>`,
  );
  out.push(
    `<path d="M${num(x + 16)} ${num(at)}L${num(x + 10)} ${num(at - 3)}V${num(at + 3)}Z" fill="${colours.text}"/>`,
  );
  out.push(text(x + 24, `one-way, arrow at the target  ${input.oneWayLines}`));
  if (input.crossBand) {
    at += ROW;
    out.push(
      `<path d="M${num(x)} ${num(at)}H${num(x + 16)}" stroke="${colours.text}" stroke-width="1" stroke-dasharray="3 2"/>`,
    );
    out.push(text(x + 24, 'to a node in another panel'));
  }
  at += 4;
  out.push(
    `<text x="${num(x)}" y="${num(at + ROW)}" font-size="11" fill="${colours.mutedText}">colour: the link's target type</text>`,
  );
  at += ROW;

  heading('Map');
  at += ROW;
  const ramp = 8;
  for (let i = 0; i < ramp; i++) {
    const c = i / (ramp - 1);
    out.push(
      `<rect x="${num(x + i * 2)}" y="${num(at - 5)}" width="2" height="10" fill="${floorColour(c)}"/>`,
    );
  }
  out.push(text(x + 24, 'floors, dark = low, light = high'));
  const area = (colour: string, opacity: number, label: string) => {
    at += ROW;
    out.push(
      `<rect x="${num(x)}" y="${num(at - 5)}" width="16" height="10" fill="${colour}" fill-opacity="${opacity}" stroke="${colour}"/>`,
    );
    out.push(text(x + 24, label));
  };
  if (input.water) area(colours.water, 0.6, 'water');
  if (input.slime) area(colours.slime, 0.6, 'slime');
  if (input.lava) area(colours.lava, 0.6, 'lava');
  if (input.hurt) area(colours.hurt, 0.6, 'hurts (trigger_hurt)');
  if (input.ladders) area(colours.ladder, 0.9, 'ladder');
  if (input.spawns > 0) {
    at += ROW;
    out.push(
      `<path d="M${num(x + 15)} ${num(at)}L${num(x + 3)} ${num(at - 5)}L${num(x + 3)} ${num(at + 5)}Z" fill="${colours.spawn}" stroke="${colours.outline}" stroke-width="1"/>`,
    );
    out.push(text(x + 24, `spawn points  ${input.spawns}  (tip: facing)`));
  }

  if (input.overlayTitle !== null) {
    heading(input.overlayTitle);
    for (const row of input.overlay) {
      at += ROW;
      out.push(`<g class="legend-overlay" data-overlay="${row.key}" data-count="${row.count}">`);
      out.push(
        swatch(row.swatch, x, at, row.colour),
        text(x + 24, `${row.text}  ${row.count}`),
        '</g>',
      );
    }
  }

  heading('Scale');
  at += ROW;
  out.push(scaleBarSvg(x, at + 2, input.pixelsPerUnit, width - 90, colours.text));
  at += 8;
  out.push('</g>');
  return { svg: out.join(''), height: at - y };
}
