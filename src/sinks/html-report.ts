/**
 * The HTML build report, `<map>.report.html` beside the `.nav`: one self-contained file (inline
 * SVG pictures, inline CSS, the viewer's script inline, no external reference of any kind) that a map maker can
 * open, mail or attach to an issue.
 *
 * It holds: the explorer (the viewer of `navgen view`, read-only: pan, zoom, click a node or a
 * link for what the build knows of it); the pictures, one per height band (`render/render-svg.ts`), with the changes since
 * the previous nav drawn on them when there is one; node and link counts by type; the per-demo
 * table (read, cached or skipped and why, deaths by cause, spectator ratio, votes); the clusters
 * dropped by each threshold; the diff against the previous nav in figures; and, when measured,
 * the coverage holes (navigation-mesh areas of the map that no node reaches).
 *
 * Like the JSON report, the page is a function of its input only (no clock, no machine), so the
 * same build gives the same bytes.
 *
 * From a build (`src/pipeline/build.ts`), read the nav that is about to be replaced first:
 *
 * ```ts
 * const previous = await readNavFile(spec.output.nav).then((d) => d.nav, () => null);
 * const result = await runBuild(spec, observer);
 * const report = buildReport(result, pipeline);
 * const nav = (await readNavFile(result.outputs.nav)).nav;
 * await writeHtmlReport(htmlPath, htmlReportInput(result, { report, nav, map: spec.bsp, previous }));
 * ```
 */
import { mkdir, readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { defaultNodeTypes, nodeTypeLabel, type NodeTypeTable } from '../nav/node-types.js';
import { summarizeNav, type TypeCount } from '../nav/summary.js';
import type { NavFile } from '../nav/types.js';
import type { BuildResult } from './build-result.js';
import type { BspMap } from '../sources/bsp/read-bsp.js';
import {
  NODE_REACH_XY,
  NODE_REACH_Z,
  type CoverageReport,
  type HoleArea,
} from '../navmesh/coverage.js';
import type { OfflineNavtestReport } from '../navtest/offline-report.js';
import { viewBandsOf, viewModelOf } from './view/view-model-of.js';
import { viewHolesOf } from './view/view-holes.js';
import { provenanceFromReport } from './view/node-provenance.js';
import { viewerScripts, viewPageScript } from './view/viewer-html.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { bandLabel } from './render/height-band.js';
import { navOverlay, type NavOverlay } from './render/nav-overlay.js';
import { nodeTypeColour } from './render/palette.js';
import { readRenderMap, renderMapOf, type RenderMap } from './render/render-map.js';
import {
  pictureBands,
  pictureRect,
  renderNavSvg,
  type NavPictureInput,
} from './render/render-svg.js';
import { escapeXml } from './render/svg-format.js';
import { verdictElement, verdictText, withVerdict } from './report-verdict.js';

/** Where one demo's votes came from in this build. */
export interface DemoSource {
  /** As in the report's `demos.list[].file`. */
  readonly file: string;
  /** `read`: parsed in this build; `cache`: reused from the per-demo cache. */
  readonly source: 'read' | 'cache';
}

/** Everything the page shows. */
export interface HtmlReportInput {
  /** The JSON build report, as `buildReport(result, pipeline)` returns it. */
  readonly report: Record<string, unknown>;
  /** Per demo, read or cached (`result.demos`; the JSON report leaves it out on purpose). */
  readonly demoSources: readonly DemoSource[];
  /** The nav the build wrote. */
  readonly nav: NavFile;
  /** Its file name, for titles; default `<map>.nav`. */
  readonly navName?: string;
  /** The map, for the pictures' floors; null draws the graph alone. */
  readonly map: RenderMap | BspMap | null;
  /** The nav this build replaced, for the diff; null or absent when there was none. */
  readonly previous?: NavFile | null;
  readonly nodeTypes?: NodeTypeTable;
  /** Per node of `nav`, 1 when the map alone gave it (`fill`): drawn hollow. */
  readonly fromMap?: Uint8Array | null;
  /** The opening verdict line (report-verdict.ts); default: the nav test not run yet. */
  readonly verdict?: string;
  /**
   * What the nav misses of the map's walkable floor (`src/navmesh/coverage.ts`): null or
   * absent when not measured; a string says why it could not be.
   */
  readonly coverage?: CoverageReport | string | null;
  /** The coverage holes themselves, for the explorer's layer (`navmesh/coverage.ts` `holeAreas`). */
  readonly holes?: readonly HoleArea[] | null;
  /** The build's own nav test of this nav: its failures in the explorer. */
  readonly navtest?: OfflineNavtestReport | null;
}

/** {@link HtmlReportInput} with the map also given as a BSP path (read when writing). */
export type HtmlReportFiles = Omit<HtmlReportInput, 'map'> & {
  readonly map: string | RenderMap | BspMap | null;
};

/** The input from a build's result (see the module comment for the whole sequence). */
export function htmlReportInput(
  result: BuildResult,
  parts: {
    report: Record<string, unknown>;
    nav: NavFile;
    map: string | RenderMap | BspMap | null;
    previous?: NavFile | null;
    fromMap?: Uint8Array | null;
    coverage?: CoverageReport | string | null;
    holes?: readonly HoleArea[] | null;
    navtest?: OfflineNavtestReport | null;
    /** The verdict line, when the nav was tested (the build's own test). */
    verdict?: string;
  },
): HtmlReportFiles {
  return {
    report: parts.report,
    demoSources: result.demos.map((d) => ({ file: d.file, source: d.source })),
    nav: parts.nav,
    navName: result.outputs.nav ? basename(result.outputs.nav) : undefined,
    map: parts.map,
    previous: parts.previous ?? null,
    fromMap: parts.fromMap ?? null,
    coverage: parts.coverage ?? null,
    holes: parts.holes ?? null,
    navtest: parts.navtest ?? null,
    ...(parts.verdict ? { verdict: parts.verdict } : {}),
  };
}

// ---- Reading the JSON report defensively: it is plain JSON, and older caches may lack fields.

type Json = Record<string, unknown>;

function obj(v: unknown): Json | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
}

function numberOr(v: unknown, fallback: number | null = null): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

function stringOr(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}

// ---- Formatting.

const esc = escapeXml;

function count(v: number | null): string {
  return v === null ? '—' : String(v);
}

function percent(ratio: number | null): string {
  return ratio === null ? '—' : `${(ratio * 100).toFixed(1)} %`;
}

function htmlTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  cls: string,
): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.join('')}</tr>`).join('\n');
  return `<table class="${cls}"><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** A cell; `n` marks a number (right-aligned, `data-value` for scripts and tests). */
function td(text: string, n?: number | null): string {
  return n === undefined
    ? `<td>${esc(text)}</td>`
    : `<td class="n"${n === null ? '' : ` data-value="${n}"`}>${esc(text)}</td>`;
}

const STYLE = `
body{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;margin:24px;color:#1d232b;background:#f6f7f9;line-height:1.4}
h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;margin:32px 0 8px;border-bottom:1px solid #ccd2da;padding-bottom:4px}
.meta{color:#5b6573;margin:0 0 16px}
.verdict{font-size:16px;font-weight:bold;margin:4px 0 8px}
table{border-collapse:collapse;margin:8px 0 16px;background:#fff;font-size:13px}
th,td{border:1px solid #d5dae1;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#e9edf2}td.n{text-align:right;font-variant-numeric:tabular-nums}
tr.skipped td{color:#8a5a00;background:#fff8e6}
.swatch{display:inline-block;width:10px;height:10px;border-radius:50%;border:1px solid #000;margin-right:6px;vertical-align:-1px}
figure{margin:0 0 24px}figcaption{color:#5b6573;margin:4px 0}
svg.nav-picture{max-width:100%;height:auto;display:block}
nav a{margin-right:12px}
`;

// ---- Sections.

function typeTable(
  title: string,
  counts: readonly TypeCount[],
  types: NodeTypeTable,
  cls: string,
): string {
  const rows = counts.map((c) => [
    `<td><span class="swatch" style="background:${nodeTypeColour(types, c.type)}"></span>${esc(c.name)}</td>`,
    td(String(c.type), c.type),
    td(String(c.count), c.count),
  ]);
  const total = counts.reduce((s, c) => s + c.count, 0);
  rows.push([td('total'), td(''), td(String(total), total)]);
  return htmlTable([title, 'number', 'count'], rows, cls);
}

function demoRows(report: Json, sources: readonly DemoSource[]): string[][] {
  const bySource = new Map(sources.map((s) => [s.file, s.source]));
  const list = Array.isArray(obj(report.demos)?.list) ? (obj(report.demos)!.list as unknown[]) : [];
  return list.map((entry) => {
    const d = obj(entry) ?? {};
    const file = stringOr(d.file, '?');
    const used = d.used === true;
    const source = bySource.get(file);
    const origin = source === 'cache' ? 'cached' : source === 'read' ? 'read' : 'unknown';
    // `status` (used, partial, spectator, duplicate, other-map, quarantined, failed) when the
    // report has it; `used` alone otherwise.
    const kind = stringOr(d.status);
    const status = used
      ? kind === 'partial'
        ? `${origin}, partial`
        : origin
      : `skipped${kind && kind !== 'used' ? `: ${kind}` : ''} (${origin})`;
    const why = [stringOr(d.note), stringOr(d.error)].filter((s) => s !== '').join(' — ');
    const deaths = obj(d.deaths);
    const gate = obj(d.gate);
    const cells = [numberOr(deaths?.fall), numberOr(deaths?.drown), numberOr(deaths?.combat)];
    const ratio = numberOr(gate?.spectatorRatio);
    const frames = numberOr(d.frames);
    const nodeVotes = numberOr(d.nodeVotes);
    const linkVotes = numberOr(d.linkVotes);
    const row = [
      td(file),
      `<td class="status">${esc(status)}</td>`,
      td(why),
      td(count(frames), frames),
      td(percent(ratio), ratio),
      ...cells.map((c) => td(count(c), c)),
      td(count(nodeVotes), nodeVotes),
      td(count(linkVotes), linkVotes),
    ];
    return [used ? '' : 'skipped', ...row];
  });
}

function demosSection(report: Json, sources: readonly DemoSource[]): string {
  const rows = demoRows(report, sources);
  const demos = obj(report.demos);
  const head = [
    'demo',
    'status',
    'why',
    'frames',
    'spectator frames',
    'fall deaths',
    'drown deaths',
    'combat deaths',
    'node votes',
    'link votes',
  ];
  const th = head.map((h) => `<th>${esc(h)}</th>`).join('');
  const body = rows
    .map(([cls, ...cells]) => `<tr${cls ? ` class="${cls}"` : ''}>${cells.join('')}</tr>`)
    .join('\n');
  return (
    `<section id="demos"><h2>Demos</h2>` +
    `<p>${count(numberOr(demos?.used))} of ${count(numberOr(demos?.total))} demos used. ` +
    `Status: <em>read</em> now, taken from the per-demo <em>cached</em> results, or <em>skipped</em> (contributes nothing; why is given).</p>` +
    `<table class="demos"><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table></section>`
  );
}

function clustersSection(report: Json): string {
  const cluster = obj(obj(report.stages)?.cluster);
  if (!cluster)
    return `<section id="clusters"><h2>Clusters</h2><p>No cluster stage in this build.</p></section>`;
  const dropped = obj(cluster.dropped) ?? {};
  const row = (what: string, v: unknown) => [td(what), td(count(numberOr(v)), numberOr(v))];
  return (
    `<section id="clusters"><h2>Clusters</h2>` +
    htmlTable(
      ['clusters', 'count'],
      [
        row('all clusters of votes', cluster.clusters),
        row('dropped: too little vote weight (minWeight)', dropped.minWeight),
        row(
          `dropped: too few distinct demos (minDemos ${String(cluster.minDemos ?? '')}${cluster.minDemosSetting === 'auto' ? `, auto for ${String(cluster.demosUsed)} demo(s) used` : ''})`,
          dropped.minDemos,
        ),
        row('dropped: both', dropped.both),
        row('kept as nodes', cluster.nodes),
      ],
      'clusters',
    ) +
    `</section>`
  );
}

function coverageSection(c: CoverageReport | string): string {
  const head = `<section id="coverage"><h2>Coverage holes</h2>`;
  if (typeof c === 'string') return `${head}<p>Not measured: ${esc(c)}</p></section>`;
  const pct = c.cells > 0 ? ((100 * c.coveredCells) / c.cells).toFixed(1) : '0';
  return (
    head +
    `<p>${c.coveredCells} of ${c.cells} cells of the map's navigation mesh (the floor a player ` +
    `reaches from the spawn points) lie within a node's reach (${NODE_REACH_XY} u across, ` +
    `${NODE_REACH_Z} u up or down, the bot's own rule): ${pct} %. ${c.holes} of ${c.areas} mesh ` +
    `areas reach no node (${Math.round(c.holeFloor)} square units of floor); the largest:</p>` +
    htmlTable(
      ['area', 'centre (x, y, z)', 'cells'],
      c.largest.map((h) => [
        td(String(h.id), h.id),
        td(h.centre.join(', ')),
        td(String(h.cells), h.cells),
      ]),
      'coverage',
    ) +
    `</section>`
  );
}

function diffSection(overlay: NavOverlay, types: NodeTypeTable): string {
  const d = overlay.diff;
  const row = (what: string, v: number) => [td(what), td(String(v), v)];
  const figures = htmlTable(
    ['change since the previous nav', 'count'],
    [
      row('nodes before', d.nodesA),
      row('nodes now', d.nodesB),
      row(`nodes kept (matched within ${d.matchRadius} units)`, d.matchedNodes),
      row('nodes added', d.addedNodes.length),
      row('nodes removed', d.removedNodes.length),
      row('nodes retyped', d.retypedNodes.length),
      row('links added between kept nodes', d.addedLinks.length),
      row('links removed between kept nodes', d.removedLinks.length),
      row('links retyped between kept nodes', d.retypedLinks.length),
      row('links new with added nodes', d.linksOfAddedNodes),
      row('links gone with removed nodes', d.linksOfRemovedNodes),
    ],
    'diff',
  );
  const name = (t: number) => nodeTypeLabel(types, t);
  const retyped = d.retypedNodes
    .slice(0, RETYPED_LISTED)
    .map((r) => [td(`#${r.a} → #${r.b}`), td(name(r.typeA)), td(name(r.typeB))]);
  const more =
    d.retypedNodes.length > RETYPED_LISTED
      ? `<p>… and ${d.retypedNodes.length - RETYPED_LISTED} more.</p>`
      : '';
  return (
    `<section id="diff"><h2>Changes since the previous nav</h2>` +
    `<p>Nodes are matched by position (nearest pairs first). On the pictures: added nodes ringed green, ` +
    `removed nodes as red squares, retyped nodes ringed yellow; added links green, removed links dashed red.</p>` +
    figures +
    (retyped.length
      ? htmlTable(['retyped node (before → now)', 'was', 'is'], retyped, 'retyped') + more
      : '') +
    `</section>`
  );
}

/** [Limit: 50] Retyped nodes listed by number (the figures count all). */
const RETYPED_LISTED = 50;

function picturesSection(picture: NavPictureInput): string {
  const bands = pictureBands(picture);
  const rect = pictureRect(picture);
  const figures = bands.map((band, k) => {
    const svg = renderNavSvg(picture, { bands: [band], rect, standalone: false });
    const caption =
      bands.length > 1
        ? `Height band ${k + 1} of ${bands.length}: ${bandLabel(band)}`
        : bandLabel(band);
    return `<figure class="band" data-band="${k}"><figcaption>${esc(caption)}</figcaption>\n${svg}</figure>`;
  });
  const why =
    bands.length > 1
      ? `<p>Floors above floors are drawn in separate pictures, one per height band; a node is drawn with the floor it stands on (origin z − 24). Dashed links lead to a node in another band.</p>`
      : '';
  return `<section id="pictures"><h2>Pictures</h2>${why}\n${figures.join('\n')}</section>`;
}

/**
 * The nav in the viewer of `navgen view`, read-only, with everything the build knew of it:
 * where each node came from, what its own test found, the coverage holes.
 */
function exploreSection(
  input: HtmlReportInput,
  map: RenderMap | null,
  navName: string,
  types: NodeTypeTable,
  script: string,
): string {
  const bands = viewBandsOf(map);
  // The build's own report, made from this nav: its provenance describes this nav's nodes.
  const provenance = obj(input.report.provenance)
    ? provenanceFromReport('build report', input.report, input.nav)
    : null;
  const model = viewModelOf({
    title: navName,
    nav: input.nav,
    nodeTypes: types,
    map,
    editable: false,
    provenance,
    navtest: input.navtest ? { file: "the build's own nav test", report: input.navtest } : null,
    holes: input.holes ? viewHolesOf(input.holes, bands) : [],
  });
  return (
    `<section id="explore"><h2>Explore</h2>` +
    `<p>Drag to pan, wheel to zoom, click a node or link for all the build knows of it. To mend the nav, open it with <code>navgen view ${esc(navName)} --bsp MAP.bsp</code>.</p>\n` +
    `<div id="navgen-view" style="height:80vh;position:relative"></div>\n` +
    viewerScripts({ mode: 'embedded', model }, script) +
    `<noscript><p>The explorer needs JavaScript; the pictures below do not.</p></noscript></section>`
  );
}

/**
 * The whole page (see the module comment). `script` is the viewer's page script
 * (`viewPageScript()`), for the explorer; without it the page has the pictures alone.
 */
export function renderHtmlReport(input: HtmlReportInput, script: string | null = null): string {
  const types = input.nodeTypes ?? defaultNodeTypes;
  const report = input.report;
  const mapName = stringOr(report.map, 'map');
  const navName = input.navName ?? `${mapName}.nav`;
  const map = input.map === null ? null : 'world' in input.map ? renderMapOf(input.map) : input.map;
  const overlay = input.previous
    ? navOverlay(input.nav, input.previous, { label: 'the previous nav', mode: 'previous' })
    : null;
  const summary = summarizeNav(input.nav, types);
  const tool = obj(report.tool);
  const pipeline = stringOr(report.pipeline);
  const meta = [
    `navgen ${stringOr(tool?.version, '?')}`,
    pipeline ? `pipeline ${pipeline}` : 'no pipeline file',
    `${summary.nodes} nodes, ${summary.links} links`,
    overlay ? 'compared with the previous nav' : 'no previous nav',
  ].join(' · ');

  const sections = [
    script !== null ? exploreSection(input, map, navName, types, script) : '',
    picturesSection({
      nav: input.nav,
      title: navName,
      map,
      overlay,
      nodeTypes: types,
      fromMap: input.fromMap ?? null,
    }),
    `<section id="nav"><h2>Nodes and links</h2>` +
      `<p>${summary.nodes} nodes, ${summary.links} links (at most ${summary.maxLinksPerNode} on one node); ` +
      `${summary.weakComponents} weak components (largest ${summary.largestWeakComponent} nodes), ${summary.strongComponents} strong; ` +
      `${summary.nodesWithoutLinksOut} nodes without links out, ${summary.nodesWithoutLinksIn} without links in.</p>` +
      typeTable('node type', summary.nodeTypes, types, 'node-types') +
      typeTable('link target type', summary.linkTypes, types, 'link-types') +
      `</section>`,
    overlay ? diffSection(overlay, types) : '',
    demosSection(report, input.demoSources),
    clustersSection(report),
    input.coverage ? coverageSection(input.coverage) : '',
  ].filter((s) => s !== '');

  const contents = [
    ...(script !== null ? [['explore', 'Explore']] : []),
    ['pictures', 'Pictures'],
    ['nav', 'Nodes and links'],
    ...(overlay ? [['diff', 'Changes']] : []),
    ['demos', 'Demos'],
    ['clusters', 'Clusters'],
    ...(input.coverage ? [['coverage', 'Coverage holes']] : []),
  ]
    .map(([id, text]) => `<a href="#${id}">${text}</a>`)
    .join('');

  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${esc(`${mapName}: navgen build report`)}</title><style>${STYLE}</style></head>`,
    '<body>',
    `<h1>${esc(mapName)}: ${esc(navName)}</h1>`,
    verdictElement(input.verdict ?? verdictText({ map: mapName, navName, navtest: null }), esc),
    `<p class="meta">${esc(meta)}</p>`,
    `<nav>${contents}</nav>`,
    ...sections,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Writes the page atomically, reading the map first when given as a path (`BspError` names it). */
export async function writeHtmlReport(path: string, input: HtmlReportFiles): Promise<void> {
  const map = typeof input.map === 'string' ? await readRenderMap(input.map) : input.map;
  const html = renderHtmlReport({ ...input, map }, await viewPageScript());
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, Buffer.from(html, 'utf8'));
}

/** Rewrites the verdict line of a written report (its nav was tested after it was written). */
export async function setReportVerdict(path: string, text: string): Promise<void> {
  const html = await readFile(path, 'utf8');
  await writeFileAtomic(path, Buffer.from(withVerdict(html, text, esc), 'utf8'));
}
