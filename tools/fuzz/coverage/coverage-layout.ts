/**
 * How an instrumented bundle's counters are laid out, shared by the builder (`instrument.ts`,
 * in the parent) and the worker (`coverage-map.ts`), which must not load esbuild or babel.
 */

/** The global istanbul's counters are kept under. */
export const COVERAGE_VARIABLE = '__navgenFuzzCoverage__';

/** Counters of one instrumented file. */
export interface FileCounters {
  /** Relative to the repository root (`src/…`, `node_modules/…`). */
  readonly path: string;
  /** The path istanbul keys the file by (absolute). */
  readonly key: string;
  /** istanbul's hash of the file, which its counters object must carry. */
  readonly hash: string;
  readonly statements: number;
  readonly functions: number;
  /** Arms of each branch. */
  readonly branches: readonly number[];
}

export interface InstrumentedBundle {
  /** The bundle's absolute path (an ES module, the worker's code). */
  readonly path: string;
  readonly files: readonly FileCounters[];
  /** Counters of all files: the edges a run can cover. */
  readonly total: number;
}
