/**
 * The lines a picture draws for a nav's links. A link and its reverse (the usual case: a bot
 * can walk both ways) are one line; a link without its reverse (a drop, a jump up a ledge that
 * cannot be walked back) is a line with an arrow at its target. Self-links and repeated links
 * draw nothing more. So the number of lines is the number of unordered node pairs with links
 * both ways plus the number of one-way links.
 */
import type { NavFile } from '../../nav/types.js';

export interface LinkLine {
  /** Node indices. For a two-way line, `from < to`. */
  readonly from: number;
  readonly to: number;
  /** Target type of `from → to`: how a bot moves along it (drop types live here). */
  readonly type: number;
  /** True when `to → from` exists too. */
  readonly twoWay: boolean;
}

/** The lines of `nav`, sorted by `from`, then `to`. */
export function linkLines(nav: NavFile): LinkLine[] {
  const firstType = new Map<number, number>();
  const n = nav.nodes.length;
  nav.nodes.forEach((node, from) => {
    for (const l of node.links) {
      if (l.target === from || l.target < 0 || l.target >= n) continue;
      const key = from * n + l.target;
      if (!firstType.has(key)) firstType.set(key, l.targetType);
    }
  });
  const lines: LinkLine[] = [];
  for (const key of [...firstType.keys()].sort((a, b) => a - b)) {
    const from = Math.floor(key / n);
    const to = key % n;
    const back = firstType.has(to * n + from);
    if (back && to < from) continue;
    lines.push({ from, to, type: firstType.get(key)!, twoWay: back });
  }
  return lines;
}
