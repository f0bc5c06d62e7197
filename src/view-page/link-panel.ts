/**
 * The panel of a selected link `from → to`: its type and cost, its way back, its length and
 * climb, what the nav test and the trial found on it, and (served and editable) a button that
 * runs the simulated bot over it, whose starts the map then shows as crosses.
 */
import { button, el } from './dom.js';
import type { PanelContext } from './panel-context.js';
import { fig, list, nodeRef, row, section, typeTag, verdict } from './panel-parts.js';

export function linkPanel(ctx: PanelContext, from: number, to: number): HTMLElement[] {
  const index = ctx.index();
  const nav = index.nav;
  const model = ctx.model;
  const links = index.linksBetween(from, to);
  const back = index.linksBetween(to, from);
  const a = index.position(from);
  const b = index.position(to);
  const title = el('span', {}, nodeRef(ctx, from), ' → ', nodeRef(ctx, to));

  const head = section(
    'Link',
    row('nodes', title),
    links.length === 0
      ? el('div', { class: 'nv-muted', text: 'no link from this node to that one (any more)' })
      : list(
          links.map((l) =>
            el(
              'div',
              {},
              typeTag(ctx, nav.linkType[l]),
              el('span', { class: 'nv-muted', text: ` cost ${fig(nav.cost[l])}` }),
            ),
          ),
        ),
    row(
      'way back',
      back.length > 0
        ? (() => {
            const r = el('a', {
              class: 'nv-ref',
              text: `${to} → ${from} ${ctx.typeName(nav.linkType[back[0]])}`,
              attrs: { href: '#' },
            });
            r.addEventListener('click', (e) => {
              e.preventDefault();
              ctx.selectLink(to, from);
            });
            return r;
          })()
        : 'none (one way)',
    ),
    row(
      'length',
      `${fig(Math.hypot(b[0] - a[0], b[1] - a[1]))} across, ${b[2] >= a[2] ? '+' : ''}${fig(b[2] - a[2])} up`,
    ),
  );
  const parts = [head];

  const loadedFrom = ctx.identity.loaded(from);
  const loadedTo = ctx.identity.loaded(to);
  if (model.navtest) {
    const failures =
      loadedFrom >= 0 && loadedTo >= 0 ? ctx.findings.linkFailures(loadedFrom, loadedTo) : [];
    parts.push(
      section(
        'Nav test',
        failures.length === 0
          ? el('div', { class: 'nv-muted', text: 'no failure on this link' })
          : list(
              failures.map((f) =>
                el(
                  'div',
                  { class: 'nv-fail' },
                  el('strong', { text: f.reason }),
                  f.detail ? el('div', { class: 'nv-detail', text: f.detail }) : null,
                ),
              ),
            ),
      ),
    );
  }

  if (model.trial) {
    const s =
      loadedFrom >= 0 && loadedTo >= 0 ? ctx.findings.trialLink(loadedFrom, loadedTo) : undefined;
    parts.push(
      section(
        'Trial',
        s
          ? el(
              'div',
              {},
              row('traversals', String(s.traversals)),
              row('failures', String(s.failures)),
              row('died', String(s.died)),
            )
          : el('div', { class: 'nv-muted', text: 'no bot of the trial tried this link' }),
      ),
    );
  }

  if (ctx.canCheck && links.length > 0) {
    const shown = ctx.lastCheck();
    const mine = shown && shown.from === from && shown.to === to ? shown : null;
    parts.push(
      section(
        'Simulated bot',
        button('check with the simulated bot', () => ctx.checkLink(from, to), {
          testid: 'check-link',
          title: 'run the simulated bot over this link from its source and the places around it',
        }),
        mine
          ? mine.check
            ? el(
                'div',
                {},
                verdict(mine.check),
                el('div', {
                  class: 'nv-muted',
                  text: `${mine.check.starts.length} starts (crosses on the map), as ${mine.type}`,
                }),
              )
            : el('div', { class: 'nv-muted', text: 'checking…' })
          : null,
      ),
    );
  }
  return parts;
}
