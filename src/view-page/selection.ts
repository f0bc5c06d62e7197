/** What is selected or hovered: a node, or the links `from → to` (one direction of a line). */
export type Selection =
  | { readonly kind: 'node'; readonly node: number }
  | { readonly kind: 'link'; readonly from: number; readonly to: number };

export function sameSelection(a: Selection | null, b: Selection | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'node') return b.kind === 'node' && a.node === b.node;
  return b.kind === 'link' && a.from === b.from && a.to === b.to;
}
