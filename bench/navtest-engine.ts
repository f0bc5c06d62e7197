/**
 * `npm run bench:navtest-engine [-- --map wizs] [--seconds 240] [--bots 8] [--no-combat]`:
 * is the offline nav test worth what it predicts? On a fixture map: navgen's draft (the example
 * pipeline) with impossible links planted between its own nodes (found with the collision model
 * by `tools/independent-checks/impossible-links.ts`: walls, ledges above jump height (to a new node on the
 * ledge, with a way back down), gaps wider than a running jump, fatal drops), tested offline; then real bots play on the same nav in the real AQtion
 * server (`src/engine/`, as `navgen trial` runs it), and every place where a bot got stuck
 * (trialstats.py's rule: < 24 u in 3 s) is matched to the nearest link of the nav. Also prints
 * the engine report's verdict on the planted links: which of them real bots tried, and which
 * are in its `bad_links`, and the environmental deaths at the planted drops' nodes. Prints a table: stuck spots and
 * seconds on links the offline test failed (planted or not), on links it passed, and far from
 * any link; and, per planted link, whether bots got stuck on it.
 *
 * Bot games are random; one run is one sample.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { locateEngine } from '../src/engine/engine-install.js';
import { nearestLink } from '../src/engine/nearest-link.js';
import { resolveRunAs, runningAsRoot } from '../src/engine/run-as.js';
import { runTrial } from '../src/engine/run-trial.js';
import { engineReport } from '../src/engine/engine-report.js';
import {
  ENGINE_DIR,
  engineUser,
  fixtureMap,
  HAVE_ENGINE,
  REPO_ROOT,
} from '../tools/engine-oracle.js';
import * as find from '../tools/independent-checks/impossible-links.js';
import { argReader } from '../tools/cli-args.js';

const dist = '../dist/';
const { loadPipelineFile } = (await import(
  dist + 'pipeline/load-pipeline.js'
)) as typeof import('../src/pipeline/load-pipeline.js');
const { runBuild } = (await import(
  dist + 'pipeline/build.js'
)) as typeof import('../src/pipeline/build.js');
const { readNavFile } = (await import(
  dist + 'nav/formats/aqtion/read-nav.js'
)) as typeof import('../src/nav/formats/aqtion/read-nav.js');
const { writeNavFile } = (await import(
  dist + 'sinks/nav/write-nav-file.js'
)) as typeof import('../src/sinks/nav/write-nav-file.js');
const { runNavtest } = (await import(
  dist + 'navtest/run-navtest.js'
)) as typeof import('../src/navtest/run-navtest.js');
const { loadCollisionModel } = (await import(
  dist + 'world/collision-model.js'
)) as typeof import('../src/world/collision-model.js');
const { linkCost } = (await import(
  dist + 'nav/link-cost.js'
)) as typeof import('../src/nav/link-cost.js');
const { defaultNodeTypes } = (await import(
  dist + 'nav/node-types.js'
)) as typeof import('../src/nav/node-types.js');

const args = process.argv.slice(2);
const arg = argReader(args);
const MAP = arg('--map', 'wizs');
const SECONDS = Number(arg('--seconds', '240'));
const BOTS = Number(arg('--bots', '8'));
const NO_COMBAT = args.includes('--no-combat');
/** A stuck spot belongs to a link passing this close. [Units: u] */
const ON_LINK = 48;
if (!HAVE_ENGINE) {
  console.error('bench:navtest-engine: no engine at ../shared/engine (set NAVGEN_ENGINE)');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'navtest-engine-'));
try {
  // 1. navgen's draft.
  const spec = await loadPipelineFile(join(REPO_ROOT, 'pipelines', `${MAP}.yaml`));
  const draftPath = join(dir, `${MAP}.draft.nav`);
  await runBuild({
    ...spec,
    feedback: null,
    output: { nav: draftPath, q2rNav: null, strafeTraces: null, report: null, html: null },
  });
  const nav = (await readNavFile(draftPath)).nav;

  // 2. Impossible links between its own nodes.
  const model = await loadCollisionModel(spec.bsp!);
  const candidates = [
    ...find.throughWalls(model, nav, 12),
    ...find.highLedges(model, nav, 96, 160, 40),
    ...find.wideGaps(model, nav, 280, 12),
    ...find.deepDrops(model, nav, 400, 12),
  ];
  const nearestNode = (p: readonly number[]) => {
    let best = -1;
    let bestD = 48;
    nav.nodes.forEach((n, i) => {
      const d = Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1], n.origin[2] - p[2]);
      if (d < bestD) {
        best = i;
        bestD = d;
      }
    });
    return best;
  };
  const planted: { from: number; to: number; kind: string }[] = [];
  for (const c of candidates) {
    const a = nearestNode(c.from);
    let b = nearestNode(c.to);
    if (a < 0 || a === b) continue;
    if (b < 0) {
      // A place no demo player went (a ledge top): a new node, with a way back down.
      if (planted.length >= 24) continue;
      b = nav.nodes.length;
      const top: [number, number, number] = [
        Math.fround(c.to[0]),
        Math.fround(c.to[1]),
        Math.fround(c.to[2]),
      ];
      nav.nodes.push({
        area: 0,
        origin: top,
        type: defaultNodeTypes.MOVE,
        nodenum: b,
        inuse: 1,
        links: [
          {
            target: a,
            targetType: defaultNodeTypes.STAND_DROP,
            cost: linkCost(top, nav.nodes[a].origin),
          },
        ],
      });
    }
    if (nav.nodes[a].links.length >= 32 || nav.nodes[a].links.some((l) => l.target === b)) continue;
    if (planted.some((p) => p.from === a || p.to === b)) continue; // spread them out
    const o = nav.nodes[a].origin;
    const t = nav.nodes[b].origin;
    nav.nodes[a].links.push({
      target: b,
      targetType: defaultNodeTypes[c.linkType as 'MOVE'],
      cost: linkCost(o, t),
    });
    const level = Math.abs(t[2] - o[2]) < 32;
    const kind =
      c.linkType === 'STAND_DROP'
        ? 'fatal drop'
        : !level
          ? 'ledge'
          : c.linkType === 'JUMP'
            ? 'gap'
            : 'wall';
    planted.push({ from: a, to: b, kind });
  }
  const plantedPath = join(dir, `${MAP}.nav`);
  await writeNavFile(plantedPath, nav);

  // 3. Offline test.
  const run = await runNavtest(nav, spec.bsp!, MAP, { workers: 2 });
  const failed = new Set(run.report.bad_links.map(([a, b]) => `${a}>${b}`));
  const plantedKey = new Set(planted.map((p) => `${p.from}>${p.to}`));
  const plantedFailed = planted.filter((p) => failed.has(`${p.from}>${p.to}`)).length;
  console.log(
    `${MAP}: ${nav.nodes.length} nodes, ${run.links} links, ${planted.length} planted ` +
      `(${['wall', 'ledge', 'gap', 'fatal drop'].map((k) => `${planted.filter((p) => p.kind === k).length} ${k}`).join(', ')}); offline: ${failed.size} links failed ` +
      `(${plantedFailed}/${planted.length} planted, ${failed.size - plantedFailed} others)`,
  );

  // 4. Real bots.
  const out = join(dir, 'trial');
  const trial = await runTrial({
    install: locateEngine(ENGINE_DIR),
    map: MAP,
    bspBytes: readFileSync(spec.bsp ?? fixtureMap(MAP)),
    navBytes: readFileSync(plantedPath),
    nav,
    bots: BOTS,
    seconds: SECONDS,
    noCombat: NO_COMBAT,
    runAs: resolveRunAs(engineUser(), runningAsRoot()),
    outDir: out,
  });
  console.log(
    `engine: ${/loaded \S+ containing \d+ nodes/.exec(trial.consoleText)?.[0] ?? 'no "loaded" line in its console'}`,
  );
  const report = engineReport({
    map: MAP,
    nodeCount: nav.nodes.length,
    bots: BOTS,
    seconds: SECONDS,
    noCombat: NO_COMBAT,
    runs: [{ analysis: trial.analysis, consoleText: trial.consoleText }],
  });
  const stats = report.per_run[0];
  const spots = trial.analysis.spots;

  // 5. Where the bots got stuck.
  const rows = {
    planted: [0, 0],
    'failed offline (not planted)': [0, 0],
    'passed offline': [0, 0],
    [`no link within ${ON_LINK} u`]: [0, 0],
  } as Record<string, [number, number]>;
  const stuckOnPlanted = new Map<string, number>();
  for (const s of spots) {
    const l = nearestLink(nav, s.position);
    let row: string;
    if (!l || l.distance > ON_LINK) row = `no link within ${ON_LINK} u`;
    else {
      const key = `${l.from}>${l.to}`;
      // a stuck bot near a two-way pair lies on both; count it as failed if either failed
      const back = `${l.to}>${l.from}`;
      if (plantedKey.has(key) || plantedKey.has(back)) {
        row = 'planted';
        const k = plantedKey.has(key) ? key : back;
        stuckOnPlanted.set(k, (stuckOnPlanted.get(k) ?? 0) + s.seconds);
      } else
        row =
          failed.has(key) || failed.has(back) ? 'failed offline (not planted)' : 'passed offline';
    }
    rows[row][0]++;
    rows[row][1] += s.seconds;
  }
  const totalS = spots.reduce((t, s) => t + s.seconds, 0);
  console.log(
    `trial: ${BOTS} bots × ${SECONDS} s${NO_COMBAT ? ' (no combat)' : ''}, ${stats.bot_minutes.toFixed(1)} bot-minutes, ${spots.length} stuck spots, ${totalS.toFixed(1)} s stuck; ` +
      `environmental deaths ${JSON.stringify(stats.env_deaths)}`,
  );
  console.log('\n| where the bots got stuck | spots | stuck s | share of stuck time |');
  console.log('|---|---|---|---|');
  for (const [k, [n, s]] of Object.entries(rows))
    console.log(
      `| ${k} | ${n} | ${s.toFixed(1)} | ${totalS > 0 ? ((100 * s) / totalS).toFixed(1) : '0.0'} % |`,
    );
  console.log(
    `\nbase rate: ${failed.size} of ${run.links} links (${((100 * failed.size) / run.links).toFixed(2)} %) failed offline`,
  );
  console.log(
    '\n| planted link | kind | offline | real bots stuck on it (s) | engine: tried / failed | in bad_links | env. deaths at target |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const bad = new Set(report.bad_links.map(([a, b]) => `${a}>${b}`));
  for (const p of planted) {
    const k = `${p.from}>${p.to}`;
    const d = run.report.links.find((l) => l.from === p.from && l.to === p.to);
    const e = report.link_stats.find((l) => l.from === p.from && l.to === p.to);
    const envAt = report.node_stats.find((n) => n.node === p.to)?.env_deaths ?? 0;
    console.log(
      `| ${p.from} → ${p.to} | ${p.kind} | ${d?.passed ? 'passed' : `failed (${d?.reason})`} | ${(stuckOnPlanted.get(k) ?? 0).toFixed(1)} | ` +
        `${e?.traversals ?? 0} / ${e?.failures ?? 0} | ${bad.has(k) ? 'yes' : 'no'} | ${envAt} |`,
    );
  }
  const tried = planted.filter((p) =>
    report.link_stats.some((l) => l.from === p.from && l.to === p.to),
  );
  const triedFailed = tried.filter((p) => bad.has(`${p.from}>${p.to}`));
  console.log(
    `\nplanted links real bots tried: ${tried.length} of ${planted.length}; of those in bad_links: ${triedFailed.length}; ` +
      `bad_links of the whole nav: ${report.bad_links.length}`,
  );
} finally {
  if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true });
}
