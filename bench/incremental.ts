/**
 * `npm run bench:incremental`: what the map analysis costs and what its caches save, every
 * figure and ratio measured in this one run, each build a fresh `navgen` process as a user runs
 * it (wall and CPU seconds from bash's `time`, CPU counting every thread):
 *
 * Per map (`--maps`, default the smallest, a middle and the largest of the pipelines'
 * maps by links: wizs, ghetto, urbanjungle), from its four corpus demos:
 * - cold: an empty cache, `--workers 2`; the seconds of each graph stage (the build's `--json`);
 * - no change: the same build again (target ≤ 1 s, or ≤ 5 % of cold);
 * - one demo added: three demos into a fresh cache, then the fourth (target ≤ 15 % of cold),
 *   and whether the nav is the same bytes as the cold build's (it must be);
 * - one worker against two: a cold build with `--workers 1` (the ratio, and CPU over wall);
 * - the map alone: no demos, an empty cache, `--workers 2` (target for the largest: ≤ 5 s).
 *
 * With `--all-maps`: one cold `build --all-maps --maps-dir … --workers 2` over the
 * maps' corpus demos (target CPU / wall ≥ 1.7), and with `--baseline REV` the same command of
 * that commit, from a `git worktree` of it beside this checkout's own node_modules, in the
 * same run (target: this one's wall ≤ 50 % of the baseline's).
 *
 *   npm run bench:incremental -- [--maps wizs,ghetto] [--all-maps] [--baseline REV] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { argReader } from '../tools/cli-args.js';

const args = process.argv.slice(2);
const arg = argReader(args);
const root = resolve(import.meta.dirname, '..');
const fixtures = resolve(root, arg('--fixtures', '../shared/fixtures'));
const maps = arg('--maps', 'wizs,ghetto,urbanjungle').split(',').filter(Boolean);
const allMaps = args.includes('--all-maps');
const baseline = arg('--baseline', '');
const keep = args.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'navgen-bench-incremental-'));

interface Timed {
  readonly wall: number;
  readonly cpu: number;
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `argv` under bash's `time`: wall and user + system seconds of it and its threads. */
function timed(argv: readonly string[], cwd = root): Timed {
  const quoted = argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const out = join(work, 'stdout');
  const r = spawnSync(
    'bash',
    ['-c', `TIMEFORMAT='%R %U %S'; { time ${quoted} > '${out}' 2> '${out}.err' ; } 2>&1`],
    { cwd, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const [wall, user, sys] = r.stdout.trim().split('\n').pop()!.split(' ').map(Number);
  return {
    wall,
    cpu: user + sys,
    status: r.status ?? 1,
    stdout: readFileSync(out, 'utf8'),
    stderr: readFileSync(`${out}.err`, 'utf8'),
  };
}

const navgen = (bin = join(root, 'bin', 'navgen')) => ['node', bin];

function demosOf(map: string): string[] {
  return fg.sync(`demos/mvd2/corpus/${map}/*.mvd2.gz`, { cwd: fixtures, absolute: true }).sort();
}

interface Build extends Timed {
  readonly nav: string;
  readonly json: Record<string, unknown> | null;
}

/** One `navgen build` of `map` from `demos` (none: the map alone) into `out` with `cache`. */
function build(
  map: string,
  demos: readonly string[],
  name: string,
  cache: string,
  workers = 2,
): Build {
  const nav = join(work, `${name}.nav`);
  const t = timed([
    ...navgen(),
    'build',
    '--map',
    map,
    '--bsp',
    join(fixtures, 'maps', `${map}.bsp`),
    '--out',
    nav,
    '--cache',
    cache,
    '--workers',
    String(workers),
    '--no-html',
    '--json',
    ...demos,
  ]);
  if (t.status !== 0 && t.status !== 3)
    throw new Error(`navgen build ${name} exited ${t.status}: ${t.stderr.slice(-2000)}`);
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(t.stdout) as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { ...t, nav, json };
}

const same = (a: string, b: string) =>
  existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b));

function stageTimes(b: Build): string {
  const w = (b.json?.work ?? null) as { stages?: { stage: string; seconds: number }[] } | null;
  return (w?.stages ?? [])
    .filter((s) => s.seconds >= 0.05)
    .map((s) => `${s.stage} ${s.seconds.toFixed(1)}`)
    .join(', ');
}

const f1 = (x: number) => x.toFixed(1);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const rows: string[][] = [
  [
    'map',
    'cold s (cpu)',
    'no change s',
    'no change / cold',
    'add one s',
    'add one / cold',
    'add one = cold',
    '1 worker s (cpu)',
    '1 / 2 workers',
    'map alone s',
  ],
];
const stageLines: string[] = [];

// Every build below runs the bundle bin/navgen builds when sources changed: build it once first.
timed([...navgen(), '--version']);
for (const map of maps) {
  const demos = demosOf(map);
  if (demos.length < 2) {
    console.error(`bench:incremental: ${map} has ${demos.length} corpus demo(s); skipped`);
    continue;
  }
  console.error(`bench:incremental: ${map} …`);
  const cold = build(map, demos, `${map}-cold`, join(work, `${map}-cache-a`));
  const again = build(map, demos, `${map}-cold`, join(work, `${map}-cache-a`));
  build(map, demos.slice(0, -1), `${map}-add`, join(work, `${map}-cache-b`));
  const added = build(map, demos, `${map}-add`, join(work, `${map}-cache-b`));
  const one = build(map, demos, `${map}-one`, join(work, `${map}-cache-c`), 1);
  const alone = build(map, [], `${map}-alone`, join(work, `${map}-cache-d`));
  rows.push([
    map,
    `${f1(cold.wall)} (${f1(cold.cpu)})`,
    f1(again.wall),
    pct(again.wall / cold.wall),
    f1(added.wall),
    pct(added.wall / cold.wall),
    same(added.nav, cold.nav) ? 'yes' : 'NO',
    `${f1(one.wall)} (${f1(one.cpu)})`,
    (one.wall / cold.wall).toFixed(2),
    f1(alone.wall),
  ]);
  stageLines.push(`${map} cold, 2 workers: ${stageTimes(cold)}`);
  stageLines.push(`${map} cold, 1 worker:  ${stageTimes(one)}`);
  stageLines.push(`${map} one demo added:  ${stageTimes(added)}`);
}

function table(t: string[][]): string {
  const widths = t[0].map((_, c) => Math.max(...t.map((r) => r[c].length)));
  return t.map((r) => r.map((cell, c) => cell.padStart(widths[c])).join('  ')).join('\n');
}

console.log(table(rows));
console.log('\nseconds per graph stage (the build\u2019s own timing):');
for (const l of stageLines) console.log(`  ${l}`);

/** The pipelines' maps (pipelines/*.yaml), sorted. */
function pipelineMaps(): string[] {
  return fg
    .sync('pipelines/*.yaml', { cwd: root })
    .map((p) => p.slice('pipelines/'.length, -'.yaml'.length))
    .sort();
}

/** The pipelines' maps, their corpus demos, `--all-maps` into `out` with `bin`. */
function allMapsBuild(bin: readonly string[], name: string, cwd: string): Timed {
  const names = pipelineMaps();
  const t = timed(
    [
      ...bin,
      'build',
      '--all-maps',
      '--maps-dir',
      join(fixtures, 'maps'),
      '--out-dir',
      join(work, `${name}-navs`),
      '--reports-dir',
      join(work, `${name}-reports`),
      '--cache',
      join(work, `${name}-cache`),
      '--workers',
      '2',
      '--no-html',
      ...names.map((m) => join(fixtures, 'demos', 'mvd2', 'corpus', m)),
    ],
    cwd,
  );
  if (t.status !== 0 && t.status !== 3)
    throw new Error(`--all-maps (${name}) exited ${t.status}: ${t.stderr.slice(-2000)}`);
  return t;
}

if (allMaps) {
  console.error('bench:incremental: --all-maps, this checkout …');
  const now = allMapsBuild(navgen(), 'all-maps', root);
  const line = [
    `--all-maps, ${pipelineMaps().length} maps, --workers 2, cold: ${f1(now.wall)} s wall, ${f1(now.cpu)} s CPU, CPU / wall ${(now.cpu / now.wall).toFixed(2)}`,
  ];
  if (baseline) {
    const tree = join(work, 'baseline');
    const add = spawnSync('git', ['worktree', 'add', '--detach', tree, baseline], {
      cwd: root,
      encoding: 'utf8',
    });
    if (add.status !== 0) throw new Error(`git worktree add ${baseline}: ${add.stderr}`);
    try {
      symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
      spawnSync('node', ['scripts/build.mjs', '--cli'], { cwd: tree, stdio: 'inherit' });
      console.error(`bench:incremental: --all-maps, ${baseline} …`);
      const then = allMapsBuild(navgen(join(tree, 'bin', 'navgen')), 'baseline', tree);
      line.push(
        `the same at ${baseline}: ${f1(then.wall)} s wall, ${f1(then.cpu)} s CPU, CPU / wall ${(then.cpu / then.wall).toFixed(2)}`,
        `wall time, this checkout / ${baseline}: ${pct(now.wall / then.wall)}`,
      );
    } finally {
      spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });
    }
  }
  console.log('');
  for (const l of line) console.log(l);
}

if (keep) console.error(`bench:incremental: kept ${work}`);
else rmSync(work, { recursive: true, force: true });
