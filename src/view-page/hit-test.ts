/**
 * What is under the pointer: the nearest node or link line of the band shown, found through a
 * uniform grid over the band's nodes and lines (each line in every cell its bounding box
 * touches), so a pointer move looks at a few cells instead of 4,000 nodes and 30,000 links.
 * Built once per band and nav.
 */
import { nodeShownIn, type NavIndex } from './nav-index.js';

/** Nodes per cell the grid aims at. */
const NODES_PER_CELL = 2;
/** Cell side limits. [Units: world units] */
const MIN_CELL = 16;
const MAX_CELL = 1024;
/** At most this many cells. */
const MAX_CELLS = 1 << 20;

export interface LineHit {
  readonly line: number;
  /** Where along the line, 0 at `lineA`, 1 at `lineB`. */
  readonly t: number;
  /** From the point asked. [Units: world units] */
  readonly distance: number;
}

export class HitGrid {
  private readonly minX: number;
  private readonly minY: number;
  private readonly cell: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly nodeStart: Int32Array;
  private readonly nodeItems: Int32Array;
  private readonly lineStart: Int32Array;
  private readonly lineItems: Int32Array;
  /** Per line: the query that last measured it, so a line in many cells is measured once. */
  private readonly lineSeen: Int32Array;
  private query = 0;

  constructor(
    private readonly index: NavIndex,
    band: number,
  ) {
    const nav = index.nav;
    const xyz = nav.xyz;
    const nodes: number[] = [];
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < index.nodeCount; i++) {
      if (!nodeShownIn(nav, i, band)) continue;
      nodes.push(i);
    }
    const lines: number[] = [];
    for (let l = 0; l < index.lineCount; l++)
      if (nodeShownIn(nav, index.lineA[l], band) || nodeShownIn(nav, index.lineB[l], band))
        lines.push(l);
    // The grid spans every end of every line (a line leads out of the band's nodes).
    const grow = (i: number) => {
      minX = Math.min(minX, xyz[3 * i]);
      maxX = Math.max(maxX, xyz[3 * i]);
      minY = Math.min(minY, xyz[3 * i + 1]);
      maxY = Math.max(maxY, xyz[3 * i + 1]);
    };
    for (const i of nodes) grow(i);
    for (const l of lines) {
      grow(index.lineA[l]);
      grow(index.lineB[l]);
    }
    if (minX > maxX) minX = minY = maxX = maxY = 0;
    const area = Math.max(1, (maxX - minX) * (maxY - minY));
    let cell = Math.sqrt((area * NODES_PER_CELL) / Math.max(1, nodes.length));
    cell = Math.min(MAX_CELL, Math.max(MIN_CELL, cell));
    while (((maxX - minX) / cell + 1) * ((maxY - minY) / cell + 1) > MAX_CELLS) cell *= 2;
    this.cell = cell;
    this.minX = minX;
    this.minY = minY;
    this.cols = Math.floor((maxX - minX) / cell) + 1;
    this.rows = Math.floor((maxY - minY) / cell) + 1;
    const cells = this.cols * this.rows;

    const nodeCells = (i: number, visit: (c: number) => void) =>
      visit(this.cellOf(xyz[3 * i], xyz[3 * i + 1]));
    const lineCells = (l: number, visit: (c: number) => void) => {
      const a = index.lineA[l];
      const b = index.lineB[l];
      const c0 = this.col(Math.min(xyz[3 * a], xyz[3 * b]));
      const c1 = this.col(Math.max(xyz[3 * a], xyz[3 * b]));
      const r0 = this.row(Math.min(xyz[3 * a + 1], xyz[3 * b + 1]));
      const r1 = this.row(Math.max(xyz[3 * a + 1], xyz[3 * b + 1]));
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * this.cols + c);
    };
    [this.nodeStart, this.nodeItems] = buckets(cells, nodes, nodeCells);
    [this.lineStart, this.lineItems] = buckets(cells, lines, lineCells);
    this.lineSeen = new Int32Array(index.lineCount);
  }

  private col(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.minX) / this.cell)));
  }

  private row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.minY) / this.cell)));
  }

  private cellOf(x: number, y: number): number {
    return this.row(y) * this.cols + this.col(x);
  }

  /** The node nearest (x, y) within `radius`, or -1. [Units: world units] */
  nearestNode(x: number, y: number, radius: number): number {
    const xyz = this.index.nav.xyz;
    let best = -1;
    let bestD = radius * radius;
    this.cells(x, y, radius, (c) => {
      for (let k = this.nodeStart[c]; k < this.nodeStart[c + 1]; k++) {
        const i = this.nodeItems[k];
        const d = (xyz[3 * i] - x) ** 2 + (xyz[3 * i + 1] - y) ** 2;
        if (d <= bestD) {
          best = i;
          bestD = d;
        }
      }
    });
    return best;
  }

  /** The line nearest (x, y) within `radius`, or null. [Units: world units] */
  nearestLine(x: number, y: number, radius: number): LineHit | null {
    const xyz = this.index.nav.xyz;
    const { lineA, lineB } = this.index;
    const q = ++this.query;
    let best: LineHit | null = null;
    let bestD = radius * radius;
    this.cells(x, y, radius, (c) => {
      for (let k = this.lineStart[c]; k < this.lineStart[c + 1]; k++) {
        const l = this.lineItems[k];
        if (this.lineSeen[l] === q) continue;
        this.lineSeen[l] = q;
        const ax = xyz[3 * lineA[l]];
        const ay = xyz[3 * lineA[l] + 1];
        const dx = xyz[3 * lineB[l]] - ax;
        const dy = xyz[3 * lineB[l] + 1] - ay;
        const len2 = dx * dx + dy * dy;
        const t = len2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
        const d = (ax + t * dx - x) ** 2 + (ay + t * dy - y) ** 2;
        if (d <= bestD) {
          best = { line: l, t, distance: Math.sqrt(d) };
          bestD = d;
        }
      }
    });
    return best;
  }

  /** Visits the cells within `radius` of (x, y). */
  private cells(x: number, y: number, radius: number, visit: (c: number) => void): void {
    const c0 = this.col(x - radius);
    const c1 = this.col(x + radius);
    const r0 = this.row(y - radius);
    const r1 = this.row(y + radius);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * this.cols + c);
  }
}

/** Items sorted into cells as offsets and one flat list (`items[start[c] .. start[c + 1])`). */
function buckets(
  cells: number,
  items: readonly number[],
  cellsOf: (item: number, visit: (c: number) => void) => void,
): [Int32Array, Int32Array] {
  const start = new Int32Array(cells + 1);
  for (const item of items) cellsOf(item, (c) => start[c + 1]++);
  for (let c = 0; c < cells; c++) start[c + 1] += start[c];
  const list = new Int32Array(start[cells]);
  const at = start.slice(0, cells);
  for (const item of items) cellsOf(item, (c) => (list[at[c]++] = item));
  return [start, list];
}
