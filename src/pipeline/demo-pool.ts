/**
 * Runs the per-demo part of a build for the demos the cache did not have, on `workers` lanes
 * that pull demos from one queue: this thread is one lane, and `workers − 1` piscina worker
 * threads are the others (one demo per task, results transferred back).
 *
 * Why this thread works too: it is already warm (modules loaded, code compiled), while a new
 * worker thread spends about a quarter of a second starting and then runs cold code; with
 * the fixture demos (tens of milliseconds each once warm) a pool of fresh threads alone was
 * slower than one thread (measured with bench/pipeline.ts). This thread starts at once and
 * the pool threads join in when they are ready. With one worker, or one demo, no thread is
 * started at all (an incremental rebuild pays no start-up).
 *
 * Results come back in finishing order; the build sorts them, so the lanes never change a bit
 * of the output.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { processDemo, unpackResult, type DemoTask, type DemoTaskResult } from './worker.js';

/** The compiled worker module next to this one (tests running TypeScript use the build in dist/). */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return here.replace(/demo-pool\.js$/, 'worker.js');
  return here.replace(/[/\\]src[/\\]pipeline[/\\]demo-pool\.ts$/, '/dist/pipeline/worker.js');
}

export type TaskOutcome =
  | { readonly ok: true; readonly task: DemoTask; readonly result: DemoTaskResult }
  | { readonly ok: false; readonly task: DemoTask; readonly error: string };

function failure(task: DemoTask, e: unknown): TaskOutcome {
  return { ok: false, task, error: (e as Error)?.message ?? String(e) };
}

/**
 * Processes every task on `workers` lanes and calls `onDone` as each finishes (in finishing
 * order). Resolves when all are done.
 */
export async function runTasks(
  tasks: readonly DemoTask[],
  workers: number,
  onDone: (outcome: TaskOutcome) => void,
): Promise<void> {
  let next = 0;
  const take = (): DemoTask | undefined => (next < tasks.length ? tasks[next++] : undefined);

  const threads = Math.min(Math.max(0, workers - 1), tasks.length - 1);
  const pool =
    threads > 0
      ? new Piscina({
          filename: workerFile(),
          minThreads: threads,
          maxThreads: threads,
          // One demo at a time per thread: demos are big units of work.
          concurrentTasksPerWorker: 1,
          idleTimeout: 1000,
          // Tasks are asynchronous (file and zlib I/O): workers must not block on Atomics.wait.
          atomics: 'disabled',
          // The worker is compiled JavaScript: flags of this process (a TypeScript loader under
          // tsx or vitest, `--input-type`) must not apply to it. Under tsx the inherited loader
          // rewrote every module import into a getter call and made two lanes slower than one.
          execArgv: [],
        })
      : null;

  const localLane = async (): Promise<void> => {
    for (let task = take(); task; task = take()) {
      let outcome: TaskOutcome;
      try {
        outcome = { ok: true, task, result: await processDemo(task) };
      } catch (e) {
        outcome = failure(task, e);
      }
      onDone(outcome);
    }
  };

  const poolLane = async (p: Piscina): Promise<void> => {
    for (let task = take(); task; task = take()) {
      let outcome: TaskOutcome;
      try {
        outcome = { ok: true, task, result: unpackResult((await p.run(task)) as Uint8Array) };
      } catch (e) {
        outcome = failure(task, e);
      }
      onDone(outcome);
    }
  };

  try {
    await Promise.all([localLane(), ...Array.from({ length: threads }, () => poolLane(pool!))]);
  } finally {
    await pool?.destroy();
  }
}
