/**
 * The static picture of the band shown: everything but the hover, the selection and the tools'
 * marks, drawn once into an offscreen canvas a margin larger than the view on every side. A pan
 * only blits it at an offset (one `drawImage`), a wheel zoom blits it scaled until the wheel
 * rests; it is drawn again after a zoom, a band change, a layer switch, an edit, or a pan past
 * its margin.
 *
 * Measured in headless Chromium 156 (software rendering, 1280 × 800 window, a synthetic nav of
 * 4,000 nodes and 30,000 links over 450 floor polygons): drawing the picture takes 30 to 45 ms
 * (about 100 ms at device pixel ratio 2), a blitted frame 0.1 to 0.4 ms. Drawn anew every
 * frame, a pan would run below 30 frames/s; blitted, a continuous pan of 7 × 4 pixels a frame
 * runs at the display's 60 frames/s, one frame in 180 slow (the drawing past the margin).
 */
import { Camera, projectionOf, type Projection } from './camera.js';
import {
  drawFloors,
  drawHoles,
  drawHurts,
  drawLadders,
  drawLiquids,
  drawSpawns,
  type BandFloors,
} from './draw-map.js';
import { drawHeat } from './draw-heat.js';
import { drawBadLinks, drawBadNodes, drawLinks, drawNodes, type NavPicture } from './draw-nav.js';
import type { LayerSet } from './layers.js';

export interface PictureInput extends NavPicture {
  readonly layers: LayerSet;
  readonly floors: BandFloors;
}

/** The layers in drawing order, bottom first. */
export function drawPicture(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  input: PictureInput,
): void {
  const { model, band, layers } = input;
  if (layers.floors) {
    drawFloors(ctx, p, model, input.floors);
    drawLiquids(ctx, p, model, band, false);
    drawLadders(ctx, p, model, band);
  }
  if (layers.hazards) {
    drawLiquids(ctx, p, model, band, true);
    drawHurts(ctx, p, model, band);
  }
  if (layers.holes) drawHoles(ctx, p, model, band);
  if (layers.trial && model.trial) drawHeat(ctx, p, model.trial, band);
  if (layers.spawns) drawSpawns(ctx, p, model, band);
  if (layers.links) drawLinks(ctx, p, input);
  if (layers.navtest) drawBadLinks(ctx, p, input);
  if (layers.nodes) drawNodes(ctx, p, input, layers.provenance);
  if (layers.navtest) drawBadNodes(ctx, p, input);
}

/** What the cached picture was drawn for. */
interface Drawn {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
  readonly width: number;
  readonly height: number;
  readonly margin: number;
  readonly dpr: number;
}

/** Picture around the view, per side: a quarter of the view, at most this. [Units: CSS pixels] */
const MAX_MARGIN = 400;

export class PictureCache {
  private readonly canvas = document.createElement('canvas');
  private readonly ctx: CanvasRenderingContext2D;
  private drawn: Drawn | null = null;
  /** Set when what the picture shows changed (band, layers, nav, size). */
  private stale = true;

  constructor() {
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('this browser gives no 2D canvas');
    this.ctx = ctx;
  }

  invalidate(): void {
    this.stale = true;
  }

  /** Whether the picture can be blitted for `camera` as it is, unscaled and covering the view. */
  fits(camera: Camera, dpr: number): boolean {
    const d = this.drawn;
    if (this.stale || !d || d.dpr !== dpr || d.width !== camera.width || d.height !== camera.height)
      return false;
    if (d.scale !== camera.scale) return false;
    const dx = (camera.x - d.x) * camera.scale;
    const dy = (camera.y - d.y) * camera.scale;
    return Math.abs(dx) <= d.margin && Math.abs(dy) <= d.margin;
  }

  /** Whether a scaled blit can stand in for the picture while a zoom goes on. */
  scalable(camera: Camera, dpr: number): boolean {
    const d = this.drawn;
    return (
      !this.stale &&
      d !== null &&
      d.dpr === dpr &&
      d.width === camera.width &&
      d.height === camera.height
    );
  }

  /** How far the view has moved from the picture's centre. [Units: CSS pixels] */
  offset(camera: Camera): number {
    const d = this.drawn;
    if (!d) return Infinity;
    return Math.max(Math.abs(camera.x - d.x), Math.abs(camera.y - d.y)) * camera.scale;
  }

  /**
   * Draws the picture for `camera`. `lead` (fractions of the margin, each -1..1) shifts the
   * picture ahead of a pan going on, so the pan runs up to twice as far before the next
   * drawing; (0, 0) centres it on the view.
   */
  render(
    camera: Camera,
    dpr: number,
    background: string,
    input: PictureInput,
    lead: { readonly x: number; readonly y: number } = { x: 0, y: 0 },
  ): void {
    const margin = Math.round(Math.min(MAX_MARGIN, Math.max(camera.width, camera.height) / 4));
    // The lead in CSS pixels: right and down on the screen.
    const lx = Math.round(Math.max(-1, Math.min(1, lead.x)) * margin);
    const ly = Math.round(Math.max(-1, Math.min(1, lead.y)) * margin);
    const w = camera.width + 2 * margin;
    const h = camera.height + 2 * margin;
    const pw = Math.round(w * dpr);
    const ph = Math.round(h * dpr);
    if (this.canvas.width !== pw || this.canvas.height !== ph) {
      this.canvas.width = pw;
      this.canvas.height = ph;
    }
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, pw, ph);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const p = projectionOf(camera, margin);
    drawPicture(ctx, { ...p, originX: p.originX - lx, originY: p.originY - ly }, input);
    this.drawn = {
      x: camera.x + lx / camera.scale,
      y: camera.y - ly / camera.scale,
      scale: camera.scale,
      width: camera.width,
      height: camera.height,
      margin,
      dpr,
    };
    this.stale = false;
  }

  /**
   * Blits the picture onto `target` (a canvas of the camera's size at `dpr`, its transform the
   * identity) where `camera` puts it; returns whether it covers the whole view. Unscaled, the
   * offset is rounded to whole device pixels, so a pan copies pixels without resampling.
   */
  blit(target: CanvasRenderingContext2D, camera: Camera, dpr: number): boolean {
    const d = this.drawn;
    if (!d) return false;
    const k = camera.scale / d.scale;
    // The picture's top-left corner in world units, then on the screen.
    const left = d.x - (d.margin + d.width / 2) / d.scale;
    const top = d.y + (d.margin + d.height / 2) / d.scale;
    let x = camera.screenX(left) * dpr;
    let y = camera.screenY(top) * dpr;
    const w = this.canvas.width * k;
    const h = this.canvas.height * k;
    if (k === 1) {
      x = Math.round(x);
      y = Math.round(y);
      target.drawImage(this.canvas, x, y);
    } else target.drawImage(this.canvas, x, y, w, h);
    const cw = camera.width * dpr;
    const ch = camera.height * dpr;
    return x <= 0.5 && y <= 0.5 && x + w >= cw - 0.5 && y + h >= ch - 0.5;
  }
}
