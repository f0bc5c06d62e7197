/**
 * A vitest reporter that ends the run with one plain line, `tests: N passed, N failed` (and
 * skipped), which CI tooling reads whatever the test runner.
 */
import type { Reporter } from 'vitest/reporters';

interface Task {
  type: string;
  mode?: string;
  result?: { state?: string };
  tasks?: Task[];
}

function count(
  tasks: readonly Task[],
  into: { passed: number; failed: number; skipped: number },
): void {
  for (const t of tasks) {
    if (t.type === 'test') {
      const state = t.result?.state;
      if (state === 'pass') into.passed++;
      else if (state === 'fail') into.failed++;
      else into.skipped++;
    } else if (t.tasks) {
      // A file or suite that failed before its tests ran (import error, beforeAll) counts as one failure.
      if (t.result?.state === 'fail' && t.tasks.length === 0) into.failed++;
      count(t.tasks, into);
    }
  }
}

export default class SummaryLineReporter implements Reporter {
  onFinished(files: readonly Task[] = []): void {
    const c = { passed: 0, failed: 0, skipped: 0 };
    count(files, c);
    process.stdout.write(
      `\ntests: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}\n`,
    );
  }
}
