/** The pieces the info panel is made of. */
import type { LinkCheck } from '../sinks/view/view-api.js';
import { el } from './dom.js';
import type { PanelContext } from './panel-context.js';

export function section(title: string, ...children: (Node | string | null | false)[]): HTMLElement {
  return el('section', { class: 'nv-section' }, el('h3', { text: title }), ...children);
}

/** A label and its value on one line. */
export function row(label: string, ...value: (Node | string)[]): HTMLElement {
  return el(
    'div',
    { class: 'nv-row' },
    el('span', { class: 'nv-label', text: label }),
    el('span', {}, ...value),
  );
}

/** A node number that selects the node when clicked. */
export function nodeRef(ctx: PanelContext, n: number): HTMLElement {
  if (n < 0 || n >= ctx.index().nodeCount) return el('span', { class: 'nv-muted', text: '(gone)' });
  const a = el('a', {
    class: 'nv-ref',
    text: String(n),
    attrs: { href: '#', 'data-node': String(n) },
  });
  a.addEventListener('click', (e) => {
    e.preventDefault();
    ctx.selectNode(n);
  });
  return a;
}

/** A small square of a type's colour and its name. */
export function typeTag(ctx: PanelContext, type: number): HTMLElement {
  const swatch = el('span', { class: 'nv-swatch' });
  swatch.style.background = ctx.typeColour(type);
  return el('span', { class: 'nv-type' }, swatch, ctx.typeName(type));
}

/** A list of rows, or a muted "none". */
export function list(items: readonly HTMLElement[], none = 'none'): HTMLElement {
  if (items.length === 0) return el('div', { class: 'nv-muted', text: none });
  return el('div', { class: 'nv-list' }, ...items);
}

/** A link check's verdict: `reached`, or the failure with its detail. */
export function verdict(check: LinkCheck): HTMLElement {
  return el(
    'div',
    { class: check.passed ? 'nv-pass' : 'nv-fail' },
    el('strong', { text: check.passed ? 'passed' : 'failed' }),
    ` ${check.reason}`,
    check.detail ? el('div', { class: 'nv-detail', text: check.detail }) : null,
  );
}

/** A figure with at most one decimal. */
export function fig(v: number): string {
  return String(Math.round(v * 10) / 10);
}
