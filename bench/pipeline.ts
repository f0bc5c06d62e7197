/**
 * `npm run bench:pipeline`: build speed and memory over the fixture corpus, every figure and
 * ratio measured in this one run:
 *
 * - cold build time (empty cache, default workers);
 * - rebuild time after adding one new demo to a warm cache, and its ratio to the cold build
 *   (target ≤ 0.10);
 * - one worker vs two on cold builds (target speed-up ≥ 1.7× on 2 cores);
 * - peak RSS of a build over a third of the demos vs all of them, each in a fresh process
 *   (target: within +20 %: memory must not grow with the number of demos).
 *
 * The corpus is every demo under ../shared/fixtures/demos/mvd2 (all maps: demos of other maps
 * are read, cached and reported, as in a real archive), built for `--map` (default wizs).
 * `--copies N` adds N re-compressed copies of each demo (same frames, different bytes, so
 * they are read and cached as demos of their own) to see how the figures scale with the
 * corpus size. The "added" demo is a re-compressed copy too: new bytes, real content.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import fg from 'fast-glob';
// The compiled code in dist/ runs (what navgen ships); the types come from src/.
const dist = '../dist/';
const { runBuild } = (await import(
  dist + 'pipeline/build.js'
)) as typeof import('../src/pipeline/build.js');
const { pipelineFromFlags } = (await import(
  dist + 'pipeline/flags-pipeline.js'
)) as typeof import('../src/pipeline/flags-pipeline.js');

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
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
const added = join(corpus, `added-${basename(demos[0]).replace(/\.gz$/, '')}.gz`);
writeFileSync(added, recompressed(demos[0], 9));
const incremental = await build([...demos, added], cpus().length, cache, 'added.nav');
console.log(`cold build       ${fmt(cold)} (${cpus().length} workers, empty cache)`);
console.log(
  `add one demo     ${fmt(incremental)} (warm cache)  ratio ${(incremental / cold).toFixed(3)} (target ≤ 0.10)`,
);

// One worker vs two, cold (no cache), best of two runs each.
const one = Math.min(
  await build(demos, 1, false, 'w1.nav'),
  await build(demos, 1, false, 'w1.nav'),
);
const two = Math.min(
  await build(demos, 2, false, 'w2.nav'),
  await build(demos, 2, false, 'w2.nav'),
);
console.log(`1 worker         ${fmt(one)}`);
console.log(
  `2 workers        ${fmt(two)}  speed-up ${(one / two).toFixed(2)}× (target ≥ 1.7× on 2 cores)`,
);

// Peak RSS in fresh processes: a third of the demos vs all of them.
function peakRss(list: string[]): number {
  const listFile = join(work, `list-${list.length}.json`);
  writeFileSync(listFile, JSON.stringify(list));
  const script = `
    const { runBuild } = await import(${JSON.stringify(resolve('dist/pipeline/build.js'))});
    const { pipelineFromFlags } = await import(${JSON.stringify(resolve('dist/pipeline/flags-pipeline.js'))});
    const { readFileSync } = await import('node:fs');
    const spec = await pipelineFromFlags({ map: ${JSON.stringify(map)}, bsp: ${JSON.stringify(bsp)}, out: ${JSON.stringify(join(work, 'rss.nav'))},
      demos: JSON.parse(readFileSync(${JSON.stringify(listFile)}, 'utf8')), workers: 2, cache: false, html: false }, ${JSON.stringify(work)});
    await runBuild(spec);
    console.log(process.resourceUsage().maxRSS);`;
  return (
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
      }).trim(),
    ) * 1024
  );
}
const third = demos.slice(0, Math.max(1, Math.round(demos.length / 3)));
const rssThird = peakRss(third);
const rssAll = peakRss(demos);
const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
console.log(
  `peak RSS         ${mb(rssThird)} for ${third.length} demos, ${mb(rssAll)} for ${demos.length}  (+${((rssAll / rssThird - 1) * 100).toFixed(0)} %, target ≤ +20 %)`,
);

rmSync(work, { recursive: true, force: true });
