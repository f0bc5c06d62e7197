/**
 * `npm run bench:bots [-- --maps wizs,city] [--seconds 240] [--bots 8] [--runs 1] [--no-build | --iterate]
 * [--navs DIR] [--nav MAP=FILE]... [--ports A,B] [--keep DIR [--resume]]`: bots in the real AQtion server on navgen's nav
 * and on the engine's own nav.
 *
 * For every fixture map that has an engine-generated nav (`../shared/fixtures/nav/<map>.autogen.nav`):
 * builds navgen's nav with the example pipeline (`pipelines/<map>.yaml` → `out/<map>/<map>.nav`;
 * `--iterate` builds it with `navgen iterate` instead (the offline tester's pruning, what
 * iterate ships); `--no-build` uses what is there; `--navs DIR` reads `DIR/<map>/<map>.nav` instead of out/ and
 * implies `--no-build`; `--nav MAP=FILE` takes that map's nav from FILE, e.g. a nav with planted
 * faults), then runs two bot trials at the same time, one per nav, on
 * two ports, with the same bots and seconds (`../shared/engine/bottrial`), reads each demo's frames
 * (`navgen frames --jsonl`) and summarises it with `trialstats.py`. Prints per map the raw
 * figures and the ratios navgen / engine of stuck seconds per bot-minute, environmental deaths
 * per bot-minute and distance per bot-minute. With `--runs n` each map runs n times and the
 * figures are the means of the per-run figures.
 *
 * Bot games are random: a single run of a map moves these ratios by tens of percent. Maps run
 * one pair at a time (two servers use the machine's two cores).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  autogenNav,
  botTrial,
  HAVE_ENGINE,
  REPO_ROOT,
  stuckSpots,
  trialFrames,
  trialStats,
  type TrialStats,
} from '../test/helpers/engine-trial.js';
import { readNavFile } from '../src/nav/formats/aqtion/read-nav.js';

// Trial demos are read on this thread: the inflate thread loads its module from dist/, which
// may be mid-rebuild in a checkout being edited, and one demo at a time gains nothing from it.
process.env.NAVGEN_INFLATE_THREAD ??= '0';

const FIXTURE_MAPS = ['wizs', 'city', 'urbanjungle', 'simplicity', 'beer'];

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const maps = arg('--maps', FIXTURE_MAPS.join(',')).split(',').filter(Boolean);
const seconds = Number(arg('--seconds', '240'));
const bots = Number(arg('--bots', '8'));
const runs = Number(arg('--runs', '1'));
const navsDir = arg('--navs', '');
const build = !args.includes('--no-build') && !navsDir;
// `--iterate`: build each nav with `navgen iterate` (the pipeline's builtin offline tester
// prunes what the simulated bot fails, as shipped) instead of one `navgen build`.
const viaIterate = args.includes('--iterate');
const navOverride = new Map<string, string>();
args.forEach((a, i) => {
  const m = a === '--nav' ? /^([^=]+)=(.+)$/.exec(args[i + 1] ?? '') : null;
  if (m) navOverride.set(m[1], m[2]);
});
const keepDir = arg('--keep', '');
const resume = args.includes('--resume');
if (!(seconds >= 10) || !Number.isInteger(bots) || bots < 1 || bots > 15 || !(runs >= 1)) {
  console.error('bench:bots: --seconds >= 10, --bots in 1..15, --runs >= 1');
  process.exit(2);
}
if (!HAVE_ENGINE) {
  console.error('bench:bots: no engine at ../shared/engine (set NAVGEN_ENGINE)');
  process.exit(2);
}

const root = keepDir || mkdtempSync(join(tmpdir(), 'navgen-bots-'));
// Two UDP ports, navgen's trial then the engine nav's (`--ports A,B`: runs at the same time as
// another bench need their own).
const [PORT_NAVGEN, PORT_ENGINE] = arg('--ports', '27961,27962').split(',').map(Number);
if (![PORT_NAVGEN, PORT_ENGINE].every((p) => Number.isInteger(p) && p > 1024 && p < 65536)) {
  console.error('bench:bots: --ports A,B (two UDP ports above 1024)');
  process.exit(2);
}

interface Side {
  stats: TrialStats;
  /** Longest single stuck stretch. [Units: s] */
  worstStuck: number;
  /** Share of stuck time spent more than 100 units from every node of the nav. */
  farShare: number;
}

async function trial(map: string, nav: string, dir: string, port: number): Promise<Side> {
  mkdirSync(dir, { recursive: true });
  // --keep DIR --resume: a trial already recorded there (an interrupted run) is summarised again.
  if (!(resume && existsSync(join(dir, 'trial.mvd2'))))
    await botTrial({ map, nav, seconds, outDir: dir, bots, port });
  const frames = await trialFrames(dir);
  const stats = await trialStats(dir, nav, frames);
  const spots = await stuckSpots(frames);
  const nodes = (await readNavFile(nav)).nav.nodes;
  const far = (p: readonly number[]) =>
    nodes.every(
      (n) => Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1], n.origin[2] - p[2]) > 100,
    );
  const total = spots.reduce((a, x) => a + x.seconds, 0);
  const farTime = spots.filter((x) => far(x.position)).reduce((a, x) => a + x.seconds, 0);
  return {
    stats,
    worstStuck: spots.reduce((m, x) => Math.max(m, x.seconds), 0),
    farShare: total > 0 ? farTime / total : 0,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const envTotal = (s: TrialStats) => s.env_per_bot_min ?? 0;
const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? 1 : Infinity) : a / b);
const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

console.log(
  `bench:bots: ${maps.join(', ')}; ${bots} bots × ${seconds} s, ${runs} run(s) per map; trial folders in ${root}`,
);
const rows: string[] = [];
for (const map of maps) {
  const nav = navOverride.get(map) ?? join(navsDir || join(REPO_ROOT, 'out'), map, `${map}.nav`);
  if (build && !navOverride.has(map)) {
    execFileSync(
      process.execPath,
      [
        join(REPO_ROOT, 'bin', 'navgen'),
        viaIterate ? 'iterate' : 'build',
        `pipelines/${map}.yaml`,
        '--no-progress',
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  const ours: Side[] = [];
  const theirs: Side[] = [];
  for (let r = 0; r < runs; r++) {
    const dir = join(root, map, `run${r}`);
    const [a, b] = await Promise.all([
      trial(map, nav, join(dir, 'navgen'), PORT_NAVGEN),
      trial(map, autogenNav(map), join(dir, 'engine'), PORT_ENGINE),
    ]);
    ours.push(a);
    theirs.push(b);
    console.log(
      `${map} run ${r + 1}: navgen ${JSON.stringify(a.stats)}\n${map} run ${r + 1}: engine ${JSON.stringify(b.stats)}`,
    );
  }
  const m = (xs: Side[], f: (s: TrialStats) => number) => mean(xs.map((x) => f(x.stats)));
  const stuck = [
    m(ours, (s) => s.stuck_s_per_bot_min ?? 0),
    m(theirs, (s) => s.stuck_s_per_bot_min ?? 0),
  ];
  const env = [m(ours, envTotal), m(theirs, envTotal)];
  const dist = [m(ours, (s) => s.dist_per_bot_min ?? 0), m(theirs, (s) => s.dist_per_bot_min ?? 0)];
  const nodes = [m(ours, (s) => s.nodes), m(theirs, (s) => s.nodes)];
  const worst = [mean(ours.map((s) => s.worstStuck)), mean(theirs.map((s) => s.worstStuck))];
  const farShare = [mean(ours.map((s) => s.farShare)), mean(theirs.map((s) => s.farShare))];
  rows.push(
    `| ${map} | ${fmt(ratio(stuck[0], stuck[1]))} | ${fmt(stuck[0])} / ${fmt(stuck[1])} | ` +
      `${fmt(ratio(env[0], env[1]))} | ${fmt(env[0], 3)} / ${fmt(env[1], 3)} | ` +
      `${fmt(ratio(dist[0], dist[1]))} | ${fmt(dist[0], 0)} / ${fmt(dist[1], 0)} | ` +
      `${fmt(worst[0], 1)} / ${fmt(worst[1], 1)} | ` +
      `${fmt(farShare[0] * 100, 0)} % / ${fmt(farShare[1] * 100, 0)} % | ${nodes[0]} / ${nodes[1]} |`,
  );
}

console.log(
  `\n${bots} bots × ${seconds} s, ${runs} run(s); ratio = navgen / engine autogen nav; per bot-minute\n` +
    '| map | stuck ratio | stuck s (navgen / engine) | env. deaths ratio | env. deaths | distance ratio | distance (u) | longest stuck s | stuck > 100 u from a node | nodes |\n' +
    '|---|---|---|---|---|---|---|---|---|---|',
);
for (const r of rows) console.log(r);
if (!keepDir) rmSync(root, { recursive: true, force: true });
