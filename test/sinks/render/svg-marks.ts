/**
 * Reads the marks of a picture back out of its SVG text, for tests: every element with its
 * attributes and the panel (nested `<svg class="panel">`) it lies in, with that panel's place.
 * A regular-expression reader is enough: the renderer writes one element per tag, attributes
 * always double-quoted.
 */

export interface Mark {
  tag: string;
  attrs: Record<string, string>;
  /** Classes, split. */
  classes: string[];
  /** Index of the enclosing panel in document order, -1 outside every panel. */
  panel: number;
}

export interface PanelPlace {
  x: number;
  y: number;
  width: number;
  height: number;
  attrs: Record<string, string>;
}

export interface SvgMarks {
  root: Record<string, string>;
  marks: Mark[];
  panels: PanelPlace[];
}

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:-]+)="([^"]*)"/g)) out[m[1]] = m[2];
  return out;
}

export function readMarks(svg: string): SvgMarks {
  const marks: Mark[] = [];
  const panels: PanelPlace[] = [];
  let root: Record<string, string> | null = null;
  let current = -1;
  for (const m of svg.matchAll(/<(\/?)([a-z]+)\b([^>]*?)(\/?)>/g)) {
    const [, closing, tag, rest] = m;
    if (closing) {
      if (tag === 'svg' && current >= 0) current = -1;
      continue;
    }
    const attrs = attributes(rest);
    if (tag === 'svg' && root === null) {
      root = attrs;
      continue;
    }
    const classes = (attrs.class ?? '').split(/\s+/).filter((c) => c !== '');
    if (tag === 'svg' && classes.includes('panel')) {
      panels.push({ x: +attrs.x, y: +attrs.y, width: +attrs.width, height: +attrs.height, attrs });
      current = panels.length - 1;
      continue;
    }
    marks.push({ tag, attrs, classes, panel: current });
  }
  if (root === null) throw new Error('no <svg> root');
  return { root, marks, panels };
}

/** Marks with all of `classes`. */
export function withClass(marks: readonly Mark[], ...classes: string[]): Mark[] {
  return marks.filter((m) => classes.every((c) => m.classes.includes(c)));
}
