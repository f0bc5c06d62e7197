/**
 * The re-release's nav loaders as checkers (`../shared/engine/q2r/`, README there): q2pro PR #310
 * and q2pro-ng's `nav.c`, compiled unchanged. Runs one on a file and parses what it says, and
 * mirrors their path rules so that a test can pick points whose path the engines must find.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nav3LinkType, nav3NodeFlag } from '../../src/nav/formats/nav3/layout.js';
import type { Nav3File } from '../../src/nav/formats/nav3/types.js';
import { ENGINE_DIR } from '../../tools/engine-oracle.js';

export const Q2R_DIR = join(ENGINE_DIR, 'q2r');
export const CHECKERS = ['navcheck_pr310', 'navcheck_ng'] as const;
export type Checker = (typeof CHECKERS)[number];
export const HAVE_CHECKERS = CHECKERS.every((c) => existsSync(join(Q2R_DIR, c)));

export interface CheckerRun {
  /** 0 loaded, 1 rejected or missing, 3 fatal. */
  status: number;
  /** LOADED, REJECTED, CRASHED or MISSING. */
  result: string;
  output: string;
  counts: { nodes: number; links: number; traversals: number; edicts: number } | null;
  /** The path return code name (`InProgress`, `NoPathFound`…), when --path was asked. */
  path: string | null;
  startNode: number | null;
  goalNode: number | null;
}

/** Path flags both engines are asked with: Walk | WalkOffLedge | BarrierJump. */
export const PATH_FLAGS = 2 | 4 | 16;

export function runChecker(
  checker: Checker,
  file: string,
  map: string,
  path?: { start: readonly number[]; goal: readonly number[] },
): CheckerRun {
  const args = [file, '--map', map];
  if (path) {
    args.push(
      '--path',
      ...[...path.start, ...path.goal].map(String),
      '--flags',
      String(PATH_FLAGS),
    );
    if (checker === 'navcheck_ng') args.push('--drop-height', '100000', '--jump-height', '100000');
  }
  const r = spawnSync(join(Q2R_DIR, checker), args, { encoding: 'utf8', timeout: 60_000 });
  const output = `${r.stdout}${r.stderr}`;
  const counts = /COUNTS: nodes=(\d+) links=(\d+) traversals=(\d+) edicts=(\d+)/.exec(output);
  const p = /PATH: (\w+) \(returnCode/.exec(output);
  const nodes = /start_node=(\d+) goal_node=(\d+)/.exec(output);
  return {
    status: r.status ?? -1,
    result: /RESULT: (\w+)/.exec(output)?.[1] ?? 'NONE',
    output,
    counts: counts
      ? { nodes: +counts[1], links: +counts[2], traversals: +counts[3], edicts: +counts[4] }
      : null,
    path: p?.[1] ?? null,
    startNode: nodes ? +nodes[1] : null,
    goalNode: nodes ? +nodes[2] : null,
  };
}

const BLOCKED_NODE =
  nav3NodeFlag('NoMonsters') |
  nav3NodeFlag('Crouch') |
  nav3NodeFlag('Ladder') |
  nav3NodeFlag('Elevator') |
  nav3NodeFlag('Pusher') |
  nav3NodeFlag('Teleporter') |
  nav3NodeFlag('UnderWater') |
  nav3NodeFlag('Disabled');
const WALKED = new Set(
  ['Walk', 'WalkOffLedge', 'BarrierJump'].map((n) => nav3LinkType(n as never)),
);

/** A node both engines' default path rules enter with {@link PATH_FLAGS} (no water). */
export function walkable(nav: Nav3File, node: number): boolean {
  return (nav.nodes[node].flags & BLOCKED_NODE) === 0;
}

/** Nodes reachable from `start` by the links both engines follow with {@link PATH_FLAGS}. */
export function reachableByEngineRules(nav: Nav3File, start: number): Set<number> {
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length > 0) {
    const n = todo.pop()!;
    const { firstLink, linkCount } = nav.nodes[n];
    for (const l of nav.links.slice(firstLink, firstLink + linkCount)) {
      if (!WALKED.has(l.type) || !walkable(nav, l.target) || seen.has(l.target)) continue;
      seen.add(l.target);
      todo.push(l.target);
    }
  }
  return seen;
}

/** PR #310's `Nav_ClosestNodeTo`: the nearest node in 3D, any flags, first of equals. */
export function closestNodePr310(nav: Nav3File, p: readonly number[]): number {
  let best = -1;
  let w = Infinity;
  nav.nodes.forEach((n, i) => {
    const d = (n.origin[0] - p[0]) ** 2 + (n.origin[1] - p[1]) ** 2 + (n.origin[2] - p[2]) ** 2;
    if (d < w) {
      w = d;
      best = i;
    }
  });
  return best;
}

/** q2pro-ng's: the horizontally nearest accessible node within 512, 48 below to 64 above. */
export function closestNodeNg(nav: Nav3File, p: readonly number[]): number {
  let best = -1;
  let w = Infinity;
  nav.nodes.forEach((n, i) => {
    if (!walkable(nav, i)) return;
    if (n.origin[2] < p[2] - 48 || n.origin[2] > p[2] + 64) return;
    const d = Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1]);
    if (d > 512 || d >= w) return;
    w = d;
    best = i;
  });
  return best;
}
