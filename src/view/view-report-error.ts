/**
 * Why a report given to `navgen view` (a build report, a trial report) cannot be used, and the
 * reading and parsing of such a report's text. Its own file so that the readers of those reports and
 * `open-view.ts`, which uses them, share it without importing each other.
 */
import { readTextWithin } from '../files/read-within.js';

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

/** The text of report `path`, read within navgen's bound; one that cannot be read is refused. */
export async function readReportText(path: string): Promise<string> {
  try {
    return await readTextWithin(path);
  } catch (e) {
    throw new ViewReportError(
      path,
      `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

/** Report `file`'s text parsed; text that is no JSON is refused (V8's message on one line). */
export function parseReportJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    // One line: V8 quotes the offending text, line breaks included.
    throw new ViewReportError(file, `not JSON: ${(e as Error).message.replace(/\s+/g, ' ')}`);
  }
}
