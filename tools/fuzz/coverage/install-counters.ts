/**
 * The first module of a fuzz bundle: puts the flat counters behind istanbul's coverage objects
 * (`coverage-map.ts`) before any instrumented module of the bundle loads. The file layout comes
 * from the parent in `workerData.bundle`.
 */
import { workerData } from 'node:worker_threads';
import { CoverageMap } from './coverage-map.js';
import type { InstrumentedBundle } from './coverage-layout.js';

const bundle = (workerData as { bundle: InstrumentedBundle }).bundle;

export const coverage = new CoverageMap(bundle.total);
coverage.install(bundle);
