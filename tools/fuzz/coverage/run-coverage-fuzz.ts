/**
 * The coverage fuzzer's parent side: instruments a target (`instrument.ts`), makes its seeds
 * (`seed-makers.ts`), runs the loop in a worker thread (`coverage-worker.ts`) and watches it.
 *
 * Watching: every 100 ms the parent reads the worker's watch block (`coverage-protocol.ts`).
 * A worker that has run one input for longer than the time cap has hung: it is ended and the
 * input, still in the block, is the violation. A worker that dies (out of its heap: the old
 * generation is capped at the memory cap) leaves its input there too. Either way a new worker
 * takes over with the corpus so far (the parent keeps every entry the worker sends) and the
 * budget left. The process's resident memory is watched as well, for memory held outside the
 * worker's heap.
 *
 * Every violation's input is written to the failures folder with a replay command.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  STATE_RUNNING,
  WATCH_EXECS,
  WATCH_INPUT_AT,
  WATCH_LENGTH,
  WATCH_STARTED_F64,
  WATCH_STATE,
  type ViolationReport,
  type WorkerMessage,
  type WorkerSetup,
  type WorkerStats,
} from './coverage-protocol.js';
import { instrumentTarget, type InstrumentedBundle } from './instrument.js';
import { makeSeeds } from './seed-makers.js';
import type { FuzzTarget } from './target.js';

export interface CoverageFuzzOptions {
  readonly target: FuzzTarget;
  /** The target's file (bundled for the worker). */
  readonly targetFile: string;
  /** The fixture folder the seeds come from. */
  readonly fixtures: string;
  /** Seeds given directly instead of made from the fixtures (tests). */
  readonly seeds?: readonly Uint8Array[];
  /** Budget in time, of mutated inputs (the seeds' first run comes on top). [Units: s] */
  readonly seconds?: number;
  /** Budget in executions of mutated inputs. */
  readonly maxExecs?: number;
  /** Random seed of the mutations. */
  readonly seed?: number;
  /** An input slower than this is a hang. [Units: ms] Default 2000. */
  readonly timeCapMs?: number;
  /** Memory cap of one input, and the worker's heap cap. [Units: MiB] Default 512. */
  readonly memoryCapMb?: number;
  /** Where failing inputs are written. Default: a folder under the system temp dir. */
  readonly keepFailuresIn?: string;
  /** false: blind mutation of the seeds (no corpus growth), for comparison. Default true. */
  readonly guided?: boolean;
  readonly stopOnViolation?: boolean;
  /** Called with the running figures about every 250 ms. */
  readonly onStats?: (s: CoverageFuzzStats) => void;
}

export interface CoverageFuzzStats {
  readonly execs: number;
  readonly seconds: number;
  readonly corpus: number;
  readonly covered: number;
  readonly total: number;
  readonly violations: number;
}

export interface SavedViolation extends Omit<ViolationReport, 'bytes'> {
  readonly bytes: Uint8Array;
  /** Where the input was written. */
  readonly file: string;
  /** The target's note when this is one of its known open violations. */
  readonly knownOpen?: string;
}

export interface CoverageFuzzReport {
  readonly target: string;
  readonly reader: string;
  /** Executions of mutated inputs (seeds and shrinking not counted). */
  readonly execs: number;
  /** Time spent on them. [Units: s] */
  readonly seconds: number;
  /** The whole run: instrumenting, seeds, workers starting, fuzzing. [Units: s] */
  readonly wallSeconds: number;
  readonly seeds: number;
  /** Corpus at the end (seeds that added coverage, and inputs that did). */
  readonly corpus: number;
  /** Counters reached by any input, by the seeds alone, and instrumented in all. */
  readonly covered: number;
  readonly seedCovered: number;
  readonly total: number;
  readonly instrumentedFiles: readonly string[];
  readonly violations: readonly SavedViolation[];
  /** Violations the target lists as known and open (reported, fixed elsewhere). */
  readonly knownOpen: readonly SavedViolation[];
  readonly outcomes: Readonly<Record<string, number>>;
  /** Largest heap growth during one input, and largest heap in use. [Units: bytes] */
  readonly peakGrowthBytes: number;
  readonly peakHeapBytes: number;
  /** Largest resident set of the whole process seen. [Units: bytes] */
  readonly peakRssBytes: number;
  readonly slowestMs: number;
  /** Workers started (1 + hangs and deaths). */
  readonly workers: number;
}

/** At most this many workers per run: a target that hangs on everything stops. */
const MAX_WORKERS = 20;
const WATCH_EVERY_MS = 100;

/** Where inputs are written for readers of paths: memory-backed when the system has it. */
function workFolder(): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  return mkdtempSync(join(base, 'navgen-coverage-fuzz-'));
}

const EMPTY_STATS: WorkerStats = {
  execs: 0,
  fuzzMs: 0,
  corpus: 0,
  covered: 0,
  seedCovered: 0,
  outcomes: {},
  peakHeapBytes: 0,
  peakGrowthBytes: 0,
  slowestMs: 0,
};

export async function runCoverageFuzz(o: CoverageFuzzOptions): Promise<CoverageFuzzReport> {
  const target = o.target;
  const timeCapMs = o.timeCapMs ?? 2000;
  const memoryCapMb = o.memoryCapMb ?? 512;
  const guided = o.guided ?? true;
  const bundle: InstrumentedBundle = await instrumentTarget({
    targetFile: o.targetFile,
    instrument: target.instrument,
    instrumentPackages: target.instrumentPackages,
  });
  const seeds = o.seeds ? [...o.seeds] : await makeSeeds(target, o.fixtures);
  const seedTotal = seeds.length;
  let heldBytes = seeds.reduce((n, b) => n + b.length, 0);
  const keep = o.keepFailuresIn ?? join(tmpdir(), 'navgen-coverage-fuzz-failures', target.name);
  const work = workFolder();
  const found: Uint8Array[] = [];
  const violations: SavedViolation[] = [];
  const knownOpen: SavedViolation[] = [];
  const signatures = new Set<string>();
  const started = Date.now();
  const budgetMs = o.seconds !== undefined ? o.seconds * 1000 : Number.MAX_SAFE_INTEGER;
  let doneMs = 0;
  const maxExecs = o.maxExecs ?? Number.MAX_SAFE_INTEGER;
  let doneExecs = 0;
  let workers = 0;
  let last: WorkerStats = EMPTY_STATS;
  let best: WorkerStats = EMPTY_STATS;
  let peakRss = 0;
  const rssBase = process.memoryUsage.rss();

  const save = (v: ViolationReport): void => {
    if (signatures.has(v.signature)) return;
    signatures.add(v.signature);
    const hash = createHash('sha1').update(v.bytes).digest('hex').slice(0, 12);
    let file = join(keep, `${v.kind}-${hash}${target.fileName.slice(target.fileName.indexOf('.'))}`);
    try {
      mkdirSync(keep, { recursive: true });
      writeFileSync(file, v.bytes);
    } catch (e) {
      // Out of descriptors, say: the violation is still reported.
      file = `(not written: ${(e as Error).message})`;
    }
    const known = target.knownOpen?.find((k) => k.signature.test(v.signature));
    if (known) knownOpen.push({ ...v, file, knownOpen: known.note });
    else violations.push({ ...v, file });
  };

  const merge = (s: WorkerStats): WorkerStats => ({
    execs: doneExecs + s.execs,
    fuzzMs: doneMs + s.fuzzMs,
    corpus: s.corpus,
    covered: Math.max(best.covered, s.covered),
    seedCovered: best.seedCovered || s.seedCovered,
    outcomes: addCounts(best.outcomes, s.outcomes),
    peakHeapBytes: Math.max(best.peakHeapBytes, s.peakHeapBytes),
    peakGrowthBytes: Math.max(best.peakGrowthBytes, s.peakGrowthBytes),
    slowestMs: Math.max(best.slowestMs, s.slowestMs),
  });

  try {
    while (workers < MAX_WORKERS) {
      const execsLeft = maxExecs - doneExecs;
      if (execsLeft <= 0 || doneMs >= budgetMs) break;
      workers++;
      const watch = new SharedArrayBuffer(WATCH_INPUT_AT + target.maxBytes);
      const setup: WorkerSetup = {
        bundle,
        mode: 'fuzz',
        corpus: [...seeds, ...found],
        seedCount: seeds.length,
        seed: (o.seed ?? 1) + workers - 1,
        maxExecs: execsLeft,
        fuzzMs: budgetMs - doneMs,
        file: join(work, target.fileName),
        watch,
        guided,
        stopOnViolation: o.stopOnViolation ?? false,
        timeCapMs,
        heapCapBytes: memoryCapMb * 2 ** 20,
      };
      const end = await runWorker(bundle, setup, memoryCapMb, timeCapMs, {
        corpus: (b) => {
          found.push(b);
          heldBytes += b.length;
        },
        violation: (v) => save(v),
        stats: (s) => {
          last = s;
          o.onStats?.({
            execs: doneExecs + s.execs,
            seconds: (doneMs + s.fuzzMs) / 1000,
            corpus: s.corpus,
            covered: Math.max(best.covered, s.covered),
            total: bundle.total,
            violations: violations.length,
          });
        },
        rss: (rss) => {
          peakRss = Math.max(peakRss, rss);
          // The corpus is held three times (here, in the worker's start data, in its corpus).
          return rss - rssBase > 2 * memoryCapMb * 2 ** 20 + 3 * heldBytes;
        },
      });
      if (end.fatal) throw end.fatal;
      last = end.stats ?? last;
      best = merge(last);
      doneExecs = best.execs;
      doneMs = best.fuzzMs;
      last = EMPTY_STATS;
      if (end.violation) {
        save(end.violation);
        // The next worker starts without the input that hung or killed this one.
        const bad = end.violation.bytes;
        const same = (b: Uint8Array) => b.length === bad.length && b.every((x, i) => x === bad[i]);
        for (const list of [seeds, found])
          for (let i = list.length - 1; i >= 0; i--) if (same(list[i])) list.splice(i, 1);
      }
      if (end.finished || (o.stopOnViolation && violations.length > 0)) break;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return {
    target: target.name,
    reader: target.reader,
    execs: best.execs,
    seconds: best.fuzzMs / 1000,
    wallSeconds: (Date.now() - started) / 1000,
    seeds: seedTotal,
    corpus: best.corpus,
    covered: best.covered,
    seedCovered: best.seedCovered,
    total: bundle.total,
    instrumentedFiles: bundle.files.map((f) => f.path),
    violations,
    knownOpen,
    outcomes: best.outcomes,
    peakGrowthBytes: best.peakGrowthBytes,
    peakHeapBytes: best.peakHeapBytes,
    peakRssBytes: peakRss,
    slowestMs: best.slowestMs,
    workers,
  };
}

function addCounts(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) {
  const out: Record<string, number> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

interface WorkerEnd {
  /** The worker ran its budget out (not ended by a hang or a death). */
  readonly finished: boolean;
  readonly stats: WorkerStats | null;
  /** A hang or a death, with the input from the watch block. */
  readonly violation: ViolationReport | null;
  /** The fuzzer's own failure (not the reader's). */
  readonly fatal?: Error | null;
}

interface WorkerHooks {
  corpus(bytes: Uint8Array): void;
  violation(v: ViolationReport): void;
  stats(s: WorkerStats): void;
  /** The process's RSS now; true when it is over the cap. */
  rss(bytes: number): boolean;
}

function watchedInput(watch: SharedArrayBuffer): Uint8Array {
  const n = new Int32Array(watch, 0, 4)[WATCH_LENGTH];
  return new Uint8Array(watch, WATCH_INPUT_AT, n).slice();
}

function runWorker(
  bundle: InstrumentedBundle,
  setup: WorkerSetup,
  memoryCapMb: number,
  timeCapMs: number,
  hooks: WorkerHooks,
): Promise<WorkerEnd> {
  const worker = new Worker(bundle.path, {
    workerData: setup,
    resourceLimits: { maxOldGenerationSizeMb: memoryCapMb },
    stdout: true,
    stderr: true,
  });
  // The readers never print; anything a worker prints is dropped with the worker.
  worker.stdout.resume();
  worker.stderr.resume();
  const state = new Int32Array(setup.watch, 0, 4);
  const time = new Float64Array(setup.watch, 0, 3);
  return new Promise<WorkerEnd>((resolve) => {
    let settled = false;
    let stats: WorkerStats | null = null;
    let fatal: Error | null = null;
    let escaped: string | null = null;
    const finish = (end: WorkerEnd) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      void worker.terminate().then(() => resolve({ ...end, stats: end.stats ?? stats, fatal }));
    };
    const stuck = (kind: ViolationReport['kind'], signature: string, message: string) =>
      finish({
        finished: false,
        stats,
        violation: {
          kind,
          signature: escaped ? `${signature} after an escaped ${escaped.split('\n')[0]}` : signature,
          message: escaped ? `${message}; before that, an error escaped the reader: ${escaped}` : message,
          bytes: watchedInput(setup.watch),
          atExec: (stats?.execs ?? 0) + 1,
        },
      });
    const timer = setInterval(() => {
      if (Atomics.load(state, WATCH_STATE) === STATE_RUNNING) {
        const ms = Date.now() - time[WATCH_STARTED_F64];
        if (ms > timeCapMs)
          stuck('hang', 'hang', `no answer within the time cap of ${timeCapMs} ms (execution ${Atomics.load(state, WATCH_EXECS)})`);
      }
      const rss = process.memoryUsage.rss();
      if (hooks.rss(rss))
        stuck(
          'memory',
          'resident memory cap',
          `the process grew to ${(rss / 2 ** 20).toFixed(0)} MiB resident during this input`,
        );
    }, WATCH_EVERY_MS);
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'corpus') hooks.corpus(m.bytes);
      else if (m.type === 'violation') hooks.violation(m.violation);
      else if (m.type === 'stats') {
        stats = m.stats;
        hooks.stats(m.stats);
      } else if (m.type === 'done') finish({ finished: true, stats: m.stats, violation: null });
      else if (m.type === 'escaped') escaped = m.message;
      else if (m.type === 'fatal') {
        fatal = new Error(m.message);
        finish({ finished: true, stats, violation: null });
      }
    });
    worker.on('error', (e: Error & { code?: string }) => {
      const oom = e.code === 'ERR_WORKER_OUT_OF_MEMORY';
      stuck(
        oom ? 'memory' : 'crash',
        oom ? 'out of memory' : `worker error ${e.name}`,
        oom
          ? `the worker ran out of its ${memoryCapMb} MiB heap during this input`
          : `the worker failed: ${e.stack ?? e.message}`,
      );
    });
    worker.on('exit', (code) => {
      if (settled) return;
      // Exit 0 in the middle of an input: its promise never settled and nothing was left to
      // run (a callback that never came), so the worker's event loop ran dry.
      if (code === 0 && Atomics.load(state, WATCH_STATE) === STATE_RUNNING)
        stuck(
          'hang',
          'never settled',
          "the input's promise never settled: nothing was left to run and the worker's event loop ended",
        );
      else stuck('crash', `worker exit ${code}`, `the worker exited with code ${code}`);
    });
  });
}

/** Runs one input through a target's instrumented bundle: the outcome line and its time. */
export async function replayInput(
  target: FuzzTarget,
  targetFile: string,
  bytes: Uint8Array,
  timeCapMs = 2000,
  memoryCapMb = 512,
): Promise<string> {
  const bundle = await instrumentTarget({
    targetFile,
    instrument: target.instrument,
    instrumentPackages: target.instrumentPackages,
  });
  const work = workFolder();
  try {
    const watch = new SharedArrayBuffer(WATCH_INPUT_AT + Math.max(bytes.length, 1));
    const setup: WorkerSetup = {
      bundle,
      mode: 'replay',
      corpus: [bytes],
      seedCount: 1,
      seed: 1,
      maxExecs: 0,
      fuzzMs: 0,
      file: join(work, target.fileName),
      watch,
      guided: true,
      stopOnViolation: false,
      timeCapMs,
      heapCapBytes: memoryCapMb * 2 ** 20,
    };
    const worker = new Worker(bundle.path, {
      workerData: setup,
      resourceLimits: { maxOldGenerationSizeMb: memoryCapMb },
    });
    return await new Promise<string>((resolve) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        resolve(`hang: no answer within ${timeCapMs} ms`);
      }, timeCapMs);
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'replayed') {
          clearTimeout(timer);
          void worker.terminate();
          resolve(`${m.outcome} (${m.ms.toFixed(1)} ms)`);
        }
      });
      worker.on('error', (e) => {
        clearTimeout(timer);
        resolve(`the worker failed: ${e.message}`);
      });
      worker.on('exit', () => {
        clearTimeout(timer);
        resolve("hang: the input's promise never settled (the worker's event loop ended)");
      });
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
