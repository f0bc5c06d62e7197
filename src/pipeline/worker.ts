/**
 * The piscina worker: one demo per task (a demo the main thread did not find in the cache).
 * It reads the demo through the per-demo stages and writes the cache entry. The result crosses
 * back as one transferred buffer (a msgpack envelope), never a copy of the votes; errors cross
 * as plain data.
 *
 * Workers get the pipeline as data (stage names and options, plugin specifiers) and build the
 * operators themselves: operator instances never cross threads.
 */
import { Piscina } from 'piscina';
import { DEMO_PHASE_STAGES } from './demo-stages.js';
import { cacheableOutcome, cacheKey, encodeEntry, writeEntry } from './demo-cache.js';
import { packr } from '../files/cache-entry.js';
import { loadPlugin } from './plugins.js';
import { demoOperators, runDemo } from './run-demo.js';
import type {
  DemoOperator,
  SharedSettings,
  StageContext,
  StageDefinition,
} from '../stage/stage.js';
import { buildNodeTypeTable } from '../nav/node-types.js';

/** What a worker needs to know about the pipeline (plain data). */
export interface WorkerSetup {
  /** Identifies this setup; workers build its operators once. */
  readonly key: string;
  /** Hash of the per-demo configuration (part of cache keys). */
  readonly configHash: string;
  readonly map: string;
  readonly bsp: string | null;
  readonly baseDir: string;
  readonly nodeTypes: Readonly<Record<string, number>>;
  readonly stages: readonly {
    readonly name: string;
    readonly options: Readonly<Record<string, unknown>>;
  }[];
  readonly plugins: readonly string[];
  readonly cacheDir: string | null;
  /**
   * The pipeline's shared settings, for the stage context (every stage gets the same context).
   * Not in `configHash`: the built-in demo stages read none, so tuning a graph stage that owns
   * one keeps every demo's cached votes; a demo stage whose votes depended on one would have to
   * put it in its own options.
   */
  readonly shared: SharedSettings;
}

export interface DemoTask {
  readonly path: string;
  /** Name for messages (path relative to the pipeline). */
  readonly name: string;
  /** SHA-256 of the demo's bytes (computed by the main thread, which checked the cache). */
  readonly contentHash: string;
  readonly setup: WorkerSetup;
}

/** The envelope a worker returns (msgpack, in one transferred buffer). */
export interface DemoTaskResult {
  /** The cache entry bytes (see `demo-cache.ts`): the votes and any damage. */
  readonly entry: Uint8Array;
  readonly cacheWriteError: string | null;
}

const operatorsBySetup = new Map<string, Promise<DemoOperator[]>>();

export async function operatorsFor(setup: WorkerSetup): Promise<DemoOperator[]> {
  let ops = operatorsBySetup.get(setup.key);
  if (!ops) {
    ops = (async () => {
      // Demo-phase stages only: the graph stages run on the main thread (see demo-stages.ts).
      const registry = new Map<string, StageDefinition<never>>(
        DEMO_PHASE_STAGES.map((d) => [d.meta.name, d]),
      );
      for (const specifier of setup.plugins) {
        for (const [name, def] of (await loadPlugin(specifier)).stages) registry.set(name, def);
      }
      const ctx: StageContext = {
        map: setup.map,
        bsp: setup.bsp,
        feedback: null,
        nodeTypes: buildNodeTypeTable(setup.nodeTypes),
        baseDir: setup.baseDir,
        shared: setup.shared,
        log: () => undefined,
        warn: () => undefined,
      };
      return demoOperators(
        setup.stages.map((s) => {
          const definition = registry.get(s.name);
          if (!definition) throw new Error(`stage ${s.name} is not known in the worker`);
          return { definition, options: s.options };
        }),
        ctx,
      );
    })();
    operatorsBySetup.set(setup.key, ops);
  }
  return ops;
}

/** Reads one demo through the per-demo stages and stores the result in the cache. */
export async function processDemo(task: DemoTask): Promise<DemoTaskResult> {
  const { setup } = task;
  const result = await runDemo(task.path, task.name, await operatorsFor(setup));
  const entry = encodeEntry(result);
  let cacheWriteError: string | null = null;
  if (setup.cacheDir && cacheableOutcome(result.damage)) {
    try {
      await writeEntry(setup.cacheDir, cacheKey(task.contentHash, setup.configHash), entry);
    } catch (e) {
      cacheWriteError = (e as Error).message;
    }
  }
  return { entry, cacheWriteError };
}

/** Packs a result into a fresh buffer of its own, so it can be transferred. */
export function packResult(r: DemoTaskResult): Uint8Array {
  return new Uint8Array(packr.pack(r));
}

export function unpackResult(bytes: Uint8Array): DemoTaskResult {
  return packr.unpack(bytes) as DemoTaskResult;
}

/** Piscina entry point. */
export default async function (task: DemoTask): Promise<unknown> {
  return Piscina.move(packResult(await processDemo(task)));
}
