/**
 * Keeps the links the engine has room for. A node holds at most 32 links (`MAXLINKS`); when the
 * votes give it more, the least supported go, so that what a bot can follow is what the most
 * evidence backs. Deterministic: equal support keeps the link to the lower target index, then
 * the lower target type, whatever order the links came in.
 */
import { MAX_LINKS_PER_NODE } from '../../nav/formats/aqtion/format.js';

/** A candidate link out of one node, with the evidence for it. */
export interface ScoredLink {
  /** Index of the target node. */
  target: number;
  /** Node-type number telling the bot how to reach the target. */
  targetType: number;
  /** [Limit: finite] Evidence for the link; higher is kept first. */
  support: number;
}

/** Ranks links: higher support first, then lower target, then lower target type. */
function compareStrength(a: ScoredLink, b: ScoredLink): number {
  return b.support - a.support || a.target - b.target || a.targetType - b.targetType;
}

/**
 * The `max` best-supported of `links`, in their input order (a filter: callers choose the
 * order). [Limit: max 0..32] Throws a RangeError for a non-finite support.
 */
export function limitLinks<T extends ScoredLink>(
  links: readonly T[],
  max: number = MAX_LINKS_PER_NODE,
): T[] {
  for (const link of links) {
    if (!Number.isFinite(link.support)) {
      throw new RangeError(`link to node ${link.target}: support ${link.support} is not finite`);
    }
  }
  if (links.length <= max) return links.slice();
  const kept = new Set(links.slice().sort(compareStrength).slice(0, max));
  return links.filter((link) => kept.has(link));
}
