/**
 * A scale bar in game units: the longest "round" length (a power of two, as map makers measure
 * on a 2ⁿ grid) that fits the space given, drawn as a bar with end ticks and its length.
 */
import { num } from './svg-format.js';

/** Round lengths offered. [Units: world units] */
const LENGTHS = [16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192];

/**
 * The longest round length whose bar is at most `maxPixels` long at `pixelsPerUnit`; the
 * shortest when none fits. [Units: world units]
 */
export function scaleBarLength(pixelsPerUnit: number, maxPixels: number): number {
  let best = LENGTHS[0];
  for (const l of LENGTHS) if (l * pixelsPerUnit <= maxPixels) best = l;
  return best;
}

/** The bar at (x, y) (its left end, on the bar's baseline), as SVG. [Units: pixels] */
export function scaleBarSvg(
  x: number,
  y: number,
  pixelsPerUnit: number,
  maxPixels: number,
  colour: string,
): string {
  const length = scaleBarLength(pixelsPerUnit, maxPixels);
  const w = length * pixelsPerUnit;
  return (
    `<g class="scale-bar" data-units="${length}" data-pixels="${num(w)}">` +
    `<path d="M${num(x)} ${num(y - 5)}V${num(y)}H${num(x + w)}V${num(y - 5)}" fill="none" stroke="${colour}" stroke-width="1.5"/>` +
    `<text x="${num(x + w + 6)}" y="${num(y)}" font-size="12" fill="${colour}">${length} units</text>` +
    `</g>`
  );
}
