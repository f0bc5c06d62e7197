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

// The suggestion helpers live in src/suggest.ts (the CLI's unknown-command check uses them
// without loading pipeline code); re-exported for the pipeline's own callers.
export { editDistance, suggest } from '../suggest.js';
