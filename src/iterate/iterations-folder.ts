/**
 * The iterations folder of one `navgen iterate` run:
 *
 * ```
 * <workDir>/
 *   feedback.json           accumulated failures (navgen feedback file): input of the next build
 *   index.jsonl             one IterationRecord per line, in order
 *   <map>.strafe_traces     written by the first build (depends on the demos only)
 *   iteration-01/
 *     <map>.nav             the draft
 *     feedback.json         the failures it was built without
 *     <map>.navtest.json    its report (as the tester returned it)
 *     summary.txt           one line: nodes, links, coverage, death and stuck rates, pass/fail
 *     navtest.log           the test command's output (command tester)
 *   iteration-02/ …
 * ```
 *
 * A new run starts by removing what a previous run left here (only these names; other files
 * and a `*.before-iterate` backup are kept).
 */
import { appendFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import { feedbackFileText, type Feedback } from '../sources/feedback/feedback.js';
import type { IterationRecord } from './iteration-record.js';

const ITERATION_DIR = /^iteration-\d+$/;

export class IterationsFolder {
  readonly feedbackFile: string;
  readonly indexFile: string;
  private readonly digits: number;

  constructor(
    readonly root: string,
    readonly map: string,
    maxIterations: number,
  ) {
    this.feedbackFile = join(root, 'feedback.json');
    this.indexFile = join(root, 'index.jsonl');
    this.digits = Math.max(2, String(maxIterations).length);
  }

  /** Creates the folder and removes the previous run's files. */
  async prepare(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    for (const e of await readdir(this.root, { withFileTypes: true })) {
      const stale =
        (e.isDirectory() && ITERATION_DIR.test(e.name)) ||
        e.name === 'index.jsonl' ||
        e.name === 'feedback.json';
      if (stale) await rm(join(this.root, e.name), { recursive: true, force: true });
    }
  }

  /** `iteration-07`, relative to the root. */
  name(iteration: number): string {
    return `iteration-${String(iteration).padStart(this.digits, '0')}`;
  }

  folder(iteration: number): string {
    return join(this.root, this.name(iteration));
  }

  draftPath(iteration: number): string {
    return join(this.folder(iteration), `${this.map}.nav`);
  }

  reportPath(iteration: number): string {
    return join(this.folder(iteration), `${this.map}.navtest.json`);
  }

  /** The accumulated failures (`feedback.json`): all recorded so far, to resume from. */
  async writeAccumulated(f: Feedback): Promise<void> {
    await writeFileAtomic(this.feedbackFile, Buffer.from(feedbackFileText(f, this.map), 'utf8'));
  }

  /** The failures the iteration about to be built leaves out (its own `feedback.json`). */
  async writeSnapshot(f: Feedback, iteration: number): Promise<string> {
    const path = join(this.folder(iteration), 'feedback.json');
    await mkdir(this.folder(iteration), { recursive: true });
    await writeFileAtomic(path, Buffer.from(feedbackFileText(f, this.map), 'utf8'));
    return path;
  }

  async writeReport(iteration: number, report: unknown): Promise<void> {
    await writeFileAtomic(
      this.reportPath(iteration),
      Buffer.from(JSON.stringify(report, null, 2) + '\n', 'utf8'),
    );
  }

  /** The one-line summary file and the index line. */
  async record(r: IterationRecord, line: string): Promise<void> {
    await writeFileAtomic(
      join(this.folder(r.iteration), 'summary.txt'),
      Buffer.from(line + '\n', 'utf8'),
    );
    await appendFile(this.indexFile, JSON.stringify(r) + '\n', 'utf8');
  }
}
