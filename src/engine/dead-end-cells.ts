/**
 * Where a nav holds bots for good: the played-area cells (`played-cells.ts`) of its nodes that
 * do not lead into its main strongly connected component, and of none that does. A bot that
 * spawns or falls there finds no path to any goal and stays, and the cell counts as reached.
 *
 * The fixture corpus was played by bots on the engine's own navs, whose dead ends are many (on
 * ghetto, 731 cells of its roofs and yards): its players stood in those cells because the nav
 * kept them there, so the played area favours that nav. Measured outside the engine nav's dead
 * ends, the share of the played area bots reach compares the navs on the ground both let bots
 * leave (bench:bots prints both).
 */
import type { NavFile } from '../nav/types.js';
import { largestReach } from '../graph/strong-components.js';
import { cellKey } from './played-cells.js';

/** The cell keys, ascending, of the nodes of `nav` that lead nowhere (see above). */
export function deadEndCells(nav: NavFile): number[] {
  const n = nav.nodes.length;
  if (n === 0) return [];
  const links = nav.nodes.flatMap((node, from) => node.links.map((l) => ({ from, to: l.target })));
  const { leads } = largestReach(n, links);
  const leading = new Set<number>();
  const stuck = new Set<number>();
  nav.nodes.forEach((node, v) => {
    const [x, y, z] = node.origin;
    (leads[v] ? leading : stuck).add(cellKey(x, y, z));
  });
  return [...stuck].filter((k) => !leading.has(k)).sort((a, b) => a - b);
}
