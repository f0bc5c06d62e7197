/** The page's implementation of `window.navgenView` (the handle is described in `hook.ts`). */
import type { NavgenViewHook, ViewState } from './hook.js';
import type { Viewer } from './viewer.js';

declare global {
  interface Window {
    navgenView?: NavgenViewHook;
  }
}

/** The hook, installed before the model loads; `started` or `failed` settles `ready`. */
export class ViewHook implements NavgenViewHook {
  readonly ready: Promise<void>;
  firstPaintMs = NaN;
  private viewer: Viewer | null = null;
  private settle!: { resolve: () => void; reject: (e: Error) => void };

  constructor() {
    this.ready = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    // A failed start is shown on the page; awaiting `ready` is optional.
    this.ready.catch(() => undefined);
  }

  started(viewer: Viewer, firstPaintMs: number): void {
    this.viewer = viewer;
    this.firstPaintMs = firstPaintMs;
    this.settle.resolve();
  }

  failed(e: Error): void {
    this.settle.reject(e);
  }

  private v(): Viewer {
    if (!this.viewer) throw new Error('navgen view is not ready: await navgenView.ready');
    return this.viewer;
  }

  panBy(dx: number, dy: number): void {
    this.v().panBy(dx, dy);
  }

  frame(): Promise<number> {
    const v = this.v();
    const t0 = performance.now();
    v.drawFrame();
    flush(v.canvas);
    return Promise.resolve(performance.now() - t0);
  }

  redraw(): Promise<number> {
    this.v().invalidatePicture();
    return this.frame();
  }

  selectNode(n: number): void {
    this.v().selectNode(n);
  }

  state(): ViewState {
    const v = this.v();
    return {
      band: v.band,
      selected: v.selected,
      hover: v.hover,
      scale: v.camera.scale,
      nodes: v.nav().nodeCount,
      links: v.nav().nav.from.length,
      tool: v.tools?.tool ?? null,
      dirty: v.tools?.dirty ?? false,
    };
  }

  screenOf(n: number): { x: number; y: number } {
    return this.v().screenOf(n);
  }

  screenOfLink(from: number, to: number): { x: number; y: number } {
    return this.v().screenOfLink(from, to);
  }
}

/** Makes the browser rasterise what was drawn: a canvas draws lazily until its pixels are read. */
export function flush(canvas: HTMLCanvasElement): void {
  canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
}
