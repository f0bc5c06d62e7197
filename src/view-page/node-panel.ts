/**
 * The panel of a selected node: its number, type and position (as the console prints it, with
 * a copy button), its links out and in, what made it, and what the nav test and the trial found
 * at it.
 */
import { button, el } from './dom.js';
import { consolePosition } from './find.js';
import type { PanelContext } from './panel-context.js';
import { fig, list, nodeRef, row, section, typeTag } from './panel-parts.js';

export function nodePanel(ctx: PanelContext, n: number): HTMLElement[] {
  const index = ctx.index();
  const nav = index.nav;
  const model = ctx.model;
  const position = consolePosition(index.position(n));
  const loaded = ctx.identity.loaded(n);
  const band = nav.band[n];

  const code = el('code', {
    class: 'nv-position',
    text: position,
    title: 'as the game console prints it',
  });
  const copy = button('copy', () => copyText(ctx, code, position), { title: 'copy the position' });
  const head = section(
    `Node ${n}`,
    row('type', typeTag(ctx, nav.type[n])),
    row('position', code, ' ', copy),
    row('band', band >= 0 ? (model.bands[band]?.label ?? `band ${band}`) : 'outside every band'),
    loaded !== n
      ? row('loaded as', loaded >= 0 ? `node ${loaded}` : 'not in the loaded nav')
      : null,
  );

  const linkRow = (l: number, other: number, arrow: string) => {
    const r = el(
      'div',
      { class: 'nv-link-row', title: 'select this link' },
      `${arrow} `,
      nodeRef(ctx, other),
      ' ',
      typeTag(ctx, nav.linkType[l]),
      el('span', { class: 'nv-muted', text: ` cost ${fig(nav.cost[l])}` }),
    );
    r.addEventListener('click', (e) => {
      if ((e.target as HTMLElement).closest('a')) return;
      if (arrow === '→') ctx.selectLink(n, other);
      else ctx.selectLink(other, n);
    });
    return r;
  };
  const out: HTMLElement[] = [];
  for (let k = index.outStart[n]; k < index.outStart[n + 1]; k++) {
    const l = index.outLinks[k];
    out.push(linkRow(l, nav.to[l], '→'));
  }
  const into: HTMLElement[] = [];
  for (let k = index.inStart[n]; k < index.inStart[n + 1]; k++) {
    const l = index.inLinks[k];
    into.push(linkRow(l, nav.from[l], '←'));
  }
  const parts = [
    head,
    section(`Links out (${out.length})`, list(out)),
    section(`Links in (${into.length})`, list(into)),
  ];

  const p = model.provenance;
  if (p) {
    const source = loaded >= 0 ? p.source[loaded] : undefined;
    const voters = loaded >= 0 ? (p.voters[loaded] ?? []) : [];
    parts.push(
      section(
        'Provenance',
        row('source', source ?? 'unknown (not in the build report)'),
        row('report', p.report),
        voters.length > 0
          ? row(
              `demos (${voters.length})`,
              list(voters.map((v) => el('div', { text: p.demos[v] ?? `#${v}` }))),
            )
          : null,
      ),
    );
  }

  const t = model.navtest;
  if (t) {
    const failures = loaded >= 0 ? ctx.findings.nodeFailures(loaded) : [];
    const flags: string[] = [];
    if (ctx.findings.badNodes.has(loaded)) flags.push('bad node');
    if (ctx.findings.unreachable.has(loaded)) flags.push('unreachable');
    parts.push(
      section(
        'Nav test',
        row('report', t.report),
        row(
          'node',
          flags.length > 0
            ? el('span', { class: 'nv-fail', text: flags.join(', ') })
            : 'no finding',
        ),
        row(
          `failed links (${failures.length})`,
          list(
            failures.map((f) => {
              const from = ctx.identity.current(f.from);
              const to = ctx.identity.current(f.to);
              const r = el(
                'div',
                { class: 'nv-link-row nv-fail-row' },
                nodeRef(ctx, from),
                ' → ',
                nodeRef(ctx, to),
                el('strong', { text: ` ${f.reason}` }),
                f.detail ? el('div', { class: 'nv-detail', text: f.detail }) : null,
              );
              r.addEventListener('click', (e) => {
                if ((e.target as HTMLElement).closest('a') || from < 0 || to < 0) return;
                ctx.selectLink(from, to);
              });
              return r;
            }),
          ),
        ),
      ),
    );
  }

  const trial = model.trial;
  if (trial) {
    const stats = loaded >= 0 ? ctx.findings.trialNode(loaded) : undefined;
    const spots = loaded >= 0 ? ctx.findings.spotsNear(loaded) : [];
    parts.push(
      section(
        'Trial',
        row('report', `${trial.report} (${trial.runs} runs, ${fig(trial.botMinutes)} bot minutes)`),
        stats
          ? el(
              'div',
              {},
              row('visits', String(stats.visits)),
              row('deaths', String(stats.deaths)),
              row('stuck', `${fig(stats.stuckSeconds)} s`),
            )
          : row('visits', 'no finding'),
        row(
          `spots near (${spots.length})`,
          list(
            spots.map((s) =>
              el(
                'div',
                { class: 'nv-spot' },
                el('strong', {
                  text: s.cause === 'stuck' ? `stuck ${fig(s.seconds)} s` : `died: ${s.cause}`,
                }),
                ' at ',
                el('code', { text: consolePosition(s.origin) }),
              ),
            ),
          ),
        ),
      ),
    );
  }
  return parts;
}

/** Copies `text`; where the clipboard is closed (a report opened from a file), selects it. */
function copyText(ctx: PanelContext, shown: HTMLElement, text: string): void {
  const selectIt = () => {
    window.getSelection()?.selectAllChildren(shown);
    ctx.status('the clipboard is closed to this page: the position is selected, press Ctrl+C');
  };
  if (!navigator.clipboard) return selectIt();
  navigator.clipboard.writeText(text).then(() => ctx.status(`copied ${text}`), selectIt);
}
