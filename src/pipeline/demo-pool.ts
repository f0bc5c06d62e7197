/**
 * Runs the per-demo part of a build for the demos the cache did not have, on `workers` lanes
 * that pull demos from one queue: this thread is one lane, and `workers − 1` piscina worker
 * threads are the others (one demo per task, results transferred back).
 *
 * Why this thread works too: it is already warm (modules loaded, code compiled), while a new
 * worker thread spends about a quarter of a second starting and then runs cold code; with
 * the fixture demos (tens of milliseconds each once warm) a pool of fresh threads alone was
 * slower than one thread (measured with bench/pipeline.ts). This thread starts at once and
 * the pool threads join in when they are ready. With one worker, or one demo to read, no
 * thread is started at all (an incremental rebuild pays no start-up).
 *
 * Results come back in finishing order; the build sorts them, so the lanes never change a bit
 * of the output.
 */
import { WORKER_EXEC_ARGV, workerModule } from '../dist-file.js';
import { Piscina } from 'piscina';
import { processDemo, unpackResult, type DemoTask, type DemoTaskResult } from './worker.js';

/** The compiled worker module (the bundle's own in the bundled CLI; dist/ from sources under test). */
function workerFile(): string {
  return workerModule(import.meta.url, 'demo-worker', 'pipeline/worker');
}

export type TaskOutcome =
  | { readonly ok: true; readonly task: DemoTask; readonly result: DemoTaskResult }
  | { readonly ok: false; readonly task: DemoTask; readonly error: string };

function failure(task: DemoTask, e: unknown): TaskOutcome {
  return { ok: false, task, error: (e as Error)?.message ?? String(e) };
}

/**
 * Lanes that process demo tasks as they are added, while the caller is still finding them
 * (hashing demos and looking in the cache): parsing starts with the first miss instead of
 * after the last hash, and the pool's threads start (and load their modules) while this thread
 * is still hashing. The pool is created when a second task arrives: a rebuild with one new demo
 * never starts a thread. `onDone` is called as each task finishes (in finishing order).
 */
export class DemoLanes {
  private readonly queue: DemoTask[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly lanes: Promise<void>[] = [];
  private pool: Piscina | null = null;
  private added = 0;
  private closed = false;

  constructor(
    private readonly workers: number,
    private readonly onDone: (outcome: TaskOutcome) => void,
  ) {
    this.lanes.push(this.lane((task) => processDemo(task)));
  }

  /** Queues a task for the next free lane. */
  add(task: DemoTask): void {
    if (this.closed) throw new Error('DemoLanes: add after finish');
    this.queue.push(task);
    if (++this.added === 2 && this.workers > 1) this.startPool();
    this.waiting.shift()?.();
  }

  /** Resolves when every added task is done; no task may be added after this call. */
  async finish(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
    try {
      await Promise.all(this.lanes);
    } finally {
      await this.pool?.destroy();
    }
  }

  private startPool(): void {
    const threads = this.workers - 1;
    const pool = new Piscina({
      filename: workerFile(),
      // One thread at once; more start as tasks wait for them (up to `threads`).
      minThreads: 1,
      maxThreads: threads,
      // One demo at a time per thread: demos are big units of work.
      concurrentTasksPerWorker: 1,
      idleTimeout: 1000,
      // Tasks are asynchronous (file and zlib I/O): workers must not block on Atomics.wait.
      atomics: 'disabled',
      execArgv: [...WORKER_EXEC_ARGV],
    });
    this.pool = pool;
    for (let i = 0; i < threads; i++)
      this.lanes.push(
        this.lane(async (task) => unpackResult((await pool.run(task)) as Uint8Array)),
      );
  }

  /** The next task, waiting for one while more may come; undefined when finished. */
  private async take(): Promise<DemoTask | undefined> {
    while (this.queue.length === 0 && !this.closed)
      await new Promise<void>((wake) => this.waiting.push(wake));
    return this.queue.shift();
  }

  private async lane(run: (task: DemoTask) => Promise<DemoTaskResult>): Promise<void> {
    for (let task = await this.take(); task; task = await this.take()) {
      let outcome: TaskOutcome;
      try {
        outcome = { ok: true, task, result: await run(task) };
      } catch (e) {
        outcome = failure(task, e);
      }
      this.onDone(outcome);
    }
  }
}
