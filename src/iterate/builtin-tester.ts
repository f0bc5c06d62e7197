/**
 * The tester that needs no game server: `navgen navtest` run in this process on each draft
 * (`navtest: { tester: builtin }` in a pipeline file). It reads the draft, simulates every link
 * against the pipeline's map (`src/navtest/`), keeps the report in the iteration's folder
 * (`<map>.navtest.json`, as a command would leave it) and hands it to the loop.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import { readNavFile } from '../nav/formats/aqtion/read-nav.js';
import { parseNavtestReport } from '../sources/feedback/navtest-report.js';
import type { NodeTypeTable } from '../nav/node-types.js';
import { runNavtest } from '../navtest/run-navtest.js';
import { TesterError, type Draft, type TestOutcome, type Tester } from './tester.js';
import type { BuiltinTesterConfig } from '../pipeline/testers/builtin.js';
import type { TesterContext } from './tester-kinds.js';

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

/**
 * The kind's `create` (`tester-kinds.ts` joins it to `pipeline/testers/builtin.ts`, whose
 * `needs.map` made sure of the map).
 */
export function createTester(_config: BuiltinTesterConfig, c: TesterContext): Tester {
  return new BuiltinTester({ bsp: c.config.bsp!, workers: c.workers, nodeTypes: c.nodeTypes });
}
