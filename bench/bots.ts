/**
 * `npm run bench:bots [-- --maps wizs,city] [--seconds 240] [--bots 8] [--runs 2] [--no-build | --iterate]
 * [--navs DIR] [--nav MAP=FILE]... [--map-only] [--builds 2] [--no-combat] [--keep DIR [--resume]]`:
 * bots in the real AQtion server on navgen's nav and on the engine's own nav, for a whole map set
 * at once.
 *
 * A thin wrapper over `navgen trial --compare` (`src/engine/`): the map set is every fixture map
 * with an engine-generated nav (`../shared/fixtures/nav/<map>.autogen.nav`) and a pipeline
 * (`pipelines/<map>.yaml`), or `--maps`. First navgen's navs are built (`navgen build` of the
 * pipeline → `out/<map>/<map>.nav`, or `navgen iterate` with `--iterate`; `--builds N` at a time,
 * default 2: building is what loads the machine), unless `--no-build` (use out/ as it is),
 * `--navs DIR` (read `DIR/<map>/<map>.nav`) or `--nav MAP=FILE` (that map's nav from FILE, e.g.
 * one with planted faults). Then every trial of every map plays at once — maps × 2 navs × runs
 * servers, each on a free port (`NAVGEN_ENGINE_PORTS=LOW-HIGH` restricts them), all with the
 * same bots and seconds — and a table per map prints the means over the runs of the per-run
 * figures: stuck seconds per bot-minute (ratio navgen / engine), the stuck seconds at spots only
 * one of the two navs had (per bot-minute; the map-intrinsic spots cancel), environmental deaths
 * per bot-minute, distance per bot-minute (ratio), the share of nodes some bot visited, and
 * how much of the stuck time and environmental deaths fell in a life's first 12 s: the engine's
 * bots begin every life on the path of the last one (a respawn walk, docs/nav-quality.md), so
 * that part comes from where they died and respawned more than from the nav they follow.
 * Roaming: the share of the played area (the cells where the players of the map's corpus demos
 * stood) bots reached, the same outside the engine nav's dead ends (the corpus was played on
 * that nav, whose dead ends held its players: `engine/dead-end-cells.ts`), the cells reached in
 * all, and the share of the map's walkable floor.
 *
 * `--map-only` adds navgen's nav of each map from the map alone (`navgen build --map --bsp`, no
 * demos, into the trial folder) as a third nav in the same trials, a table for it against the
 * engine's, and one for the demo-built nav against it: what the demos are worth to the bots
 * (issue 35: where the two differ, the demo-built nav must be at least as good).
 *
 * Bot games are random: a single run of a map moves these ratios by tens of percent.
 * As root the servers run as the account `navgen-engine` (made when missing, as the engine
 * scripts make it).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { compareReports, ratio, type NavComparison } from '../src/engine/compare.js';
import { locateEngine } from '../src/engine/engine-install.js';
import type { EngineReport } from '../src/engine/engine-report.js';
import { resolveRunAs, runningAsRoot } from '../src/engine/run-as.js';
import { runSession } from '../src/engine/trial-session.js';
import { readNavFile } from '../src/nav/formats/aqtion/read-nav.js';
import { playedCells, playedShare } from '../src/engine/played-cells.js';
import { deadEndCells } from '../src/engine/dead-end-cells.js';
import { mapFloorAt } from '../src/engine/floor-cells.js';
import {
  autogenNav,
  corpusDemos,
  ENGINE_DIR,
  engineUser,
  fixtureMap,
  HAVE_ENGINE,
  REPO_ROOT,
} from '../tools/engine-oracle.js';
import { argReader } from '../tools/cli-args.js';

// Trial demos are read on this thread: the inflate thread loads its module from dist/, which
// may be mid-rebuild in a checkout being edited.
process.env.NAVGEN_INFLATE_THREAD ??= '0';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  // The file comment is the help: print it rather than start an hour of building and trials.
  const text = readFileSync(new URL(import.meta.url), 'utf8');
  const doc = /\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? '';
  process.stdout.write(doc.replace(/^ ?\* ?/gm, '').trim() + '\n');
  process.exit(0);
}
const arg = argReader(args);
const seconds = Number(arg('--seconds', '240'));
const bots = Number(arg('--bots', '8'));
const runs = Number(arg('--runs', '1'));
const builds = Number(arg('--builds', '2'));
const navsDir = arg('--navs', '');
const build = !args.includes('--no-build') && !navsDir;
const viaIterate = args.includes('--iterate');
const noCombat = args.includes('--no-combat');
const mapOnly = args.includes('--map-only');
const navOverride = new Map<string, string>();
args.forEach((a, i) => {
  const m = a === '--nav' ? /^([^=]+)=(.+)$/.exec(args[i + 1] ?? '') : null;
  if (m) navOverride.set(m[1], m[2]);
});
const keepDir = arg('--keep', '');
const resume = args.includes('--resume');
if (
  !(seconds >= 10) ||
  !Number.isInteger(bots) ||
  bots < 1 ||
  bots > 15 ||
  !(runs >= 1) ||
  !(builds >= 1)
) {
  console.error('bench:bots: --seconds >= 10, --bots in 1..15, --runs >= 1, --builds >= 1');
  process.exit(2);
}
if (!HAVE_ENGINE) {
  console.error(`bench:bots: no engine at ${ENGINE_DIR} (set NAVGEN_ENGINE)`);
  process.exit(2);
}

const navgenNav = (map: string) =>
  navOverride.get(map) ?? join(navsDir || join(REPO_ROOT, 'out'), map, `${map}.nav`);

/** Every fixture map with an engine nav and (to build navgen's) a pipeline or a given nav. */
function defaultMaps(): string[] {
  const navDir = join(autogenNav('x'), '..');
  return readdirSync(navDir)
    .filter((f) => f.endsWith('.autogen.nav'))
    .map((f) => f.replace(/\.autogen\.nav$/, ''))
    .filter((m) =>
      navsDir || !build
        ? existsSync(navgenNav(m))
        : existsSync(join(REPO_ROOT, 'pipelines', `${m}.yaml`)),
    )
    .sort();
}
const maps = arg('--maps', '') ? arg('--maps', '').split(',').filter(Boolean) : defaultMaps();

const root = keepDir || mkdtempSync(join(tmpdir(), 'navgen-bots-'));
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
console.log(
  `bench:bots: ${maps.length} maps (${maps.join(', ')}); ${bots} bots × ${seconds} s, ${runs} run(s) per nav` +
    `${noCombat ? ', no combat' : ''}; trial folders in ${root}`,
);

// 1. Builds, a few at a time.
const run = promisify(execFile);
if (build) {
  const queue = maps.filter((m) => !navOverride.has(m));
  const worker = async () => {
    for (let m = queue.shift(); m !== undefined; m = queue.shift()) {
      await run(
        process.execPath,
        [
          join(REPO_ROOT, 'bin', 'navgen'),
          viaIterate ? 'iterate' : 'build',
          `pipelines/${m}.yaml`,
          '--no-progress',
          '--quiet',
        ],
        { cwd: REPO_ROOT, maxBuffer: 1 << 26 },
      ).catch((e: { code?: number; stderr?: string }) => {
        // iterate exits 4 when it shipped its best iteration without passing: a nav all the same.
        if (!(viaIterate && e.code === 4)) throw new Error(`building ${m}: ${e.stderr ?? e}`);
      });
      console.log(`[${clock()}] built ${m}`);
    }
  };
  await Promise.all(Array.from({ length: builds }, worker));
}
/** navgen's nav of `map` from the map alone, in the trial folder. */
const mapOnlyNav = (map: string) => join(root, map, 'map-only', `${map}.nav`);
if (mapOnly) {
  const queue = maps.filter((m) => !(resume && existsSync(mapOnlyNav(m))));
  const worker = async () => {
    for (let m = queue.shift(); m !== undefined; m = queue.shift()) {
      rmSync(mapOnlyNav(m), { force: true });
      // Exit 3 is a nav with a warning (navgen build's code for "written, but look"): a nav all the same.
      await run(
        process.execPath,
        [
          join(REPO_ROOT, 'bin', 'navgen'),
          'build',
          '--map',
          m,
          '--bsp',
          fixtureMap(m),
          '--out',
          mapOnlyNav(m),
          '--no-html',
          '--no-progress',
          '--quiet',
        ],
        { cwd: REPO_ROOT, maxBuffer: 1 << 26 },
      ).catch((e: { code?: number; stderr?: string }) => {
        if (e.code !== 3) throw new Error(`building ${m} from the map alone: ${e.stderr ?? e}`);
      });
      console.log(`[${clock()}] built ${m} from the map alone`);
    }
  };
  await Promise.all(Array.from({ length: builds }, worker));
}

// 2. Every trial at once.
const install = locateEngine(ENGINE_DIR);
const runAs = resolveRunAs(engineUser(), runningAsRoot());
const ticker = setInterval(() => console.log(`[${clock()}] trials playing…`), 60_000);
interface MapResult {
  map: string;
  navgen: EngineReport;
  engine: EngineReport;
  /** The nav from the map alone, with `--map-only`. */
  alone: EngineReport | null;
  /** The played-area cells of the map's corpus demos (none without a corpus). */
  played: number[];
  /** Of them, those outside the engine nav's dead ends (`engine/dead-end-cells.ts`). */
  outside: number[];
  /** The map's walkable floor as cells (`engine/floor-cells.ts`): roaming owing nothing to a nav. */
  floor: readonly number[];
}
let results: MapResult[];
try {
  results = await Promise.all(
    maps.map(async (map): Promise<MapResult> => {
      const ours = navgenNav(map);
      const theirs = autogenNav(map);
      const engineNav = (await readNavFile(theirs)).nav;
      const session = await runSession({
        install,
        map,
        bspBytes: readFileSync(fixtureMap(map)),
        navs: [
          { label: 'navgen', path: ours, nav: (await readNavFile(ours)).nav },
          { label: 'engine', path: theirs, nav: engineNav },
          ...(mapOnly
            ? [
                {
                  label: 'map-only',
                  path: mapOnlyNav(map),
                  nav: (await readNavFile(mapOnlyNav(map))).nav,
                },
              ]
            : []),
        ],
        bots,
        seconds,
        runs,
        noCombat,
        runAs,
        outDir: join(root, map),
        reuse: resume,
      });
      const [navgen, engine, alone] = session.reports;
      console.log(`[${clock()}] ${map}: measured`);
      // The played area: where the players of the map's corpus demos stood (played-cells.ts).
      const played = await playedCells(corpusDemos(map), map);
      const deadEnds = new Set(deadEndCells(engineNav));
      const outside = played.filter((c) => !deadEnds.has(c));
      const { cells: floor } = await mapFloorAt(fixtureMap(map));
      return { map, navgen, engine, alone: alone ?? null, played, outside, floor };
    }),
  );
} finally {
  clearInterval(ticker);
}

// 3. The table: means over the runs of the per-run figures.
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const per = (r: EngineReport, f: (x: EngineReport['per_run'][number]) => number | null) =>
  mean(r.per_run.map((x) => f(x) ?? 0));
const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
/** The figures of nav `a` against nav `b` on one map, means of the runs. */
function rowOf(
  map: string,
  a: EngineReport,
  b: EngineReport,
  played: number[],
  outside: number[],
  floor: readonly number[],
) {
  const comparison: NavComparison = compareReports(a, b);
  const stuck = [per(a, (x) => x.stuck_s_per_bot_min), per(b, (x) => x.stuck_s_per_bot_min)];
  const env = [per(a, (x) => x.env_per_bot_min), per(b, (x) => x.env_per_bot_min)];
  const dist = [per(a, (x) => x.dist_per_bot_min), per(b, (x) => x.dist_per_bot_min)];
  const cov = [per(a, (x) => x.coverage_ratio), per(b, (x) => x.coverage_ratio)];
  // Share of the played area bots reached, per run (null: no demos of the map to tell).
  const area = played.length
    ? [a, b].map((r) => per(r, (x) => playedShare(played, x.cells ?? [])))
    : null;
  // Every cell living bots stood in, played or not: with the share above it tells a nav whose
  // bots stay in fewer places from one whose bots spread beyond where the demos' players went.
  // The same outside the engine nav's dead ends: the corpus's players stood in those because
  // that nav kept them there.
  const areaOutside = outside.length
    ? [a, b].map((r) => per(r, (x) => playedShare(outside, x.cells ?? [])))
    : null;
  const cells = [a, b].map((r) => per(r, (x) => (x.cells ? x.cells.length : null)));
  const floorShare = [a, b].map((r) => per(r, (x) => playedShare(floor, x.cells ?? [])));
  const early = [a, b].map((r) => [
    per(r, (x) => x.early_stuck_s_per_bot_min),
    per(r, (x) => x.early_env_per_bot_min),
  ]);
  return {
    map,
    stuckRatio: ratio(stuck[0], stuck[1]),
    stuck,
    own: [comparison.a.own_stuck_s_per_bot_min, comparison.b.own_stuck_s_per_bot_min],
    env,
    distRatio: ratio(dist[0], dist[1]),
    dist,
    cov,
    area,
    areaOutside,
    cells,
    floorShare,
    early,
    nodes: [a.nodes, b.nodes],
  };
}
type Row = ReturnType<typeof rowOf>;

/** One table of nav `a` against nav `b` (their names as the columns give them), and its summary. */
function printTable(a: string, b: string, rows: readonly Row[]): void {
  console.log(
    `\n${bots} bots × ${seconds} s, ${runs} run(s) per nav, means of the runs${noCombat ? ', no combat' : ''}; ` +
      `${a} / ${b}; per bot-minute; wall time ` +
      clock() +
      `\n| map | stuck s ratio | stuck s (${a} / ${b}) | stuck s at spots only one nav has (${a} / ${b}) | env. deaths ${a} · ${b} | distance ratio | nodes visited (${a} / ${b}) | played area reached (${a} / ${b}) | of it outside the engine nav's dead ends (${a} / ${b}) | cells reached in all (${a} / ${b}) | map floor reached (${a} / ${b}) | nodes | of the stuck s and env. deaths, in a life's first 12 s (${a} / ${b}) |\n` +
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows)
    console.log(
      `| ${r.map} | ${fmt(r.stuckRatio)} | ${fmt(r.stuck[0])} / ${fmt(r.stuck[1])} | ${fmt(r.own[0])} / ${fmt(r.own[1])} | ` +
        `${fmt(r.env[0], 3)} · ${fmt(r.env[1], 3)} | ${fmt(r.distRatio)} | ${fmt(r.cov[0], 3)} / ${fmt(r.cov[1], 3)} | ${r.area ? `${fmt(r.area[0], 3)} / ${fmt(r.area[1], 3)}` : '-'} | ${r.areaOutside ? `${fmt(r.areaOutside[0], 3)} / ${fmt(r.areaOutside[1], 3)}` : '-'} | ${fmt(r.cells[0], 0)} / ${fmt(r.cells[1], 0)} | ${fmt(r.floorShare[0], 3)} / ${fmt(r.floorShare[1], 3)} | ${r.nodes[0]} / ${r.nodes[1]} | ` +
        `${fmt(r.early[0][0])} · ${fmt(r.early[0][1], 3)} / ${fmt(r.early[1][0])} · ${fmt(r.early[1][1], 3)} |`,
    );
  const ratios = rows.map((r) => r.stuckRatio).sort((x, y) => x - y);
  const median =
    ratios.length % 2
      ? ratios[(ratios.length - 1) / 2]
      : (ratios[ratios.length / 2 - 1] + ratios[ratios.length / 2]) / 2;
  console.log(
    `\n${a} / ${b}: stuck ratio median ${fmt(median)}, below 1.0 on ${rows.filter((r) => r.stuckRatio < 1).length} of ${rows.length} maps; ` +
      `env. deaths within ${b} + 0.05 on ${rows.filter((r) => r.env[0] <= r.env[1] + 0.05).length}; ` +
      `distance ratio ≥ 0.95 on ${rows.filter((r) => r.distRatio >= 0.95).length}; ` +
      `played area reached at least ${b}'s on ${rows.filter((r) => r.area && r.area[0] >= r.area[1]).length} of ${rows.filter((r) => r.area).length} ` +
      `(outside the engine nav's dead ends: ${rows.filter((r) => r.areaOutside && r.areaOutside[0] >= r.areaOutside[1]).length}); ` +
      `cells reached in all at least ${b}'s on ${rows.filter((r) => r.cells[0] >= r.cells[1]).length} of ${rows.length}; ` +
      `map floor reached at least ${b}'s on ${rows.filter((r) => r.floorShare[0] >= r.floorShare[1]).length} of ${rows.length}`,
  );
}

const rows = results.map(({ map, navgen, engine, played, outside, floor }) =>
  rowOf(map, navgen, engine, played, outside, floor),
);
printTable('navgen', 'engine', rows);
const alone = results.flatMap(({ map, alone, engine, played, outside, floor }) =>
  alone ? [rowOf(map, alone, engine, played, outside, floor)] : [],
);
const demosOverAlone = results.flatMap(({ map, navgen, alone, played, outside, floor }) =>
  alone ? [rowOf(map, navgen, alone, played, outside, floor)] : [],
);
if (mapOnly) {
  printTable('map-only', 'engine', alone);
  printTable('demo-built', 'map-only', demosOverAlone);
}
writeFileSync(
  join(root, 'bench-bots.json'),
  JSON.stringify({ bots, seconds, runs, noCombat, rows, alone, demosOverAlone }, null, 1),
);
if (!keepDir) rmSync(root, { recursive: true, force: true });
