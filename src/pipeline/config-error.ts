/**
 * A problem with a pipeline file (or the command-line options that stand in for one). It names
 * the file, the line and column when known, the key path, and says what was expected:
 * `pipelines/wizs.yaml:12:7: stages[3] speed-filter: maxSpeed must be > 0`.
 */
export class PipelineConfigError extends Error {
  constructor(
    readonly file: string,
    /** Key path such as `stages[3].speed-filter.maxSpeed`; '' for the whole file. */
    readonly path: string,
    readonly reason: string,
    readonly line: number | null = null,
    readonly column: number | null = null,
    options?: ErrorOptions,
  ) {
    const where = line !== null ? `${file}:${line}:${column ?? 1}` : file;
    super(`${where}: ${path ? `${path}: ` : ''}${reason}`, options);
    this.name = 'PipelineConfigError';
  }
}

/** Several problems at once, so a user fixes a file in one go. */
export class PipelineConfigErrors extends Error {
  constructor(readonly errors: readonly PipelineConfigError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'PipelineConfigErrors';
  }
}

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
