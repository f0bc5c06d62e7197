/**
 * The projection of one panel: world x to the right, world y up (the SVG y axis points down, so
 * y is flipped), at a fixed number of pixels per world unit. Every panel of a picture shares the
 * same view so that panels line up and one scale bar holds for all.
 */

/** A top-down rectangle of the world. [Units: world units; Limit: min < max] */
export interface WorldRect {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export interface TopDownView {
  readonly rect: WorldRect;
  /** [Units: pixels per world unit; Limit: > 0] */
  readonly pixelsPerUnit: number;
  /** Panel size, whole pixels (the rectangle's size times the scale, rounded up). [Units: pixels] */
  readonly width: number;
  readonly height: number;
}

/** A view of `rect` at `pixelsPerUnit`. */
export function viewOf(rect: WorldRect, pixelsPerUnit: number): TopDownView {
  if (!(pixelsPerUnit > 0) || !Number.isFinite(pixelsPerUnit))
    throw new RangeError(`pixels per unit ${pixelsPerUnit} must be > 0`);
  return {
    rect,
    pixelsPerUnit,
    width: Math.max(1, Math.ceil((rect.maxX - rect.minX) * pixelsPerUnit)),
    height: Math.max(1, Math.ceil((rect.maxY - rect.minY) * pixelsPerUnit)),
  };
}

/**
 * The scale that makes the longer side of `rect` `longSide` pixels, rounded down to 4
 * significant digits so that the figure in the picture's metadata reads cleanly.
 * [Units: longSide in pixels; Limit: > 0]
 */
export function fitScale(rect: WorldRect, longSide: number): number {
  const span = Math.max(rect.maxX - rect.minX, rect.maxY - rect.minY, 1);
  const raw = longSide / span;
  const digits = 10 ** (3 - Math.floor(Math.log10(raw)));
  return Math.floor(raw * digits) / digits;
}

/** Panel x of world x. [Units: pixels] */
export function projectX(view: TopDownView, x: number): number {
  return (x - view.rect.minX) * view.pixelsPerUnit;
}

/** Panel y of world y (flipped: north is up). [Units: pixels] */
export function projectY(view: TopDownView, y: number): number {
  return (view.rect.maxY - y) * view.pixelsPerUnit;
}

/** The smallest rectangle holding `xy` pairs, widened by `margin`; null when `xy` is empty. */
export function rectAround(
  xy: Iterable<readonly [number, number]>,
  margin: number,
): WorldRect | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of xy) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (minX > maxX) return null;
  return { minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin };
}
