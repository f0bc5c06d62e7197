/**
 * The nav over the map, for one band: link lines coloured by link type (dashed when the other
 * end stands in another band, an arrow at the target of a one-way line), node dots coloured by
 * type (or by provenance) with a dark outline, and the nav test's findings: failed links red,
 * bad nodes ringed red, unreachable nodes ringed yellow.
 *
 * Each colour is one path stroked or filled once: 30,000 links are a few dozen canvas calls,
 * not 30,000.
 */
import { colours } from '../sinks/render/palette.js';
import type { ViewModel } from '../sinks/view/view-model.js';
import type { Projection } from './camera.js';
import type { Findings } from './findings.js';
import { PROVENANCE_COLOURS, PROVENANCE_UNKNOWN } from './layers.js';
import { nodeShownIn, type NavIndex } from './nav-index.js';
import { linkWidth, nodeRadius } from './nav-sizes.js';
import type { NodeIdentity } from './node-identity.js';

export const BAD_LINK_COLOUR = '#ff1744';
export const BAD_NODE_COLOUR = '#ff1744';
export const UNREACHABLE_COLOUR = '#ffd600';
/** Arrowheads only on lines at least this long on screen. [Units: CSS pixels] */
const MIN_ARROW_LINE = 14;
const ARROW_LENGTH = 6;
const ARROW_HALF_WIDTH = 2.6;
const LINK_OPACITY = 0.85;

export interface NavPicture {
  readonly model: ViewModel;
  readonly index: NavIndex;
  readonly band: number;
  readonly typeColour: (type: number) => string;
  readonly findings: Findings;
  readonly identity: NodeIdentity;
}

/** Whether segment (x1, y1)–(x2, y2) certainly misses the picture. */
function outside(p: Projection, x1: number, y1: number, x2: number, y2: number): boolean {
  return (
    (x1 < 0 && x2 < 0) ||
    (y1 < 0 && y2 < 0) ||
    (x1 > p.width && x2 > p.width) ||
    (y1 > p.height && y2 > p.height)
  );
}

interface Strokes {
  solid: number[];
  dashed: number[];
  arrows: number[];
}

export function drawLinks(ctx: CanvasRenderingContext2D, p: Projection, n: NavPicture): void {
  const { index, band } = n;
  const nav = index.nav;
  const xyz = nav.xyz;
  const { scale: s, originX: ox, originY: oy } = p;
  const byColour = new Map<string, Strokes>();
  for (let l = 0; l < index.lineCount; l++) {
    const a = index.lineA[l];
    const b = index.lineB[l];
    const showA = nodeShownIn(nav, a, band);
    const showB = nodeShownIn(nav, b, band);
    if (!showA && !showB) continue;
    const x1 = ox + xyz[3 * a] * s;
    const y1 = oy - xyz[3 * a + 1] * s;
    const x2 = ox + xyz[3 * b] * s;
    const y2 = oy - xyz[3 * b + 1] * s;
    if (outside(p, x1, y1, x2, y2)) continue;
    const colour = n.typeColour(index.lineType[l]);
    let strokes = byColour.get(colour);
    if (!strokes) byColour.set(colour, (strokes = { solid: [], dashed: [], arrows: [] }));
    (showA && showB ? strokes.solid : strokes.dashed).push(x1, y1, x2, y2);
    if (!index.lineTwoWay[l]) strokes.arrows.push(x1, y1, x2, y2);
  }
  const width = linkWidth(s);
  const back = nodeRadius(s) + 0.5;
  ctx.lineWidth = width;
  ctx.lineCap = 'butt';
  ctx.globalAlpha = LINK_OPACITY;
  for (const [colour, strokes] of byColour) {
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    segmentsPath(ctx, strokes.solid);
    ctx.stroke();
    if (strokes.dashed.length > 0) {
      ctx.setLineDash([3, 2]);
      segmentsPath(ctx, strokes.dashed);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.beginPath();
    const a = strokes.arrows;
    for (let k = 0; k < a.length; k += 4) arrowPath(ctx, a[k], a[k + 1], a[k + 2], a[k + 3], back);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

function segmentsPath(ctx: CanvasRenderingContext2D, xy: readonly number[]): void {
  ctx.beginPath();
  for (let k = 0; k < xy.length; k += 4) {
    ctx.moveTo(xy[k], xy[k + 1]);
    ctx.lineTo(xy[k + 2], xy[k + 3]);
  }
}

/** An arrowhead with its tip `back` pixels before the target's centre (on the dot's edge). */
export function arrowPath(
  ctx: CanvasRenderingContext2D,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  back: number,
): void {
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length < MIN_ARROW_LINE) return;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const tipX = x2 - ux * back;
  const tipY = y2 - uy * back;
  const baseX = tipX - ux * ARROW_LENGTH;
  const baseY = tipY - uy * ARROW_LENGTH;
  ctx.moveTo(tipX, tipY);
  ctx.lineTo(baseX - uy * ARROW_HALF_WIDTH, baseY + ux * ARROW_HALF_WIDTH);
  ctx.lineTo(baseX + uy * ARROW_HALF_WIDTH, baseY - ux * ARROW_HALF_WIDTH);
  ctx.closePath();
}

/** Node dots: one path per colour, filled and outlined. */
export function drawNodes(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  n: NavPicture,
  byProvenance: boolean,
): void {
  const { index, band, model } = n;
  const nav = index.nav;
  const xyz = nav.xyz;
  const { scale: s, originX: ox, originY: oy } = p;
  const r = nodeRadius(s);
  const byColour = new Map<string, number[]>();
  for (let i = 0; i < index.nodeCount; i++) {
    if (!nodeShownIn(nav, i, band)) continue;
    const x = ox + xyz[3 * i] * s;
    const y = oy - xyz[3 * i + 1] * s;
    if (x < -r || y < -r || x > p.width + r || y > p.height + r) continue;
    let colour: string;
    if (byProvenance) {
      const loaded = n.identity.loaded(i);
      const source = loaded >= 0 ? model.provenance?.source[loaded] : undefined;
      colour = (source !== undefined && PROVENANCE_COLOURS[source]) || PROVENANCE_UNKNOWN;
    } else colour = n.typeColour(nav.type[i]);
    let list = byColour.get(colour);
    if (!list) byColour.set(colour, (list = []));
    list.push(x, y);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = colours.outline;
  for (const [colour, xy] of byColour) {
    ctx.beginPath();
    for (let k = 0; k < xy.length; k += 2) {
      ctx.moveTo(xy[k] + r, xy[k + 1]);
      ctx.arc(xy[k], xy[k + 1], r, 0, 2 * Math.PI);
    }
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.stroke();
  }
}

/** Failed links of the nav test, red over the link lines. */
export function drawBadLinks(ctx: CanvasRenderingContext2D, p: Projection, n: NavPicture): void {
  const { index, band, findings, identity } = n;
  if (!findings.hasFailures()) return;
  const nav = index.nav;
  const xyz = nav.xyz;
  const { scale: s, originX: ox, originY: oy } = p;
  const arrows: number[] = [];
  ctx.beginPath();
  for (let l = 0; l < nav.from.length; l++) {
    const a = nav.from[l];
    const b = nav.to[l];
    if (!nodeShownIn(nav, a, band) && !nodeShownIn(nav, b, band)) continue;
    if (findings.linkFailures(identity.loaded(a), identity.loaded(b)).length === 0) continue;
    const x1 = ox + xyz[3 * a] * s;
    const y1 = oy - xyz[3 * a + 1] * s;
    const x2 = ox + xyz[3 * b] * s;
    const y2 = oy - xyz[3 * b + 1] * s;
    if (outside(p, x1, y1, x2, y2)) continue;
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    arrows.push(x1, y1, x2, y2);
  }
  ctx.lineWidth = linkWidth(s) + 1.5;
  ctx.strokeStyle = BAD_LINK_COLOUR;
  ctx.stroke();
  ctx.beginPath();
  const back = nodeRadius(s) + 0.5;
  for (let k = 0; k < arrows.length; k += 4)
    arrowPath(ctx, arrows[k], arrows[k + 1], arrows[k + 2], arrows[k + 3], back);
  ctx.fillStyle = BAD_LINK_COLOUR;
  ctx.fill();
}

/** Bad nodes ringed red, unreachable nodes ringed yellow. */
export function drawBadNodes(ctx: CanvasRenderingContext2D, p: Projection, n: NavPicture): void {
  const { index, band, findings, identity } = n;
  const nav = index.nav;
  const xyz = nav.xyz;
  const { scale: s, originX: ox, originY: oy } = p;
  const r = nodeRadius(s) + 3;
  const rings = [
    { set: findings.unreachable, colour: UNREACHABLE_COLOUR, r: r + 2 },
    { set: findings.badNodes, colour: BAD_NODE_COLOUR, r },
  ];
  ctx.lineWidth = 2;
  for (const ring of rings) {
    if (ring.set.size === 0) continue;
    ctx.beginPath();
    for (let i = 0; i < index.nodeCount; i++) {
      if (!nodeShownIn(nav, i, band) || !ring.set.has(identity.loaded(i))) continue;
      const x = ox + xyz[3 * i] * s;
      const y = oy - xyz[3 * i + 1] * s;
      ctx.moveTo(x + ring.r, y);
      ctx.arc(x, y, ring.r, 0, 2 * Math.PI);
    }
    ctx.strokeStyle = ring.colour;
    ctx.stroke();
  }
}
