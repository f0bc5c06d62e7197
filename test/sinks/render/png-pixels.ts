/**
 * A minimal PNG reader for tests: the IHDR fields, and the pixels of 8-bit RGB or RGBA images
 * without interlacing (what resvg writes), inflated with pako and unfiltered by the five PNG
 * filters. Enough to ask "what colour is the pixel at (x, y)".
 */
import { inflate } from 'pako';

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlace: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function chunks(png: Uint8Array): { type: string; data: Uint8Array }[] {
  if (!SIGNATURE.every((b, i) => png[i] === b)) throw new Error('not a PNG');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    out.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

/** The IHDR chunk, which the PNG format puts first. */
export function pngHeader(png: Uint8Array): PngHeader {
  const first = chunks(png)[0];
  if (first.type !== 'IHDR') throw new Error(`first chunk is ${first.type}, not IHDR`);
  const v = new DataView(first.data.buffer, first.data.byteOffset, first.data.byteLength);
  return {
    width: v.getUint32(0),
    height: v.getUint32(4),
    bitDepth: first.data[8],
    colourType: first.data[9],
    interlace: first.data[12],
  };
}

export interface PngPixels {
  width: number;
  height: number;
  /** [r, g, b, a] of pixel (x, y); a is 255 for RGB images. */
  at(x: number, y: number): [number, number, number, number];
}

export function pngPixels(png: Uint8Array): PngPixels {
  const h = pngHeader(png);
  if (h.bitDepth !== 8 || (h.colourType !== 6 && h.colourType !== 2) || h.interlace !== 0)
    throw new Error(`unsupported PNG: ${JSON.stringify(h)}`);
  const channels = h.colourType === 6 ? 4 : 3;
  const idat = chunks(png).filter((c) => c.type === 'IDAT');
  const joined = new Uint8Array(idat.reduce((s, c) => s + c.data.length, 0));
  let o = 0;
  for (const c of idat) {
    joined.set(c.data, o);
    o += c.data.length;
  }
  const raw = inflate(joined);
  const stride = h.width * channels;
  const pixels = new Uint8Array(h.height * stride);
  for (let y = 0; y < h.height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? pixels[y * stride + i - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const upLeft = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + i] = (line[i] + predictor) & 0xff;
    }
  }
  return {
    width: h.width,
    height: h.height,
    at(x, y) {
      const i = y * stride + x * channels;
      return [pixels[i], pixels[i + 1], pixels[i + 2], channels === 4 ? pixels[i + 3] : 255];
    },
  };
}
