/**
 * Ladders as players see them: a mapper builds one ladder from several brushes (rails, rungs,
 * a cap), each with the ladder bit. Brushes whose bounds touch or lie within `gap` units of
 * each other form one ladder, named by its lowest brush index. Computed once per world.
 */
import type { BspWorld } from '../sources/bsp/world.js';
import { CONTENTS_LADDER } from '../sources/bsp/contents-flags.js';

/** Bounds of brush `b` from its axial sides (the compiler always adds them). */
export function brushBounds(w: BspWorld, b: number): { mins: number[]; maxs: number[] } {
  const mins = [-Infinity, -Infinity, -Infinity];
  const maxs = [Infinity, Infinity, Infinity];
  const { brushes, brushSides, planes } = w;
  for (let s = brushes.firstSide[b]; s < brushes.firstSide[b] + brushes.sideCount[b]; s++) {
    const p = brushSides.plane[s];
    for (let a = 0; a < 3; a++) {
      const n = planes.normals[p * 3 + a];
      if (n === 1) maxs[a] = Math.min(maxs[a], planes.dists[p]);
      else if (n === -1) mins[a] = Math.max(mins[a], -planes.dists[p]);
    }
  }
  return { mins, maxs };
}

const cache = new WeakMap<BspWorld, Int32Array>();

/** For each brush, the ladder it belongs to (lowest brush index), or -1 for non-ladder brushes. */
export function ladderOf(w: BspWorld, gap = 8): Int32Array {
  const hit = cache.get(w);
  if (hit) return hit;
  const owner = new Int32Array(w.brushes.count).fill(-1);
  const list: { b: number; mins: number[]; maxs: number[] }[] = [];
  for (let b = 0; b < w.brushes.count; b++)
    if ((w.brushes.contents[b] & CONTENTS_LADDER) !== 0) {
      owner[b] = b;
      list.push({ b, ...brushBounds(w, b) });
    }
  const find = (b: number): number => {
    while (owner[b] !== b) b = owner[b] = owner[owner[b]];
    return b;
  };
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i];
      const c = list[j];
      let near = true;
      for (let k = 0; k < 3 && near; k++)
        near = a.mins[k] - gap <= c.maxs[k] && c.mins[k] - gap <= a.maxs[k];
      if (!near) continue;
      const ra = find(a.b);
      const rc = find(c.b);
      if (ra !== rc) owner[Math.max(ra, rc)] = Math.min(ra, rc);
    }
  for (const { b } of list) owner[b] = find(b);
  cache.set(w, owner);
  return owner;
}
