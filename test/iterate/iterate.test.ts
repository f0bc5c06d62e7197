/**
 * Real `navgen iterate` loops on real data: wizs built from two corpus demos, tested by the
 * test double `fake-navtest.mjs`, which fails the nodes and links near positions these tests
 * choose. Covers pruning, monotonicity over several iterations, convergence, the best-result
 * choice, a stall, the per-demo cache across iterations, and every way a test command fails.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandTester } from '../../src/testers/command.js';
import { iterate, IterationAbortedError, type IterateResult } from '../../src/iterate/iterate.js';
import type { IterationRecord } from '../../src/iterate/iteration-record.js';
import { MonotonicityError } from '../../src/iterate/monotonicity.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { runBuild } from '../../src/pipeline/build.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { readFeedbackFile } from '../../src/sources/feedback/feedback.js';
import type { NavFile } from '../../src/nav/types.js';
import { describeFixtures } from '../helpers/fixtures.js';
import { makeLoop, tempRoot, type FakeConfig, type Loop } from './loop-harness.js';

type P = number[];
const dist = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const nav = async (path: string): Promise<NavFile> => (await readNavFile(path)).nav;
const draftOf = (l: Loop, i: number) =>
  join(l.config.workDir, `iteration-${String(i).padStart(2, '0')}`, 'wizs.nav');
const reportOf = (l: Loop, i: number) =>
  JSON.parse(
    readFileSync(
      join(l.config.workDir, `iteration-${String(i).padStart(2, '0')}`, 'wizs.navtest.json'),
      'utf8',
    ),
  );
const index = (l: Loop): IterationRecord[] =>
  readFileSync(join(l.config.workDir, 'index.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
/** Smallest distance from `p` to a node of `n`. */
const nearest = (n: NavFile, p: readonly number[]) =>
  Math.min(...n.nodes.map((node) => dist(node.origin, p)));
/** Links of `n` from a node within `r` of `a` to a node within `r` of `b`. */
const linksBetween = (n: NavFile, a: P, b: P, r = 48) =>
  n.nodes.flatMap((node, i) =>
    node.links
      .filter((l) => dist(node.origin, a) <= r && dist(n.nodes[l.target].origin, b) <= r)
      .map((l) => [i, l.target]),
  );

describeFixtures('navgen iterate: real loops with the fake navtest (wizs, 2 corpus demos)', () => {
  let root: string;
  let sharedCache: string;
  let baseline: NavFile;
  let baselineBytes: Buffer;
  /** Three node positions far apart, and a link far from all three. */
  let P1: P, P2: P, P3: P;
  let linkA: P, linkB: P;

  beforeAll(async () => {
    root = tempRoot('navgen-iterate-');
    sharedCache = join(root, 'shared-cache');
    const l = await makeLoop(join(root, 'baseline'), { cache: sharedCache, fake: {} });
    await runBuild({
      ...l.spec,
      output: {
        ...l.spec.output,
        nav: join(root, 'baseline.nav'),
        strafeTraces: null,
        report: null,
      },
    });
    baselineBytes = readFileSync(join(root, 'baseline.nav'));
    baseline = await nav(join(root, 'baseline.nav'));
    const chosen: P[] = [];
    for (const node of baseline.nodes) {
      if (node.links.length >= 2 && chosen.every((c) => dist(c, node.origin) > 500))
        chosen.push([...node.origin]);
      if (chosen.length === 3) break;
    }
    [P1, P2, P3] = chosen;
    const far = (p: readonly number[]) => chosen.every((c) => dist(c, p) > 400);
    const from = baseline.nodes.find(
      (n) => far(n.origin) && n.links.some((l) => far(baseline.nodes[l.target].origin)),
    )!;
    linkA = [...from.origin];
    linkB = [
      ...baseline.nodes[from.links.find((l) => far(baseline.nodes[l.target].origin))!.target]
        .origin,
    ];
    expect(chosen).toHaveLength(3);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const loop = (
    name: string,
    fake: FakeConfig,
    more: {
      navtest?: Record<string, unknown>;
      command?: string[];
      cache?: string;
      stages?: unknown[];
      top?: Record<string, unknown>;
    } = {},
  ) => makeLoop(join(root, name), { cache: more.cache ?? sharedCache, ...more, fake });

  it('prunes what failed, never brings it back over 4 iterations, converges, reuses the demo cache', async () => {
    const log = join(root, 'converge-fake.log');
    const l = await loop(
      'converge',
      { badNearByIteration: [[P1], [P2], [P3]], badLinksByIteration: [[[linkA, linkB]]], log },
      { cache: join(root, 'fresh-cache') },
    );
    // Something the user had installed: it must be put back afterwards.
    mkdirSync(l.command.installDir, { recursive: true });
    writeFileSync(l.command.installPath, 'ORIGINAL NAV');

    const r: IterateResult = await iterate(
      l.spec,
      l.config,
      new CommandTester(l.command, l.config.workDir),
    );

    expect(r.converged).toBe(true);
    expect(r.stopReason).toBe('passed');
    expect(r.iterations.map((i) => i.passed)).toEqual([false, false, false, true]);
    expect(r.shipped.iteration).toBe(4);
    expect(readFileSync(l.spec.output.nav!)).toEqual(readFileSync(draftOf(l, 4)));
    // The first draft is exactly what a plain build gives.
    expect(readFileSync(draftOf(l, 1))).toEqual(baselineBytes);

    const drafts = await Promise.all([1, 2, 3, 4].map((i) => nav(draftOf(l, i))));
    // Every failure reported by iteration k (located in the draft it tested) is gone from
    // every later draft: no node within 48 u.
    for (let k = 1; k <= 3; k++) {
      const report = reportOf(l, k);
      expect(report.bad_nodes.length).toBeGreaterThan(0);
      const positions = (report.bad_nodes as number[]).map((i) => drafts[k - 1].nodes[i].origin);
      for (let j = k + 1; j <= 4; j++) {
        for (const p of positions) expect(nearest(drafts[j - 1], p)).toBeGreaterThan(47.99);
      }
      expect(drafts[k].nodes.length).toBeLessThan(drafts[k - 1].nodes.length);
    }
    // The truth as the test chose it: nothing near the chosen points, no link between the ends.
    for (const [k, p] of [P1, P2, P3].entries()) {
      expect(nearest(drafts[k], p)).toBeLessThan(48);
      for (let j = k + 1; j < 4; j++) expect(nearest(drafts[j], p)).toBeGreaterThan(48);
    }
    expect(linksBetween(drafts[0], linkA, linkB).length).toBeGreaterThan(0);
    for (let j = 1; j < 4; j++) expect(linksBetween(drafts[j], linkA, linkB)).toEqual([]);

    // The accumulated feedback holds every reported failure.
    const accumulated = await readFeedbackFile(r.feedbackFile);
    const reported = [1, 2, 3].reduce((n, k) => n + reportOf(l, k).bad_nodes.length, 0);
    expect(accumulated.badNodes).toHaveLength(reported);
    expect(accumulated.badLinks).toHaveLength(reportOf(l, 1).bad_links.length);

    // Per-demo cache: the first build reads the demos, every later one takes them from the cache.
    expect(r.builds[0].demos.map((d) => d.source)).toEqual(['read', 'read']);
    for (const b of r.builds.slice(1))
      expect(b.demos.every((d) => d.source === 'cache')).toBe(true);

    // Kept per iteration: draft, report, one-line summary; and the index.
    expect(index(l).map((i) => [i.iteration, i.passed, i.nodes])).toEqual(
      r.iterations.map((i) => [i.iteration, i.passed, i.nodes]),
    );
    expect(readFileSync(join(l.config.workDir, 'iteration-02', 'summary.txt'), 'utf8')).toMatch(
      /^iteration 2: \d+ nodes, \d+ links, coverage 0\.900, .*: FAIL\n$/,
    );
    expect(readFileSync(join(l.config.workDir, 'iteration-04', 'summary.txt'), 'utf8')).toMatch(
      /: PASS\n$/,
    );
    // The test double saw each draft where the game would load it.
    const seen = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((x) => JSON.parse(x));
    expect(seen.map((s) => s.nodes)).toEqual(drafts.map((d) => d.nodes.length));
    // The install folder is as it was; outputs of the shipped build are written.
    expect(readFileSync(l.command.installPath, 'utf8')).toBe('ORIGINAL NAV');
    expect(existsSync(join(l.config.workDir, 'wizs.nav.before-iterate'))).toBe(false);
    expect(existsSync(l.spec.output.strafeTraces!)).toBe(true);
    expect(JSON.parse(readFileSync(l.spec.output.report!, 'utf8')).nav.nodes).toBe(
      drafts[3].nodes.length,
    );
  });

  it('ships the best-scoring iteration when the test never passes, with its remaining failures', async () => {
    const l = await loop(
      'never',
      { pass: 'never', badNearByIteration: [[P1], [P2], [P3]], coverage: [0.5, 0.8, 0.6] },
      { navtest: { maxIterations: 3 } },
    );
    const r = await iterate(l.spec, l.config, new CommandTester(l.command, l.config.workDir));
    expect(r.converged).toBe(false);
    expect(r.stopReason).toBe('max-iterations');
    expect(r.iterations).toHaveLength(3);
    expect(r.shipped.iteration).toBe(2);
    expect(readFileSync(l.spec.output.nav!)).toEqual(readFileSync(draftOf(l, 2)));
    // Remaining failures: what iteration 2's report named, by position near P2.
    expect(r.remaining!.badNodes).toHaveLength(r.iterations[1].badNodes);
    expect(r.remaining!.badNodes.length).toBeGreaterThan(0);
    for (const p of r.remaining!.badNodes) expect(dist(p, P2)).toBeLessThanOrEqual(48);
    // The accumulated failures include the last iteration's, so a later run can resume.
    const accumulated = await readFeedbackFile(r.feedbackFile);
    expect(accumulated.badNodes).toHaveLength(r.iterations.reduce((n, i) => n + i.badNodes, 0));
    for (const p of [P1, P2, P3])
      expect(accumulated.badNodes.some((b) => dist(b, p) <= 48)).toBe(true);

    // A new run whose pipeline starts from that file (in the folder the run clears) leaves
    // every recorded failure out of its very first draft, and passes there.
    const again = await loop(
      'never',
      { badNearByIteration: [[P1], [P2], [P3]] },
      { top: { feedback: r.feedbackFile } },
    );
    const r2 = await iterate(
      again.spec,
      again.config,
      new CommandTester(again.command, again.config.workDir),
    );
    expect(r2.converged).toBe(true);
    expect(r2.iterations).toHaveLength(1);
    expect(r2.iterations[0].feedback.badNodes).toBe(accumulated.badNodes.length);
    const first = await nav(draftOf(again, 1));
    for (const b of accumulated.badNodes) expect(nearest(first, b)).toBeGreaterThan(47.99);
    expect(existsSync(draftOf(again, 2))).toBe(false); // the previous run's iterations are gone
  });

  it('stops when a failing report names nothing to remove (the next draft would be the same)', async () => {
    const l = await loop('stalled', { pass: 'never' });
    const r = await iterate(l.spec, l.config, new CommandTester(l.command, l.config.workDir));
    expect(r.stopReason).toBe('stalled');
    expect(r.converged).toBe(false);
    expect(r.iterations).toHaveLength(1);
    expect(r.shipped.iteration).toBe(1);
    expect(r.remaining).toEqual({ badNodes: [], badLinks: [], unreachable: 0, unmet: [] });
  });

  it('judges thresholds on top of the report: a "passed" report below minCoverage fails', async () => {
    const l = await loop(
      'thresholds',
      { pass: 'always', coverage: 0.6 },
      { navtest: { maxIterations: 2, thresholds: { minCoverage: 0.85 } } },
    );
    const r = await iterate(l.spec, l.config, new CommandTester(l.command, l.config.workDir));
    expect(r.converged).toBe(false);
    expect(r.iterations[0].reportPassed).toBe(true);
    expect(r.iterations[0].unmet).toEqual(['coverage 0.600 < minCoverage 0.850']);
  });

  it('refuses a draft that brings a recorded failure back (a stage after feedback re-adds it)', async () => {
    const spawn = baseline.nodes.find((n) => n.type === defaultNodeTypes.SPAWNPOINT)!;
    const stages = [
      'map-filter',
      'gate',
      'death-weight',
      'downsample',
      'speed-filter',
      'vote',
      { cluster: { minDemos: 1 } },
      'classify',
      'feedback',
      'spawn-points',
    ];
    const l = await loop('readded', { badNear: [[...spawn.origin]] }, { stages });
    const e = await iterate(l.spec, l.config, new CommandTester(l.command, l.config.workDir)).then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(MonotonicityError);
    expect((e as Error).message).toMatch(/is 0\.0 u from recorded bad node/);
    expect(index(l)).toHaveLength(1);
    expect(existsSync(l.spec.output.nav!)).toBe(false);
  });

  describe('a failing test command aborts the run, ships nothing and restores the install folder', () => {
    /** Runs a loop expected to abort; returns the error. */
    const abort = async (l: Loop, options: { killGraceMs?: number; signal?: AbortSignal } = {}) => {
      mkdirSync(l.command.installDir, { recursive: true });
      writeFileSync(l.command.installPath, 'ORIGINAL NAV');
      const e = await iterate(
        l.spec,
        l.config,
        new CommandTester(l.command, l.config.workDir, { killGraceMs: options.killGraceMs ?? 300 }),
        { signal: options.signal },
      ).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(IterationAbortedError);
      const err = e as IterationAbortedError;
      expect(existsSync(l.spec.output.nav!)).toBe(false);
      expect(readFileSync(l.command.installPath, 'utf8')).toBe('ORIGINAL NAV');
      expect(index(l)[0].error).toMatch(new RegExp(`^${err.failure.kind}: `));
      expect(err.message).toMatch(/^iteration 1: /);
      expect(err.message).toContain('nothing shipped');
      return err;
    };
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };

    it('time-out: kills the whole process group (SIGTERM ignored → SIGKILL)', async () => {
      const pidFile = join(root, 'hang.pids.json');
      const l = await loop(
        'timeout',
        { mode: 'hang', ignoreTerm: true, pidFile },
        { navtest: { timeout: 1 } },
      );
      const started = Date.now();
      const e = await abort(l);
      expect(e.failure.kind).toBe('timeout');
      expect(e.message).toContain('timed out after 1 s');
      expect(e.message).toContain('bots are walking');
      expect(Date.now() - started).toBeLessThan(20_000);
      const pids = JSON.parse(readFileSync(pidFile, 'utf8'));
      for (let t = 0; t < 50 && (alive(pids.pid) || alive(pids.grandchild)); t++)
        await new Promise((res) => setTimeout(res, 100));
      expect(alive(pids.pid)).toBe(false);
      expect(alive(pids.grandchild)).toBe(false);
    });

    it('crash: names the exit code and shows the end of stderr', async () => {
      const e = await abort(await loop('crash', { mode: 'crash' }));
      expect(e.failure.kind).toBe('crash');
      expect(e.message).toContain('exited with code 3');
      expect(e.message).toContain('FATAL: segmentation fault in BOTLIB_NavTest_Think');
    });

    it('silent command: no report is an error, and a stale report from before is not read', async () => {
      const l = await loop('silent', { mode: 'silent' });
      mkdirSync(l.command.installDir, { recursive: true });
      writeFileSync(
        l.command.report,
        JSON.stringify({ map: 'wizs', passed: true, bad_nodes: [], bad_links: [] }),
      );
      const e = await abort(l);
      expect(e.failure.kind).toBe('no-report');
      expect(e.message).toContain(`wrote no report at ${l.command.report}`);
    });

    it('malformed report: the error names the file and every problem', async () => {
      const l = await loop('malformed', { mode: 'malformed' });
      const e = await abort(l);
      expect(e.failure.kind).toBe('bad-report');
      expect(e.message).toContain(`${l.command.report}: not a valid navtest report`);
      expect(e.message).toContain('passed: must be boolean');
      expect(e.message).toContain('coverage_ratio: must be <= 1');
      expect(e.message).toContain('missing "bad_links"');
      expect(e.message).toContain('bad_nodes.0: must be integer');
    });

    it('report that is not JSON', async () => {
      const l = await loop('not-json', { mode: 'not-json' });
      const e = await abort(l);
      expect(e.failure.kind).toBe('bad-report');
      expect(e.message).toContain(`${l.command.report}: not a valid navtest report`);
      expect(e.message).toContain('not JSON');
    });

    it('report naming nodes the draft does not have (another nav was tested)', async () => {
      const l = await loop('out-of-range', { mode: 'out-of-range' });
      const e = await abort(l);
      expect(e.failure.kind).toBe('bad-report');
      expect(e.message).toContain(`${l.command.report}: report does not fit the tested draft`);
      expect(e.message).toMatch(
        /bad_nodes: names node\(s\) \d+, but the tested draft has \d+ nodes/,
      );
    });

    it('program that cannot be started', async () => {
      const e = await abort(
        await loop('missing', {}, { command: [join(root, 'no-such-q2proded'), '+map', '{map}'] }),
      );
      expect(e.failure.kind).toBe('not-started');
      expect(e.message).toContain('ENOENT');
    });

    it('cancelled run (Ctrl-C): stops the running command and its children', async () => {
      const pidFile = join(root, 'cancel.pids.json');
      const controller = new AbortController();
      // Cancel once the command is running (it writes its pids when it starts).
      const watcher = setInterval(() => {
        if (existsSync(pidFile)) {
          clearInterval(watcher);
          controller.abort();
        }
      }, 50);
      const l = await loop('cancel', { mode: 'hang', pidFile });
      const e = await abort(l, { signal: controller.signal });
      clearInterval(watcher);
      expect(e.failure.kind).toBe('aborted');
      expect(e.message).toContain('was stopped (run cancelled)');
      const pids = JSON.parse(readFileSync(pidFile, 'utf8'));
      for (let t = 0; t < 50 && (alive(pids.pid) || alive(pids.grandchild)); t++)
        await new Promise((res) => setTimeout(res, 100));
      expect(alive(pids.pid)).toBe(false);
      expect(alive(pids.grandchild)).toBe(false);
    });
  });
});
