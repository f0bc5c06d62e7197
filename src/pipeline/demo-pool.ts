/**
 * Runs the per-demo part of a build for the demos the cache did not have: a piscina pool of
 * worker threads, one demo per task, or the same code inline on this thread when there is
 * only one worker or only one demo to read (an incremental rebuild pays no thread start-up).
 * Results come back as they finish; the build sorts them.
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

/**
 * Processes every task with `workers` threads and calls `onDone` as each finishes (in finishing
 * order). Resolves when all are done.
 */
export async function runTasks(
  tasks: readonly DemoTask[],
  workers: number,
  onDone: (outcome: TaskOutcome) => void,
): Promise<void> {
  if (workers <= 1 || tasks.length <= 1) {
    for (const task of tasks) {
      try {
        onDone({ ok: true, task, result: await processDemo(task) });
      } catch (e) {
        onDone({ ok: false, task, error: (e as Error).message });
      }
    }
    return;
  }
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: Math.min(workers, tasks.length),
    maxThreads: workers,
    // One demo at a time per thread: demos are big units of work.
    concurrentTasksPerWorker: 1,
    idleTimeout: 1000,
    atomics: process.env.NAVGEN_ATOMICS === 'sync' ? 'sync' : 'disabled',
  });
  try {
    await Promise.all(
      tasks.map((task) =>
        pool.run(task).then(
          (bytes: Uint8Array) => onDone({ ok: true, task, result: unpackResult(bytes) }),
          (e: unknown) => onDone({ ok: false, task, error: (e as Error)?.message ?? String(e) }),
        ),
      ),
    );
  } finally {
    await pool.destroy();
  }
}
