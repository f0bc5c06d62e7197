/**
 * The first line of the HTML report: is this nav good, and where does it go. An admin opening
 * the report wants the answer before the pictures: the nav test's verdict and coverage (or how
 * to run it), and the path the bots load the file from.
 *
 * The build itself runs no nav test; `build --all-maps` and `iterate` do, and put their result
 * in the line of the report they leave (`withVerdict`).
 */

export interface VerdictFacts {
  readonly map: string;
  /** The nav's file name. */
  readonly navName: string;
  /** The nav test's result; null when none was run. */
  readonly navtest: {
    readonly passed: boolean;
    /** 0..1, or null when unknown. */
    readonly coverage: number | null;
    readonly badLinks: number;
    readonly badNodes: number;
  } | null;
}

export function verdictText(f: VerdictFacts): string {
  const t = f.navtest;
  const test = !t
    ? `Nav test: not run (navgen navtest --bsp ${f.map}.bsp ${f.navName}).`
    : `Nav test: ${t.passed ? 'passed' : `FAILED (${t.badLinks} bad links, ${t.badNodes} bad nodes)`}` +
      (t.coverage === null ? '.' : `, coverage ${(t.coverage * 100).toFixed(1)}%.`);
  return `${test} Copy ${f.navName} to action/bots/nav/${f.map}.nav on the server.`;
}

const VERDICT = /<p class="verdict" id="verdict">[^<]*<\/p>/;

/** The verdict element, as the report's first paragraph. */
export function verdictElement(text: string, esc: (s: string) => string): string {
  return `<p class="verdict" id="verdict">${esc(text)}</p>`;
}

/** A written report with its verdict line replaced (after a nav test run on its nav). */
export function withVerdict(html: string, text: string, esc: (s: string) => string): string {
  if (!VERDICT.test(html)) throw new Error('the HTML report has no verdict line');
  return html.replace(VERDICT, () => verdictElement(text, esc));
}
