/**
 * The coverage fuzzer's loop, in the worker thread that runs a target's instrumented bundle
 * (`instrument.ts` makes the bundle: `install-counters.ts`, the target, then this module).
 *
 * Corpus first: every input given (seeds, then what earlier workers of the run kept) runs
 * once; those that reach a new feature (`coverage-map.ts`) stay. Then, until the budget is
 * spent: pick an entry (entries that brought more features more often), mutate it (the
 * target's own mutation now and then, else `byte-mutator.ts`; crossover with another entry),
 * run it, judge it (`target.ts`, `checkOutcome`), keep it when it reached something new.
 *
 * A violation is sent to the parent with its input, shrunk first (chunks erased while the same
 * violation remains), once per signature. Hangs and deaths are the parent's to see: this loop
 * marks each input in the shared watch block (`coverage-protocol.ts`) before running it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { SeededRandom } from '../../mvd2-writer/seeded-random.js';
import { mutateBytes, type MutatorOptions } from './byte-mutator.js';
import {
  STATE_IDLE,
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
import { coverage } from './install-counters.js';
import { checkOutcome, type FuzzTarget, type Outcome } from './target.js';

const STATS_EVERY_MS = 250;
/** Shrinking a violation's input: at most this many tries. */
const SHRINK_TRIES = 2000;
const SHRINK_MS = 3000;
/**
 * How often the loop lets timers and I/O callbacks run (a synchronous reader's loop otherwise
 * never gives them a turn), and how many of the inputs run since are kept to find the one
 * whose timer threw. [Units: ms; inputs]
 */
const SETTLE_EVERY_MS = 50;
const RECENT_INPUTS = 1024;
/**
 * Open file descriptors the process may gain over a run before the inputs since the last look
 * are run one at a time to find the one that leaks them. Counted in /proc/self/fd (Linux) at
 * each turn given to timers: about 50 µs every 50 ms. A `.pkz` reader that left a descriptor
 * open per damaged archive ran the fuzzer out of them (EMFILE) after some 400,000 inputs.
 */
const FD_SLACK = 64;
const FD_DIR = '/proc/self/fd';

interface Entry {
  readonly bytes: Uint8Array;
  /** Features it brought when it joined: its share of the picks. */
  readonly weight: number;
}

interface Run {
  readonly outcome: Outcome;
  readonly ms: number;
  /** Heap in use (V8's used + external) after the input less before it. [Units: bytes] */
  readonly growth: number;
}

class Fuzzer {
  private readonly setup: WorkerSetup;
  private readonly rnd: SeededRandom;
  private readonly watch: Int32Array;
  private readonly watchTime: Float64Array;
  private readonly watchBytes: Uint8Array;
  private readonly corpus: Entry[] = [];
  private totalWeight = 0;
  private readonly seen = new Set<string>();
  private readonly outcomes: Record<string, number> = {};
  private readonly mutator: MutatorOptions;
  private execs = 0;
  private seedCovered = 0;
  private peakHeap = 0;
  private peakGrowth = 0;
  private slowestMs = 0;
  private lastStats = 0;
  private stopped = false;
  private fuzzStart = 0;
  /** The inputs run since the loop last let timers run. */
  private recent: Uint8Array[] = [];
  private recentNext = 0;
  /** Errors that escaped some input (a timer's throw, a rejection no one awaited). */
  private escapes: unknown[] = [];
  private lastSettle = 0;
  private triaging = false;
  private fdBase = -1;

  constructor(
    private readonly target: FuzzTarget,
    setup: WorkerSetup,
  ) {
    this.setup = setup;
    this.rnd = new SeededRandom(setup.seed);
    this.watch = new Int32Array(setup.watch, 0, 4);
    this.watchTime = new Float64Array(setup.watch, 0, 3);
    this.watchBytes = new Uint8Array(setup.watch, WATCH_INPUT_AT);
    const dictionary = (target.dictionary ?? []).map((t) =>
      typeof t === 'string' ? new TextEncoder().encode(t) : t,
    );
    this.mutator = {
      maxBytes: target.maxBytes,
      dictionary,
      other: () => (this.corpus.length ? this.corpus[this.rnd.int(0, this.corpus.length - 1)].bytes : null),
    };
  }

  /** Runs one input with the counters cleared and the watch block set. */
  async exec(bytes: Uint8Array): Promise<Run> {
    if (!this.triaging) {
      // A ring: the oldest is overwritten once it holds RECENT_INPUTS.
      if (this.recent.length < RECENT_INPUTS) this.recent.push(bytes);
      else this.recent[this.recentNext] = bytes;
      this.recentNext = (this.recentNext + 1) % RECENT_INPUTS;
    }
    coverage.reset();
    const n = Math.min(bytes.length, this.watchBytes.length);
    this.watchBytes.set(n === bytes.length ? bytes : bytes.subarray(0, n));
    this.watch[WATCH_LENGTH] = n;
    this.watchTime[WATCH_STARTED_F64] = Date.now();
    Atomics.store(this.watch, WATCH_STATE, STATE_RUNNING);
    const ctx = { file: this.setup.file };
    // 0.3 µs a look (measured): every input is weighed.
    const heap0 = this.heapInUse();
    const t0 = performance.now();
    let thrown: unknown = null;
    let threw = false;
    try {
      const r = this.target.run(bytes, ctx) as { then?: unknown } | undefined;
      if (r && typeof r.then === 'function') await r;
    } catch (e) {
      thrown = e;
      threw = true;
    }
    const ms = performance.now() - t0;
    const heap1 = this.heapInUse();
    const growth = heap1 - heap0;
    if (heap1 > this.peakHeap) this.peakHeap = heap1;
    if (growth > this.peakGrowth) this.peakGrowth = growth;
    Atomics.store(this.watch, WATCH_STATE, STATE_IDLE);
    Atomics.add(this.watch, WATCH_EXECS, 1);
    if (ms > this.slowestMs) this.slowestMs = ms;
    let outcome = checkOutcome(this.target, thrown, threw, bytes, ctx);
    if (outcome.kind !== 'violation' && ms > this.setup.timeCapMs) {
      outcome = {
        kind: 'violation',
        violation: 'crash',
        signature: 'time cap',
        message: `the input took ${ms.toFixed(0)} ms, more than the ${this.setup.timeCapMs} ms cap`,
      };
    }
    if (outcome.kind !== 'violation' && growth > this.setup.heapCapBytes) {
      outcome = {
        kind: 'violation',
        violation: 'memory',
        signature: 'memory cap',
        message: `the heap grew by ${(growth / 2 ** 20).toFixed(0)} MiB during the input, more than the ${(this.setup.heapCapBytes / 2 ** 20).toFixed(0)} MiB cap`,
      };
    }
    return { outcome, ms, growth };
  }

  private heapInUse(): number {
    const h = getHeapStatistics();
    return h.used_heap_size + h.external_memory;
  }

  private label(o: Outcome): string {
    return o.kind === 'ok' ? 'ok' : o.kind === 'typed' ? o.label : `violation ${o.violation}`;
  }

  private add(bytes: Uint8Array, weight: number): void {
    this.corpus.push({ bytes, weight });
    this.totalWeight += weight;
  }

  private pick(): Uint8Array {
    let r = this.rnd.next() * this.totalWeight;
    for (const e of this.corpus) {
      r -= e.weight;
      if (r < 0) return e.bytes;
    }
    return this.corpus[this.corpus.length - 1].bytes;
  }

  private stats(): WorkerStats {
    return {
      execs: this.execs,
      fuzzMs: this.fuzzStart ? Date.now() - this.fuzzStart : 0,
      corpus: this.corpus.length,
      covered: coverage.covered,
      seedCovered: this.seedCovered,
      outcomes: { ...this.outcomes },
      peakHeapBytes: this.peakHeap,
      peakGrowthBytes: this.peakGrowth,
      slowestMs: this.slowestMs,
    };
  }

  private post(m: WorkerMessage): void {
    parentPort!.postMessage(m);
  }

  /** Judges a run: tallies it, reports a violation (once per signature). */
  private async judge(bytes: Uint8Array, run: Run): Promise<void> {
    const o = run.outcome;
    const label = this.label(o);
    this.outcomes[label] = (this.outcomes[label] ?? 0) + 1;
    if (o.kind !== 'violation' || this.seen.has(o.signature)) return;
    this.seen.add(o.signature);
    const shrunk = await this.shrink(bytes, o.signature);
    this.report({
      kind: o.violation,
      signature: o.signature,
      message: shrunk.message ?? o.message,
      bytes: shrunk.bytes,
      atExec: this.execs,
    });
  }

  private report(v: ViolationReport): void {
    this.post({ type: 'violation', violation: v });
    if (this.setup.stopOnViolation) this.stopped = true;
  }

  /** A smaller input with the same violation: chunks erased, halving their size. */
  private async shrink(
    bytes: Uint8Array,
    signature: string,
  ): Promise<{ bytes: Uint8Array; message: string | null }> {
    let best = bytes;
    let message: string | null = null;
    let tries = 0;
    const until = Date.now() + SHRINK_MS;
    for (let size = best.length >> 1; size >= 1; size >>= 1) {
      for (let at = 0; at + size <= best.length; ) {
        if (tries++ >= SHRINK_TRIES || Date.now() > until) return { bytes: best, message };
        const candidate = new Uint8Array(best.length - size);
        candidate.set(best.subarray(0, at));
        candidate.set(best.subarray(at + size), at);
        const { outcome } = await this.exec(candidate);
        if (outcome.kind === 'violation' && outcome.signature === signature) {
          best = candidate;
          message = outcome.message;
        } else at += size;
      }
    }
    return { bytes: best, message };
  }

  /** Lets the timers and callbacks the inputs left behind run. */
  private async settle(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
    this.lastSettle = Date.now();
  }

  /** Every 50 ms: timers run; an error that escaped is traced to its input. */
  private async maybeSettle(force = false): Promise<void> {
    if (!force && Date.now() - this.lastSettle < SETTLE_EVERY_MS && this.escapes.length === 0)
      return;
    await this.settle();
    if (this.escapes.length > 0) await this.triage();
    await this.checkDescriptors();
    this.recent = [];
    this.recentNext = 0;
  }

  /** Open descriptors of the process, or -1 where /proc is not there. */
  private descriptors(): number {
    return existsSync(FD_DIR) ? readdirSync(FD_DIR).length : -1;
  }

  /** A leak of file descriptors is traced to the input that leaks (see FD_SLACK). */
  private async checkDescriptors(): Promise<void> {
    const now = this.descriptors();
    if (now < 0) return;
    if (this.fdBase < 0) this.fdBase = now;
    if (now - this.fdBase <= FD_SLACK || this.seen.has('file descriptors')) return;
    this.seen.add('file descriptors');
    this.triaging = true;
    let culprit: Uint8Array | null = null;
    try {
      for (const candidate of this.recent) {
        const before = this.descriptors();
        await this.exec(candidate);
        await this.settle();
        if (this.descriptors() > before) {
          culprit = candidate;
          break;
        }
      }
    } finally {
      this.triaging = false;
    }
    this.report({
      kind: 'leak',
      signature: 'file descriptors',
      message: `the process holds ${now - this.fdBase} more open file descriptors than when the run began${culprit ? '; this input leaves one open' : ` (none of the last ${this.recent.length} inputs left one open when run alone: the input is the last of them)`}`,
      bytes: culprit ?? this.recent[this.recent.length - 1] ?? new Uint8Array(0),
      atExec: this.execs,
    });
  }

  /** Runs the recent inputs one at a time, timers after each, until the escape comes again. */
  private async triage(): Promise<void> {
    const first = this.escapes[0];
    const signature = escapeSignature(first);
    this.escapes = [];
    if (this.seen.has(signature)) return;
    this.seen.add(signature);
    this.triaging = true;
    let culprit: Uint8Array | null = null;
    let error = first;
    try {
      const n = this.recent.length;
      const start = n < RECENT_INPUTS ? 0 : this.recentNext;
      for (let k = 0; k < n; k++) {
        const candidate = this.recent[(start + k) % n];
        await this.exec(candidate);
        await this.settle();
        if (this.escapes.length > 0) {
          culprit = candidate;
          error = this.escapes[0];
          break;
        }
      }
    } finally {
      this.triaging = false;
      this.escapes = [];
    }
    const err = error as Error;
    this.report({
      kind: 'crash',
      signature,
      message:
        `escaped the reader after it returned${culprit ? '' : ` (not seen again when the last ${this.recent.length} inputs ran one at a time: the input is the last of them)`}: ` +
        (err?.stack ?? String(error)),
      bytes: culprit ?? this.recent[this.recent.length - 1] ?? new Uint8Array(0),
      atExec: this.execs,
    });
  }

  private maybeStats(): void {
    const now = Date.now();
    if (now - this.lastStats < STATS_EVERY_MS) return;
    this.lastStats = now;
    this.post({ type: 'stats', stats: this.stats() });
  }

  async fuzz(): Promise<void> {
    const { setup } = this;
    for (const [i, seed] of setup.corpus.entries()) {
      const bytes = seed.length > this.target.maxBytes ? seed.subarray(0, this.target.maxBytes) : seed;
      const run = await this.exec(bytes);
      const fresh = coverage.newFeatures(true);
      if (fresh > 0 || this.corpus.length === 0) this.add(bytes, 1 + Math.min(fresh, 64));
      if (i < setup.seedCount) this.seedCovered = coverage.covered;
      await this.judge(bytes, run);
      await this.maybeSettle();
      if (this.stopped) break;
    }
    // Every seed hung or killed a worker before: start from one byte.
    if (this.corpus.length === 0) this.add(new Uint8Array(1), 1);
    this.fuzzStart = Date.now();
    const stopAt = this.fuzzStart + setup.fuzzMs;
    while (!this.stopped && this.execs < setup.maxExecs && Date.now() < stopAt) {
      const parent = this.pick();
      let child: Uint8Array | null = null;
      if (this.target.mutate && this.rnd.chance(0.3))
        child = this.target.mutate(parent, this.rnd, (b) => mutateBytes(b, this.rnd, this.mutator));
      child ??= mutateBytes(parent, this.rnd, this.mutator);
      this.execs++;
      const run = await this.exec(child);
      const fresh = coverage.newFeatures(setup.guided);
      if (fresh > 0 && setup.guided) {
        this.add(child, 1 + Math.min(fresh, 64));
        this.post({ type: 'corpus', bytes: child });
      }
      await this.judge(child, run);
      await this.maybeSettle();
      this.maybeStats();
    }
    await this.maybeSettle(true);
    this.post({ type: 'done', stats: this.stats() });
  }

  async replay(): Promise<void> {
    const run = await this.exec(this.setup.corpus[0]);
    await this.settle();
    const o = run.outcome;
    const late = this.escapes[0] as Error | undefined;
    this.post({
      type: 'replayed',
      outcome: late
        ? `crash: escaped the reader after it returned: ${late?.stack ?? String(late)}`
        : o.kind === 'violation'
          ? `${o.violation}: ${o.message}`
          : this.label(o),
      ms: run.ms,
    });
  }

  /** What escaped an input: kept until the loop traces it (`maybeSettle`). */
  escaped(e: unknown): void {
    this.escapes.push(e);
    this.post({ type: 'escaped', message: (e as Error)?.stack ?? String(e) });
  }
}

function escapeSignature(e: unknown): string {
  const err = e as Error;
  return `escaped ${err?.constructor?.name ?? typeof e}: ${String(err?.message ?? e).slice(0, 80)}`;
}

/** The bundle's entry calls this with its target. */
export function runCoverageWorker(target: FuzzTarget): void {
  const setup = workerData as WorkerSetup;
  const fuzzer = new Fuzzer(target, setup);
  process.on('uncaughtException', (e) => fuzzer.escaped(e));
  process.on('unhandledRejection', (e) => fuzzer.escaped(e));
  (setup.mode === 'replay' ? fuzzer.replay() : fuzzer.fuzz()).catch((e: unknown) =>
    parentPort!.postMessage({
      type: 'fatal',
      message: `the fuzzer failed: ${(e as Error)?.stack ?? String(e)}`,
    } satisfies WorkerMessage),
  );
}
