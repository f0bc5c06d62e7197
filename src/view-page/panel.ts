/**
 * The side panel (`data-testid="panel"`): everything known about the selected node or link,
 * the outcome of the last edit, and with nothing selected a summary of the nav and the legend
 * of its types.
 */
import { button, el } from './dom.js';
import { legend } from './legend.js';
import { linkPanel } from './link-panel.js';
import { nodePanel } from './node-panel.js';
import type { PanelContext } from './panel-context.js';
import { list, nodeRef, row, section, typeTag, verdict } from './panel-parts.js';
import type { Selection } from './selection.js';

export class InfoPanel {
  readonly element = el('aside', { class: 'nv-panel', testid: 'panel' });

  constructor(private readonly ctx: PanelContext) {}

  show(selected: Selection | null): void {
    const ctx = this.ctx;
    const parts: (HTMLElement | null)[] = [this.editReport()];
    const n = ctx.index().nodeCount;
    if (selected?.kind === 'node' && selected.node < n)
      parts.push(...nodePanel(ctx, selected.node));
    else if (selected?.kind === 'link' && selected.from < n && selected.to < n)
      parts.push(...linkPanel(ctx, selected.from, selected.to));
    else parts.push(...this.summary());
    this.element.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
  }

  /** The last edit's outcome: a refusal with its reason, or the checks it made. */
  private editReport(): HTMLElement | null {
    const report = this.editReportBody();
    if (report) {
      const close = button('×', () => this.ctx.dismissEdit(), {
        title: 'dismiss',
        class: 'nv-dismiss',
      });
      report.querySelector('h3')?.append(close);
    }
    return report;
  }

  private editReportBody(): HTMLElement | null {
    const ctx = this.ctx;
    const e = ctx.lastEdit();
    if (!e) return null;
    if (e.refused !== null)
      return section(
        'Edit refused',
        el('div', { class: 'nv-muted', text: e.what }),
        el('div', { class: 'nv-fail', text: e.refused }),
        e.check ? verdict(e.check) : null,
      );
    if (e.checks.length === 0) return null;
    const failed = e.checks.filter((c) => !c.check.passed);
    return section(
      failed.length > 0
        ? `Edit kept: ${failed.length} of ${e.checks.length} links fail`
        : 'Edit kept',
      el('div', { class: 'nv-muted', text: e.what }),
      failed.length === 0
        ? el('div', {
            class: 'nv-pass',
            text: `the simulated bot takes all ${e.checks.length} links checked`,
          })
        : list(
            failed.map((c) =>
              el(
                'div',
                { class: 'nv-link-row' },
                nodeRef(ctx, c.from),
                ' → ',
                nodeRef(ctx, c.to),
                verdict(c.check),
              ),
            ),
          ),
    );
  }

  private summary(): HTMLElement[] {
    const ctx = this.ctx;
    const m = ctx.model;
    const index = ctx.index();
    const used = new Set<number>(index.nav.type);
    const types = m.types.filter((t) => used.has(t.number));
    return [
      section(
        m.title,
        row('map', m.map ?? 'none (the nav alone)'),
        row('nodes', String(index.nodeCount)),
        row('links', String(index.nav.from.length)),
        m.navtest
          ? row(
              'nav test',
              `${m.navtest.passed ? 'passed' : 'failed'}, coverage ${Math.round(m.navtest.coverage * 100)} %`,
            )
          : null,
        el('p', {
          class: 'nv-muted',
          text: 'Click a node or a link to see all that is known about it.',
        }),
      ),
      section('Node types', list(types.map((t) => el('div', {}, typeTag(ctx, t.number))))),
      legend(m),
    ];
  }
}
