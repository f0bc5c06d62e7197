/**
 * Runs fuzz jobs in a worker thread with a deadline: a job that has not answered within the
 * time cap is a hang, and the worker is terminated (which stops even a synchronous endless
 * loop) and replaced for the next job. The worker's V8 heap is capped too, so a runaway
 * allocation ends as a crash of that job instead of taking the machine down.
 *
 * The worker is TypeScript run through tsx: a small CommonJS bootstrap registers tsx's ESM
 * hooks inside the thread (Node 20 does not pass the parent's loader hooks to workers), then
 * imports `case-worker.ts`.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorReport, FuzzJob, JobMeasure, JobResult, WorkerReply } from './fuzz-protocol.js';

export interface CaseRunnerOptions {
  /** A job slower than this is a hang. [Units: ms] */
  readonly timeCapMs: number;
  /** V8 old-generation cap of the worker. [Units: MiB] */
  readonly heapCapMb: number;
}

export type JobOutcome =
  | {
      readonly status: 'done';
      readonly result: JobResult;
      readonly measure: JobMeasure;
      readonly rssGrowth: number;
    }
  | { readonly status: 'hang'; readonly ms: number }
  | { readonly status: 'crash'; readonly error: ErrorReport };

/** How long a fresh worker may take to load tsx and dist/. [Units: ms] */
const STARTUP_TIMEOUT_MS = 60_000;

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then(({ register }) => { register(); return import(workerData.script); });
`;

/** Peak resident set size of this process so far. [Units: bytes] */
export function maxRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

export class CaseRunner {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private nextId = 0;
  private pending: { id: number; settle: (o: JobOutcome) => void } | null = null;
  private strayCrash: ErrorReport | null = null;
  private readonly options: CaseRunnerOptions;

  constructor(options: CaseRunnerOptions) {
    this.options = options;
  }

  /** Runs one job; never rejects (a hang or crash is an outcome). */
  async run(job: FuzzJob): Promise<JobOutcome> {
    if (this.strayCrash) {
      const error = this.strayCrash;
      this.strayCrash = null;
      return { status: 'crash', error };
    }
    await this.start();
    const worker = this.worker!;
    const id = this.nextId++;
    const rssBefore = maxRssBytes();
    const t0 = performance.now();
    return new Promise<JobOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.pending = null;
        void this.kill();
        resolve({ status: 'hang', ms: performance.now() - t0 });
      }, this.options.timeCapMs);
      this.pending = {
        id,
        settle: (o) => {
          clearTimeout(timer);
          this.pending = null;
          resolve(o.status === 'done' ? { ...o, rssGrowth: maxRssBytes() - rssBefore } : o);
        },
      };
      worker.postMessage({ id, job });
    });
  }

  /** Stops the worker. */
  async close(): Promise<void> {
    await this.kill();
  }

  private async kill(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.ready = null;
    if (w) await w.terminate();
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const require = createRequire(import.meta.url);
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: {
        // The ESM build of tsx's API (its CommonJS build registers hooks by a relative path
        // that does not resolve from an eval'd worker).
        tsxApi: pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href,
        script: new URL('./case-worker.ts', import.meta.url).href,
      },
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapCapMb },
      stdout: false,
      stderr: false,
    });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('fuzz worker did not start')),
        STARTUP_TIMEOUT_MS,
      );
      worker.on('message', (m: WorkerReply) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          resolve();
        } else if (m.type === 'crash') {
          // The job may still be running: the worker is replaced before the next job. A crash
          // between jobs is charged to the next one, with the job it came from in the message.
          const late =
            this.pending?.id === m.id
              ? m.error
              : {
                  ...m.error,
                  message: `${m.error.message} (escaped after job ${m.id} had answered)`,
                };
          if (this.pending) this.pending.settle({ status: 'crash', error: late });
          else this.strayCrash = late;
          if (this.worker === worker) void this.kill();
        } else if (this.pending && m.id === this.pending.id) {
          this.pending.settle({
            status: 'done',
            result: m.result,
            measure: m.measure,
            rssGrowth: 0,
          });
        }
      });
      const died = (error: ErrorReport) => {
        clearTimeout(timer);
        if (this.worker === worker) {
          this.worker = null;
          this.ready = null;
        }
        if (this.pending) this.pending.settle({ status: 'crash', error });
        reject(new Error(`fuzz worker failed: ${error.message}`));
      };
      worker.on('error', (e: Error) =>
        died({
          name: e.name,
          typed: false,
          code: (e as { code?: string }).code ?? null,
          file: null,
          offset: null,
          section: null,
          message: e.message,
          stack: e.stack ?? null,
        }),
      );
      worker.on('exit', (code) => {
        if (this.worker === worker)
          died({
            name: 'exit',
            typed: false,
            code: null,
            file: null,
            offset: null,
            section: null,
            message: `worker exited with code ${code}`,
            stack: null,
          });
      });
    });
    // A rejection after a successful start (the worker died later) is reported through `pending`.
    this.ready.catch(() => undefined);
    return this.ready;
  }
}
