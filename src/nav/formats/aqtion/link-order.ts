/**
 * The order in which the engine saves a node's links (`QSNodeLinksByHeight`): by the height of
 * the target above the node, highest first, so that a bot would consider climbs first.
 *
 * The sort key is the float32 difference target z − node z when it is at least 1, else 0 (any
 * target less than one unit higher counts as level). The comparator returns the double
 * difference of two keys truncated to an integer, so keys less than one unit apart compare
 * equal, and the sort is glibc's merge sort ({@link glibcMergeSort}), whose split and tie rule
 * decide the result for such near-ties.
 */
import type { NavLink, Vec3 } from '../../types.js';
import { glibcMergeSort } from './glibc-merge-sort.js';

/** [Units: world units] The engine's sort key of a link from a node at `nodeZ` to one at `targetZ`. */
export function linkHeightKey(nodeZ: number, targetZ: number): number {
  const rise = Math.fround(targetZ - nodeZ);
  return rise >= 1 ? rise : 0;
}

interface KeyedLink {
  link: NavLink;
  key: number;
}

/** The engine's comparator: (int)(b.key − a.key), C truncation toward zero. */
function compareKeyed(a: KeyedLink, b: KeyedLink): number {
  return Math.trunc(b.key - a.key);
}

/**
 * `links` of the node at `origin` in the order the engine saves them. `targetOrigin(i)` gives
 * the origin of node `i` (every target must be a valid node index).
 */
export function sortLinksByHeight(
  origin: Readonly<Vec3>,
  links: readonly NavLink[],
  targetOrigin: (target: number) => Readonly<Vec3>,
): NavLink[] {
  const keyed = links.map((link) => ({
    link,
    key: linkHeightKey(origin[2], targetOrigin(link.target)[2]),
  }));
  return glibcMergeSort(keyed, compareKeyed).map((k) => k.link);
}
