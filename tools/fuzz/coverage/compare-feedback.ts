/**
 * Which coverage feedback the fuzzer uses, measured: the same inputs (seeds of a target and
 * their mutations, drawn with a fixed seed) run through the target's reader
 *
 *   none      the reader bundled, no coverage (the ceiling);
 *   istanbul  the reader instrumented by istanbul, its counters read and cleared after each
 *             input (`coverage-map.ts`: what the fuzzer does);
 *   v8        the reader bundled uninstrumented, V8's precise block coverage taken after each
 *             input through `node:inspector` (`Profiler.takePreciseCoverage` with call counts,
 *             which also resets them), its block ranges of the bundle turned into features.
 *
 * Every input runs twice in each mode and the second pass is timed (the first warms the JIT).
 * Prints executions per second of each and the features each saw. Run:
 * `npx tsx tools/fuzz/coverage/compare-feedback.ts [TARGET] [INPUTS]` (default nav3, 4000).
 */
import { copyFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SeededRandom } from '../../mvd2-writer/seeded-random.js';
import { mutateBytes } from './byte-mutator.js';
import { CoverageMap } from './coverage-map.js';
import { instrumentTarget } from './instrument.js';
import { makeSeeds } from './seed-makers.js';
import type { FuzzTarget } from './target.js';
import { loadTarget, targetFile } from './targets/index.js';

const name = process.argv[2] ?? 'nav3';
const count = Number(process.argv[3] ?? 4000);
const fixtures = process.env.NAVGEN_FIXTURES ?? join(process.cwd(), '..', 'shared', 'fixtures');
const file = targetFile(name);
const meta = await loadTarget(file);
const seeds = await makeSeeds(meta, fixtures);
const rnd = new SeededRandom(7);
const inputs = Array.from({ length: count }, (_, i) =>
  mutateBytes(seeds[i % seeds.length].subarray(0, meta.maxBytes), rnd, {
    maxBytes: meta.maxBytes,
    dictionary: [],
    other: () => seeds[rnd.int(0, seeds.length - 1)],
  }),
);
const ctx = { file: '/nonexistent/fuzz-input' };

interface Loaded {
  readonly target: FuzzTarget;
  readonly path: string;
  readonly total: number;
  readonly files: number;
  readonly map: CoverageMap;
}

async function load(instrument: readonly string[], copyAs?: string): Promise<Loaded> {
  const bundle = await instrumentTarget({
    targetFile: file,
    instrument,
    entry: 'module',
    instrumentPackages: instrument.length ? meta.instrumentPackages : [],
  });
  const map = new CoverageMap(bundle.total);
  map.install(bundle);
  // A copy under another name is a module of its own (compiled after coverage started).
  const path = copyAs ? `${bundle.path}.${copyAs}.mjs` : bundle.path;
  if (copyAs) copyFileSync(bundle.path, path);
  const mod = (await import(pathToFileURL(path).href)) as { target: FuzzTarget };
  return { target: mod.target, path, total: bundle.total, files: bundle.files.length, map };
}

/** Runs every input twice (the first pass warms the JIT up) and times the second pass. */
async function runAll(t: FuzzTarget, after: () => void): Promise<number> {
  await runPass(t, after);
  return runPass(t, after);
}

async function runPass(t: FuzzTarget, after: () => void): Promise<number> {
  const t0 = performance.now();
  for (const b of inputs) {
    try {
      const r = t.run(b, ctx) as { then?: unknown } | undefined;
      if (r && typeof r.then === 'function') await r;
    } catch {
      // outcomes are not the point here
    }
    after();
  }
  return performance.now() - t0;
}

const rate = (ms: number) => `${Math.round((inputs.length / ms) * 1000)} exec/s`;

// Each mode loads its own copy of the bundle, so that one's instrumentation is not the other's.
const plain = await load([]);
const noneMs = await runAll(plain.target, () => {});
console.log(`none:     ${rate(noneMs)} (${inputs.length} inputs of ${name})`);

// V8: block ranges of the bundle's script, keyed by their start and end offsets.
const session = new Session();
session.connect();
const post = <T>(method: string, params?: object) =>
  new Promise<T>((resolve, reject) =>
    session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))),
  );
await post('Profiler.enable');
await post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
const v8Bundle = await load([], 'v8');
const url = pathToFileURL(v8Bundle.path).href;
interface ScriptCoverage {
  url: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}
const v8Features = new Set<string>();
let takes = 0;
const v8Ms = await runAll(v8Bundle.target, () => {
  // takePreciseCoverage answers synchronously within this thread's session.
  session.post('Profiler.takePreciseCoverage', (err, res) => {
    if (err) throw err;
    takes++;
    for (const s of (res as { result: ScriptCoverage[] }).result) {
      if (s.url !== url) continue;
      for (const f of s.functions)
        for (const r of f.ranges) if (r.count > 0) v8Features.add(`${r.startOffset}:${r.endOffset}`);
    }
  });
});
await post('Profiler.stopPreciseCoverage');
session.disconnect();
console.log(`v8:       ${rate(v8Ms)} (${v8Features.size} block ranges reached, ${takes} takes)`);

const inst = await load(meta.instrument);
const istanbulMs = await runAll(inst.target, () => {
  inst.map.newFeatures(true);
  inst.map.reset();
});
console.log(`istanbul: ${rate(istanbulMs)} (${inst.map.covered} of ${inst.total} counters reached in ${inst.files} files)`);
console.log(
  `ratios: istanbul/none ${(noneMs / istanbulMs).toFixed(2)}, v8/none ${(noneMs / v8Ms).toFixed(2)}, istanbul/v8 ${(v8Ms / istanbulMs).toFixed(2)}`,
);
