/**
 * The map's canvas: its size, the camera's moves (drag pan, wheel and key zoom, fit, centring)
 * and the frames. A frame blits the band's cached picture (`band-picture.ts`) and draws the
 * overlay over it; the picture is drawn again only when what it shows changed
 * ({@link MapView.invalidate}) or the view left it.
 */
import { colours } from '../sinks/render/palette.js';
import { PictureCache, type PictureInput } from './band-picture.js';
import { Camera } from './camera.js';
import { el } from './dom.js';
import { drawOverlay, type Overlay } from './draw-overlay.js';
import type { NavIndex } from './nav-index.js';

/** Re-centre the picture this long after a pan stops. [Units: ms] */
const PAN_REST = 150;
/** Draw the picture anew this long after the last wheel step. [Units: ms] */
const WHEEL_REST = 150;
/** How far ahead of a pan a picture is drawn: this fraction of its margin. */
const PAN_LEAD = 0.75;

/** What the map shows, asked of the viewer when a frame is drawn. */
export interface MapScene {
  /** The world to fit. [Form: (minX, minY, maxX, maxY)] */
  bounds(): readonly number[];
  /** The nav the overlay marks. */
  index(): NavIndex;
  /** What the cached picture shows; asked only when it is drawn anew. */
  picture(): PictureInput;
  /** What is drawn over the picture every frame. */
  overlay(): Overlay;
}

export class MapView {
  /** The box the canvas fills, sized by the page's layout. */
  readonly element: HTMLElement;
  readonly canvas = el('canvas', { testid: 'canvas' });
  readonly camera = new Camera();
  /** Whether the picture may be blitted scaled (a wheel zoom is going on). */
  private zooming = false;
  private dpr = 1;
  private readonly picture = new PictureCache();
  private readonly ctx: CanvasRenderingContext2D;
  private frameId = 0;
  private panTimer = 0;
  /** A pan is going on (until it rests), and its recent step. [Units: CSS pixels] */
  private panning = false;
  private readonly panVelocity = { x: 0, y: 0 };
  /** The view is the fit of the whole map, untouched since: a resize fits again. */
  private fitted = false;
  private wheelTimer = 0;

  constructor(private readonly scene: MapScene) {
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('this browser gives no 2D canvas');
    this.ctx = ctx;
    this.element = el('div', { class: 'nv-map' }, this.canvas);
  }

  /** Fits the map and paints the first frame; call once the box is in the page and laid out. */
  start(): void {
    this.resize();
    this.camera.fit(this.scene.bounds());
    this.fitted = true;
    this.drawFrame();
    // Drawn at once, not on the next animation frame: resizing a canvas clears it, and the
    // observer runs before the browser paints, so the map never shows blank.
    new ResizeObserver(() => {
      if (!this.resize()) return;
      if (this.fitted) this.camera.fit(this.scene.bounds());
      this.drawFrame();
    }).observe(this.element);
  }

  /** Sizes the canvas to its box; returns whether the size changed. */
  private resize(): boolean {
    const r = this.element.getBoundingClientRect();
    const w = Math.max(1, Math.floor(r.width));
    const h = Math.max(1, Math.floor(r.height));
    const dpr = window.devicePixelRatio || 1;
    if (w === this.camera.width && h === this.camera.height && dpr === this.dpr) return false;
    this.dpr = dpr;
    this.camera.resize(w, h);
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.picture.invalidate();
    return true;
  }

  /** What the picture shows changed (band, layers, nav): it is drawn anew for the next frame. */
  invalidate(): void {
    this.picture.invalidate();
  }

  requestFrame(): void {
    if (this.frameId === 0) this.frameId = requestAnimationFrame(() => this.drawFrame());
  }

  /** Draws one frame now: the picture blitted (drawn first if it does not fit), the overlay. */
  drawFrame(): void {
    if (this.frameId !== 0) cancelAnimationFrame(this.frameId);
    this.frameId = 0;
    const { camera, dpr, ctx } = this;
    const fits = this.picture.fits(camera, dpr);
    const scaled = !fits && this.zooming && this.picture.scalable(camera, dpr);
    if (!fits && !scaled)
      this.picture.render(camera, dpr, colours.background, this.scene.picture(), this.panLead());
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (scaled) {
      ctx.fillStyle = colours.background;
      ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    }
    this.picture.blit(ctx, camera, dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawOverlay(ctx, camera, this.scene.index(), this.scene.overlay());
  }

  panBy(dx: number, dy: number): void {
    this.camera.panBy(dx, dy);
    this.fitted = false;
    this.panning = true;
    this.panVelocity.x = this.panVelocity.x / 2 + dx / 2;
    this.panVelocity.y = this.panVelocity.y / 2 + dy / 2;
    this.requestFrame();
    // At rest, a picture far off its centre is drawn again, so the next pan has its margin.
    clearTimeout(this.panTimer);
    this.panTimer = window.setTimeout(() => {
      this.panning = false;
      this.panVelocity.x = this.panVelocity.y = 0;
      if (this.picture.offset(this.camera) > Math.min(this.camera.width, this.camera.height) / 8) {
        this.picture.invalidate();
        this.requestFrame();
      }
    }, PAN_REST);
  }

  /**
   * Where a picture drawn during a pan should lie: ahead of the view, the way it moves (the
   * picture moves with the content, so the view moves against the drag). Measured with a
   * continuous pan of 7 × 4 pixels a frame: half as many drawings, so half as many slow frames.
   */
  private panLead(): { x: number; y: number } {
    const { x, y } = this.panVelocity;
    const speed = Math.hypot(x, y);
    if (!this.panning || speed < 0.5) return { x: 0, y: 0 };
    return { x: (-x / speed) * PAN_LEAD, y: (-y / speed) * PAN_LEAD };
  }

  /** Zooms around (sx, sy); `wheel`: blits the picture scaled until the wheel rests. */
  zoomAt(factor: number, sx: number, sy: number, wheel: boolean): void {
    this.camera.zoomAt(factor, sx, sy);
    this.fitted = false;
    this.zooming = wheel;
    clearTimeout(this.wheelTimer);
    if (wheel)
      this.wheelTimer = window.setTimeout(() => {
        this.zooming = false;
        this.requestFrame();
      }, WHEEL_REST);
    this.requestFrame();
  }

  fit(): void {
    this.camera.fit(this.scene.bounds());
    this.fitted = true;
    this.requestFrame();
  }

  /** Puts world point (x, y) at the view's centre. */
  centreOn(x: number, y: number): void {
    this.camera.centreOn(x, y);
    this.fitted = false;
    this.requestFrame();
  }
}
