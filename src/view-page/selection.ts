/**
 * What is selected or hovered, and how a selection keeps to its nodes through an edit that
 * renumbers them (in loaded node numbers across it, `node-identity.ts`). No DOM.
 */
import type { NavIndex } from './nav-index.js';
import type { NodeIdentity } from './node-identity.js';

/** A node, or the links `from → to` (one direction of a line). */
export type Selection =
  | { readonly kind: 'node'; readonly node: number }
  | { readonly kind: 'link'; readonly from: number; readonly to: number };

export function sameSelection(a: Selection | null, b: Selection | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'node') return b.kind === 'node' && a.node === b.node;
  return b.kind === 'link' && a.from === b.from && a.to === b.to;
}

/** `s` in loaded node numbers (-1 for a node without one); taken before the nav changes. */
export function selectionInLoaded(s: Selection | null, identity: NodeIdentity): Selection | null {
  if (s?.kind === 'node') return { kind: 'node', node: identity.loaded(s.node) };
  if (s?.kind === 'link')
    return { kind: 'link', from: identity.loaded(s.from), to: identity.loaded(s.to) };
  return null;
}

/**
 * A selection in loaded node numbers back in the numbers of the nav `index` holds, once
 * `identity` was updated to it; null when its node was deleted, or its link is no more.
 */
export function selectionInCurrent(
  s: Selection | null,
  identity: NodeIdentity,
  index: NavIndex,
): Selection | null {
  const back = (n: number) => (n >= 0 ? identity.current(n) : -1);
  if (s?.kind === 'node' && back(s.node) >= 0) return { kind: 'node', node: back(s.node) };
  if (s?.kind === 'link') {
    const from = back(s.from);
    const to = back(s.to);
    if (from >= 0 && to >= 0 && index.linksBetween(from, to).length > 0)
      return { kind: 'link', from, to };
  }
  return null;
}
