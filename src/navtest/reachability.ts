/**
 * Which nodes a player can get to from the spawn points through links that passed: a
 * breadth-first walk over the passing links, started at the node nearest each spawn point.
 *
 * A spawn point starts the walk at the nearest node within `spawnRadius` (3D distance to the
 * node's origin; spawn entities float a little above the floor, nodes stand at player height).
 * A spawn point with no node that near starts nothing: the nav does not cover it.
 */
export interface ReachabilityOptions {
  /** Farthest a spawn point's start node may be. [Units: u] [Limit: > 0] */
  readonly spawnRadius: number;
}

export const reachabilityDefaults: ReachabilityOptions = Object.freeze({ spawnRadius: 128 });

/**
 * @param origins node origins [Form: (x, y, z) × nodes]
 * @param links per link: from, to [Form: (from, to) × links]
 * @param passed per link [Length: links]
 * @param spawns spawn origins [Form: (x, y, z) × spawns]
 * @returns per node: 1 reachable, 0 not; and the start node of each spawn (-1: none)
 */
export function reachableNodes(
  origins: Float64Array,
  links: Int32Array,
  passed: Uint8Array,
  spawns: Float64Array,
  options: Partial<ReachabilityOptions> = {},
): { reachable: Uint8Array; startNodes: Int32Array } {
  const o = { ...reachabilityDefaults, ...options };
  const n = origins.length / 3;
  const reachable = new Uint8Array(n);
  const startNodes = new Int32Array(spawns.length / 3).fill(-1);
  const { first, ends: targets } = passingRows(links, passed, n, 0);

  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let s = 0; s < startNodes.length; s++) {
    let best = -1;
    let bestD = o.spawnRadius;
    for (let i = 0; i < n; i++) {
      const d = Math.hypot(
        origins[3 * i] - spawns[3 * s],
        origins[3 * i + 1] - spawns[3 * s + 1],
        origins[3 * i + 2] - spawns[3 * s + 2],
      );
      if (d <= bestD) {
        if (d < bestD || best < 0) best = i;
        bestD = d;
      }
    }
    startNodes[s] = best;
    if (best >= 0 && !reachable[best]) {
      reachable[best] = 1;
      queue[tail++] = best;
    }
  }
  while (head < tail) {
    const i = queue[head++];
    for (let k = first[i]; k < first[i + 1]; k++) {
      const j = targets[k];
      if (!reachable[j]) {
        reachable[j] = 1;
        queue[tail++] = j;
      }
    }
  }
  return { reachable, startNodes };
}

/**
 * Nodes no spawn reaches from which a player gets back to reached ones through links that
 * passed: `fill`'s way-back nodes (a balcony above a ramp, a ledge a jump carries bots onto),
 * and any demo node past a one-way drop. No route leads there, but a bot that lands there
 * (knocked, thrown by a jump) is not lost; the others are dead ends.
 *
 * @param links per link: from, to [Form: (from, to) × links]
 * @param passed per link [Length: links]
 * @param reachable per node, from {@link reachableNodes}
 * @returns per node: 1 leads back (and is not reachable), 0 not
 */
export function returningNodes(
  links: Int32Array,
  passed: Uint8Array,
  reachable: Uint8Array,
): Uint8Array {
  const n = reachable.length;
  const { first, ends: sources } = passingRows(links, passed, n, 1);
  const back = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) if (reachable[i]) queue[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const i = queue[head];
    for (let k = first[i]; k < first[i + 1]; k++) {
      const j = sources[k];
      if (!reachable[j] && !back[j]) {
        back[j] = 1;
        queue[tail++] = j;
      }
    }
  }
  return back;
}

/**
 * The passing links by node, as compressed rows in link order (deterministic): `side` 0 lists
 * each node's outgoing links (row = from, entries = to), 1 its incoming ones (row = to,
 * entries = from). Row i is `ends[first[i]]` … `ends[first[i + 1] - 1]`.
 */
function passingRows(
  links: Int32Array,
  passed: Uint8Array,
  n: number,
  side: 0 | 1,
): { first: Int32Array; ends: Int32Array } {
  const first = new Int32Array(n + 1);
  for (let l = 0; l < passed.length; l++) if (passed[l]) first[links[2 * l + side] + 1]++;
  for (let i = 0; i < n; i++) first[i + 1] += first[i];
  const fill = first.slice(0, n);
  const ends = new Int32Array(first[n]);
  for (let l = 0; l < passed.length; l++)
    if (passed[l]) ends[fill[links[2 * l + side]]++] = links[2 * l + 1 - side];
  return { first, ends };
}
