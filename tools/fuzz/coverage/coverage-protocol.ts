/**
 * What the coverage fuzzer's parent (`run-coverage-fuzz.ts`) and its worker
 * (`coverage-worker.ts`) tell each other, and the shared memory the parent watches.
 *
 * The watch block: before each input the worker copies it into the block and marks itself
 * running with the time; after it, idle and one more execution. The parent reads it every
 * 100 ms: a worker running one input for longer than the time cap has hung (the parent ends
 * it and keeps the input from the block), and so the input of a worker that died (out of
 * memory) is known too.
 */
import type { InstrumentedBundle } from './coverage-layout.js';

export const WATCH_STATE = 0;
export const WATCH_EXECS = 1;
export const WATCH_LENGTH = 2;
/** Float64 index of the start time of the running input. [Units: ms since the epoch] */
export const WATCH_STARTED_F64 = 2;
/** Where the input's bytes begin. [Units: bytes] */
export const WATCH_INPUT_AT = 24;

export const STATE_IDLE = 0;
export const STATE_RUNNING = 1;

export interface WorkerSetup {
  readonly bundle: InstrumentedBundle;
  readonly mode: 'fuzz' | 'replay';
  /** The corpus to start from: seeds first, then what earlier workers of the run found. */
  readonly corpus: readonly Uint8Array[];
  /** How many of `corpus` are seeds (their coverage is reported apart). */
  readonly seedCount: number;
  /** The random seed of this worker's mutations. */
  readonly seed: number;
  /** Stop after this many executions of mutated inputs. */
  readonly maxExecs: number;
  /** Time to fuzz for once the corpus has run (seeds are not counted). [Units: ms] */
  readonly fuzzMs: number;
  /** The input file's path (named in errors; written for readers of paths). */
  readonly file: string;
  /** The watch block (see above), `WATCH_INPUT_AT + maxBytes` bytes. */
  readonly watch: SharedArrayBuffer;
  /** false: keep only the seeds, never what coverage finds (blind mutation, for comparison). */
  readonly guided: boolean;
  /** Stop at the first violation (a test's planted bug). */
  readonly stopOnViolation: boolean;
  /** Time cap of one input, also checked by the worker for inputs that end late. [Units: ms] */
  readonly timeCapMs: number;
  /**
   * Growth of the heap in use (used + external) during one input above which it is a memory
   * violation; the worker's old generation is capped at the same size. [Units: bytes]
   */
  readonly heapCapBytes: number;
}

export interface ViolationReport {
  readonly kind: 'crash' | 'bad-error' | 'hang' | 'memory' | 'leak';
  readonly signature: string;
  readonly message: string;
  /** The input (shrunk when the worker could). */
  readonly bytes: Uint8Array;
  /** Executions of this target (in this worker) when it was found. */
  readonly atExec: number;
}

export interface WorkerStats {
  /** Executions of mutated inputs (seeds not counted). */
  readonly execs: number;
  /** Time spent on them (the corpus's first run not counted). [Units: ms] */
  readonly fuzzMs: number;
  readonly corpus: number;
  /** Counters reached by any input. */
  readonly covered: number;
  /** Counters reached by the seeds alone. */
  readonly seedCovered: number;
  /** Outcomes by label (`ok`, `NavReadError BAD_ZLIB`, …). */
  readonly outcomes: Record<string, number>;
  /** Largest heap in use seen (V8's used + external, the corpus included). [Units: bytes] */
  readonly peakHeapBytes: number;
  /** Largest growth of the heap in use during one input. [Units: bytes] */
  readonly peakGrowthBytes: number;
  /** Slowest input. [Units: ms] */
  readonly slowestMs: number;
}

export type WorkerMessage =
  | { readonly type: 'corpus'; readonly bytes: Uint8Array }
  | { readonly type: 'violation'; readonly violation: ViolationReport }
  | { readonly type: 'stats'; readonly stats: WorkerStats }
  | { readonly type: 'done'; readonly stats: WorkerStats }
  | { readonly type: 'replayed'; readonly outcome: string; readonly ms: number }
  /**
   * An error escaped some input (sent at once: if the input's promise then never settles, the
   * worker's event loop empties and the worker ends before the loop could trace it).
   */
  | { readonly type: 'escaped'; readonly message: string }
  /** The fuzzer itself failed (a mutation threw): the run stops with this error. */
  | { readonly type: 'fatal'; readonly message: string };
