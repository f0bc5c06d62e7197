/**
 * `npm run bench:pipeline`: build speed and memory over the fixture corpus, every figure and
 * ratio measured in this one run:
 *
 * - cold build time (empty cache, default workers);
 * - rebuild time after adding one new demo to a warm cache, and its ratio to the cold build
 *   (target ≤ 0.10);
 * - one worker vs two on cold builds, each in fresh processes as a user runs them (target
 *   speed-up ≥ 1.7× on 2 cores), with the CPU time they used, and beside it what this machine
 *   gives two independent one-worker processes that share the work (a bound for any design);
 * - peak RSS of a build over a third of the demos vs all of them, each in a fresh process
 *   (target: within +20 %: memory must not grow with the number of demos).
 *
 * The corpus is every demo under ../shared/fixtures/demos/mvd2 (all maps: demos of other maps
 * are read, cached and reported, as in a real archive), built for `--map` (default wizs).
 * `--copies N` adds N re-compressed copies of each demo (same frames, different bytes, so
 * they are read and cached as demos of their own) to see how the figures scale with the
 * corpus size. The "added" demo is a re-compressed copy too: new bytes, real content.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { argReader } from '../tools/cli-args.js';
// The compiled code in dist/ runs (what navgen ships); the types come from src/.
const dist = '../dist/';
const { runBuild } = (await import(
  dist + 'pipeline/build.js'
)) as typeof import('../src/pipeline/build.js');
const { pipelineFromFlags } = (await import(
  dist + 'pipeline/flags-pipeline.js'
)) as typeof import('../src/pipeline/flags-pipeline.js');

const args = process.argv.slice(2);
const arg = argReader(args);
const map = arg('--map', 'wizs');
const copies = Number(arg('--copies', '0'));
const fixtures = resolve(arg('--fixtures', '../shared/fixtures'));
const sources = fg.sync('demos/mvd2/**/*.mvd2{,.gz}', { cwd: fixtures, absolute: true }).sort();
if (sources.length === 0) {
  console.error(`bench:pipeline: no demos under ${fixtures}/demos/mvd2`);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'navgen-bench-'));
const corpus = join(work, 'corpus');
mkdirSync(corpus);
/** A copy with the same MVD2 bytes in a different gzip stream: a new demo to the cache. */
function recompressed(src: string, level: number): Buffer {
  const raw = readFileSync(src);
  const mvd = raw[0] === 0x1f ? gunzipSync(raw) : raw;
  return gzipSync(mvd, { level });
}
for (const s of sources) cpSync(s, join(corpus, basename(s)));
for (let c = 1; c <= copies; c++) {
  for (const s of sources)
    writeFileSync(
      join(corpus, `copy${c}-${basename(s).replace(/\.gz$/, '')}.gz`),
      recompressed(s, 1 + (c % 8)),
    );
}
const demos = fg.sync('*', { cwd: corpus, absolute: true }).sort();
const bsp = join(fixtures, 'maps', `${map}.bsp`);

async function build(
  list: string[],
  workers: number,
  cache: string | false,
  out: string,
): Promise<number> {
  // The HTML report (pictures) is a constant cost per build, left out to measure the engine.
  const spec = await pipelineFromFlags(
    { map, bsp, out: join(work, out), demos: list, workers, cache, html: false },
    work,
  );
  const t = process.hrtime.bigint();
  await runBuild(spec);
  return Number(process.hrtime.bigint() - t) / 1e9;
}

const fmt = (s: number) => `${s.toFixed(2)} s`;
console.log(
  `corpus           ${demos.length} demos (${sources.length} fixture files${copies ? ` + ${copies} re-compressed copies each` : ''}), map ${map}, ${cpus().length} cores`,
);

// Warm-up (JIT, file cache), not measured.
await build(demos.slice(0, 2), 1, false, 'warmup.nav');

// Cold build, then one demo added to the warm cache.
const cache = join(work, 'cache');
const cold = await build(demos, cpus().length, cache, 'cold.nav');
// The added demo is a typical one: a copy of the demo of median size (the first in name order
// is a long human match, five times the median, and would measure that demo instead).
const bySize = [...demos].sort((a, b) => statSync(a).size - statSync(b).size || (a < b ? -1 : 1));
const typical = bySize[Math.floor(bySize.length / 2)];
const added = join(corpus, `added-${basename(typical).replace(/\.gz$/, '')}.gz`);
writeFileSync(added, recompressed(typical, 9));
const incremental = await build([...demos, added], cpus().length, cache, 'added.nav');
console.log(`cold build       ${fmt(cold)} (${cpus().length} workers, empty cache)`);
console.log(
  `added demo       ${basename(typical)} (${(statSync(typical).size / 1e3).toFixed(0)} kB, median size)`,
);
console.log(
  `add one demo     ${fmt(incremental)} (warm cache)  ratio ${(incremental / cold).toFixed(3)} (target ≤ 0.10)`,
);

/**
 * A build in a fresh process, as a user runs it (cold code in every thread): wall time from the
 * process's start to the end of the build, CPU time of all the process's threads, and peak RSS.
 */
interface ChildRun {
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly maxRss: number;
}
let children = 0;
async function childBuild(
  list: string[],
  workers: number,
  nodeFlags: string[] = [],
): Promise<ChildRun> {
  const id = ++children;
  const listFile = join(work, `list-${id}.json`);
  writeFileSync(listFile, JSON.stringify(list));
  const script = `
    const { runBuild } = await import(${JSON.stringify(resolve('dist/pipeline/build.js'))});
    const { pipelineFromFlags } = await import(${JSON.stringify(resolve('dist/pipeline/flags-pipeline.js'))});
    const { readFileSync } = await import('node:fs');
    const spec = await pipelineFromFlags({ map: ${JSON.stringify(map)}, bsp: ${JSON.stringify(bsp)}, out: ${JSON.stringify(join(work, `child-${id}.nav`))},
      demos: JSON.parse(readFileSync(${JSON.stringify(listFile)}, 'utf8')), workers: ${workers}, cache: false, html: false }, ${JSON.stringify(work)});
    await runBuild(spec);
    // From the process's start: what a user waits for (start-up and module loading included,
    // as a pool thread's are).
    const seconds = performance.now() / 1000;
    const u = process.resourceUsage();
    const cpuSeconds = (u.userCPUTime + u.systemCPUTime) / 1e6;
    console.log(JSON.stringify({ seconds, cpuSeconds, maxRss: u.maxRSS * 1024 }));`;
  // No inherited flags: the child runs the compiled code with plain node, like bin/navgen.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...nodeFlags, '--input-type=module', '-e', script],
    { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as ChildRun;
}
const fastest = (runs: ChildRun[]) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
async function bestOf(n: number, run: () => Promise<ChildRun>): Promise<ChildRun> {
  const runs: ChildRun[] = [];
  for (let i = 0; i < n; i++) runs.push(await run());
  return fastest(runs);
}

// One worker vs two, cold (no cache), each in fresh processes, best of three.
const one = await bestOf(3, () => childBuild(demos, 1));
const two = await bestOf(3, () => childBuild(demos, 2));
const cores = (r: ChildRun) => r.cpuSeconds / r.seconds;
console.log(
  `1 worker         ${fmt(one.seconds)}  (${one.cpuSeconds.toFixed(2)} s CPU: ${cores(one).toFixed(2)} cores busy; fresh process, start to end)`,
);
console.log(
  `2 workers        ${fmt(two.seconds)}  (${two.cpuSeconds.toFixed(2)} s CPU: ${cores(two).toFixed(2)} cores busy)  speed-up ${(one.seconds / two.seconds).toFixed(2)}× (target ≥ 1.7× on ${cpus().length} cores)`,
);

// What this machine gives two lanes of this work when nothing at all is shared: two separate
// one-worker processes over the two halves of the corpus, one after the other and then at the
// same time. Apart vs at once is what a second core adds; the 1-worker build vs at once is the
// most that two lanes could gain here (each process pays its own start-up and warm-up, as
// each worker thread does).
const halves = [demos.filter((_, i) => i % 2 === 0), demos.filter((_, i) => i % 2 === 1)];
const apart = await bestOf(2, async () => {
  const [a, b] = [await childBuild(halves[0], 1), await childBuild(halves[1], 1)];
  return { seconds: a.seconds + b.seconds, cpuSeconds: a.cpuSeconds + b.cpuSeconds, maxRss: 0 };
});
const together = await bestOf(2, async () => {
  const [a, b] = await Promise.all(halves.map((h) => childBuild(h, 1)));
  return { seconds: Math.max(a.seconds, b.seconds), cpuSeconds: 0, maxRss: 0 };
});
console.log(
  `two processes    halves in two 1-worker processes: ${fmt(apart.seconds)} one after the other, ${fmt(together.seconds)} at once`,
);
console.log(
  `                 a second core adds ${(apart.seconds / together.seconds).toFixed(2)}× here; at once vs the 1-worker build: ${(one.seconds / together.seconds).toFixed(2)}× (the best two lanes could do, before any cost of ours)`,
);

// Peak RSS in fresh processes: a third of the demos vs all of them. The third is every third
// demo, so it has the same mix of maps, lengths and formats as the whole corpus (the first third
// of a sorted folder can hold no demo of the map at all, and then builds almost nothing).
const third = demos.filter((_, i) => i % 3 === 0);
const rssThird = (await childBuild(third, 2)).maxRss;
const rssAll = (await childBuild(demos, 2)).maxRss;
const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
console.log(
  `peak RSS         ${mb(rssThird)} for ${third.length} demos, ${mb(rssAll)} for ${demos.length}  (+${((rssAll / rssThird - 1) * 100).toFixed(0)} %, target ≤ +20 %)`,
);

rmSync(work, { recursive: true, force: true });
