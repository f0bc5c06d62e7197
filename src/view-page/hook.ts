/**
 * `window.navgenView`: the page's handle for benchmarks and browser tests (implemented in
 * `view-hook.ts`). This file holds only plain types, no DOM, so tests and benchmarks compiled
 * for Node can import it.
 *
 * - `ready`: resolves after the first full paint (rejects when the page could not start).
 * - `firstPaintMs`: `performance.now()` when the first paint was done: milliseconds since the
 *   navigation started, so it counts loading the HTML, parsing the boot JSON (or fetching the
 *   model) and drawing; NaN before.
 * - `panBy(dx, dy)`: pans as a drag by (dx, dy) CSS pixels; the frame follows on the next
 *   animation frame, or at once with `frame()`.
 * - `frame()`: draws one frame now and resolves with the milliseconds it took, the canvas
 *   flushed by a one-pixel read-back so the rasterising counts too.
 * - `redraw()`: as `frame()`, with the band's whole picture drawn anew first (what a zoom, a
 *   band or layer switch or an edit costs).
 * - `selectNode(n)`: selects node n as a click would (its band shown, centred when off view).
 * - `state()`: band, selection, hover, scale, node and link counts, tool, unsaved edits.
 * - `screenOf(n)`, `screenOfLink(from, to)`: where to click node n, or the link `from → to`, in
 *   CSS pixels from the canvas's top-left corner (`data-testid="canvas"`): a node's centre; the
 *   midpoint of a link's line moved a pixel towards `from`, so that a click there picks
 *   `from → to` also of a line drawn for both directions. Throws for a node the nav lacks.
 */
import type { Selection } from './selection.js';

export interface ViewState {
  readonly band: number;
  readonly selected: Selection | null;
  readonly hover: Selection | null;
  /** [Units: CSS pixels per world unit] */
  readonly scale: number;
  readonly nodes: number;
  readonly links: number;
  /** The armed editing tool, or null (also in read-only mode). */
  readonly tool: string | null;
  readonly dirty: boolean;
}

export interface NavgenViewHook {
  readonly ready: Promise<void>;
  readonly firstPaintMs: number;
  panBy(dx: number, dy: number): void;
  frame(): Promise<number>;
  redraw(): Promise<number>;
  selectNode(n: number): void;
  state(): ViewState;
  screenOf(n: number): { x: number; y: number };
  screenOfLink(from: number, to: number): { x: number; y: number };
}
