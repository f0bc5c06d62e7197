/**
 * "Did you mean" suggestions: the closest known name to a mistyped one. Used by pipeline files
 * (unknown keys and stages) and by the command line (unknown commands); kept free of imports so
 * `navgen --help` can use it without loading anything else.
 */

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length];
}

/** The closest candidate within a small edit distance, ignoring case and separators. */
export function suggest(word: string, candidates: Iterable<string>): string | null {
  const norm = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '');
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = norm(c) === norm(word) ? 0 : editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best !== null && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}
