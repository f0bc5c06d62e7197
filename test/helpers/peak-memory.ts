/**
 * How much memory one read takes at its peak, for tests that a reader refuses a claim before it
 * spends the memory the claim asks for. Three looks, since none sees everything:
 * - V8's heap in use plus the memory outside it (array buffers, zlib's), before, every 2 ms
 *   while an asynchronous read waits, and after: what a reader allocates (an `ArrayBuffer` of a
 *   claimed size is external memory, counted until a collection, which a refusal right after
 *   the allocation does not give it time for);
 * - the resident size, sampled the same way;
 * - the process's peak resident size (`maxRSS`), which the kernel keeps: a read that sets a new
 *   peak, even in synchronous code no timer can sample, shows it.
 * With `--expose-gc` a collection before the read takes the garbage of earlier work out of the
 * figures; the test configuration does not give it, so the bounds are taken generous.
 */

export interface PeakMemory<T> {
  /** What the read returned, when it did. */
  readonly result?: T;
  /** What it threw, when it did (the refusal under test). */
  readonly error?: unknown;
  /** Largest growth of V8's heap in use plus external memory over its start. [Units: bytes] */
  readonly heapGrowth: number;
  /** Largest growth of the resident size over its start that could be seen. [Units: bytes] */
  readonly rssGrowth: number;
  /** [Units: ms] */
  readonly ms: number;
}

/** Sampling period while an asynchronous read waits. [Units: ms] */
const SAMPLE_MS = 2;

const heapInUse = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;

/** Runs `read` once and measures it (see the file comment); never throws what `read` throws. */
export async function peakMemory<T>(read: () => T | Promise<T>): Promise<PeakMemory<T>> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage();
  const maxRssBefore = process.resourceUsage().maxRSS * 1024;
  let heapPeak = heapInUse(start);
  let rssPeak = start.rss;
  const sample = () => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, heapInUse(m));
    rssPeak = Math.max(rssPeak, m.rss);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  const started = performance.now();
  let result: T | undefined;
  let error: unknown;
  let threw = false;
  try {
    result = await read();
  } catch (e) {
    error = e;
    threw = true;
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - started;
  sample();
  const maxRssAfter = process.resourceUsage().maxRSS * 1024;
  if (maxRssAfter > maxRssBefore) rssPeak = Math.max(rssPeak, maxRssAfter);
  return {
    ...(threw ? { error } : { result }),
    heapGrowth: heapPeak - heapInUse(start),
    rssGrowth: rssPeak - start.rss,
    ms,
  };
}
