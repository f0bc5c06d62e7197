/**
 * `navtest: { tester: engine, engine: DIR, bots, seconds, runs, user, noCombat }`: real bots
 * judge each draft (what `navgen trial` runs), after the offline test has had its say. Per draft:
 * 1. the offline test (`builtin.ts`); when it fails and names bad nodes or links, or nodes no
 *    passing path reaches, its report is the draft's (the loop prunes them: fast, and what the
 *    simulated bot cannot do real bots should not be sent to try);
 * 2. otherwise (it passed, or named nothing to prune) real bots play on the draft in the
 *    install's server (`src/engine/`); their report is the draft's, and the loop prunes the
 *    links they failed and the nodes where they died. It stops when that report passes, when it
 *    names nothing new to prune, or when an iteration is no better for real bots than the best
 *    earlier one (`iterate/score.ts`; the shipped draft is the best real bots judged).
 * The iteration folder keeps both reports (`<map>.offline.navtest.json`,
 * `<map>.navtest.json`) and every run's demo and server console (`engine/run<k>/`).
 * The server's code (`src/engine/`) is loaded when real bots first play, as the offline test is
 * (`builtin.ts`): loading a pipeline loads no tester.
 *
 * @example
 * navtest:
 *   tester: engine
 *   engine: /games/aq2          # relative paths: to the pipeline file
 *   seconds: 300
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineInstall } from '../engine/engine-install.js';
import type { RunAs } from '../engine/run-as.js';
import { absolute } from '../files/absolute-path.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { readNavFile } from '../nav/formats/aqtion/read-nav.js';
import { parseNavtestReport } from '../sources/feedback/navtest-report.js';
import { boolOption, numOption, str } from '../stage/schema-helpers.js';
import { BuiltinTester } from './builtin.js';
import { defineTesterKind, optionalRow, pathSchema, type TesterContext } from './tester-kind.js';
import { TesterError, type Draft, type TestOutcome, type Tester } from './tester.js';

/**
 * What the engine tester runs with: the options of {@link engineTester}, whose rows hold the
 * defaults, units and limits.
 */
export interface EngineTesterConfig {
  /** The AQtion server install (`engine`, absolute). */
  readonly dir: string;
  readonly bots: number;
  /** [Units: s] */
  readonly seconds: number;
  readonly runs: number;
  /** The unprivileged account the server runs as when navgen runs as root; null: none given. */
  readonly user: string | null;
  /** See `src/engine/server-config.ts`. */
  readonly noCombat: boolean;
}

const ENGINE_OPTIONS = {
  engine: optionalRow<string>(
    pathSchema(
      'An AQtion server install: q2proded and action/ (or game/action/) with the game library.',
    ),
  ),
  bots: numOption(8, 'Bots per server.', { minimum: 1, maximum: 15, integer: true }),
  seconds: numOption(300, 'Real time each run plays. [s]', { minimum: 10 }),
  runs: numOption(1, 'Runs per draft, all at once.', { minimum: 1, maximum: 16, integer: true }),
  user: optionalRow<string>(
    str('When navgen runs as root: the unprivileged account the server runs as.', {
      minLength: 1,
    }),
  ),
  noCombat: boolOption(
    true,
    "Bots do not fight (cheats 1 and the MVD recorder's client notarget).",
  ),
};

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
      bsp: context.bsp!,
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
    const { runSession } = await import('../engine/trial-session.js');
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
    const [{ locateEngine }, { findMap }, { resolveRunAs, runningAsRoot }] = await Promise.all([
      import('../engine/engine-install.js'),
      import('../engine/find-map.js'),
      import('../engine/run-as.js'),
    ]);
    try {
      const install = locateEngine(this.engine.dir);
      const runAs = resolveRunAs(this.engine.user ?? undefined, runningAsRoot());
      const bsp = (await findMap(this.context.map, install.modDir, this.context.bsp!)).bytes;
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

export const engineTester = defineTesterKind({
  meta: {
    name: 'engine',
    summary:
      'first the offline test (its failures are pruned first, fast), then real bots in an AQtion server install (`navgen trial`)',
    needs: { command: false, map: true },
    options: ENGINE_OPTIONS,
  },
  resolve(o, { baseDir, problem }): EngineTesterConfig {
    if (o.engine === null)
      problem(
        [],
        'the engine tester needs "engine": the folder of an AQtion server install (q2proded and action/)',
      );
    return {
      dir: o.engine === null ? '' : absolute(baseDir, o.engine),
      bots: o.bots,
      seconds: o.seconds,
      runs: o.runs,
      user: o.user,
      noCombat: o.noCombat,
    };
  },
  create: (config, c) => new EngineTester(c, config),
});
