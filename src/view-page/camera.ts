/**
 * The map's camera: which world point is at the canvas centre and how many CSS pixels a world
 * unit spans. World y is north and grows upwards on the screen, so screen y is world y flipped.
 * Pure maths, no DOM: the picture cache, the hit test and the overlay all project through it.
 */

/** The most a wheel or key zoom may magnify. [Units: CSS pixels per world unit] */
const MAX_SCALE = 40;
/** How far out of a fitted view one may zoom: a fit divided by this. */
const MAX_ZOOM_OUT = 8;
/** Room left around the bounds by a fit. [Units: CSS pixels] */
const FIT_MARGIN = 24;

export class Camera {
  /** World point at the canvas centre. [Units: world units] */
  x = 0;
  y = 0;
  /** [Units: CSS pixels per world unit] */
  scale = 1;
  /** The canvas size. [Units: CSS pixels] */
  width = 1;
  height = 1;
  /** The scale a fit of the whole map gave, the floor of zooming out. */
  private fitScale = 1;

  screenX(wx: number): number {
    return this.width / 2 + (wx - this.x) * this.scale;
  }

  screenY(wy: number): number {
    return this.height / 2 - (wy - this.y) * this.scale;
  }

  worldX(sx: number): number {
    return this.x + (sx - this.width / 2) / this.scale;
  }

  worldY(sy: number): number {
    return this.y - (sy - this.height / 2) / this.scale;
  }

  resize(width: number, height: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
  }

  /** Moves the picture by (dx, dy) screen pixels, as a drag does. */
  panBy(dx: number, dy: number): void {
    this.x -= dx / this.scale;
    this.y += dy / this.scale;
  }

  /** Zooms by `factor`, keeping the world point under screen point (sx, sy) where it is. */
  zoomAt(factor: number, sx: number, sy: number): void {
    const wx = this.worldX(sx);
    const wy = this.worldY(sy);
    this.scale = Math.min(MAX_SCALE, Math.max(this.fitScale / MAX_ZOOM_OUT, this.scale * factor));
    this.x = wx - (sx - this.width / 2) / this.scale;
    this.y = wy + (sy - this.height / 2) / this.scale;
  }

  /** Shows the whole of `bounds` (minX, minY, maxX, maxY), centred. */
  fit(bounds: readonly number[]): void {
    const [minX, minY, maxX, maxY] = bounds;
    const w = Math.max(1, maxX - minX);
    const h = Math.max(1, maxY - minY);
    const room = (side: number) => Math.max(1, side - 2 * FIT_MARGIN);
    this.scale = Math.min(MAX_SCALE, room(this.width) / w, room(this.height) / h);
    this.fitScale = this.scale;
    this.x = (minX + maxX) / 2;
    this.y = (minY + maxY) / 2;
  }

  /** Puts world point (wx, wy) at the canvas centre. */
  centreOn(wx: number, wy: number): void {
    this.x = wx;
    this.y = wy;
  }
}

/**
 * How a picture maps world points to its CSS pixels: `x = originX + wx · scale`,
 * `y = originY − wy · scale`, over a picture `width` × `height` CSS pixels (what lies outside
 * is not drawn).
 */
export interface Projection {
  readonly scale: number;
  readonly originX: number;
  readonly originY: number;
  readonly width: number;
  readonly height: number;
}

/** The camera's view as a projection onto a picture `margin` CSS pixels larger on every side. */
export function projectionOf(camera: Camera, margin: number): Projection {
  return {
    scale: camera.scale,
    originX: camera.screenX(0) + margin,
    originY: camera.screenY(0) + margin,
    width: camera.width + 2 * margin,
    height: camera.height + 2 * margin,
  };
}
