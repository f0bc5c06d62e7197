/**
 * Why a report given to `navgen view` (a build report, a trial report) cannot be used. Its own
 * file so that the readers of those reports and `open-view.ts`, which uses them, share it
 * without importing each other.
 */

/** A report file that cannot be used: names the file and why. */
export class ViewReportError extends Error {
  constructor(
    readonly file: string,
    why: string,
  ) {
    super(`${file}: ${why}`);
    this.name = 'ViewReportError';
  }
}
