/**
 * What the page looks up in a {@link ViewNav} again and again, built once per nav (the model's
 * and every nav an edit answers with): each node's links out and in, and the lines the map
 * draws. As in the pictures (`sinks/render/link-lines.ts`), a link and its reverse are one line
 * and a link without its reverse is a line with an arrow; self-links draw nothing.
 */
import type { ViewNav } from '../sinks/view/view-model.js';

/** One number per ordered node pair, for maps keyed by a link's ends. */
export function pairKey(from: number, to: number): number {
  return from * 0x100000 + to;
}

/** Node `node` is drawn in band `band`: it stands there, or in no band (nothing hides it). */
export function nodeShownIn(nav: ViewNav, node: number, band: number): boolean {
  const b = nav.band[node];
  return b === band || b < 0;
}

/** What the page says of node number `n` of a nav of `nodeCount` nodes that lacks it. */
export function noNodeMessage(n: number, nodeCount: number): string {
  return nodeCount === 0
    ? `no node ${n}: the nav has no nodes`
    : `no node ${n}: the nav has nodes 0 to ${nodeCount - 1}`;
}

export class NavIndex {
  readonly nodeCount: number;
  /** Links of node i out: `outLinks[outStart[i] .. outStart[i + 1])`, link indices. */
  readonly outStart: Int32Array;
  readonly outLinks: Int32Array;
  /** Links into node i, likewise. */
  readonly inStart: Int32Array;
  readonly inLinks: Int32Array;
  /** The drawn lines: ends (for a two-way line `lineA < lineB`), type of `a → b`, two-way flag. */
  readonly lineA: Int32Array;
  readonly lineB: Int32Array;
  readonly lineType: Int32Array;
  readonly lineTwoWay: Uint8Array;
  /** The line drawing each ordered pair's links (both directions of a two-way line). */
  private readonly lineOfPair = new Map<number, number>();

  constructor(readonly nav: ViewNav) {
    const n = (this.nodeCount = Math.floor(nav.xyz.length / 3));
    const links = nav.from.length;
    this.outStart = new Int32Array(n + 1);
    this.inStart = new Int32Array(n + 1);
    for (let l = 0; l < links; l++) {
      this.outStart[nav.from[l] + 1]++;
      this.inStart[nav.to[l] + 1]++;
    }
    for (let i = 0; i < n; i++) {
      this.outStart[i + 1] += this.outStart[i];
      this.inStart[i + 1] += this.inStart[i];
    }
    this.outLinks = new Int32Array(links);
    this.inLinks = new Int32Array(links);
    const outAt = this.outStart.slice(0, n);
    const inAt = this.inStart.slice(0, n);
    for (let l = 0; l < links; l++) {
      this.outLinks[outAt[nav.from[l]]++] = l;
      this.inLinks[inAt[nav.to[l]]++] = l;
    }

    // The first link of each ordered pair gives the line's type, as in link-lines.ts.
    const firstLink = new Map<number, number>();
    for (let l = 0; l < links; l++) {
      const a = nav.from[l];
      const b = nav.to[l];
      if (a === b || a < 0 || b < 0 || a >= n || b >= n) continue;
      const key = pairKey(a, b);
      if (!firstLink.has(key)) firstLink.set(key, l);
    }
    const a: number[] = [];
    const b: number[] = [];
    const type: number[] = [];
    const twoWay: number[] = [];
    for (const [key, l] of firstLink) {
      const from = nav.from[l];
      const to = nav.to[l];
      const back = firstLink.has(pairKey(to, from));
      if (back && to < from) continue;
      const line = a.length;
      a.push(from);
      b.push(to);
      type.push(nav.linkType[l]);
      twoWay.push(back ? 1 : 0);
      this.lineOfPair.set(key, line);
      if (back) this.lineOfPair.set(pairKey(to, from), line);
    }
    this.lineA = Int32Array.from(a);
    this.lineB = Int32Array.from(b);
    this.lineType = Int32Array.from(type);
    this.lineTwoWay = Uint8Array.from(twoWay);
  }

  /** Whether `n` is the number of a node of the nav. */
  hasNode(n: number): boolean {
    return Number.isInteger(n) && n >= 0 && n < this.nodeCount;
  }

  get lineCount(): number {
    return this.lineA.length;
  }

  /** The line drawing the links `from → to`, or -1 when there are none. */
  lineOf(from: number, to: number): number {
    return this.lineOfPair.get(pairKey(from, to)) ?? -1;
  }

  /** Every link `from → to` (usually one; a nav may hold a pair twice, with two types). */
  linksBetween(from: number, to: number): number[] {
    const found: number[] = [];
    for (let k = this.outStart[from]; k < this.outStart[from + 1]; k++) {
      const l = this.outLinks[k];
      if (this.nav.to[l] === to) found.push(l);
    }
    return found;
  }

  /** Node i's position. [Form: (x, y, z)] */
  position(i: number): [number, number, number] {
    const xyz = this.nav.xyz;
    return [xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]];
  }
}
