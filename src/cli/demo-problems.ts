/**
 * What went wrong with each demo of a build, one line each, naming the file, the byte offset
 * and what was kept of it: damaged demos (quarantined, or their good prefix used), files that
 * could not be read, and demos cut short (no end mark: their frames up to the cut are used,
 * but the file is damaged all the same). The summary prints these lines whatever the
 * verbosity (on stderr with --quiet, in `warnings` with --json), so a cron job's mail or a
 * script hears of every damaged demo, not only a progress line that --no-progress hides.
 */
import type { BuildResult, DemoReport } from '../pipeline/build.js';

/** The problem lines of one demo (none for a clean one). */
export function demoProblemLines(d: DemoReport): string[] {
  const frames = `${d.frames} frame(s)`;
  switch (d.status) {
    case 'quarantined':
      return [
        `damaged demo ${d.error}; nothing of it used (quarantined${d.frames > 0 ? `; --keep-damaged-prefix uses the ${frames} before the damage` : ', no frame before the damage'})`,
      ];
    case 'partial':
      return [`damaged demo ${d.error}; used the ${frames} before the damage`];
    case 'failed':
      return [`unreadable demo ${d.file}: ${d.error}`];
    default:
      // Reader warnings: a demo cut short (no end mark), trailing bytes after it.
      return d.warnings.map(
        (w) => `damaged demo ${w}; ${d.used ? `used the ${frames} before it` : 'not used'}`,
      );
  }
}

/** Every demo's problem lines, in the build's demo order. */
export function buildProblemLines(r: BuildResult): string[] {
  return r.demos.flatMap(demoProblemLines);
}
