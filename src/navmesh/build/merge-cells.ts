/**
 * Stage 4: the `optimise` step of the quadtree navigation-mesh article the mesh follows (Richard Jones, 2010). Adjacent rectangles of one layer that share a whole side are
 * joined when the result can still be one area (`rectIsArea`) and its longer side is at most
 * `maxAspect` times its shorter; passes repeat (east neighbours, then south) until nothing
 * joins. Rectangles are visited in row-major order of their first cell: deterministic.
 */
import type { LayerGrid } from './layer-grid.js';
import { rectIsArea } from './layer-grid.js';
import type { FloorSamples } from './sample-floor.js';

export function mergeCells(
  f: FloorSamples,
  g: LayerGrid,
  rects: number[][],
  maxAspect: number,
  tolerance: number,
): number[][] {
  // Owner rectangle of each cell of the layer grid.
  const owner = new Int32Array(g.width * g.height).fill(-1);
  const live = rects.map((r) => r.slice());
  const alive = live.map(() => true);
  const mark = (k: number) => {
    const [i0, j0, i1, j1] = live[k];
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) owner[(j - g.j0) * g.width + (i - g.i0)] = k;
  };
  live.forEach((_, k) => mark(k));
  const ownerAt = (i: number, j: number): number => {
    const x = i - g.i0;
    const y = j - g.j0;
    return x < 0 || y < 0 || x >= g.width || y >= g.height ? -1 : owner[y * g.width + x];
  };
  const aspectOk = (w: number, h: number) => Math.max(w, h) <= maxAspect * Math.min(w, h);
  let changed = true;
  while (changed) {
    changed = false;
    const order = live
      .map((_, k) => k)
      .filter((k) => alive[k])
      .sort((a, b) => live[a][1] - live[b][1] || live[a][0] - live[b][0]);
    for (const k of order) {
      if (!alive[k]) continue;
      for (let pass = 0; pass < 2; pass++) {
        const [i0, j0, i1, j1] = live[k];
        const o = pass === 0 ? ownerAt(i1 + 1, j0) : ownerAt(i0, j1 + 1);
        if (o < 0 || o === k) continue;
        const r = live[o];
        const sameSide = pass === 0 ? r[1] === j0 && r[3] === j1 : r[0] === i0 && r[2] === i1;
        if (!sameSide) continue;
        const n = [i0, j0, Math.max(i1, r[2]), Math.max(j1, r[3])];
        if (!aspectOk(n[2] - n[0] + 1, n[3] - n[1] + 1)) continue;
        if (!rectIsArea(f, g, n[0], n[1], n[2], n[3], tolerance)) continue;
        live[k] = n;
        alive[o] = false;
        mark(k);
        changed = true;
      }
    }
  }
  return live.filter((_, k) => alive[k]);
}
