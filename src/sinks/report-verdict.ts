/**
 * The first line of the HTML report: is this nav good, and where does it go. An admin opening
 * the report wants the answer before the pictures: the nav test's verdict and coverage (or how
 * to run it), and the path the bots load the file from.
 *
 * A build with a map tests its nav before writing it (`pipeline/own-test.ts`) and says so here;
 * `iterate` and `navtest` put their own result in the line of the report they leave
 * (`withVerdict`). A nav that failed is never recommended for the server.
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
  // A nav that failed is never recommended for the server.
  if (t && !t.passed)
    return `${test} Do not install it: bots would fail what the test failed (run navgen iterate, or mend it in navgen view).`;
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
