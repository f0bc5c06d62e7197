/**
 * `navtest: { tester: builtin }`: navgen's own offline test on each draft, no game server (the
 * example pipelines use it). No options: it needs only the pipeline's map. Each draft is read,
 * every link simulated against the map (`src/navtest/`, what `navgen navtest` runs in this
 * process), and the report kept in the iteration's folder (`<map>.navtest.json`, as a command
 * would leave it) before the loop reads it.
 *
 * The offline test (the simulated bot, the collision model, the worker pool) is loaded when the
 * first draft is tested: the pipeline loader imports every kind for its options, and a command
 * that only reads a pipeline (`navgen schema`, `navgen build`) should not load a tester.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import { readNavFile } from '../nav/formats/aqtion/read-nav.js';
import type { NodeTypeTable } from '../nav/node-types.js';
import { parseNavtestReport } from '../sources/feedback/navtest-report.js';
import { defineTesterKind } from './tester-kind.js';
import { TesterError, type Draft, type TestOutcome, type Tester } from './tester.js';

/** What the builtin tester runs with besides the pipeline's map: nothing. */
export type BuiltinTesterConfig = Readonly<Record<string, never>>;

export interface BuiltinTesterOptions {
  /** The map file (the pipeline's `bsp`). */
  readonly bsp: string;
  /** Threads. [Limit: >= 1] */
  readonly workers: number;
  readonly nodeTypes: NodeTypeTable;
}

export class BuiltinTester implements Tester {
  readonly name = 'builtin navtest (offline)';

  constructor(private readonly options: BuiltinTesterOptions) {}

  async test(draft: Draft, signal?: AbortSignal): Promise<TestOutcome> {
    if (signal?.aborted)
      throw new TesterError('aborted', `${this.name} not started (run cancelled)`);
    const nav = (await readNavFile(draft.navPath)).nav;
    const { runNavtest } = await import('../navtest/run-navtest.js');
    const run = await runNavtest(nav, this.options.bsp, draft.map, {
      workers: this.options.workers,
      nodeTypes: this.options.nodeTypes,
    });
    if (signal?.aborted)
      throw new TesterError('aborted', `${this.name} was stopped (run cancelled)`);
    const file = join(draft.folder, `${draft.map}.navtest.json`);
    await writeFileAtomic(file, Buffer.from(JSON.stringify(run.report, null, 1) + '\n', 'utf8'));
    // The same validation a command's report gets: the loop never trusts an unchecked report.
    return {
      report: parseNavtestReport(JSON.parse(JSON.stringify(run.report)), file),
      source: file,
      unreachableProven: true,
    };
  }
}

export const builtinTester = defineTesterKind({
  meta: {
    name: 'builtin',
    summary:
      "navgen's own offline test (`navgen navtest`: a simulated bot on the map's collision model, no game server)",
    needs: { command: false, map: true },
    options: {},
  },
  resolve: (): BuiltinTesterConfig => ({}),
  // `needs.map` made sure of the map.
  create: (_config, c) =>
    new BuiltinTester({ bsp: c.bsp!, workers: c.workers, nodeTypes: c.nodeTypes }),
});
