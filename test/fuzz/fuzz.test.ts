/**
 * The fuzz harness in CI: 300 cases over the small fixture demos and every engine `.nav` hold
 * every invariant (`tools/fuzz/invariants.ts`), and the harness itself can fail — a reader
 * that hangs, throws from a timer, grows its memory, loses frames or fails untyped is caught.
 * `npm run fuzz -- --iterations N` runs the same core at any size.
 */
import fg from 'fast-glob';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CaseRunner, type JobOutcome } from '../../tools/fuzz/case-runner.js';
import type { DemoResult, ErrorReport } from '../../tools/fuzz/fuzz-protocol.js';
import { checkDemoCase, checkNavCase, memoryProblems } from '../../tools/fuzz/invariants.js';
import type { CaseRecord, FuzzReport } from '../../tools/fuzz/fuzz-report.js';
import { DEFAULT_MEMORY_LIMITS, runFuzz, type FuzzOptions } from '../../tools/fuzz/run-fuzz.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

const CASES = 300;
const SMALL_DEMOS = [
  'demos/mvd2/wizs_dm_6bots_60s_captureflags5.mvd2.gz',
  'demos/mvd2/opentdm_q2dm1_short.mvd2.gz',
  'dm2/opentdm_test.dm2',
];

describeFixtures('fuzzing the readers with mutated real files', () => {
  let options: FuzzOptions;
  let report: FuzzReport;

  beforeAll(async () => {
    options = {
      iterations: CASES,
      seed: 20251121,
      kind: 'all',
      demoFiles: SMALL_DEMOS.map((d) => fixture(d)),
      navFiles: fg.sync(fixture('nav', '*.nav').replace(/\\/g, '/')).sort(),
      timeCapMs: 10_000,
      jobs: 2,
    };
    report = await runFuzz(options);
  }, 120_000);

  it(`holds every invariant over ${CASES} cases`, () => {
    expect(report.cases).toBe(CASES);
    const broken = report.violations.map(
      (v) => `case ${v.index} ${v.mutation} (${v.description}): ${v.verdict.problems.join('; ')}`,
    );
    expect(broken).toEqual([]);
  });

  it('reaches the readers deeply: many error kinds, cuts read as TRUNCATED, navs decoded and refused', () => {
    const kinds = (target: string) =>
      Object.keys(report.outcomes).filter(
        (k) => k.startsWith(`${target}: DemoParseError`) || k.startsWith(`${target}: NavReadError`),
      );
    expect(kinds('demo').length).toBeGreaterThanOrEqual(6);
    expect(kinds('nav').length).toBeGreaterThanOrEqual(8);
    expect(report.outcomes['demo: ok TRUNCATED']).toBeGreaterThan(10);
    expect(report.outcomes['nav: NavReadError LENGTH_MISMATCH']).toBeGreaterThan(0);
    expect(Object.keys(report.byMutation)).toHaveLength(34);
  });

  it('a zlib bomb .nav costs no memory: it is refused as soon as it inflates past its declared length', () => {
    expect(report.byMutation['nav: nav-zlib-bomb']).toBeGreaterThan(5);
    expect(report.hungriest!.peakBytes).toBeLessThan(DEFAULT_MEMORY_LIMITS.floorBytes);
  });

  it('replays a case from its index alone: same mutation, same outcome', async () => {
    const seen = new Map<number, string>();
    const remember = (c: CaseRecord) =>
      seen.set(c.index, `${c.mutation} ${c.description} → ${c.verdict.label}`);
    await runFuzz({ ...options, iterations: 3, firstCase: 40, jobs: 1, onCase: remember });
    const inRun = seen.get(42);
    await runFuzz({ ...options, iterations: 1, firstCase: 42, jobs: 1, onCase: remember });
    expect(seen.get(42)).toBe(inRun);
    expect(inRun).toMatch(/→/);
  });
});

describeFixtures('the fuzz harness catches misbehaviour', () => {
  const runner = new CaseRunner({ timeCapMs: 1500, heapCapMb: 256 });
  afterAll(() => runner.close());

  it('a job that never answers is a hang, and the next job runs in a fresh worker', async () => {
    expect((await runner.run({ kind: 'probe', action: 'spin', bytes: 0 })).status).toBe('hang');
    const next = await runner.run({ kind: 'probe', action: 'allocate', bytes: 1024 });
    expect(next.status).toBe('done');
  });

  it('an exception thrown from a timer after the job answered is a crash of that job', async () => {
    const o = await runner.run({ kind: 'probe', action: 'throw-late', bytes: 0 });
    expect(o.status).toBe('crash');
    expect((o as Extract<JobOutcome, { status: 'crash' }>).error.message).toContain(
      'thrown from a timer',
    );
  });

  it('memory growth is measured and judged against the input size', async () => {
    const big = await runner.run({ kind: 'probe', action: 'allocate', bytes: 96 * 2 ** 20 });
    const small = await runner.run({ kind: 'probe', action: 'allocate', bytes: 2 ** 20 });
    const done = (o: JobOutcome) => o as Extract<JobOutcome, { status: 'done' }>;
    expect(done(big).measure.peakBytes).toBeGreaterThan(90 * 2 ** 20);
    expect(memoryProblems(done(big), 10_000, DEFAULT_MEMORY_LIMITS)).not.toEqual([]);
    expect(memoryProblems(done(small), 10_000, DEFAULT_MEMORY_LIMITS)).toEqual([]);
  });
});

describeFixtures('the invariants', () => {
  const limits = DEFAULT_MEMORY_LIMITS;
  const typed: ErrorReport = {
    name: 'DemoParseError',
    typed: true,
    code: 'BAD_OPCODE',
    file: 'd.mvd2',
    offset: 0x40,
    section: null,
    message: 'd.mvd2@0x40 segment 0 block 3 frame 2: illegible command 0 (bad) [BAD_OPCODE]',
    stack: null,
  };
  const demo = (r: Partial<DemoResult>): JobOutcome => ({
    status: 'done',
    result: {
      kind: 'demo',
      digests: Uint32Array.of(1, 2, 3),
      warnings: [],
      ended: true,
      error: null,
      ...r,
    },
    measure: { ms: 1, peakBytes: 0 },
    rssGrowth: 0,
  });
  const expectation = {
    name: 'd.mvd2',
    prefix: Uint32Array.of(1, 2, 3),
    damageAt: 0x40,
    cutOnly: false,
  };

  it('accept the prefix followed by anything, then a typed positioned error', () => {
    expect(
      checkDemoCase(
        expectation,
        demo({ digests: Uint32Array.of(1, 2, 3, 9), error: typed }),
        100,
        limits,
        1000,
      ).problems,
    ).toEqual([]);
  });

  it('flag lost frames, untyped errors, errors without file or offset, and a cut that does not end TRUNCATED', () => {
    const check = (o: JobOutcome, cutOnly = false) =>
      checkDemoCase({ ...expectation, cutOnly }, o, 100, limits, 1000).problems.join('\n');
    expect(check(demo({ digests: Uint32Array.of(1, 2) }))).toMatch(/lost frames/);
    expect(check(demo({ digests: Uint32Array.of(1, 5, 3) }))).toMatch(/lost frames/);
    expect(check(demo({ error: { ...typed, name: 'TypeError', typed: false } }))).toMatch(
      /untyped/,
    );
    expect(check(demo({ error: { ...typed, message: 'illegible command' } }))).toMatch(
      /lacks "d\.mvd2@0x40"/,
    );
    expect(check(demo({ error: { ...typed, file: 'other.mvd2' } }))).toMatch(/names file/);
    expect(check(demo({}), true)).toMatch(/TRUNCATED/);
    expect(
      check(
        demo({
          digests: Uint32Array.of(1, 2, 3, 4),
          warnings: [{ code: 'TRUNCATED', offset: 0x40, message: 'd.mvd2@0x40: cut' }],
        }),
        true,
      ),
    ).toMatch(/exactly 3 frames/);
    expect(check({ status: 'hang', ms: 1000 })).toMatch(/time cap/);
  });

  it('flag an accepted nav that the engine cannot load safely', () => {
    const nav: JobOutcome = {
      status: 'done',
      result: {
        kind: 'nav',
        accepted: { nodes: 1, links: 1, unsafe: ['node 0 link 0: target 5 of 1 nodes'] },
        error: null,
      },
      measure: { ms: 1, peakBytes: 0 },
      rssGrowth: 0,
    };
    expect(checkNavCase('n.nav', nav, 100, limits, 1000).problems.join()).toMatch(
      /cannot load safely/,
    );
  });
});
