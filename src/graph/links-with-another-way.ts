/**
 * Which of some candidate links a graph can do without: those whose source still leads to
 * their target over the links that remain, by a way at most `maxExtra` longer than the link
 * itself. Judged one by one in link order against the graph as it shrinks, so a way used to
 * let one link go never runs over another that went before it, and what reaches what stays
 * as it was: a link goes only while another way between its ends remains.
 */
import { adjacency } from './strong-components.js';
import { shortestWay } from './shortest-way.js';

export interface LinkEnds {
  readonly from: number;
  readonly to: number;
}

/**
 * `drop[k]` = 1 for the candidates (`candidate[k]` = 1) that can go. `length(v, w)` is a link's
 * length, and `maxExtra` is in its units. [Limit: maxExtra >= 0]
 */
export function linksWithAnotherWay(
  nodeCount: number,
  links: readonly LinkEnds[],
  candidate: Uint8Array,
  length: (v: number, w: number) => number,
  maxExtra: number,
): Uint8Array {
  const adj = adjacency(nodeCount, links);
  const drop = new Uint8Array(links.length);
  links.forEach((l, k) => {
    if (!candidate[k] || l.from === l.to) return;
    const limit = length(l.from, l.to) + maxExtra;
    const usable = (m: number) => m !== k && drop[m] === 0;
    if (shortestWay(adj, usable, length, l.from, l.to, limit) < Infinity) drop[k] = 1;
  });
  return drop;
}
