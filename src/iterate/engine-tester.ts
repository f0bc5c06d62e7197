/**
 * `navtest: { tester: engine, engine: DIR, bots, seconds, runs, user, noCombat }`: real bots
 * judge each draft, after the offline test has had its say. Per draft:
 * 1. the offline test (`builtin-tester.ts`); when it fails and names bad nodes or links, or
 *    nodes no passing path reaches, its report is the draft's (the loop prunes them: fast, and what the simulated bot cannot do real bots
 *    should not be sent to try);
 * 2. otherwise (it passed, or named nothing to prune) real bots play on the draft in the install's server (`src/engine/`, what
 *    `navgen trial` runs); their report is the draft's, and the loop prunes the links they
 *    failed and the nodes where they died. It stops when that report passes, when it names
 *    nothing new to prune, or when an iteration is no better for real bots than the best
 *    earlier one (`score.ts`; the shipped draft is the best real bots judged).
 * The iteration folder keeps both reports (`<map>.offline.navtest.json`,
 * `<map>.navtest.json`) and every run's demo and server console (`engine/run<k>/`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { locateEngine, type EngineInstall } from '../engine/engine-install.js';
import { findMap } from '../engine/find-map.js';
import { resolveRunAs, runningAsRoot, type RunAs } from '../engine/run-as.js';
import { runSession } from '../engine/trial-session.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { readNavFile } from '../nav/formats/aqtion/read-nav.js';
import { parseNavtestReport } from '../sources/feedback/navtest-report.js';
import { BuiltinTester } from './builtin-tester.js';
import type { EngineTesterConfig } from '../pipeline/testers/engine.js';
import { TesterError, type Draft, type TestOutcome, type Tester } from './tester.js';
import type { TesterContext } from './tester-kinds.js';

export class EngineTester implements Tester {
  readonly name: string;
  private readonly offline: BuiltinTester;
  private setup: { install: EngineInstall; runAs: RunAs | null; bsp: Uint8Array } | null = null;

  constructor(
    private readonly context: TesterContext,
    private readonly engine: EngineTesterConfig,
  ) {
    this.name = `offline test, then ${engine.bots} real bots × ${engine.seconds} s × ${engine.runs} run(s) in ${engine.dir}`;
    this.offline = new BuiltinTester({
      bsp: context.config.bsp!,
      workers: context.workers,
      nodeTypes: context.nodeTypes,
    });
  }

  async test(draft: Draft, signal?: AbortSignal): Promise<TestOutcome> {
    const first = await this.offline.test(draft, signal);
    const r = first.report;
    const unreachable = r.unreachable_nodes?.length ?? 0;
    if (!r.passed && (r.bad_nodes.length > 0 || r.bad_links.length > 0 || unreachable > 0)) {
      this.context.say(
        `iteration ${draft.iteration}: the offline test failed ${r.bad_links.length} link(s) and ${r.bad_nodes.length} node(s), ` +
          `${unreachable} node(s) unreachable: pruning those before real bots play`,
      );
      return { ...first, preliminary: true };
    }
    // Real bots: keep the offline report beside theirs.
    const offlinePath = join(draft.folder, `${draft.map}.offline.navtest.json`);
    await writeFileAtomic(offlinePath, await readFile(first.source));
    const { install, runAs, bsp } = await this.prepare();
    const nav = (await readNavFile(draft.navPath, this.context.nodeTypes)).nav;
    let session;
    try {
      session = await runSession({
        install,
        map: draft.map,
        bspBytes: bsp,
        navs: [{ label: 'engine', path: draft.navPath, nav }],
        bots: this.engine.bots,
        seconds: this.engine.seconds,
        runs: this.engine.runs,
        noCombat: this.engine.noCombat,
        runAs,
        outDir: draft.folder,
        say: this.context.say,
        signal,
      });
    } catch (e) {
      if (signal?.aborted)
        throw new TesterError('aborted', `${this.name} was stopped (run cancelled)`);
      throw new TesterError('crash', `real bots: ${(e as Error).message}`, '', { cause: e });
    }
    const report = session.reports[0];
    const file = join(draft.folder, `${draft.map}.navtest.json`);
    await writeFileAtomic(file, Buffer.from(JSON.stringify(report, null, 1) + '\n', 'utf8'));
    return {
      report: parseNavtestReport(JSON.parse(JSON.stringify(report)), file),
      source: file,
      stopWhenNotBetter: true,
    };
  }

  /** The install, the account and the map, checked once (a bad install fails the first test). */
  private async prepare() {
    if (this.setup) return this.setup;
    try {
      const install = locateEngine(this.engine.dir);
      const runAs = resolveRunAs(this.engine.user ?? undefined, runningAsRoot());
      const bsp = (await findMap(this.context.spec.map, install.modDir, this.context.config.bsp!))
        .bytes;
      this.setup = { install, runAs, bsp };
      return this.setup;
    } catch (e) {
      throw new TesterError(
        'not-started',
        `navtest.engine: ${(e as Error).message}` +
          (/root/.test((e as Error).message) ? ' (set navtest.user in the pipeline)' : ''),
      );
    }
  }
}

/** The kind's `create` (`tester-kinds.ts` joins it to `pipeline/testers/engine.ts`). */
export function createTester(config: EngineTesterConfig, c: TesterContext): Tester {
  return new EngineTester(c, config);
}
