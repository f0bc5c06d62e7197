/**
 * Exit codes of the `navgen` command, stable for scripts. Documented in `navgen --help` and the
 * README.
 */
export const EXIT_OK = 0;
/** The work failed: unreadable input, failed build, invalid output. */
export const EXIT_FAILURE = 1;
/** The command line or a configuration file is invalid; nothing was done. */
export const EXIT_USAGE = 2;
/**
 * No input found: an empty or missing demo folder, a glob or pipeline pattern matching
 * nothing. Nothing was done; the same code as a command-line error, with its own message.
 */
export const EXIT_NO_INPUT = EXIT_USAGE;
/**
 * The work completed, but some demos were damaged (quarantined, or their good prefix kept) or
 * failed (see the summary).
 */
export const EXIT_PARTIAL = 3;
/** `navgen iterate`: the best result was shipped but the nav test never passed. */
export const EXIT_NOT_CONVERGED = 4;
/** `navgen build`/`watch`: another live build holds the lock of the same outputs (see `--lock-wait`). */
export const EXIT_LOCKED = 5;

export const EXIT_CODES_HELP = `Exit codes:
  0  success
  1  failure (unreadable input, failed build, invalid output)
  2  invalid command line or configuration, or no demo found (empty or missing
     folder, glob matching nothing); nothing was done
  3  done, but some demos were damaged (quarantined or prefix kept) or failed (see the summary)
  4  iterate: never passed the nav test; the best iteration was shipped
  5  build/watch/iterate: another build of the same outputs held the lock (see --lock-wait)
`;

/** An error meant for the user: printed without a stack trace, exits with `code`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
