/**
 * The fuzz harness's core: case plan, mutation, one worker job per case, invariants, tallies.
 * `bench/fuzz.ts` is its command line and `test/fuzz/fuzz.test.ts` runs a few hundred cases.
 *
 * Plan. The mutation kinds (demo kinds, then nav kinds, as `kind` and `mutations` select)
 * take turns; case i uses kind i mod K on fixture ⌊i / K⌋ mod F of that kind's fixtures,
 * for the r-th time (r = ⌊i / (K·F)⌋), and draws everything else from (seed, i). So every
 * (kind, fixture) pair comes up evenly, sweeping mutators (block-boundary cuts) visit a new
 * position each round, and any case can be rebuilt from its index alone. With several jobs the
 * cases run in as many workers at once; the report is tallied in case order all the same.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaseRandom } from './case-random.js';
import { CaseRunner } from './case-runner.js';
import { blockEnd, loadDemoFixture, type DemoFixture } from './demo-fixture.js';
import type { DemoResult, ReferenceResult } from './fuzz-protocol.js';
import { GZIP_MUTATIONS } from './gzip-mutations.js';
import { intactStreamLength } from './intact-prefix.js';
import { summariseFuzz, type CaseRecord, type FuzzReport } from './fuzz-report.js';
import { checkDemoCase, checkNavCase, type MemoryLimits, type Verdict } from './invariants.js';
import type { MutationContext } from './mutation.js';
import { loadNavFixture, type NavFixture } from './nav-fixture.js';
import { NAV_MUTATIONS } from './nav-mutations.js';
import { STREAM_MUTATIONS } from './stream-mutations.js';

export type FuzzKind = 'demo' | 'nav' | 'all';

export const DEMO_MUTATION_KINDS: readonly string[] = [
  ...Object.keys(STREAM_MUTATIONS),
  ...Object.keys(GZIP_MUTATIONS),
];
export const NAV_MUTATION_KINDS: readonly string[] = Object.keys(NAV_MUTATIONS);

export interface FuzzOptions {
  /** Cases to run. */
  readonly iterations: number;
  readonly seed: number;
  /** Index of the first case (a replay runs one case from its index). */
  readonly firstCase?: number;
  readonly kind: FuzzKind;
  /** Mutation kinds to use; all when absent. */
  readonly mutations?: readonly string[];
  /** Real demos (`.mvd2`, `.mvd2.gz`) and `.nav` files to mutate. */
  readonly demoFiles: readonly string[];
  readonly navFiles: readonly string[];
  /** A case slower than this is a hang. [Units: ms] */
  readonly timeCapMs: number;
  /** V8 heap cap of the worker. [Units: MiB] Default 1024. */
  readonly heapCapMb?: number;
  /** Default: 64 MiB plus 16 bytes per input byte. */
  readonly memory?: MemoryLimits;
  /** Copy the input of every failing case here. */
  readonly keepFailuresIn?: string;
  /** Cases run at once, each in a worker of its own. Default 1 (only then is RSS growth judged). */
  readonly jobs?: number;
  /** Called after each case, in finishing order (progress). */
  readonly onCase?: (record: CaseRecord) => void;
}

export const DEFAULT_MEMORY_LIMITS: MemoryLimits = Object.freeze({
  floorBytes: 64 * 2 ** 20,
  perInputByte: 16,
});

export interface Slot {
  readonly target: 'demo' | 'nav';
  readonly mutation: string;
}

export interface DemoReference {
  readonly fixture: DemoFixture;
  readonly digests: Uint32Array;
  readonly framesAfterBlock: Uint32Array;
  readonly blockEnds: Uint32Array;
}

/** The mutation kinds in turn order. */
export function fuzzPlan(kind: FuzzKind, mutations?: readonly string[]): Slot[] {
  const slots: Slot[] = [
    ...(kind === 'nav'
      ? []
      : DEMO_MUTATION_KINDS.map((mutation) => ({ target: 'demo' as const, mutation }))),
    ...(kind === 'demo'
      ? []
      : NAV_MUTATION_KINDS.map((mutation) => ({ target: 'nav' as const, mutation }))),
  ];
  if (!mutations) return slots;
  const unknown = mutations.filter((m) => !slots.some((s) => s.mutation === m));
  if (unknown.length)
    throw new Error(`unknown mutation kind(s) for --kind ${kind}: ${unknown.join(', ')}`);
  return slots.filter((s) => mutations.includes(s.mutation));
}

/** Frames delivered once every block ending at or before `at` was read. */
function framesBefore(ref: DemoReference, at: number): number {
  let lo = 0;
  let hi = ref.blockEnds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ref.blockEnds[mid] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : ref.framesAfterBlock[lo - 1];
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const plan = fuzzPlan(options.kind, options.mutations);
  if (plan.length === 0) throw new Error('no mutation kinds selected');
  if (plan.some((s) => s.target === 'demo') && options.demoFiles.length === 0)
    throw new Error('no demo fixtures to mutate');
  if (plan.some((s) => s.target === 'nav') && options.navFiles.length === 0)
    throw new Error('no .nav fixtures to mutate');
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, options.iterations));
  const limits = { ...(options.memory ?? DEFAULT_MEMORY_LIMITS), judgeRss: jobs === 1 };
  const runners = Array.from(
    { length: jobs },
    () => new CaseRunner({ timeCapMs: options.timeCapMs, heapCapMb: options.heapCapMb ?? 1024 }),
  );
  const work = mkdtempSync(join(tmpdir(), 'navgen-fuzz-'));
  const demos = new Map<string, Promise<DemoReference>>();
  const navs = new Map<string, NavFixture>();

  /** Loads a demo and its reference frames, and checks that `readDemo` agrees with them. */
  const demoReference = (path: string, runner: CaseRunner): Promise<DemoReference> => {
    let known = demos.get(path);
    if (!known) {
      known = (async () => {
        const fixture = loadDemoFixture(path);
        const blockEnds = Uint32Array.from(fixture.blocks, blockEnd);
        const ref = await runner.run({
          kind: 'reference',
          stream: fixture.stream,
          blockEnds,
          name: fixture.id,
        });
        if (ref.status !== 'done')
          throw new Error(`reference read of ${path} failed: ${ref.status}`);
        const { digests, framesAfterBlock } = ref.result as ReferenceResult;
        const whole = await runner.run({ kind: 'demo', path, name: fixture.id });
        const read = whole.status === 'done' ? (whole.result as DemoResult) : null;
        if (
          !read ||
          read.error ||
          read.digests.length !== digests.length ||
          read.digests.some((d, i) => d !== digests[i])
        ) {
          throw new Error(
            `readDemo and the block-by-block decoder disagree on the undamaged ${path}`,
          );
        }
        return { fixture, digests, framesAfterBlock, blockEnds };
      })();
      demos.set(path, known);
    }
    return known;
  };

  /** Builds case `index`, runs it on `runner` and judges it. */
  const runCase = async (index: number, runner: CaseRunner): Promise<CaseRecord> => {
    const slot = plan[index % plan.length];
    const files = slot.target === 'demo' ? options.demoFiles : options.navFiles;
    const file = files[Math.floor(index / plan.length) % files.length];
    const ctx: MutationContext = {
      rnd: new CaseRandom(options.seed, index),
      round: Math.floor(index / (plan.length * files.length)),
      seed: options.seed,
    };
    let record: Omit<CaseRecord, 'keptAt'>;
    let input: Uint8Array;
    let name: string;
    if (slot.target === 'demo') {
      const ref = await demoReference(file, runner);
      const fx = ref.fixture;
      const mutate = STREAM_MUTATIONS[slot.mutation] ?? GZIP_MUTATIONS[slot.mutation];
      const m = mutate(fx, ctx);
      const damageAt = m.damageAt ?? intactStreamLength(m.bytes, fx.stream);
      const prefix = ref.digests.subarray(0, framesBefore(ref, damageAt));
      name = `case-${index}-${fx.id.replace(/\.(mvd2|dm2)(\.gz)?$/, '')}${m.extension}`;
      input = m.bytes;
      const path = join(work, name);
      writeFileSync(path, m.bytes);
      const outcome = await runner.run({ kind: 'demo', path, name });
      rmSync(path, { force: true });
      const verdict = checkDemoCase(
        { name, prefix, damageAt, cutOnly: m.cutOnly },
        outcome,
        m.bytes.length,
        limits,
        options.timeCapMs,
      );
      record = caseRecord(
        index,
        slot,
        fx.id,
        m.description,
        m.bytes.length,
        verdict,
        outcome,
        options.timeCapMs,
        m.damageAt,
      );
    } else {
      let fx = navs.get(file);
      if (!fx) navs.set(file, (fx = loadNavFixture(file)));
      const m = NAV_MUTATIONS[slot.mutation](fx, ctx);
      name = `case-${index}-${fx.id}`;
      input = m.bytes;
      const outcome = await runner.run({ kind: 'nav', bytes: m.bytes, name });
      const verdict = checkNavCase(name, outcome, m.bytes.length, limits, options.timeCapMs);
      record = caseRecord(
        index,
        slot,
        fx.id,
        m.description,
        m.bytes.length,
        verdict,
        outcome,
        options.timeCapMs,
        null,
      );
    }
    let keptAt: string | null = null;
    if (record.verdict.problems.length > 0 && options.keepFailuresIn) {
      mkdirSync(options.keepFailuresIn, { recursive: true });
      keptAt = join(options.keepFailuresIn, name);
      writeFileSync(keptAt, input);
    }
    return { ...record, keptAt };
  };

  const first = options.firstCase ?? 0;
  const records: CaseRecord[] = [];
  let next = first;
  try {
    await Promise.all(
      runners.map(async (runner) => {
        while (next < first + options.iterations) {
          const index = next++;
          const record = await runCase(index, runner);
          records[index - first] = record;
          options.onCase?.(record);
        }
      }),
    );
  } finally {
    await Promise.all(runners.map((r) => r.close()));
    rmSync(work, { recursive: true, force: true });
  }
  return summariseFuzz(
    options,
    records,
    await Promise.all(demos.values()),
    (performance.now() - started) / 1000,
  );
}

function caseRecord(
  index: number,
  slot: Slot,
  fixture: string,
  description: string,
  inputBytes: number,
  verdict: Verdict,
  outcome: Awaited<ReturnType<CaseRunner['run']>>,
  timeCapMs: number,
  damageAt: number | null,
): Omit<CaseRecord, 'keptAt'> {
  const done = outcome.status === 'done';
  return {
    index,
    target: slot.target,
    fixture,
    mutation: slot.mutation,
    description,
    inputBytes,
    damageAt,
    verdict,
    ms: done ? outcome.measure.ms : outcome.status === 'hang' ? timeCapMs : 0,
    peakBytes: done ? outcome.measure.peakBytes : 0,
    rssGrowth: done ? outcome.rssGrowth : 0,
  };
}
