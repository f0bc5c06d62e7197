/**
 * Do the demos fit the map? The map checks (classify) move every node learned from the demos to
 * a valid standing place in the BSP, and remove those with none near. With the right map
 * nearly all fit; with the BSP of another map (a wrong --bsp, a renamed file) almost none do,
 * and the nav would be the other map's fill with a few stray nodes, written with exit code 0.
 * The share is measured here and a build below MIN_FIT_SHARE is refused.
 */

/** Below this share of demo nodes standing on the map, the map is taken to be another one. */
export const MIN_FIT_SHARE = 0.5;
/** Fewer demo nodes than this say too little to judge (a few seconds of demo). */
const MIN_NODES = 20;

export interface MapFit {
  /** Nodes learned from the demos, before the map checks. */
  readonly nodes: number;
  /** Of those, the ones with a valid place on the map. */
  readonly fit: number;
  readonly share: number;
}

interface Stages {
  readonly cluster?: { nodes?: number };
  readonly classify?: { map?: { removed?: number } | null };
}

/** The share of demo nodes that fit the map; null when the map checks did not run. */
export function mapFit(stages: Readonly<Record<string, unknown>>): MapFit | null {
  const s = stages as Stages;
  const nodes = s.cluster?.nodes;
  const removed = s.classify?.map?.removed;
  if (typeof nodes !== 'number' || typeof removed !== 'number' || nodes === 0) return null;
  const fit = Math.max(0, nodes - removed);
  return { nodes, fit, share: fit / nodes };
}

export function formatFit(f: MapFit): string {
  return `${(f.share * 100).toFixed(1)}% (${f.fit} of ${f.nodes} nodes learned from the demos)`;
}

/** Why the build must stop, or null when the demos fit the map (or there is too little to say). */
export function mapMisfit(
  stages: Readonly<Record<string, unknown>>,
  bsp: string | null,
): string | null {
  const f = mapFit(stages);
  if (!f || f.nodes < MIN_NODES || f.share >= MIN_FIT_SHARE) return null;
  return (
    `the demos do not fit the map ${bsp ?? ''}: only ${formatFit(f)} have a place to stand on it ` +
    `(at least ${MIN_FIT_SHARE * 100}% expected): is it the BSP of another map?`
  );
}
