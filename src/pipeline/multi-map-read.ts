/**
 * One read of a demo for several maps. A server that records across map changes writes demos
 * holding several maps; building each map reads such a demo once per map (each build runs the
 * per-demo stages for its own map). `navgen build --all-maps` calls this first for the demos
 * that hold more than one of the maps it builds: the demo is read once, its events feed every
 * map's per-demo stages, and each map's result is stored in the cache, where that map's build
 * then finds it (the same entry, byte for byte, as the build would have written itself: same
 * operators, same input events, same key).
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { catchError, EMPTY, share, tap, type Observable } from 'rxjs';
import { readDemo } from '../sources/demo/read-demo.js';
import type { NavEvent } from '../operators/types.js';
import { DemoVotesCollector, errorData } from './demo-votes.js';
import type { DemoOperator } from './stage.js';
import type { DemoRunResult } from './run-demo.js';
import {
  cacheableOutcome,
  cacheKey,
  cachePath,
  encodeEntry,
  hashFile,
  writeEntry,
} from './demo-cache.js';
import { workerSetup } from './build.js';
import { operatorsFor } from './worker.js';
import type { PipelineSpec } from './pipeline-spec.js';

/** Runs one read of `path` through each operator chain; one result per chain, in order. */
export async function runDemoForChains(
  path: string,
  name: string,
  chains: readonly (readonly DemoOperator[])[],
): Promise<DemoRunResult[]> {
  let damage: DemoRunResult['damage'] = null;
  let framesRead = 0;
  // As runDemo: the reader's error ends the input, every chain flushes what it holds.
  const source: Observable<NavEvent> = readDemo(path, { name, entityPlayers: true }).pipe(
    tap((e) => {
      if (e.kind === 'frame') framesRead++;
    }),
    catchError((e: unknown) => {
      damage = errorData(e);
      return EMPTY;
    }),
    share(),
  );
  // Every chain subscribes before the reader's first (asynchronous) event.
  const collectors = chains.map(() => new DemoVotesCollector());
  await Promise.all(
    chains.map((ops, i) => {
      let stream = source;
      for (const op of ops) stream = stream.pipe(op);
      return new Promise<void>((done, fail) =>
        stream.subscribe({ next: (e) => collectors[i].add(e), error: fail, complete: done }),
      );
    }),
  );
  return collectors.map((c) => ({ votes: c.finish(), damage, framesRead }));
}

/**
 * Fills the cache with `path`'s entries for every build in `specs` (one per map, each with a
 * cache folder) that lacks one, reading the demo once. Returns the maps it computed.
 */
export async function warmDemoForMaps(
  path: string,
  specs: readonly PipelineSpec[],
): Promise<string[]> {
  const abs = resolve(path);
  const contentHash = await hashFile(abs);
  const todo: {
    spec: PipelineSpec;
    key: string;
    setup: Awaited<ReturnType<typeof workerSetup>>;
  }[] = [];
  for (const spec of specs) {
    if (!spec.cache) continue;
    const setup = await workerSetup(spec);
    const key = cacheKey(contentHash, setup.configHash);
    if (!existsSync(cachePath(spec.cache, key))) todo.push({ spec, key, setup });
  }
  if (todo.length < 2) return []; // one map or none: the build reads it as usual
  // The build names demos relative to its base folder: the same name gives the same entry.
  const name = relative(todo[0].spec.baseDir, abs) || abs;
  const chains = await Promise.all(todo.map((t) => operatorsFor(t.setup)));
  const results = await runDemoForChains(abs, name, chains);
  for (let i = 0; i < todo.length; i++) {
    if (!cacheableOutcome(results[i].damage)) continue;
    await writeEntry(todo[i].spec.cache!, todo[i].key, encodeEntry(results[i]));
  }
  return todo.map((t) => t.spec.map);
}
