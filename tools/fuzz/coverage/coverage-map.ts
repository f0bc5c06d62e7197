/**
 * The counters of an instrumented bundle as one flat `Uint32Array`, and what an input covered
 * that no input before it did.
 *
 * `installCounters` must run before the bundle is imported: it puts, under istanbul's global,
 * a coverage object per file whose `s`, `f` and `b[i]` are views into the flat array (with the
 * file's hash, so that istanbul's preamble keeps it instead of making its own).
 *
 * A feature is (counter, hit-count bucket), as in AFL and libFuzzer: a counter reached for the
 * first time, or reached 1, 2, 3, 4–7, 8–15, 16–31, 32–127 or 128+ times in one input for the
 * first time. An input with a new feature joins the corpus; "edges covered" counts the counters
 * any input reached.
 */
import { COVERAGE_VARIABLE, type InstrumentedBundle } from './coverage-layout.js';

/** AFL's buckets of a hit count, as one bit each. */
function bucketBit(count: number): number {
  if (count < 4) return count === 1 ? 1 : count === 2 ? 2 : 4;
  if (count < 8) return 8;
  if (count < 16) return 16;
  if (count < 32) return 32;
  if (count < 128) return 64;
  return 128;
}

export class CoverageMap {
  /** Hits per counter during the current input. */
  readonly counters: Uint32Array;
  /** Per counter, the buckets seen so far (a bit each). */
  private readonly seen: Uint8Array;
  private coveredCount = 0;

  constructor(readonly total: number) {
    this.counters = new Uint32Array(total);
    this.seen = new Uint8Array(total);
  }

  /** Counters reached by any input so far. */
  get covered(): number {
    return this.coveredCount;
  }

  /** Puts the flat counters behind istanbul's per-file objects (before the bundle loads). */
  install(bundle: InstrumentedBundle): void {
    const g = globalThis as unknown as Record<string, Record<string, unknown>>;
    const all = (g[COVERAGE_VARIABLE] ??= {});
    let at = 0;
    const take = (n: number) => {
      const view = this.counters.subarray(at, at + n);
      at += n;
      return view;
    };
    for (const f of bundle.files) {
      all[f.key] = {
        path: f.key,
        hash: f.hash,
        s: take(f.statements),
        f: take(f.functions),
        b: f.branches.map((arms) => take(arms)),
      };
    }
    if (at !== this.total) throw new Error(`counter layout: ${at} of ${this.total}`);
  }

  /** Clears the counters (before an input). */
  reset(): void {
    this.counters.fill(0);
  }

  /**
   * How many new features the input just run reached (0: nothing new); with `record`, they
   * are remembered. The counters are left as they are.
   */
  newFeatures(record: boolean): number {
    const c = this.counters;
    const seen = this.seen;
    let fresh = 0;
    for (let i = 0; i < c.length; i++) {
      const n = c[i];
      if (n === 0) continue;
      const bit = bucketBit(n);
      const s = seen[i];
      if ((s & bit) !== 0) continue;
      fresh++;
      if (record) {
        if (s === 0) this.coveredCount++;
        seen[i] = s | bit;
      }
    }
    return fresh;
  }

  /** Counters the input just run reached. */
  reached(): number {
    let n = 0;
    for (let i = 0; i < this.counters.length; i++) if (this.counters[i] !== 0) n++;
    return n;
  }
}
