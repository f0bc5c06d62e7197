/**
 * The status line (`data-testid="status"`): what the page is doing, and every failure (a server
 * error, a refused edit, a lost connection) in red, so nothing fails silently.
 */
import { el } from './dom.js';

export class StatusLine {
  readonly element = el('div', { class: 'nv-status', testid: 'status', attrs: { role: 'status' } });

  show(message: string, error = false): void {
    this.element.textContent = message;
    this.element.classList.toggle('nv-error', error);
    if (error) console.error(`navgen view: ${message}`);
  }
}
