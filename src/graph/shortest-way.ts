/**
 * The length of the shortest way between two nodes over some of a graph's links, searched no
 * farther than a limit: what `short-links` and `wedge-links` ask before they take a link away
 * ("is there another way, and is it short enough to replace this one?").
 *
 * A small Dijkstra with a sorted frontier: the searches are local (a few hundred units, a few
 * dozen nodes), so an array beats a heap here.
 */
import type { Adjacency } from './strong-components.js';

/**
 * Length of the shortest way from `from` to `to` over the links `usable` accepts (by link
 * number), with `length(v, w)` per step, or Infinity when every way is longer than `limit`.
 * [Units: those of `length`]
 */
export function shortestWay(
  adj: Adjacency,
  usable: (link: number) => boolean,
  length: (v: number, w: number) => number,
  from: number,
  to: number,
  limit: number,
): number {
  const best = new Map<number, number>([[from, 0]]);
  const frontier: { v: number; d: number }[] = [{ v: from, d: 0 }];
  while (frontier.length > 0) {
    let k = 0;
    for (let i = 1; i < frontier.length; i++) if (frontier[i].d < frontier[k].d) k = i;
    const { v, d } = frontier[k];
    frontier[k] = frontier[frontier.length - 1];
    frontier.pop();
    if (d > (best.get(v) ?? Infinity)) continue;
    if (v === to) return d;
    for (let e = adj.start[v]; e < adj.start[v + 1]; e++) {
      if (!usable(adj.link[e])) continue;
      const w = adj.targets[e];
      const dw = d + length(v, w);
      if (dw > limit || dw >= (best.get(w) ?? Infinity)) continue;
      best.set(w, dw);
      frontier.push({ v: w, d: dw });
    }
  }
  return Infinity;
}
