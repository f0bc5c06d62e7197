/**
 * Impossible links that real bots will try: shortcuts. The engine's bots follow the cheapest
 * path of the nav's link costs (`BOTLIB_DijkstraPath` in the AQtion game library), so a link
 * planted between two nodes that lie close together but far apart along the nav's links is on
 * the path of every bot heading from one side to the other. Two kinds, found with the collision
 * model only (never with the simulator under test):
 *
 * - `wall`: two nodes on one level with a wall between them: every line between them at six
 *   heights up to 90 u and up to `wallSide` u to either side is blocked, so there is no short way
 *   round or over;
 * - `ledge`: a node `minRise` or more above another (far higher than any jump, 60 u), within
 *   `maxLedgeRun` horizontally: straight up a wall;
 * - `drop`: from a node at an edge down to a node `minDrop` or more below on a flat floor
 *   (`deepDrops` of `impossible-links.ts`, no liquid to soften the fall): a fall that kills.
 *
 * A pair qualifies only when the way between the two along the nav's links is much longer than
 * the straight line (`minDetourRatio` times and `minDetourExtra` more), so that no bot can
 * arrive in the link's time by walking round, and the planted link is the bots' best path.
 * Chosen pairs share no node and lie `spacing` apart, so that a bot near one is not near another.
 *
 * Plain data in and out: the finder returns node pairs; {@link plantShortcuts} returns a copy of
 * the nav with those links added (cost = the straight distance, as the engine computes it).
 */
import type { CollisionModel } from '../../src/world/collision-model.js';
import { MASK_PLAYERSOLID } from '../../src/world/contents.js';
import { boxTrace, newTraceResult } from '../../src/world/trace.js';
import type { NavFile } from '../../src/nav/types.js';
import { linkCost } from '../../src/nav/link-cost.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { deepDrops } from './impossible-links.js';

export type ShortcutKind = 'wall' | 'ledge' | 'drop';

export interface Shortcut {
  readonly from: number;
  readonly to: number;
  readonly kind: ShortcutKind;
  /** Straight distance between the two origins. [Units: world units] */
  readonly straight: number;
  /** Cheapest way from `from` to `to` along the nav's links before planting. [Units: world units] */
  readonly detour: number;
}

export interface ShortcutOptions {
  /** Most shortcuts of each kind. */
  readonly maxPerKind: number;
  /** [Units: world units] */
  readonly minWallRun: number;
  /** [Units: world units] */
  readonly maxWallRun: number;
  /** Lines this far to either side of a wall pair must be blocked too. [Units: world units] */
  readonly wallSide: number;
  /** [Units: world units] */
  readonly minRise: number;
  /** [Units: world units] */
  readonly maxRise: number;
  /** [Units: world units] */
  readonly maxLedgeRun: number;
  /** A fall this deep kills (the offline test's fall damage: 400 u and more on these maps). [Units: world units] */
  readonly minDrop: number;
  readonly minDetourRatio: number;
  /** [Units: world units] */
  readonly minDetourExtra: number;
  /** Least distance between nodes of two chosen shortcuts. [Units: world units] */
  readonly spacing: number;
}

export const shortcutDefaults: ShortcutOptions = Object.freeze({
  maxPerKind: 6,
  minWallRun: 64,
  maxWallRun: 384,
  wallSide: 64,
  minRise: 128,
  maxRise: 512,
  maxLedgeRun: 256,
  minDrop: 400,
  minDetourRatio: 3,
  minDetourExtra: 400,
  spacing: 256,
});

const ZERO = [0, 0, 0];
const tr = newTraceResult();

function lineBlocked(m: CollisionModel, a: readonly number[], b: readonly number[]): boolean {
  return boxTrace(m, a, b, ZERO, ZERO, 0, MASK_PLAYERSOLID, tr).fraction < 1;
}

/** Every line between `a` and `b` at six heights and side offsets up to `side` is blocked. */
function walled(m: CollisionModel, a: readonly number[], b: readonly number[], side: number) {
  const h = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const sx = -(b[1] - a[1]) / h;
  const sy = (b[0] - a[0]) / h;
  for (let s = -side; s <= side; s += 32)
    for (const dz of [-16, 0, 16, 30, 60, 90]) {
      const p = [a[0] + sx * s, a[1] + sy * s, a[2] + dz];
      const q = [b[0] + sx * s, b[1] + sy * s, b[2] + dz];
      if (!lineBlocked(m, p, q)) return false;
    }
  return true;
}

/** Cheapest distance along the nav's links from `from` to every node (Infinity: no way). */
export function linkDistances(nav: NavFile, from: number): Float64Array {
  const d = new Float64Array(nav.nodes.length).fill(Infinity);
  d[from] = 0;
  // binary heap of [distance, node]
  const heap: [number, number][] = [[0, from]];
  const push = (e: [number, number]) => {
    heap.push(e);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p][0] <= heap[i][0]) break;
      [heap[p], heap[i]] = [heap[i], heap[p]];
      i = p;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let s = i;
        if (l < heap.length && heap[l][0] < heap[s][0]) s = l;
        if (r < heap.length && heap[r][0] < heap[s][0]) s = r;
        if (s === i) break;
        [heap[s], heap[i]] = [heap[i], heap[s]];
        i = s;
      }
    }
    return top;
  };
  while (heap.length > 0) {
    const [dist, n] = pop();
    if (dist > d[n]) continue;
    for (const l of nav.nodes[n].links) {
      const nd = dist + l.cost;
      if (nd < d[l.target]) {
        d[l.target] = nd;
        push([nd, l.target]);
      }
    }
  }
  return d;
}

/** Shortcut pairs of `nav` on the map `m`, the longest detours first, at most `maxPerKind` of each kind. */
export function findShortcuts(
  m: CollisionModel,
  nav: NavFile,
  options: Partial<ShortcutOptions> = {},
): Shortcut[] {
  const o = { ...shortcutDefaults, ...options };
  const n = nav.nodes;
  const usable = (i: number) => n[i].type === defaultNodeTypes.MOVE && n[i].inuse !== 0;
  const distances = new Map<number, Float64Array>();
  const detourOf = (a: number, b: number) => {
    let d = distances.get(a);
    if (!d) distances.set(a, (d = linkDistances(nav, a)));
    return d[b];
  };
  const candidates: Shortcut[] = [];
  for (let a = 0; a < n.length; a++) {
    if (!usable(a)) continue;
    const pa = n[a].origin;
    for (let b = 0; b < n.length; b++) {
      if (b === a || !usable(b)) continue;
      const pb = n[b].origin;
      const run = Math.hypot(pb[0] - pa[0], pb[1] - pa[1]);
      const rise = pb[2] - pa[2];
      let kind: ShortcutKind;
      if (Math.abs(rise) <= 16 && run >= o.minWallRun && run <= o.maxWallRun) kind = 'wall';
      else if (rise >= o.minRise && rise <= o.maxRise && run <= o.maxLedgeRun) kind = 'ledge';
      else continue;
      if (n[a].links.some((l) => l.target === b)) continue;
      const straight = linkCost(pa, pb);
      const detour = detourOf(a, b);
      if (!Number.isFinite(detour)) continue;
      if (detour < o.minDetourRatio * straight || detour < straight + o.minDetourExtra) continue;
      if (kind === 'wall' && !walled(m, pa, pb, o.wallSide)) continue;
      if (
        kind === 'ledge' &&
        !lineBlocked(m, [pa[0], pa[1], pa[2] + 30], [pb[0], pb[1], pa[2] + 30])
      )
        continue; // the wall below the ledge must stand between them
      candidates.push({ from: a, to: b, kind, straight, detour });
    }
  }
  // Drops: the edges deepDrops finds under the nodes (every third node), to the node nearest
  // the bottom (within 48 u).
  for (const d of deepDrops(m, nav, o.minDrop, Infinity)) {
    const near = (p: readonly number[]) => {
      let best = -1;
      let bestD = 48;
      n.forEach((x, i) => {
        const dd = Math.hypot(x.origin[0] - p[0], x.origin[1] - p[1], x.origin[2] - p[2]);
        if (dd < bestD && usable(i)) [best, bestD] = [i, dd];
      });
      return best;
    };
    const a = near(d.from);
    const b = near(d.to);
    if (a < 0 || b < 0 || a === b || n[a].links.some((l) => l.target === b)) continue;
    const straight = linkCost(n[a].origin, n[b].origin);
    // no way down along the links is fine here: the drop becomes the only one
    const detour = detourOf(a, b);
    if (detour < o.minDetourRatio * straight || detour < straight + o.minDetourExtra) continue;
    candidates.push({ from: a, to: b, kind: 'drop', straight, detour });
  }
  const saving = (c: Shortcut) => (Number.isFinite(c.detour) ? c.detour - c.straight : 1e9);
  candidates.sort((x, y) => saving(y) - saving(x) || x.from - y.from || x.to - y.to);
  const chosen: Shortcut[] = [];
  const far = (i: number, j: number) => {
    const p = n[i].origin;
    const q = n[j].origin;
    return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) >= o.spacing;
  };
  for (const c of candidates) {
    if (chosen.filter((s) => s.kind === c.kind).length >= o.maxPerKind) continue;
    if (chosen.some((s) => [s.from, s.to].some((i) => !far(i, c.from) || !far(i, c.to)))) continue;
    chosen.push(c);
  }
  return chosen;
}

/**
 * A copy of `nav` with every shortcut added as a MOVE link (drops: STAND_DROP; walls: both
 * ways) whose cost is the straight distance. Skips a link its node has no room for (32 links).
 */
export function plantShortcuts(
  nav: NavFile,
  shortcuts: readonly Shortcut[],
): { nav: NavFile; links: { from: number; to: number; kind: ShortcutKind }[] } {
  const copy: NavFile = {
    version: nav.version,
    nodes: nav.nodes.map((x) => ({ ...x, links: x.links.map((l) => ({ ...l })) })),
  };
  const links: { from: number; to: number; kind: ShortcutKind }[] = [];
  const add = (from: number, to: number, kind: ShortcutKind) => {
    const node = copy.nodes[from];
    if (node.links.length >= 32 || node.links.some((l) => l.target === to)) return;
    node.links.push({
      target: to,
      targetType: kind === 'drop' ? defaultNodeTypes.STAND_DROP : defaultNodeTypes.MOVE,
      cost: linkCost(node.origin, copy.nodes[to].origin),
    });
    links.push({ from, to, kind });
  };
  for (const s of shortcuts) {
    add(s.from, s.to, s.kind);
    if (s.kind === 'wall') add(s.to, s.from, s.kind);
  }
  return { nav: copy, links };
}
