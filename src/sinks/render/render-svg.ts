/**
 * The top-down picture of a nav over its map, as SVG text: one panel per height band (floors
 * shaded by height, liquids and ladders tinted, links, nodes coloured by type, spawn points),
 * a legend with the types present, a scale bar, and optionally a second graph overlaid.
 *
 * Like a floor plan of a building: each storey on its own sheet, the same scale on every sheet.
 *
 * Recognisable marks, for tests and scripts (each panel is a nested `<svg class="panel">` at its
 * place, which also clips what lies outside; coordinates inside are panel pixels, see
 * `top-down-view.ts`):
 * - every node drawn is one `<circle class="node" data-node="i" data-type="NAME">` at its
 *   projected origin, in the panel of the floor it stands on;
 * - every link line is one `<line class="link two-way|one-way">` (see `link-lines.ts` for how
 *   pairs are merged), one-way lines also get a `<polygon class="arrow">`; a line whose ends lie
 *   in two panels is drawn, dashed and with the class `cross-band`, in both;
 * - overlay marks: `<rect class="ref-node">` per reference node, `<circle class="overlay-ring">`,
 *   `<line class="overlay-link gained|lost">`.
 *
 * Deterministic: elements come in index order (floors by height, then face order), every
 * number goes through `svg-format.ts`, and nothing depends on the clock or the machine.
 */
import { defaultNodeTypes, nodeTypeLabel, type NodeTypeTable } from '../../nav/node-types.js';
import type { NavFile } from '../../nav/types.js';
import { chooseHeightBands, type HeightBandOptions } from './choose-height-bands.js';
import { drawMap } from './draw-map.js';
import { drawNav } from './draw-nav.js';
import { drawOverlay, overlayRows, overlayTitle } from './draw-overlay.js';
import { drawNavtest, navtestRows, navtestTitle, type NavtestMarks } from './draw-navtest.js';
import { ALL_HEIGHTS, type HeightBand } from './height-band.js';
import { legendSvg, type LegendType } from './legend.js';
import type { NavOverlay } from './nav-overlay.js';
import { colours, nodeTypeColour } from './palette.js';
import { nodePanels, Panel, PANEL_CAPTION } from './panel.js';
import type { RenderMap } from './render-map.js';
import { escapeXml, num } from './svg-format.js';
import { fitScale, rectAround, viewOf, type WorldRect } from './top-down-view.js';

/** What to draw. */
export interface NavPictureInput {
  readonly nav: NavFile;
  /** Headline, usually the nav file's name. */
  readonly title: string;
  /** The map under the nav; null draws the graph on a plain background. */
  readonly map: RenderMap | null;
  readonly overlay?: NavOverlay | null;
  /** What a nav test found (`draw-navtest.ts`); not together with `overlay`. */
  readonly navtest?: NavtestMarks | null;
  /** Names and colours of type numbers. */
  readonly nodeTypes?: NodeTypeTable;
  /** Per node, 1 when the map alone gave it (`fill`): drawn hollow. Absent: all from demos. */
  readonly fromMap?: Uint8Array | null;
}

export interface NavPictureOptions {
  /** Bands to draw, sorted and disjoint; null: chosen from the floors (`choose-height-bands.ts`). */
  bands: readonly HeightBand[] | null;
  /** Tuning of the automatic bands. */
  bandOptions: Partial<HeightBandOptions>;
  /** Drawing scale; null: the longer side of a panel is `panelSize`. [Units: pixels per world unit; Limit: > 0] */
  pixelsPerUnit: number | null;
  /** [Units: pixels; Limit: > 0] */
  panelSize: number;
  /** The world area of every panel; null: around everything drawn, plus a margin. */
  rect: WorldRect | null;
  /** Multiplies the `width` and `height` attributes (the view box stays): the picture's zoom. [Limit: > 0] */
  scale: number;
  /** True: a file of its own (`xmlns`); false: inline in HTML, with no namespace URL. */
  standalone: boolean;
}

export const navPictureDefaults: Readonly<NavPictureOptions> = Object.freeze({
  bands: null,
  bandOptions: {},
  pixelsPerUnit: null,
  panelSize: 1100,
  rect: null,
  scale: 1,
  standalone: true,
});

/** Space around everything drawn. [Units: world units] */
const WORLD_MARGIN = 64;
/** [Units: pixels] */
const MARGIN = 16;
const HEADER = 52;
const LEGEND_WIDTH = 270;
const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';

/** The bands a picture of `input` has under `options`. */
export function pictureBands(
  input: NavPictureInput,
  options: Partial<NavPictureOptions> = {},
): readonly HeightBand[] {
  if (options.bands) return options.bands;
  return input.map ? chooseHeightBands(input.map, options.bandOptions) : [ALL_HEIGHTS];
}

/** The world rectangle around floors, liquids, ladders, spawns and all nodes drawn. */
export function pictureRect(input: NavPictureInput): WorldRect {
  const xy: [number, number][] = [];
  const m = input.map;
  if (m) {
    const p = m.floorPositions;
    for (let i = 0; i < p.length; i += 3) xy.push([p[i], p[i + 1]]);
    for (const l of m.liquids)
      for (let i = 0; i < l.top.length; i += 3) xy.push([l.top[i], l.top[i + 1]]);
    for (const b of m.ladders) xy.push([b.minX, b.minY], [b.maxX, b.maxY]);
    for (const s of m.spawns) xy.push([s.origin[0], s.origin[1]]);
  }
  for (const n of input.nav.nodes) xy.push([n.origin[0], n.origin[1]]);
  for (const n of input.overlay?.reference.nodes ?? []) xy.push([n.origin[0], n.origin[1]]);
  return (
    rectAround(xy, WORLD_MARGIN) ?? {
      minX: -WORLD_MARGIN,
      minY: -WORLD_MARGIN,
      maxX: WORLD_MARGIN,
      maxY: WORLD_MARGIN,
    }
  );
}

/** Renders the picture (see the module comment). */
export function renderNavSvg(
  input: NavPictureInput,
  options: Partial<NavPictureOptions> = {},
): string {
  const o = { ...navPictureDefaults, ...options };
  if (!(o.scale > 0) || !Number.isFinite(o.scale))
    throw new RangeError(`scale ${o.scale} must be > 0`);
  const table = input.nodeTypes ?? defaultNodeTypes;
  const bands = pictureBands(input, o);
  const rect = o.rect ?? pictureRect(input);
  const view = viewOf(rect, o.pixelsPerUnit ?? fitScale(rect, o.panelSize));
  const panels = bands.map((band) => new Panel(view, band));
  const nav = input.nav;
  const nodePanel = nodePanels(nav.nodes, bands);

  if (input.map) drawMap(input.map, panels);
  const fromMap = input.fromMap ?? null;
  const { lines, crossBand } = drawNav(nav, nodePanel, panels, table, fromMap);
  if (input.overlay) drawOverlay(input.overlay, nav, bands, nodePanel, panels, table);
  if (input.navtest) drawNavtest(input.navtest, nav, nodePanel, panels);

  // Layout: landscape panels stack downwards, portrait ones side by side.
  const downwards = view.width >= view.height;
  const placed = panels.map((_, k) => ({
    x: MARGIN + (downwards ? 0 : k * (view.width + MARGIN)),
    y: MARGIN + HEADER + (downwards ? k * (view.height + PANEL_CAPTION + MARGIN) : 0),
  }));
  const panelsWidth = downwards
    ? view.width
    : panels.length * view.width + (panels.length - 1) * MARGIN;
  const panelsHeight = downwards
    ? panels.length * (view.height + PANEL_CAPTION) + (panels.length - 1) * MARGIN
    : view.height + PANEL_CAPTION;
  const legendX = MARGIN + panelsWidth + MARGIN;
  const legend = legendSvg(legendX, MARGIN + HEADER, LEGEND_WIDTH, {
    types: legendTypes(nav, table),
    twoWayLines: lines.filter((l) => l.twoWay).length,
    oneWayLines: lines.filter((l) => !l.twoWay).length,
    crossBand,
    water: input.map?.liquids.some((l) => l.kind === 'water') ?? false,
    slime: input.map?.liquids.some((l) => l.kind === 'slime') ?? false,
    lava: input.map?.liquids.some((l) => l.kind === 'lava') ?? false,
    hurt: (input.map?.hurts.length ?? 0) > 0,
    ladders: (input.map?.ladders.length ?? 0) > 0,
    spawns: input.map?.spawns.length ?? 0,
    fromMap: fromMap ? fromMap.reduce((n, v) => n + (v ? 1 : 0), 0) : 0,
    overlayTitle: input.overlay
      ? overlayTitle(input.overlay)
      : input.navtest
        ? navtestTitle(input.navtest)
        : null,
    overlay: input.overlay
      ? overlayRows(input.overlay)
      : input.navtest
        ? navtestRows(input.navtest)
        : [],
    pixelsPerUnit: view.pixelsPerUnit,
  });
  const width = Math.ceil(legendX + LEGEND_WIDTH + MARGIN);
  const height = Math.ceil(MARGIN + HEADER + Math.max(panelsHeight, legend.height) + MARGIN);

  const links = nav.nodes.reduce((s, n) => s + n.links.length, 0);
  const subtitle = [
    input.map ? `map ${baseName(input.map.file)}` : 'no map',
    `${nav.nodes.length} nodes`,
    `${links} links`,
    `${panels.length} panel${panels.length === 1 ? '' : 's'}`,
    `1 px = ${num(1 / view.pixelsPerUnit)} units`,
  ].join('  ·  ');

  const out: string[] = [];
  out.push(
    `<svg${o.standalone ? ' xmlns="http://www.w3.org/2000/svg"' : ''} class="nav-picture" ` +
      `width="${num(width * o.scale)}" height="${num(height * o.scale)}" viewBox="0 0 ${width} ${height}" ` +
      `font-family="${FONT}" data-pixels-per-unit="${view.pixelsPerUnit}" data-panels="${panels.length}">`,
    `<title>${escapeXml(input.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="${colours.background}"/>`,
    `<text x="${MARGIN}" y="${MARGIN + 18}" font-size="20" font-weight="bold" fill="${colours.text}">${escapeXml(input.title)}</text>`,
    `<text x="${MARGIN}" y="${MARGIN + 40}" font-size="13" fill="${colours.mutedText}">${escapeXml(subtitle)}</text>`,
  );
  panels.forEach((p, k) => out.push(p.toSvg(k, panels.length, placed[k].x, placed[k].y)));
  out.push(legend.svg, '</svg>');
  return out.join('\n') + '\n';
}

function baseName(path: string): string {
  return path.replace(/^.*[\\/]/, '');
}

/** Legend rows: every type number used by a node or as a link target type, ascending. */
function legendTypes(nav: NavFile, table: NodeTypeTable): LegendType[] {
  const nodes = new Map<number, number>();
  const links = new Map<number, number>();
  for (const n of nav.nodes) {
    nodes.set(n.type, (nodes.get(n.type) ?? 0) + 1);
    for (const l of n.links) links.set(l.targetType, (links.get(l.targetType) ?? 0) + 1);
  }
  return [...new Set([...nodes.keys(), ...links.keys()])]
    .sort((a, b) => a - b)
    .map((type) => ({
      type,
      label: nodeTypeLabel(table, type),
      colour: nodeTypeColour(table, type),
      nodes: nodes.get(type) ?? 0,
      links: links.get(type) ?? 0,
    }));
}
