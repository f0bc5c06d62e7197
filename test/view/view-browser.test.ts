/**
 * `navgen view` in a real browser (Debian's chromium through playwright-core), as an admin uses
 * it: a nav built from two wizs demos opened over its map with its build report; a node clicked
 * and its panel read; a link deleted; a link the simulated bot cannot take refused and one it
 * can kept; saved; then the map rebuilt with all four demos and the edits file, and the edits
 * found in the new nav.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../tools/browser/chromium.js';
import { startView, type ViewProcess } from '../../tools/browser/navgen-view-process.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { defaultNodeTypes as T } from '../../src/nav/node-types.js';
import type { NavFile } from '../../src/nav/types.js';
import type { ViewModel } from '../../src/sinks/view/view-model.js';
import type { LinkCheck } from '../../src/sinks/view/view-api.js';
import type { NavgenViewHook } from '../../src/view-page/hook.js';

/** The page's global, as the functions run in the browser see it (src/view-page/hook.ts). */
declare const window: { navgenView?: NavgenViewHook };

const root = join(import.meta.dirname, '..', '..');
const fixtures = join(root, '..', 'shared', 'fixtures');
const bsp = join(fixtures, 'maps', 'wizs.bsp');
const corpus = join(fixtures, 'demos', 'mvd2', 'corpus', 'wizs');
const demos = [
  'wizs_dm_10bots_240s_sk5_c4.mvd2.gz',
  'wizs_dm_6bots_240s_sk9_c3.mvd2.gz',
  'wizs_dm_8bots_240s_sk4_c2.mvd2.gz',
  'wizs_dm_8bots_240s_sk7_c1.mvd2.gz',
].map((f) => join(corpus, f));

let dir: string;
let navPath: string;
let editsPath: string;
let browser: Browser;
let view: ViewProcess;
let page: Page;
let model: ViewModel;
/** The nav the four demos give without edits: where the rebuild's nodes will stand. */
let four: NavFile;

function build(out: string, inputs: string[], extra: string[] = []): void {
  execFileSync(
    process.execPath,
    [
      join(root, 'bin', 'navgen'),
      'build',
      '--map',
      'wizs',
      '--bsp',
      bsp,
      '--out',
      out,
      '--cache',
      join(dir, 'cache'),
      ...extra,
      ...inputs,
    ],
    { stdio: 'pipe' },
  );
}

/** A request of the page's API, with the session's token. */
async function api<T>(path: string, body?: unknown): Promise<T> {
  const url = new URL(view.url);
  const res = await fetch(new URL(path, url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Navgen-Token': url.searchParams.get('token')!,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

const at = (n: number) => model.nav.xyz.slice(n * 3, n * 3 + 3);
const dist = (a: number, b: number) => Math.hypot(...at(a).map((v, k) => v - at(b)[k]));
/** The node of `nav` within an edit's reach (24 units) of `p`, or -1. */
function nearest(nav: NavFile, p: readonly number[]): number {
  let best = -1;
  let bd = Infinity;
  nav.nodes.forEach((n, i) => {
    const d = Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1], n.origin[2] - p[2]);
    if (d < bd) [best, bd] = [i, d];
  });
  return bd <= 24 ? best : -1;
}
const linked = (a: number, b: number) =>
  model.nav.from.some((f, k) => f === a && model.nav.to[k] === b);

/** Clicks node n on the canvas, its band shown first. */
async function clickNode(n: number): Promise<void> {
  await page.getByTestId(`band-${model.nav.band[n]}`).click();
  const p = await page.evaluate((k) => window.navgenView!.screenOf(k), n);
  await page.getByTestId('canvas').click({ position: p });
}

/** Arms an editing tool (its button toggles: a second click disarms it). */
async function armTool(name: string): Promise<void> {
  if ((await page.evaluate(() => window.navgenView!.state().tool)) !== name)
    await page.getByTestId(`tool-${name}`).click();
  expect(await page.evaluate(() => window.navgenView!.state().tool)).toBe(name);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'navgen-view-browser-'));
  navPath = join(dir, 'wizs.nav');
  editsPath = join(dir, 'wizs.edits.json');
  build(navPath, demos.slice(0, 2), [
    '--report',
    join(dir, 'wizs.json'),
    '--html',
    join(dir, 'wizs.report.html'),
  ]);
  build(join(dir, 'wizs-4-plain.nav'), demos, ['--html', join(dir, 'wizs-4-plain.report.html')]);
  four = (await readNavFile(join(dir, 'wizs-4-plain.nav'))).nav;
  view = await startView(
    [navPath, '--bsp', bsp, '--report', join(dir, 'wizs.json'), '--edits', editsPath],
    dir,
  );
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(view.url);
  await page.evaluate(() => window.navgenView!.ready);
  model = await api<ViewModel>('/api/model');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await view?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the build's HTML report in Chromium", () => {
  it('explores the nav read-only from the file, with where each node came from', async () => {
    const report = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await report.goto(`file://${join(dir, 'wizs.report.html')}`);
      await report.evaluate(() => window.navgenView!.ready);
      const state = await report.evaluate(() => window.navgenView!.state());
      expect(state.nodes).toBe(model.nav.type.length);
      expect(state.tool).toBeNull();
      expect(await report.getByTestId('tool-add-link').count()).toBe(0);
      const n = model.provenance!.source.indexOf('votes');
      await report.evaluate((k) => window.navgenView!.selectNode(k), n);
      const panel = await report.getByTestId('panel').innerText();
      expect(panel).toMatch(new RegExp(`node ${n}\\b`, 'i'));
      expect(panel).toMatch(/votes/);
    } finally {
      await report.close();
    }
  });
});

describe('navgen view in Chromium', () => {
  it('shows a clicked node with its links and where it came from', async () => {
    // A node the demos voted for, with links out.
    const n = model.provenance!.source.findIndex(
      (s, i) =>
        s === 'votes' &&
        model.provenance!.voters[i].length > 0 &&
        linked(i, model.nav.to[model.nav.from.indexOf(i)]),
    );
    expect(n).toBeGreaterThanOrEqual(0);
    await clickNode(n);
    expect(await page.evaluate(() => window.navgenView!.state().selected)).toEqual({
      kind: 'node',
      node: expect.any(Number),
    });
    const selected = (await page.evaluate(() => window.navgenView!.state().selected)) as {
      node: number;
    };
    expect(dist(selected.node, n)).toBeLessThan(16);
    const panel = await page.getByTestId('panel').innerText();
    expect(panel).toMatch(new RegExp(`node ${selected.node}\\b`, 'i'));
    expect(panel).toMatch(/MOVE|JUMP|LADDER|STAND_DROP|CROUCH/);
    const voter = model.provenance!.demos[model.provenance!.voters[selected.node][0]];
    if (model.provenance!.source[selected.node] === 'votes')
      expect(panel).toContain(voter.split('/').pop()!);
  });

  it('deletes a link, refuses one the bot cannot take, keeps one it can, and saves', async () => {
    const before = (await page.evaluate(() => window.navgenView!.state().links)) as number;
    // Delete: a one-way link (its midpoint names one link) that the nav of four demos has too.
    let del = -1;
    for (let k = 0; k < model.nav.from.length && del < 0; k++) {
      const [a, b] = [model.nav.from[k], model.nav.to[k]];
      if (linked(b, a) || model.nav.band[a] !== model.nav.band[b] || dist(a, b) <= 40) continue;
      const [fa, fb] = [nearest(four, at(a)), nearest(four, at(b))];
      if (fa >= 0 && fb >= 0 && four.nodes[fa].links.some((l) => l.target === fb)) del = k;
    }
    expect(del).toBeGreaterThanOrEqual(0);
    const [da, db] = [model.nav.from[del], model.nav.to[del]];
    await page.getByTestId(`band-${model.nav.band[da]}`).click();
    await armTool('delete-link');
    const mid = await page.evaluate(([a, b]) => window.navgenView!.screenOfLink(a, b), [da, db]);
    await page.getByTestId('canvas').click({ position: mid });
    await expect.poll(() => page.evaluate(() => window.navgenView!.state().links)).toBe(before - 1);

    // Refused: two far nodes of one band, a walk the bot cannot make.
    const band0 = model.nav.band
      .map((b, i) => (b === model.nav.band[da] ? i : -1))
      .filter((i) => i >= 0);
    let far: [number, number] | null = null;
    outer: for (const a of band0.slice(0, 40))
      for (const b of [...band0].reverse().slice(0, 40)) {
        if (dist(a, b) < 800 || linked(a, b)) continue;
        const c = await api<LinkCheck>('/api/check-link', { from: at(a), to: at(b), type: 'MOVE' });
        if (!c.passed) {
          far = [a, b];
          break outer;
        }
      }
    expect(far).not.toBeNull();
    await page.getByTestId('link-type').selectOption('MOVE');
    await armTool('add-link');
    await clickNode(far![0]);
    await clickNode(far![1]);
    await expect
      .poll(() => page.getByTestId('status').innerText())
      .toMatch(/cannot take this link/);
    expect(await page.evaluate(() => window.navgenView!.state().links)).toBe(before - 1);

    // Kept: two near nodes without a link between them that the bot walks, both still there
    // (within an edit's reach) in the nav of four demos, and not linked there either.
    let near: [number, number] | null = null;
    for (let a = 0; a < model.nav.type.length && !near; a++)
      for (let b = 0; b < model.nav.type.length && !near; b++) {
        if (a === b || linked(a, b) || model.nav.band[a] !== model.nav.band[b]) continue;
        if (model.nav.type[a] !== T.MOVE || model.nav.type[b] !== T.MOVE) continue;
        const d = dist(a, b);
        if (d < 60 || d > 110 || Math.abs(at(a)[2] - at(b)[2]) > 4) continue;
        const [fa, fb] = [nearest(four, at(a)), nearest(four, at(b))];
        if (fa < 0 || fb < 0 || fa === fb || four.nodes[fa].links.some((l) => l.target === fb))
          continue;
        const c = await api<LinkCheck>('/api/check-link', { from: at(a), to: at(b), type: 'MOVE' });
        if (c.passed) near = [a, b];
      }
    expect(near).not.toBeNull();
    await armTool('add-link');
    await clickNode(near![0]);
    await clickNode(near![1]);
    await expect.poll(() => page.evaluate(() => window.navgenView!.state().links)).toBe(before);
    expect(await page.evaluate(() => window.navgenView!.state().dirty)).toBe(true);

    await page.getByTestId('save').click();
    await expect.poll(() => page.getByTestId('status').innerText()).toMatch(/saved/i);
    expect(existsSync(`${navPath}.orig`)).toBe(true);
    const edits = JSON.parse(readFileSync(editsPath, 'utf8'));
    expect(edits.edits.map((e: { op: string }) => e.op)).toEqual(['delete-link', 'add-link']);

    // A rebuild with all four demos and the edits file keeps both mends.
    const rebuilt = join(dir, 'wizs-4.nav');
    build(rebuilt, demos, [
      '--edits',
      editsPath,
      '--report',
      join(dir, 'wizs-4.json'),
      '--html',
      join(dir, 'wizs-4.report.html'),
    ]);
    const report = JSON.parse(readFileSync(join(dir, 'wizs-4.json'), 'utf8'));
    expect(report.edits).toMatchObject({
      total: 2,
      applied: 2,
      notFitting: [],
      removedByNavTest: [],
    });
    const nav: NavFile = (await readNavFile(rebuilt)).nav;
    const has = (a: number, b: number) => nav.nodes[a].links.some((l) => l.target === b);
    const [ra, rb] = [nearest(nav, at(da)), nearest(nav, at(db))];
    expect(ra).toBeGreaterThanOrEqual(0);
    expect(rb).toBeGreaterThanOrEqual(0);
    expect(has(ra, rb)).toBe(false);
    const [na, nb] = [nearest(nav, at(near![0])), nearest(nav, at(near![1]))];
    expect(na).toBeGreaterThanOrEqual(0);
    expect(nb).toBeGreaterThanOrEqual(0);
    expect(has(na, nb)).toBe(true);
  }, 180_000);
});
