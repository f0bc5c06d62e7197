/**
 * The find box (`data-testid="find"`): Enter finds what is typed. What it reads and answers is
 * `find.ts`; the viewer selects the node and says where it is.
 */
import { el } from './dom.js';

export function findBox(find: (text: string) => void): HTMLInputElement {
  const input = el('input', {
    class: 'nv-find',
    testid: 'find',
    title: 'a node number, or a position as the console prints it (x y z); Enter finds',
    attrs: { type: 'text', placeholder: 'find: node or x y z', spellcheck: 'false' },
  });
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    find(input.value);
  });
  return input;
}
