/**
 * `npm run bench:planted-links [-- --map wizs] [--seconds 180] [--bots 8] [--runs 1] [--no-combat]
 * [--per-kind 6] [--keep DIR [--reuse]]`: do real bots find impossible links in a real nav?
 *
 * Plants shortcuts (`tools/independent-checks/planted-shortcuts.ts`: through a wall, straight up
 * a wall far higher than a jump, between nodes far apart along the nav's links) into the engine's
 * own nav of a fixture map (`../shared/fixtures/nav/MAP.autogen.nav`), so that they lie on the
 * bots' cheapest paths. Then the real AQtion server plays the planted nav and, at the same time
 * with the same settings, the nav as it was (the control), as `navgen trial --compare` does.
 * Prints, per planted link, the report's traversals / failures and whether it is in `bad_links`;
 * then: planted links tried, flagged (in `bad_links`), and the links not planted that are in
 * `bad_links` (false flags if the nav's own links are good), with how many of those the control
 * run flagged too.
 *
 * `--keep DIR` keeps the navs, demos and consoles in DIR; `--reuse` measures the demos kept
 * there again instead of playing (for a change in the report's rules). Bot games are random;
 * one run is one sample. Exit 1 when no planted link was tried or none tried was flagged.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateEngine } from '../src/engine/engine-install.js';
import { resolveRunAs, runningAsRoot } from '../src/engine/run-as.js';
import { runSession } from '../src/engine/trial-session.js';
import { readNavFile } from '../src/nav/formats/aqtion/read-nav.js';
import { writeNavFile } from '../src/sinks/nav/write-nav-file.js';
import { loadCollisionModel } from '../src/world/collision-model.js';
import { simulateLink } from '../src/simulated-bot/simulate-link.js';
import { defaultNodeTypes, nodeTypeName } from '../src/nav/node-types.js';
import type { NavFile } from '../src/nav/types.js';
import {
  autogenNav,
  ENGINE_DIR,
  engineUser,
  fixtureMap,
  HAVE_ENGINE,
} from '../tools/engine-oracle.js';
import { findShortcuts, plantShortcuts } from '../tools/independent-checks/planted-shortcuts.js';
import { argReader } from '../tools/cli-args.js';

// Trial demos are read on this thread (the inflate thread loads its module from dist/).
process.env.NAVGEN_INFLATE_THREAD ??= '0';

const args = process.argv.slice(2);
const arg = argReader(args);
const MAP = arg('--map', 'wizs');
const SECONDS = Number(arg('--seconds', '180'));
const BOTS = Number(arg('--bots', '8'));
const RUNS = Number(arg('--runs', '1'));
const PER_KIND = Number(arg('--per-kind', '6'));
const NO_COMBAT = args.includes('--no-combat');
const KEEP = arg('--keep', '');
const REUSE = args.includes('--reuse');
if (!HAVE_ENGINE) {
  console.error('bench:planted-links: no engine at ../shared/engine (set NAVGEN_ENGINE)');
  process.exit(2);
}

const dir = KEEP || mkdtempSync(join(tmpdir(), 'planted-links-'));
mkdirSync(dir, { recursive: true });
try {
  const bsp = fixtureMap(MAP);
  const original = (await readNavFile(autogenNav(MAP))).nav;
  const model = await loadCollisionModel(bsp);
  const shortcuts = findShortcuts(model, original, { maxPerKind: PER_KIND });
  const planted = plantShortcuts(original, shortcuts);
  const plantedPath = join(dir, `${MAP}.planted.nav`);
  const controlPath = autogenNav(MAP);
  await writeNavFile(plantedPath, planted.nav);
  const kinds = (['wall', 'ledge', 'drop'] as const).map(
    (k) => `${planted.links.filter((l) => l.kind === k).length} ${k}`,
  );
  console.log(
    `${MAP}: ${original.nodes.length} nodes; ${planted.links.length} links planted (${kinds.join(', ')}) ` +
      `on ${shortcuts.length} shortcuts (straight ${Math.round(Math.min(...shortcuts.map((s) => s.straight)))}–` +
      `${Math.round(Math.max(...shortcuts.map((s) => s.straight)))} u, way round along the links ` +
      `${Math.round(Math.min(...shortcuts.map((s) => s.detour)))}–${Math.round(Math.max(...shortcuts.map((s) => s.detour)))} u)`,
  );

  const session = await runSession({
    install: locateEngine(ENGINE_DIR),
    map: MAP,
    bspBytes: readFileSync(bsp),
    navs: [
      { label: 'planted', path: plantedPath, nav: planted.nav },
      { label: 'control', path: controlPath, nav: original },
    ],
    bots: BOTS,
    seconds: SECONDS,
    runs: RUNS,
    noCombat: NO_COMBAT,
    runAs: resolveRunAs(engineUser(), runningAsRoot()),
    outDir: join(dir, 'trials'),
    reuse: REUSE,
    say: (line) => console.error(line),
  });
  const [report, control] = session.reports;
  for (const t of session.trials[0]) {
    const loaded = /loaded \S+ containing \d+ nodes/.exec(t.consoleText)?.[0];
    console.log(`engine: ${loaded ?? 'no "loaded" line in its console'}`);
  }

  const key = (a: number, b: number) => `${a}>${b}`;
  const plantedKeys = new Set(planted.links.map((l) => key(l.from, l.to)));
  const bad = new Set(report.bad_links.map(([a, b]) => key(a, b)));
  const controlBad = new Set(control.bad_links.map(([a, b]) => key(a, b)));
  console.log(
    `\n${BOTS} bots × ${SECONDS} s × ${RUNS} run(s)${NO_COMBAT ? ', no combat' : ''}: ` +
      `planted nav ${report.bot_minutes.toFixed(1)} bot-minutes, control ${control.bot_minutes.toFixed(1)}`,
  );
  console.log(
    '\n| planted link | kind | straight u | way round u | tried | failed (died / timed out) | env. deaths on it / at its target | in bad_links |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const l of planted.links) {
    const s = report.link_stats.find((x) => x.from === l.from && x.to === l.to);
    const sc = shortcuts.find(
      (x) => (x.from === l.from && x.to === l.to) || (x.from === l.to && x.to === l.from),
    )!;
    console.log(
      `| ${l.from} → ${l.to} | ${l.kind} | ${Math.round(sc.straight)} | ${Math.round(sc.detour)} | ${s?.traversals ?? 0} | ` +
        `${s ? `${s.failures} (${s.died} / ${s.timed_out})` : '0'} | ` +
        `${s?.env_died ?? 0} / ${report.node_stats.find((x) => x.node === l.to)?.env_deaths ?? 0} | ` +
        `${bad.has(key(l.from, l.to)) ? 'yes' : 'no'} |`,
    );
  }
  const tried = planted.links.filter((l) =>
    report.link_stats.some((x) => x.from === l.from && x.to === l.to),
  );
  const flagged = planted.links.filter((l) => bad.has(key(l.from, l.to)));
  const others = report.bad_links.filter(([a, b]) => !plantedKeys.has(key(a, b)));
  const othersInControl = others.filter(([a, b]) => controlBad.has(key(a, b)));
  const triedLinks = report.link_stats.filter((x) => !plantedKeys.has(key(x.from, x.to))).length;
  console.log(
    `\nplanted links tried: ${tried.length} of ${planted.links.length}; flagged (in bad_links): ${flagged.length} ` +
      `(${tried.length > 0 ? ((100 * flagged.length) / tried.length).toFixed(0) : '—'} % of those tried)`,
  );
  console.log(
    `links not planted in bad_links: ${others.length} of ${triedLinks} tried ` +
      `(${triedLinks > 0 ? ((100 * others.length) / triedLinks).toFixed(1) : '—'} %); ` +
      `of those also bad in the control run: ${othersInControl.length}; control bad_links: ${control.bad_links.length} ` +
      `of ${control.link_stats.length} tried`,
  );
  // The offline test (navgen's simulator, the engine's player movement) as a second judge of
  // every flagged link: a planted link must fail it; a link not planted that passes it is a
  // false flag unless the bots really got stuck there for reasons the simulator has not (other
  // bots in the way, a bot idling).
  const offline = (nav: NavFile, [a, b]: [number, number]) => {
    const type = (v: number) => nodeTypeName(defaultNodeTypes, v) ?? 'MOVE';
    const l = nav.nodes[a].links.find((x) => x.target === b)!;
    return simulateLink(model, {
      from: nav.nodes[a].origin,
      to: nav.nodes[b].origin,
      linkType: type(l.targetType),
      fromType: type(nav.nodes[a].type),
      toType: type(nav.nodes[b].type),
    }).passed;
  };
  const passedOffline = (nav: NavFile, links: [number, number][]) =>
    links.filter((l) => offline(nav, l)).length;
  console.log(
    `offline test of the flagged links: planted ${passedOffline(
      planted.nav,
      flagged.map((l) => [l.from, l.to]),
    )} of ${flagged.length} passed; ` +
      `not planted ${passedOffline(planted.nav, others)} of ${others.length} passed; ` +
      `control ${passedOffline(original, control.bad_links)} of ${control.bad_links.length} passed`,
  );
  if (tried.length === 0 || flagged.length === 0) process.exitCode = 1;
} finally {
  if (!KEEP) rmSync(dir, { recursive: true, force: true });
}
