/**
 * Messages between the fuzz harness (main thread) and its case worker: plain data only, as
 * structured clone requires (errors cross as {@link ErrorReport}, frames as digests).
 */

/** Read a demo file with `readDemo` and digest every frame it delivers. */
export interface DemoJob {
  readonly kind: 'demo';
  readonly path: string;
  /** Name the reader puts in errors and warnings. */
  readonly name: string;
}

/**
 * Decode an undamaged MVD2 stream block by block with the decoder itself: the frame digests
 * and how many frames were delivered once each block was complete.
 */
export interface ReferenceJob {
  readonly kind: 'reference';
  readonly stream: Uint8Array;
  /** Offset just past each block. [Units: bytes] */
  readonly blockEnds: Uint32Array;
  readonly name: string;
}

/** Decode `.nav` bytes with `decodeNav`. */
export interface NavJob {
  readonly kind: 'nav';
  readonly bytes: Uint8Array;
  readonly name: string;
}

/**
 * The harness's self-check: misbehave on purpose (spin forever, throw from a timer after
 * answering, hold a large buffer) so a test can see that hangs, escaped exceptions and memory
 * growth are caught.
 */
export interface ProbeJob {
  readonly kind: 'probe';
  readonly action: 'spin' | 'throw-late' | 'allocate';
  /** For `allocate`. [Units: bytes] */
  readonly bytes: number;
}

export type FuzzJob = DemoJob | ReferenceJob | NavJob | ProbeJob;

/** An error as plain data: what it was and where it said it happened. */
export interface ErrorReport {
  /** Constructor name (`DemoParseError`, `NavReadError`, `TypeError`, …). */
  readonly name: string;
  /** It is the reader's own typed error class (checked with `instanceof` in the worker). */
  readonly typed: boolean;
  readonly code: string | null;
  readonly file: string | null;
  readonly offset: number | null;
  /** `.nav` errors: `file` (header) or `payload`. */
  readonly section: string | null;
  readonly message: string;
  /** First lines of the stack, for untyped errors. */
  readonly stack: string | null;
}

export interface WarningReport {
  readonly code: string;
  readonly offset: number;
  readonly message: string;
}

export interface DemoResult {
  readonly kind: 'demo';
  /** Digest of each delivered frame, in order. */
  readonly digests: Uint32Array;
  readonly warnings: readonly WarningReport[];
  /** The `end` event arrived. */
  readonly ended: boolean;
  readonly error: ErrorReport | null;
}

export interface ReferenceResult {
  readonly kind: 'reference';
  readonly digests: Uint32Array;
  /** Frames delivered once block k was complete. */
  readonly framesAfterBlock: Uint32Array;
}

export interface NavResult {
  readonly kind: 'nav';
  /** Null when the file was rejected. */
  readonly accepted: {
    readonly nodes: number;
    readonly links: number;
    readonly unsafe: readonly string[];
  } | null;
  readonly error: ErrorReport | null;
}

export interface ProbeResult {
  readonly kind: 'probe';
}

export type JobResult = DemoResult | ReferenceResult | NavResult | ProbeResult;

/** What the worker measured around a job. */
export interface JobMeasure {
  /** [Units: ms] */
  readonly ms: number;
  /**
   * Peak growth of the worker's heap plus array buffers over the job, sampled every
   * millisecond while the job awaits and once at its end. [Units: bytes]
   */
  readonly peakBytes: number;
}

/** Worker → main. `crash`: an exception nothing caught (attributed to the running job). */
export type WorkerReply =
  | { readonly type: 'ready' }
  | {
      readonly type: 'done';
      readonly id: number;
      readonly result: JobResult;
      readonly measure: JobMeasure;
    }
  | { readonly type: 'crash'; readonly id: number; readonly error: ErrorReport };

/** Main → worker. */
export interface JobMessage {
  readonly id: number;
  readonly job: FuzzJob;
}
