/**
 * Where a graph reaches: every point within a radius of one of its nodes or of one of its links
 * (taken as straight segments). Two graphs of one map drawn by different hands or generators
 * rarely share nodes, and a human waypoint file spaces its nodes hundreds of units apart along
 * straight links; "is there a node or a link of the other graph within 48 units" says whether
 * the other graph covers a place, where node matching alone would call almost everything new.
 *
 * Distances are in 3D, so a corridor on one storey does not cover the room under it. Lookups go
 * through a grid of square cells one radius wide, over x and y.
 */
import type { NavFile, Vec3 } from '../../nav/types.js';

/** Squared distance from p to the segment a–b. [Units: square world units] */
function segmentDistance2(p: Readonly<Vec3>, a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  const abx = b[0] - a[0];
  const aby = b[1] - a[1];
  const abz = b[2] - a[2];
  const len2 = abx * abx + aby * aby + abz * abz;
  let t = len2 > 0 ? ((p[0] - a[0]) * abx + (p[1] - a[1]) * aby + (p[2] - a[2]) * abz) / len2 : 0;
  t = Math.min(1, Math.max(0, t));
  const dx = a[0] + t * abx - p[0];
  const dy = a[1] + t * aby - p[1];
  const dz = a[2] + t * abz - p[2];
  return dx * dx + dy * dy + dz * dz;
}

export class GraphCoverage {
  /** Segments (a node is a segment of length 0) by grid cell. */
  private readonly cells = new Map<string, number[]>();
  private readonly ends: Vec3[] = [];
  private readonly radius2: number;

  /** [Units: radius in world units; Limit: > 0] */
  constructor(
    nav: NavFile,
    readonly radius: number,
  ) {
    if (!(radius > 0) || !Number.isFinite(radius))
      throw new RangeError(`radius ${radius} must be > 0`);
    this.radius2 = radius * radius;
    nav.nodes.forEach((node, from) => {
      this.add(node.origin, node.origin);
      for (const l of node.links) {
        // One segment per pair of nodes: the reverse link covers the same ground.
        if (l.target > from || !nav.nodes[l.target]?.links.some((r) => r.target === from)) {
          if (nav.nodes[l.target]) this.add(node.origin, nav.nodes[l.target].origin);
        }
      }
    });
  }

  private cell(v: number): number {
    return Math.floor(v / this.radius);
  }

  private add(a: Vec3, b: Vec3): void {
    const index = this.ends.length / 2;
    this.ends.push(a, b);
    const x0 = this.cell(Math.min(a[0], b[0]) - this.radius);
    const x1 = this.cell(Math.max(a[0], b[0]) + this.radius);
    const y0 = this.cell(Math.min(a[1], b[1]) - this.radius);
    const y1 = this.cell(Math.max(a[1], b[1]) + this.radius);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const key = `${x},${y}`;
        const list = this.cells.get(key);
        if (list) list.push(index);
        else this.cells.set(key, [index]);
      }
    }
  }

  /** Whether a node or link of the graph lies within the radius of `p`. */
  coversPoint(p: Readonly<Vec3>): boolean {
    for (const s of this.cells.get(`${this.cell(p[0])},${this.cell(p[1])}`) ?? []) {
      if (segmentDistance2(p, this.ends[s * 2], this.ends[s * 2 + 1]) <= this.radius2) return true;
    }
    return false;
  }

  /** Whether every point of the segment a–b is covered, checked every half radius. */
  coversSegment(a: Readonly<Vec3>, b: Readonly<Vec3>): boolean {
    const length = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    const steps = Math.max(1, Math.ceil(length / (this.radius / 2)));
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      const p: Vec3 = [
        a[0] + t * (b[0] - a[0]),
        a[1] + t * (b[1] - a[1]),
        a[2] + t * (b[2] - a[2]),
      ];
      if (!this.coversPoint(p)) return false;
    }
    return true;
  }
}
