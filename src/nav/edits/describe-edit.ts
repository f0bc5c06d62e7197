/**
 * Edits and their points in words, for reasons, the build summary and the report:
 * `delete-link (10, 20, 30) → (40, 50, 60)`.
 */
import type { NavEdit } from './nav-edit.js';

/** `(10, 20, 30.5)`: each coordinate to a tenth of a unit, as short as it goes. */
export function formatPoint(p: readonly number[]): string {
  return `(${p.map((x) => String(Number(x.toFixed(1)) || 0)).join(', ')})`;
}

/** The edit in one phrase: its op, its points (`from → to`) and its type. */
export function describeEdit(e: NavEdit): string {
  switch (e.op) {
    case 'delete-node':
      return `delete-node ${formatPoint(e.at)}`;
    case 'delete-link':
      return `delete-link ${formatPoint(e.from)} → ${formatPoint(e.to)}${e.type ? ` ${e.type}` : ''}`;
    case 'add-link':
      return `add-link ${formatPoint(e.from)} → ${formatPoint(e.to)} ${e.type}`;
    case 'set-type':
      return `set-type ${formatPoint(e.at)} ${e.type}`;
    case 'move-node':
      return `move-node ${formatPoint(e.at)} → ${formatPoint(e.to)}`;
  }
}
