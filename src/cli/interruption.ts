/**
 * Ctrl-C (SIGINT) and SIGTERM during a build.
 *
 * Before a build writes anything it stops at once: nothing changed. Once it writes (its outputs,
 * then the backup of the nav it replaced, `nav-backup.ts`) it finishes that first: a nav written
 * without its backup would lose the admin's, and a write cut short is only a temporary file the
 * next build removes, never a half nav (writes are atomic). Then it says what it did and what it
 * did not, and exits 130 (SIGINT) or 143 (SIGTERM), as shells report a process stopped by them.
 * A second signal while the writes finish is told to wait for them.
 */

/** Exit codes of a process stopped by a signal (128 + its number), as shells report them. */
export const EXIT_SIGINT = 130;
export const EXIT_SIGTERM = 143;

export class Interruption {
  private writing = 0;
  private signal: NodeJS.Signals | null = null;
  private readonly handler = (signal: NodeJS.Signals) => this.onSignal(signal);

  /**
   * `report` gives the lines that say what was done and what was not, asked when the process
   * stops; `say` prints a line (stderr).
   */
  constructor(
    private readonly report: () => readonly string[],
    private readonly say: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
    private readonly exit: (code: number) => void = (code) => process.exit(code),
  ) {}

  /** Starts listening for SIGINT and SIGTERM; the returned function stops it. */
  install(): () => void {
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
    return () => {
      process.off('SIGINT', this.handler);
      process.off('SIGTERM', this.handler);
    };
  }

  /** Whether a signal came: work not yet started should not start. */
  get stopping(): boolean {
    return this.signal !== null;
  }

  /** Writes begin: a signal now waits for {@link endWrites}. Calls nest. */
  beginWrites(): void {
    this.writing++;
  }

  /** The writes begun are done; a signal that came meanwhile stops the process now. */
  endWrites(): void {
    this.writing = Math.max(0, this.writing - 1);
    if (this.writing === 0 && this.signal) this.stop();
  }

  /** For tests and callers that see a signal another way. */
  onSignal(signal: NodeJS.Signals): void {
    if (this.signal) {
      if (this.writing > 0)
        this.say(`navgen: ${signal} again: still finishing the writes under way`);
      return;
    }
    this.signal = signal;
    if (this.writing > 0) {
      this.say(`navgen: interrupted (${signal}): finishing the writes under way first`);
      return;
    }
    this.say(`navgen: interrupted (${signal})`);
    this.stop();
  }

  private stop(): void {
    for (const line of this.report()) this.say(`navgen: ${line}`);
    this.exit(this.signal === 'SIGTERM' ? EXIT_SIGTERM : EXIT_SIGINT);
  }
}
