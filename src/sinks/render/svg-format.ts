/**
 * How numbers and text are spelled in the pictures. Output must be byte-identical for the same
 * input on every machine, so every coordinate goes through {@link num}: rounded to a tenth of a
 * pixel (finer than any screen shows), `-0` written as `0`, no exponent, no trailing zeros.
 */

/** A coordinate or length, rounded to 0.1. [Units: pixels; Limit: finite] */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot draw at ${value}`);
  const tenths = Math.round(value * 10);
  if (tenths === 0) return '0';
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  // BigInt spells every whole number out (String switches to exponents from 1e21).
  const whole = BigInt(Math.floor(abs / 10)).toString();
  const frac = abs % 10;
  return frac === 0 ? `${sign}${whole}` : `${sign}${whole}.${frac}`;
}

/** A world coordinate for labels and data attributes: whole units, `-0` written as `0`. */
export function units(value: number): string {
  const r = Math.round(value);
  return r === 0 ? '0' : String(r);
}

/** Text safe inside an XML/HTML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/** `x,y x,y …`: the `points` attribute of a polygon or polyline. [Form: (x, y) × corners] */
export function points(xy: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < xy.length; i += 2) out.push(`${num(xy[i])},${num(xy[i + 1])}`);
  return out.join(' ');
}
