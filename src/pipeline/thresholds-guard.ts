/**
 * A build whose thresholds dropped (nearly) everything says so, and never replaces a working
 * nav with an empty one. With few demos a demo-count threshold above the number of demos drops
 * every cluster; the nav then holds only the map's spawn points, which the engine loads
 * without complaint and the bots cannot use. Before `minDemos: auto` that was what one human
 * match gave, silently, with exit code 0.
 */
import type { NavFile } from '../nav/types.js';

interface ClusterStats {
  readonly clusters?: number;
  readonly nodes?: number;
  readonly links?: number;
  readonly linksDropped?: number;
  readonly demosUsed?: number;
  readonly minDemos?: number;
  readonly dropped?: { minWeight?: number; minDemos?: number; both?: number };
}

/** Kept fewer than this share of the clusters: worth a warning. */
const FEW_KEPT = 0.05;

function linkCount(nav: NavFile): number {
  let n = 0;
  for (const node of nav.nodes) n += node.links.length;
  return n;
}

/**
 * What the thresholds did, in words naming the threshold and the option that sets it; null
 * when they kept enough. `empty`: no node came from the demos (only the map's own, such as
 * spawn points), or no links at all.
 */
export function thresholdLoss(
  cluster: ClusterStats | undefined,
  nav: NavFile,
): { readonly empty: boolean; readonly message: string } | null {
  const links = linkCount(nav);
  const c = cluster ?? {};
  const clusters = c.clusters ?? 0;
  const kept = c.nodes ?? 0;
  const empty = links === 0 || kept === 0;
  if (!empty && !(clusters > 0 && kept < clusters * FEW_KEPT)) return null;
  const d = c.dropped ?? {};
  const byDemos = (d.minDemos ?? 0) + (d.both ?? 0);
  const byWeight = (d.minWeight ?? 0) + (d.both ?? 0);
  let cause: string;
  if (clusters === 0) {
    cause =
      'the demos gave no votes on this map (check --map and that the demos were played on it)';
  } else if (kept === 0 || kept < clusters * FEW_KEPT) {
    cause =
      byDemos >= byWeight
        ? `minDemos ${c.minDemos} (from ${c.demosUsed} demo(s) used) dropped ${byDemos} of ${clusters} clusters: ` +
          'lower it with --min-demos (flag form) or cluster.minDemos in the pipeline file, or give more demos'
        : `minWeight dropped ${byWeight} of ${clusters} clusters: lower cluster.minWeight in the pipeline file, or give more demos`;
  } else {
    cause =
      `the link thresholds dropped all ${c.linksDropped ?? 0} links between the ${kept} nodes: ` +
      'lower cluster.minLinkWeight or cluster.minLinkDemos in the pipeline file';
  }
  return {
    empty,
    message: empty
      ? `the nav would have ${kept === 0 ? 'no node from the demos' : 'no links'} (${nav.nodes.length} node(s), ${links} link(s)): ${cause}`
      : `only ${kept} of ${clusters} clusters became nodes: ${cause}`,
  };
}
