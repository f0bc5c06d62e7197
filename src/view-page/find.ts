/**
 * The find box: a node number (`123`) or a position as the game console prints it
 * (`-512 1024 88`, also `(-512, 1024, 88)` or with only x and y), answered by the node nearest
 * the position. No DOM: the box itself is `find-box.ts`.
 */
import type { ViewNav } from '../sinks/view/view-model.js';
import { noNodeMessage } from './nav-index.js';

export type FindQuery =
  | { readonly kind: 'node'; readonly node: number }
  /** `z` undefined: nearest in x and y alone. */
  | { readonly kind: 'point'; readonly x: number; readonly y: number; readonly z?: number }
  | { readonly kind: 'error'; readonly message: string };

export function parseFindQuery(text: string): FindQuery {
  const words = text
    .replace(/[(),;:[\]]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const numbers = words.map(Number);
  if (words.length === 0)
    return { kind: 'error', message: 'type a node number or a position x y z' };
  if (numbers.some((v) => !Number.isFinite(v)))
    return { kind: 'error', message: `not a node number or a position: ${text.trim()}` };
  if (numbers.length === 1) {
    const n = numbers[0];
    if (!Number.isInteger(n) || n < 0) return { kind: 'error', message: `no node number: ${n}` };
    return { kind: 'node', node: n };
  }
  // The console's `viewpos` prints the view angle after the position: extra numbers are ignored.
  if (numbers.length === 2) return { kind: 'point', x: numbers[0], y: numbers[1] };
  return { kind: 'point', x: numbers[0], y: numbers[1], z: numbers[2] };
}

/** What the find box answers: the node to select and what to say, or what is wrong. */
export type FindAnswer =
  | { readonly kind: 'found'; readonly node: number; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

/** The node `text` names in `nav`, or why none. */
export function findNode(nav: ViewNav, text: string): FindAnswer {
  const q = parseFindQuery(text);
  if (q.kind === 'error') return q;
  const count = Math.floor(nav.xyz.length / 3);
  const at = (n: number) => nav.xyz.slice(3 * n, 3 * n + 3);
  if (q.kind === 'node') {
    if (q.node >= count) return { kind: 'error', message: noNodeMessage(q.node, count) };
    return {
      kind: 'found',
      node: q.node,
      message: `node ${q.node} at ${consolePosition(at(q.node))}`,
    };
  }
  const n = nearestNode(nav, q.x, q.y, q.z);
  if (n < 0) return { kind: 'error', message: 'the nav has no nodes' };
  const p = at(n);
  const d = Math.hypot(p[0] - q.x, p[1] - q.y, q.z === undefined ? 0 : p[2] - q.z);
  return {
    kind: 'found',
    node: n,
    message: `node ${n} at ${consolePosition(p)}, ${Math.round(d)} units from the position`,
  };
}

/** The node nearest (x, y, z), or (x, y) without z; -1 for a nav without nodes. */
export function nearestNode(nav: ViewNav, x: number, y: number, z?: number): number {
  const xyz = nav.xyz;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; 3 * i + 2 < xyz.length; i++) {
    const d =
      (xyz[3 * i] - x) ** 2 +
      (xyz[3 * i + 1] - y) ** 2 +
      (z === undefined ? 0 : (xyz[3 * i + 2] - z) ** 2);
    if (d < bestD) {
      best = i;
      bestD = d;
    }
  }
  return best;
}

/** A position as the console prints it and the find box reads it: `x y z`, rounded to 0.1. */
export function consolePosition(xyz: readonly number[]): string {
  return xyz
    .slice(0, 3)
    .map((v) => String(Math.round(v * 10) / 10))
    .join(' ');
}
