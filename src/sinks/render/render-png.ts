/**
 * PNG from the picture's SVG, through resvg (a Rust SVG renderer with prebuilt binaries: no
 * browser, no native build). The PNG is the SVG's own size (its `width`/`height` attributes)
 * times `zoom`.
 *
 * Text needs a font: resvg uses the system's fonts (the SVG asks for DejaVu Sans, then any
 * sans-serif). On a machine without fonts the picture is drawn without its text.
 */
import { Resvg } from '@resvg/resvg-js';

/** Renders `svg` at `zoom` times its size. [Limit: zoom > 0] */
export function svgToPng(svg: string, zoom = 1): Uint8Array {
  if (!(zoom > 0) || !Number.isFinite(zoom)) throw new RangeError(`zoom ${zoom} must be > 0`);
  const resvg = new Resvg(svg, {
    fitTo: zoom === 1 ? { mode: 'original' } : { mode: 'zoom', value: zoom },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    shapeRendering: 2,
    textRendering: 1,
    logLevel: 'off',
  });
  return resvg.render().asPng();
}
