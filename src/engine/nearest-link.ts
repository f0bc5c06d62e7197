/**
 * The nav link passing closest to a point (a stuck spot, a death), for asking whether real
 * bots got stuck on links the offline test failed.
 */

/** A nav link and how far a point lies from the segment between its two node origins. */
export interface NearLink {
  readonly from: number;
  readonly to: number;
  /** [Units: world units] */
  readonly distance: number;
}

/**
 * The link of `nav` whose segment (origin of `from` to origin of `to`) passes closest to `p`,
 * or null for a nav without links; ties go to the first in node and link order.
 */
export function nearestLink(
  nav: { nodes: readonly { origin: readonly number[]; links: readonly { target: number }[] }[] },
  p: readonly number[],
): NearLink | null {
  let best: NearLink | null = null;
  nav.nodes.forEach((a, from) => {
    for (const { target: to } of a.links) {
      const b = nav.nodes[to].origin;
      const d = [b[0] - a.origin[0], b[1] - a.origin[1], b[2] - a.origin[2]];
      const len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
      const w = [p[0] - a.origin[0], p[1] - a.origin[1], p[2] - a.origin[2]];
      const t =
        len2 === 0 ? 0 : Math.min(1, Math.max(0, (w[0] * d[0] + w[1] * d[1] + w[2] * d[2]) / len2));
      const distance = Math.hypot(w[0] - t * d[0], w[1] - t * d[1], w[2] - t * d[2]);
      if (!best || distance < best.distance) best = { from, to, distance };
    }
  });
  return best;
}
