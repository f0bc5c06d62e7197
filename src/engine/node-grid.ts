/**
 * Nav nodes bucketed in cubes of `radius`, for "which node is this position within `radius`
 * of" and "which node is nearest" asked at every frame of every bot.
 */
import type { ReadonlyVec3 } from '../geometry/vec3.js';

type Point = ReadonlyVec3 | readonly number[];

export class NodeGrid {
  private readonly cells = new Map<string, number[]>();

  constructor(
    private readonly origins: readonly Point[],
    readonly radius: number,
  ) {
    origins.forEach((o, i) => {
      const k = this.key(o[0], o[1], o[2]);
      const list = this.cells.get(k);
      if (list) list.push(i);
      else this.cells.set(k, [i]);
    });
  }

  private cell(v: number): number {
    return Math.floor(v / this.radius);
  }

  private key(x: number, y: number, z: number): string {
    return `${this.cell(x)},${this.cell(y)},${this.cell(z)}`;
  }

  /** The nearest node within `radius` of `p` (ties: the lower index), or -1. */
  within(p: Point): number {
    const cx = this.cell(p[0]);
    const cy = this.cell(p[1]);
    const cz = this.cell(p[2]);
    const r2 = this.radius * this.radius;
    let best = -1;
    let bestD = Infinity;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          const list = this.cells.get(`${cx + dx},${cy + dy},${cz + dz}`);
          if (!list) continue;
          for (const i of list) {
            const o = this.origins[i];
            const d = (o[0] - p[0]) ** 2 + (o[1] - p[1]) ** 2 + (o[2] - p[2]) ** 2;
            if (d <= r2 && (d < bestD || (d === bestD && i < best))) {
              bestD = d;
              best = i;
            }
          }
        }
    return best;
  }

  /** Every node within `radius` of `p`, added to `into` (any order). */
  allWithin(p: Point, into: number[]): void {
    const cx = this.cell(p[0]);
    const cy = this.cell(p[1]);
    const cz = this.cell(p[2]);
    const r2 = this.radius * this.radius;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          const list = this.cells.get(`${cx + dx},${cy + dy},${cz + dz}`);
          if (!list) continue;
          for (const i of list) {
            const o = this.origins[i];
            if ((o[0] - p[0]) ** 2 + (o[1] - p[1]) ** 2 + (o[2] - p[2]) ** 2 <= r2) into.push(i);
          }
        }
  }

  /** The nearest node of all (ties: the lower index), or -1 for no nodes. */
  nearest(p: Point): number {
    const near = this.within(p);
    if (near >= 0) return near;
    let best = -1;
    let bestD = Infinity;
    this.origins.forEach((o, i) => {
      const d = (o[0] - p[0]) ** 2 + (o[1] - p[1]) ** 2 + (o[2] - p[2]) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    return best;
  }
}
