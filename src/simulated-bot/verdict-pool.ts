/**
 * Link runs simulated on every core: the runs a stage is about to ask for (a list of links to
 * check, each link of the graph) are handed over before the stage's own steps run, split into
 * batches, and run on this thread and `threads` piscina threads at once; each result goes into
 * the map's verdict table under its key, and the stage's steps then find every verdict there.
 * Verdicts are pure in their key, so neither the thread count nor the order in which batches
 * finish can change one: the outputs are the same bytes on one core or two.
 *
 * Threads start on the first batch that needs them and load each map's collision model once
 * (`verdict-runs.ts`); one pool serves a whole build (and every map of `--all-maps`).
 */
import { Piscina } from 'piscina';
import { WORKER_EXEC_ARGV, workerModule } from '../dist-file.js';
import { giveWay } from '../pausing/run-steps.js';
import type { CollisionModel } from '../world/collision-model.js';
import type { LinkResult } from './simulate-link.js';
import { runOnce, type LinkRun, type VerdictBatch } from './verdict-runs.js';
import { verdictKey, type VerdictTable } from './verdict-table.js';

/** Runs per batch: small enough that two lanes finish together, large enough to amortise a message. */
const RUNS_PER_BATCH = 48;
/**
 * Fewest new runs worth the threads: below this the runs are done on this thread alone (a
 * thread's first batch of a map waits for it to load the collision model, some 0.1–0.5 s).
 */
const RUNS_FOR_THREADS = 256;

export interface SettleStats {
  /** Runs asked for. */
  readonly asked: number;
  /** Of those, new (simulated now), and of those, run on the pool's threads. */
  readonly simulated: number;
  readonly onThreads: number;
}

export class VerdictPool {
  readonly #threads: number;
  #pool: Piscina | null = null;

  /** `threads`: piscina threads besides this one (0: this thread alone). */
  constructor(threads: number) {
    this.#threads = Math.max(0, Math.floor(threads));
  }

  /**
   * Makes `table` (the verdicts of `model`, the map at `bsp`) hold every run of `runs`: the ones
   * it lacks are simulated here and on the threads.
   */
  async settle(
    bsp: string,
    model: CollisionModel,
    table: VerdictTable,
    runs: readonly LinkRun[],
  ): Promise<SettleStats> {
    const todo: { key: string; run: LinkRun }[] = [];
    const queued = new Set<string>();
    for (const run of runs) {
      const key = verdictKey(run.run, run.link, run.options);
      if (queued.has(key) || table.has(key, true)) continue;
      if (table.twinVerdict(run.run, run.link, run.options)) continue;
      queued.add(key);
      todo.push({ key, run });
    }
    const batches: { key: string; run: LinkRun }[][] = [];
    for (let i = 0; i < todo.length; i += RUNS_PER_BATCH)
      batches.push(todo.slice(i, i + RUNS_PER_BATCH));
    let next = 0;
    let onThreads = 0;
    const place = (batch: readonly { key: string }[], results: readonly LinkResult[]): void =>
      batch.forEach((b, k) => table.add(b.key, results[k]));
    const lanes: Promise<void>[] = [
      (async () => {
        // This thread gives the event loop back between its batches (the progress display, the
        // threads' answers).
        while (next < batches.length) {
          const batch = batches[next++];
          await giveWay();
          place(
            batch,
            batch.map((b) => runOnce(model, b.run)),
          );
        }
      })(),
    ];
    if (this.#threads > 0 && todo.length >= RUNS_FOR_THREADS) {
      const pool = this.#start();
      for (let t = 0; t < this.#threads; t++)
        lanes.push(
          (async () => {
            while (next < batches.length) {
              const batch = batches[next++];
              const task: VerdictBatch = { bsp, runs: batch.map((b) => b.run) };
              place(batch, (await pool.run(task)) as LinkResult[]);
              onThreads += batch.length;
            }
          })(),
        );
    }
    await Promise.all(lanes);
    return { asked: runs.length, simulated: todo.length, onThreads };
  }

  /**
   * Starts the threads and has each load the map's collision model now, while this thread runs
   * the stages before the first runs are handed over (a thread that loads the map on its first
   * batch leaves this thread most of that batch's work). Nothing waits for it.
   */
  prepare(bsp: string): void {
    if (this.#threads === 0) return;
    const pool = this.#start();
    const empty: VerdictBatch = { bsp, runs: [] };
    for (let t = 0; t < this.#threads; t++) pool.run(empty).catch(() => undefined);
  }

  #start(): Piscina {
    this.#pool ??= new Piscina({
      filename: workerModule(import.meta.url, 'verdict-worker', 'simulated-bot/verdict-worker'),
      minThreads: this.#threads,
      maxThreads: this.#threads,
      concurrentTasksPerWorker: 1,
      idleTimeout: 60_000,
      execArgv: [...WORKER_EXEC_ARGV],
    });
    return this.#pool;
  }

  async close(): Promise<void> {
    const p = this.#pool;
    this.#pool = null;
    await p?.destroy();
  }
}
