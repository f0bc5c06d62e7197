/**
 * The map under the nav, for one band: floors shaded by height, water and ladders (the
 * `floors` layer), lava, slime and hurt volumes (`hazards`), coverage holes (`holes`) and
 * spawn points (`spawns`). Colours and opacities are the pictures' (`sinks/render/palette.ts`),
 * so the viewer and the report's pictures agree.
 */
import { colours, floorColour, LADDER_OPACITY, LIQUID_OPACITY } from '../sinks/render/palette.js';
import type { ViewBox, ViewModel } from '../sinks/view/view-model.js';
import type { Projection } from './camera.js';

/** The floors of one band in drawing order, each with its shade. */
export interface BandFloors {
  /** Polygon indices, lowest floor first (ties: model order). */
  readonly polygons: Int32Array;
  /** Per entry of `polygons`: its fill. */
  readonly colours: readonly string[];
}

/** Smallest drawn side of a box, so a ladder a few units thick still shows. [Units: CSS pixels] */
const MIN_BOX_SIDE = 3;
/** Spawn mark: a diamond this far from its centre to each corner. [Units: CSS pixels] */
const SPAWN_SIZE = 5;
export const HOLE_COLOUR = '#ff9100';

/**
 * The band's floors in drawing order. Shades go by rank among the band's distinct heights
 * (whole units), as the pictures shade them (`render/draw-map.ts`): one deep pit would
 * otherwise squeeze every other floor into one shade.
 */
export function bandFloors(model: ViewModel, band: number): BandFloors {
  const f = model.floors;
  const list: number[] = [];
  for (let i = 0; i < f.band.length; i++) if (f.band[i] === band) list.push(i);
  list.sort((a, b) => f.z[a] - f.z[b] || a - b);
  const levels = [...new Set(list.map((i) => Math.round(f.z[i])))];
  const rank = new Map(levels.map((z, i) => [z, i]));
  const shade = (z: number) =>
    floorColour(levels.length > 1 ? rank.get(Math.round(z))! / (levels.length - 1) : 0.5);
  return { polygons: Int32Array.from(list), colours: list.map((i) => shade(f.z[i])) };
}

/**
 * Floors, batched: consecutive polygons of one shade are one path, filled and stroked in their
 * own colour (the stroke closes the hairline seams anti-aliasing leaves between neighbours).
 */
export function drawFloors(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  model: ViewModel,
  floors: BandFloors,
): void {
  const { start, xy } = model.floors;
  const { scale: s, originX: ox, originY: oy } = p;
  ctx.lineWidth = 1;
  ctx.lineJoin = 'round';
  let k = 0;
  while (k < floors.polygons.length) {
    const colour = floors.colours[k];
    ctx.beginPath();
    for (; k < floors.polygons.length && floors.colours[k] === colour; k++) {
      const poly = floors.polygons[k];
      const end = start[poly + 1];
      for (let q = start[poly]; q < end; q++) {
        const x = ox + xy[2 * q] * s;
        const y = oy - xy[2 * q + 1] * s;
        if (q === start[poly]) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.closePath();
    }
    ctx.fillStyle = colour;
    ctx.strokeStyle = colour;
    ctx.fill();
    ctx.stroke();
  }
}

/** Liquids of the band: `hazards` picks lava and slime, otherwise water. */
export function drawLiquids(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  model: ViewModel,
  band: number,
  hazards: boolean,
): void {
  ctx.globalAlpha = LIQUID_OPACITY;
  for (const l of model.liquids) {
    if (l.band !== band || (l.kind === 'water') === hazards) continue;
    ctx.beginPath();
    polygonPath(ctx, p, l.xy);
    ctx.fillStyle = colours[l.kind];
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

/** How a kind of box is drawn: its fill and its edge. */
interface BoxStyle {
  readonly fill: string;
  readonly opacity: number;
  readonly edge: string;
  readonly edgeWidth: number;
  /** Dash pattern of the edge; empty for a solid edge. */
  readonly dash: readonly number[];
}

/** The boxes of `band` as one path, filled then edged. */
function drawBoxes(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  boxes: readonly ViewModel['ladders'][number][],
  band: number,
  style: BoxStyle,
): void {
  ctx.beginPath();
  for (const b of boxes) if (b.bands.includes(band)) boxPath(ctx, p, b);
  ctx.globalAlpha = style.opacity;
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.lineWidth = style.edgeWidth;
  ctx.setLineDash([...style.dash]);
  ctx.strokeStyle = style.edge;
  ctx.stroke();
  ctx.setLineDash([]);
}

export function drawLadders(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  model: ViewModel,
  band: number,
): void {
  drawBoxes(ctx, p, model.ladders, band, {
    fill: colours.ladder,
    opacity: LADDER_OPACITY,
    edge: colours.outline,
    edgeWidth: 0.6,
    dash: [],
  });
}

/** trigger_hurt volumes: magenta, dashed edge. */
export function drawHurts(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  model: ViewModel,
  band: number,
): void {
  drawBoxes(ctx, p, model.hurts, band, {
    fill: colours.hurt,
    opacity: LIQUID_OPACITY,
    edge: colours.hurt,
    edgeWidth: 1,
    dash: [4, 3],
  });
}

/** Coverage holes: hatched, outlined. */
export function drawHoles(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  model: ViewModel,
  band: number,
): void {
  ctx.beginPath();
  for (const h of model.holes) if (h.band === band) polygonPath(ctx, p, h.xy);
  const hatch = hatchPattern(ctx);
  if (hatch) {
    ctx.fillStyle = hatch;
    ctx.fill();
  }
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = HOLE_COLOUR;
  ctx.stroke();
}

/** Spawn points: white diamonds with a dark outline. */
export function drawSpawns(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  model: ViewModel,
  band: number,
): void {
  ctx.beginPath();
  for (const sp of model.spawns) {
    if (sp.band !== band) continue;
    const x = p.originX + sp.origin[0] * p.scale;
    const y = p.originY - sp.origin[1] * p.scale;
    ctx.moveTo(x, y - SPAWN_SIZE);
    ctx.lineTo(x + SPAWN_SIZE, y);
    ctx.lineTo(x, y + SPAWN_SIZE);
    ctx.lineTo(x - SPAWN_SIZE, y);
    ctx.closePath();
  }
  ctx.fillStyle = colours.spawn;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = colours.outline;
  ctx.stroke();
}

function polygonPath(ctx: CanvasRenderingContext2D, p: Projection, xy: readonly number[]): void {
  for (let q = 0; q + 1 < xy.length; q += 2) {
    const x = p.originX + xy[q] * p.scale;
    const y = p.originY - xy[q + 1] * p.scale;
    if (q === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
}

/** Box `b` seen from above, each side at least {@link MIN_BOX_SIDE} around its centre. */
function boxPath(ctx: CanvasRenderingContext2D, p: Projection, b: ViewBox): void {
  const [minX, minY, maxX, maxY] = b.rect;
  const x0 = p.originX + minX * p.scale;
  const x1 = p.originX + maxX * p.scale;
  const y0 = p.originY - maxY * p.scale;
  const y1 = p.originY - minY * p.scale;
  const w = Math.max(MIN_BOX_SIDE, x1 - x0);
  const h = Math.max(MIN_BOX_SIDE, y1 - y0);
  ctx.rect((x0 + x1 - w) / 2, (y0 + y1 - h) / 2, w, h);
}

const hatches = new WeakMap<CanvasRenderingContext2D, CanvasPattern | null>();

/** Diagonal hatching in the holes' colour (one pattern per canvas). */
function hatchPattern(ctx: CanvasRenderingContext2D): CanvasPattern | null {
  if (hatches.has(ctx)) return hatches.get(ctx)!;
  const tile = document.createElement('canvas');
  tile.width = tile.height = 8;
  const t = tile.getContext('2d');
  let pattern: CanvasPattern | null = null;
  if (t) {
    t.strokeStyle = HOLE_COLOUR;
    t.globalAlpha = 0.7;
    t.lineWidth = 1.5;
    t.beginPath();
    t.moveTo(-2, 10);
    t.lineTo(10, -2);
    t.moveTo(-2, 2);
    t.lineTo(2, -2);
    t.moveTo(6, 10);
    t.lineTo(10, 6);
    t.stroke();
    pattern = ctx.createPattern(tile, 'repeat');
  }
  hatches.set(ctx, pattern);
  return pattern;
}
