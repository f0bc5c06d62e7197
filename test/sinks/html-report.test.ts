/**
 * The HTML build report: its tables carry the input's numbers (demos, node and link types,
 * clusters dropped, the diff against the previous nav), its pictures hold the nav and the diff,
 * and the file is self-contained (no URL, no file reference; its only scripts are the explorer's,
 * inline).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNodeTypes as T, nodeTypeLabel } from '../../src/nav/node-types.js';
import type { NavFile } from '../../src/nav/types.js';
import type { BuildResult } from '../../src/pipeline/build.js';
import {
  htmlReportInput,
  renderHtmlReport,
  writeHtmlReport,
  type HtmlReportInput,
} from '../../src/sinks/html-report.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { viewPageScript } from '../../src/sinks/view/viewer-html.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navOf } from '../nav/nav-builder.js';
import { mapOf, rectFloor } from './render/render-map-builder.js';
import { readMarks, withClass } from './render/svg-marks.js';

/** Before: nodes a, b, c; now: a (now a JUMP), b, d far away; a ↔ b kept, b → c gone, b → d new. */
const PREVIOUS: NavFile = navOf(
  [
    [0, 0, 24],
    [100, 0, 24],
    [100, 300, 24],
  ],
  [
    [0, 1],
    [1, 0],
    [1, 2],
  ],
);
const NAV: NavFile = navOf(
  [
    [0, 0, 24],
    [100, 0, 24],
    [600, 600, 24],
    [650, 600, 24],
  ],
  [
    [0, 1],
    [1, 0],
    [1, 2, T.STAND_DROP],
    [2, 3],
    [3, 2],
  ],
  [T.JUMP, T.MOVE, T.MOVE, T.SPAWNPOINT],
);

const REPORT = {
  tool: { name: 'navgen', version: '0.1.0' },
  map: 'testmap',
  pipeline: 'pipelines/testmap.yaml',
  demos: {
    total: 3,
    used: 2,
    list: [
      {
        file: 'demos/a.mvd2',
        used: true,
        status: 'used',
        note: null,
        error: null,
        frames: 2397,
        gate: { spectatorRatio: 0.125 },
        deaths: { fall: 4, drown: 1, combat: 37 },
        nodeVotes: 3485,
        linkVotes: 3205,
      },
      {
        file: 'demos/b.mvd2',
        used: true,
        status: 'partial',
        note: 'damaged: good prefix kept',
        error: 'TRUNCATED cut at frame 812',
        frames: 812,
        gate: { spectatorRatio: 0 },
        deaths: { fall: 0, drown: 2, combat: 9 },
        nodeVotes: 1200,
        linkVotes: 1100,
      },
      {
        file: 'demos/c.mvd2',
        used: false,
        status: 'spectator',
        note: 'skipped: mostly spectator frames',
        error: null,
        frames: 600,
        gate: { spectatorRatio: 0.93 },
        deaths: null,
        nodeVotes: 0,
        linkVotes: 0,
      },
    ],
  },
  stages: {
    cluster: {
      votes: 13059,
      clusters: 704,
      nodes: 457,
      dropped: { minWeight: 3, minDemos: 236, both: 11 },
    },
  },
  nav: { nodes: 4, links: 5 },
};

const SOURCES = [
  { file: 'demos/a.mvd2', source: 'read' as const },
  { file: 'demos/b.mvd2', source: 'cache' as const },
  { file: 'demos/c.mvd2', source: 'cache' as const },
];

const INPUT: HtmlReportInput = {
  report: REPORT,
  demoSources: SOURCES,
  nav: NAV,
  navName: 'testmap.nav',
  map: mapOf([rectFloor(-64, -64, 700, 700, 0)]),
  previous: PREVIOUS,
};

/** The cells of each body row of `<table class="cls">`, tags stripped. */
function tableRows(html: string, cls: string): string[][] {
  const table = new RegExp(`<table class="${cls}">([\\s\\S]*?)</table>`).exec(html);
  if (!table) throw new Error(`no table ${cls}`);
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table[1])![1];
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) =>
      c[1].replace(/<[^>]+>/g, '').replace(/&amp;/g, '&'),
    ),
  );
}

/** The count column of a two-column table, by the first column's text. */
function counts(html: string, cls: string): Record<string, number> {
  return Object.fromEntries(tableRows(html, cls).map((r) => [r[0], Number(r[r.length - 1])]));
}

describe('renderHtmlReport', () => {
  const html = renderHtmlReport(INPUT);

  it('lists every demo with its status, why, frames, spectator share, deaths and votes', () => {
    const rows = tableRows(html, 'demos');
    expect(rows).toEqual([
      ['demos/a.mvd2', 'read', '', '2397', '12.5 %', '4', '1', '37', '3485', '3205'],
      [
        'demos/b.mvd2',
        'cached, partial',
        'damaged: good prefix kept — TRUNCATED cut at frame 812',
        '812',
        '0.0 %',
        '0',
        '2',
        '9',
        '1200',
        '1100',
      ],
      [
        'demos/c.mvd2',
        'skipped: spectator (cached)',
        'skipped: mostly spectator frames',
        '600',
        '93.0 %',
        '—',
        '—',
        '—',
        '0',
        '0',
      ],
    ]);
    expect(html).toContain('2 of 3 demos used');
  });

  it('counts nodes and links by type as the nav has them', () => {
    const nodeTypes: Record<string, number> = {};
    const linkTypes: Record<string, number> = {};
    for (const n of NAV.nodes) {
      const name = nodeTypeLabel(T, n.type);
      nodeTypes[name] = (nodeTypes[name] ?? 0) + 1;
      for (const l of n.links) {
        const lname = nodeTypeLabel(T, l.targetType);
        linkTypes[lname] = (linkTypes[lname] ?? 0) + 1;
      }
    }
    expect(counts(html, 'node-types')).toEqual({ ...nodeTypes, total: NAV.nodes.length });
    expect(counts(html, 'link-types')).toEqual({ ...linkTypes, total: 5 });
  });

  it('gives the clusters dropped by each threshold', () => {
    expect(Object.values(counts(html, 'clusters'))).toEqual([704, 3, 236, 11, 457]);
  });

  it('gives the diff against the previous nav in figures', () => {
    const d = counts(html, 'diff');
    expect(d['nodes before']).toBe(3);
    expect(d['nodes now']).toBe(4);
    expect(d['nodes kept (matched within 48 units)']).toBe(2);
    expect(d['nodes added']).toBe(2);
    expect(d['nodes removed']).toBe(1);
    expect(d['nodes retyped']).toBe(1);
    expect(d['links added between kept nodes']).toBe(0);
    expect(d['links removed between kept nodes']).toBe(0);
    expect(d['links new with added nodes']).toBe(3);
    expect(d['links gone with removed nodes']).toBe(1);
    expect(tableRows(html, 'retyped')).toEqual([['#0 → #0', 'MOVE', 'JUMP']]);
  });

  it('draws the nav and the changes on the pictures', () => {
    const figures = [...html.matchAll(/<figure[^>]*>([\s\S]*?)<\/figure>/g)].map((m) => m[1]);
    expect(figures).toHaveLength(1);
    const s = readMarks(figures[0].slice(figures[0].indexOf('<svg')));
    expect(withClass(s.marks, 'node')).toHaveLength(NAV.nodes.length);
    expect(withClass(s.marks, 'ref-node')).toHaveLength(PREVIOUS.nodes.length);
    expect(withClass(s.marks, 'overlay-ring', 'gained').map((m) => m.attrs['data-node'])).toEqual([
      '2',
      '3',
    ]);
    expect(withClass(s.marks, 'overlay-ring', 'retyped')).toHaveLength(1);
    expect(withClass(s.marks, 'overlay-link', 'lost')).toHaveLength(1);
    // 1 → 2 and both directions of 2 ↔ 3 came with the added nodes.
    expect(withClass(s.marks, 'overlay-link', 'gained')).toHaveLength(3);
  });

  it('without the viewer script, is self-contained: no URL, no file reference, no script', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/https?:/i);
    expect(html).not.toMatch(/\ssrc\s*=/i);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    for (const m of html.matchAll(/href="([^"]*)"/g)) expect(m[1].startsWith('#')).toBe(true);
    expect(html).toContain('<style>');
  });

  it('is the same text for the same input, and leaves the diff out without a previous nav', () => {
    expect(renderHtmlReport(INPUT)).toBe(html);
    const alone = renderHtmlReport({ ...INPUT, previous: null });
    expect(alone).not.toContain('<table class="diff">');
    expect(alone).not.toContain('ref-node');
    expect(counts(alone, 'node-types').total).toBe(4);
  });

  it('gives the coverage holes when measured, and why not when it could not be', () => {
    expect(html).not.toContain('id="coverage"');
    const measured = renderHtmlReport({
      ...INPUT,
      coverage: {
        areas: 40,
        holes: 3,
        cells: 800,
        coveredCells: 700,
        holeFloor: 25600,
        largest: [
          { id: 17, centre: [100, -200, 24], cells: 60 },
          { id: 4, centre: [-50, 30, 88], cells: 30 },
        ],
      },
    });
    expect(measured).toContain('<a href="#coverage">Coverage holes</a>');
    expect(measured).toMatch(/700 of 800 cells .*: 87\.5 %\. 3 of 40 mesh areas reach no node/);
    const rows = /<table class="coverage">[\s\S]*?<\/table>/.exec(measured)![0];
    expect(rows.match(/<tr>/g)!.length).toBe(3);
    expect(rows).toContain('<td>100, -200, 24</td>');
    const failed = renderHtmlReport({ ...INPUT, coverage: 'no <floor>' });
    expect(failed).toContain('Not measured: no &lt;floor&gt;');
  });

  it('escapes what comes from file names', () => {
    const odd = renderHtmlReport({
      ...INPUT,
      report: { ...REPORT, map: '<b>&"' },
      demoSources: [],
    });
    expect(odd).toContain('&lt;b&gt;&amp;&quot;');
    expect(odd).not.toContain('<b>&"');
  });
});

describe('renderHtmlReport with the explorer', () => {
  const SCRIPT = 'window.viewerRan = "</script> in a string";';
  const page = renderHtmlReport({ ...INPUT, report: { ...REPORT, map: '</script><b>' } }, SCRIPT);

  it('embeds the viewer read-only with the nav, and nothing from outside', () => {
    expect(page).toContain('<a href="#explore">Explore</a>');
    const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    expect(scripts.every((m) => !/src\s*=/.test(m[1]))).toBe(true);
    const boot = JSON.parse(scripts[0][2]);
    expect(boot.mode).toBe('embedded');
    expect(boot.model.version).toBe(1);
    expect(boot.model.editable).toBe(false);
    expect(boot.model.nav.type).toHaveLength(INPUT.nav.nodes.length);
    // The code's own "</script" cannot end its element early.
    expect(scripts[1][2]).toContain('<\\/script> in a string');
    const outside = page.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(outside).not.toMatch(/https?:|<link|<img|<iframe|@import|url\(/i);
    expect(outside).not.toContain('<b>');
  });

  it('is the same text for the same input', () => {
    expect(renderHtmlReport({ ...INPUT, report: { ...REPORT, map: '</script><b>' } }, SCRIPT)).toBe(
      page,
    );
  });
});

describe('writeHtmlReport', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'navgen-html-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the page atomically, creating the folder', async () => {
    const path = join(dir, 'out', 'testmap.report.html');
    await writeHtmlReport(path, INPUT);
    expect(readFileSync(path, 'utf8')).toBe(renderHtmlReport(INPUT, await viewPageScript()));
  });

  it('takes its input from a build result', () => {
    const result = {
      map: 'testmap',
      demos: SOURCES.map((s) => ({ ...s, used: true })),
      outputs: { nav: '/somewhere/testmap.nav' },
    } as unknown as BuildResult;
    const input = htmlReportInput(result, { report: REPORT, nav: NAV, map: null });
    expect(input.demoSources).toEqual(SOURCES);
    expect(input.navName).toBe('testmap.nav');
    expect(input.previous).toBeNull();
  });

  describeFixtures('with a real map', () => {
    it('reads the BSP from its path and draws the engine nav over it', async () => {
      const nav = (await readNavFile(fixture('nav', 'wizs.autogen.nav'))).nav;
      const path = join(dir, 'wizs.report.html');
      await writeHtmlReport(path, {
        report: { ...REPORT, map: 'wizs' },
        demoSources: SOURCES,
        nav,
        map: fixture('maps', 'wizs.bsp'),
      });
      const html = readFileSync(path, 'utf8');
      const figures = [...html.matchAll(/<figure[^>]*>([\s\S]*?)<\/figure>/g)].map((m) => m[1]);
      expect(figures.length).toBeGreaterThan(1);
      const nodes = figures.reduce(
        (n, f) => n + withClass(readMarks(f.slice(f.indexOf('<svg'))).marks, 'node').length,
        0,
      );
      expect(nodes).toBe(nav.nodes.length);
      expect(html).not.toMatch(/https?:/i);
    });
  });
});
