/**
 * `npm run docs:view-screenshots`: the pictures of `navgen view` in docs/, made by the viewer
 * itself in headless Chromium (tools/browser/), never by hand, so they show what the code does:
 * - `docs/view-node.png`: wizs built from two demos, opened with its build report, a node
 *   selected and its panel (links, where it came from);
 * - `docs/view-navtest.png`: the engine's own wizs nav with its offline nav test, the test's
 *   failures shown and a failed link selected.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../tools/browser/chromium.js';
import { startView } from '../tools/browser/navgen-view-process.js';

const root = join(import.meta.dirname, '..');
const fixtures = join(root, '..', 'shared', 'fixtures');
const bsp = join(fixtures, 'maps', 'wizs.bsp');
const corpus = join(fixtures, 'demos', 'mvd2', 'corpus', 'wizs');
const navgen = (args: string[]) =>
  execFileSync(process.execPath, [join(root, 'bin', 'navgen'), ...args], { stdio: 'pipe' });

const dir = mkdtempSync(join(tmpdir(), 'navgen-view-shots-'));
const browser = await launchChromium();
try {
  // 1. A node of a built nav and its panel.
  const built = join(dir, 'wizs.nav');
  navgen([
    'build',
    '--map',
    'wizs',
    '--bsp',
    bsp,
    '--out',
    built,
    '--report',
    join(dir, 'wizs.json'),
    '--no-cache',
    join(corpus, 'wizs_dm_10bots_240s_sk5_c4.mvd2.gz'),
    join(corpus, 'wizs_dm_6bots_240s_sk9_c3.mvd2.gz'),
  ]);
  let view = await startView(
    [built, '--bsp', bsp, '--report', join(dir, 'wizs.json'), '--edits', join(dir, 'e.json')],
    dir,
  );
  let page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  await page.goto(view.url);
  await page.evaluate('navgenView.ready');
  // The node nearest the middle of the map's first band with links out.
  const report = JSON.parse(readFileSync(join(dir, 'wizs.json'), 'utf8'));
  const voted = (report.provenance.nodes as string[]).findIndex((l) => / votes \d/.test(l));
  await page.evaluate(`navgenView.selectNode(${voted})`);
  await page.screenshot({ path: join(root, 'docs', 'view-node.png') });
  await page.close();
  await view.stop();

  // 2. The engine's own nav with its nav test's failures.
  const engine = join(dir, 'wizs-engine.nav');
  execFileSync('cp', [join(fixtures, 'nav', 'wizs.autogen.nav'), engine]);
  const test = join(dir, 'wizs-engine.navtest.json');
  try {
    navgen(['navtest', engine, '--bsp', bsp, '-o', test]);
  } catch {
    // The engine's nav fails its test: that is the picture.
  }
  const failed = JSON.parse(readFileSync(test, 'utf8')).bad_links as [number, number][];
  view = await startView(
    [engine, '--bsp', bsp, '--navtest', test, '--edits', join(dir, 'e.json')],
    dir,
  );
  page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  await page.goto(view.url);
  await page.evaluate('navgenView.ready');
  await page.getByTestId('layer-navtest').check();
  if (failed.length > 0) {
    const [a, b] = failed[0];
    await page.evaluate(`navgenView.selectNode(${a})`);
    const p = (await page.evaluate(`navgenView.screenOfLink(${a}, ${b})`)) as {
      x: number;
      y: number;
    };
    await page.getByTestId('canvas').click({ position: p });
  }
  await page.screenshot({ path: join(root, 'docs', 'view-navtest.png') });
  await page.close();
  await view.stop();
  console.log('wrote docs/view-node.png and docs/view-navtest.png');
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
