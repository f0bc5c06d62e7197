/**
 * The recipe of the `cluster` stage (`operators/cluster.ts` keeps its options table, states each
 * option's meaning and limits once, and holds the operator and the stage): the merged votes of
 * all demos made into nodes and links. Graph math on the vote pool, no map.
 *
 * 1. The demo-count thresholds: `auto` resolved against the demos used (`demosUsed`,
 *    `resolveDemoThreshold`).
 * 2. Node votes within `radius` of each other become one cluster (`cluster-votes.ts`: spatial
 *    hashing, independent of the votes' order).
 * 3. A cluster becomes a node when its votes weigh at least `minWeight` and come from at least
 *    `minDemos` demos; the node sits at the weighted mean of its votes horizontally and at
 *    their weighted median height (`describeCluster`).
 * 4. Link votes between votes of two kept nodes, summed per directed pair in a canonical order;
 *    a link is kept with at least `minLinkWeight` and `minLinkDemos`.
 */
import {
  VOTE_AIRBORNE,
  VOTE_CROUCHED,
  VOTE_LADDER,
  VOTE_UNDERWATER,
} from '../../stage/nav-events.js';
import type { DraftLink, DraftNode } from '../../stage/graph-types.js';
import type { VotePool } from '../../stage/vote-pool.js';
import { clusterVotes } from './cluster-votes.js';
import { weightedMedian } from './weighted.js';

/** A demo-count threshold: a number, or `auto` for min(cap, demos used). */
export type DemoThreshold = number | 'auto';

/** What `auto` stands for when enough demos are used. */
export const AUTO_MIN_DEMOS = 3;
export const AUTO_MIN_LINK_DEMOS = 1;

/** What the recipe reads of the stage's options (see `operators/cluster.ts` for each). */
export interface ClusterGraphOptions {
  /** Votes closer than this merge. [Units: world units] */
  readonly radius: number;
  /** Least total vote weight of a node. */
  readonly minWeight: number;
  /** Least number of distinct demos voting for a node. */
  readonly minDemos: DemoThreshold;
  /** Least total weight of a link. */
  readonly minLinkWeight: number;
  /** Least number of distinct demos making a link. */
  readonly minLinkDemos: DemoThreshold;
}

/** The graph the votes make, and the numbers of the stage's summary. */
export interface ClusterGraph {
  nodes: DraftNode[];
  links: DraftLink[];
  stats: Record<string, unknown>;
}

/** Distinct demos with at least one node vote (demos of other maps and empty ones do not count). */
export function demosUsed(pool: VotePool): number {
  const seen = new Uint8Array(pool.demoCount);
  let n = 0;
  for (let i = 0; i < pool.count; i++) {
    if (!seen[pool.demo[i]]) {
      seen[pool.demo[i]] = 1;
      n++;
    }
  }
  return n;
}

/** A threshold with `auto` resolved against the demos used (never below 1). */
export function resolveDemoThreshold(t: DemoThreshold, cap: number, used: number): number {
  return t === 'auto' ? Math.max(1, Math.min(cap, used)) : t;
}

/** The nodes and links the votes make (steps as in the file comment), and the summary. */
export function clusterGraph(pool: VotePool, options: ClusterGraphOptions): ClusterGraph {
  const demoCount = demosUsed(pool);
  const minDemos = resolveDemoThreshold(options.minDemos, AUTO_MIN_DEMOS, demoCount);
  const minLinkDemos = resolveDemoThreshold(options.minLinkDemos, AUTO_MIN_LINK_DEMOS, demoCount);
  const o = { ...options, minDemos, minLinkDemos };
  const c = clusterVotes(pool, o.radius);
  const nodeOf = new Int32Array(c.count).fill(-1);
  const nodes: DraftNode[] = [];
  let droppedWeight = 0;
  let droppedDemos = 0;
  let droppedBoth = 0;

  for (let k = 0; k < c.count; k++) {
    const from = c.memberStart[k];
    const to = c.memberStart[k + 1];
    let weight = 0;
    const demos = new Set<number>();
    for (let m = from; m < to; m++) {
      const i = c.members[m];
      weight += pool.weights[i];
      demos.add(pool.demo[i]);
    }
    const weightOk = weight >= o.minWeight;
    const demosOk = demos.size >= o.minDemos;
    if (!weightOk || !demosOk) {
      if (!weightOk && !demosOk) droppedBoth++;
      else if (!weightOk) droppedWeight++;
      else droppedDemos++;
      continue;
    }
    nodeOf[k] = nodes.length;
    nodes.push(describeCluster(pool, c.members.subarray(from, to), weight, demos.size));
  }

  // Links between kept nodes, accumulated per directed pair. Link votes are summed in a
  // canonical order (pair, weight, demo, flight) so that sums do not depend on input order.
  const used: number[] = [];
  const pairOf = new Float64Array(pool.linkCount);
  for (let l = 0; l < pool.linkCount; l++) {
    const a = nodeOf[c.assignment[pool.linkFrom[l]]];
    const b = nodeOf[c.assignment[pool.linkTo[l]]];
    if (a < 0 || b < 0 || a === b) continue;
    pairOf[l] = a * 0x100000 + b;
    used.push(l);
  }
  used.sort(
    (x, y) =>
      pairOf[x] - pairOf[y] ||
      pool.linkWeights[x] - pool.linkWeights[y] ||
      pool.linkDemo[x] - pool.linkDemo[y] ||
      pool.linkAirborne[x] - pool.linkAirborne[y] ||
      pool.linkRise[x] - pool.linkRise[y],
  );
  const pairs = new Map<
    number,
    { weight: number; votes: number; airborne: number; rise: number; demos: Set<number> }
  >();
  const linkVotesUsed = used.length;
  for (const l of used) {
    const key = pairOf[l];
    let acc = pairs.get(key);
    if (!acc) {
      acc = { weight: 0, votes: 0, airborne: 0, rise: 0, demos: new Set() };
      pairs.set(key, acc);
    }
    acc.weight += pool.linkWeights[l];
    acc.votes++;
    acc.airborne += pool.linkAirborne[l] ? pool.linkWeights[l] : 0;
    acc.rise += pool.linkRise[l] * pool.linkWeights[l];
    acc.demos.add(pool.linkDemo[l]);
  }
  const links: DraftLink[] = [];
  let linksDropped = 0;
  for (const key of [...pairs.keys()].sort((x, y) => x - y)) {
    const acc = pairs.get(key)!;
    if (acc.weight < o.minLinkWeight || acc.demos.size < o.minLinkDemos) {
      linksDropped++;
      continue;
    }
    links.push({
      from: Math.floor(key / 0x100000),
      to: key % 0x100000,
      type: 'MOVE',
      weight: acc.weight,
      demos: acc.demos.size,
      votes: acc.votes,
      airborne: acc.weight > 0 ? acc.airborne / acc.weight : 0,
      rise: acc.weight > 0 ? acc.rise / acc.weight : 0,
    });
  }

  return {
    nodes,
    links,
    stats: {
      demosUsed: demoCount,
      // The thresholds applied, and how they were set (`auto` or the number given).
      minDemos,
      minDemosSetting: options.minDemos,
      minLinkDemos,
      minLinkDemosSetting: options.minLinkDemos,
      votes: pool.count,
      clusters: c.count,
      nodes: nodes.length,
      dropped: { minWeight: droppedWeight, minDemos: droppedDemos, both: droppedBoth },
      linkVotes: pool.linkCount,
      linkVotesBetweenNodes: linkVotesUsed,
      links: links.length,
      linksDropped,
    },
  };
}

function describeCluster(
  pool: VotePool,
  members: Uint32Array,
  weight: number,
  demos: number,
): DraftNode {
  const p = pool.positions;
  let sx = 0;
  let sy = 0;
  let uw = 0;
  let cr = 0;
  let la = 0;
  let air = 0;
  let vz = 0;
  let dxy = 0;
  const zs: number[] = [];
  const zw: number[] = [];
  // Zero-weight clusters cannot pass minWeight > 0, but minWeight 0 is allowed: count votes.
  const useCount = weight <= 0;
  let total = 0;
  for (const i of members) {
    const wi = useCount ? 1 : pool.weights[i];
    total += wi;
    sx += p[i * 3] * wi;
    sy += p[i * 3 + 1] * wi;
    const f = pool.flags[i];
    if (f & VOTE_UNDERWATER) uw += wi;
    if (f & VOTE_CROUCHED) cr += wi;
    if (f & VOTE_LADDER) la += wi;
    if (f & VOTE_AIRBORNE) air += wi;
    vz += pool.vz[i] * wi;
    dxy += pool.dxy[i] * wi;
    zs.push(p[i * 3 + 2]);
    zw.push(wi);
  }
  const z = weightedMedian(zs, zw);
  return {
    origin: [sx / total, sy / total, z],
    type: 'MOVE',
    weight,
    demos,
    votes: members.length,
    underwater: uw / total,
    crouched: cr / total,
    ladder: la / total,
    airborne: air / total,
    vz: vz / total,
    dxy: dxy / total,
    source: 'votes',
  };
}
