/**
 * What the iterate loop talks to: "a tester" that takes a draft `.nav` and returns a navtest
 * report (the AQtion proposal's `<map>.navtest.json`). Each tester kind of this folder makes
 * one: the builtin offline test (`builtin.ts`: the simulated bot on the map, no process), a
 * command (`command.ts`: the game's dedicated server in `bot_navtest` mode, or any program that
 * writes such a report) and the real server's bots (`engine.ts`); `tester-kinds.ts` lists them.
 *
 * A tester either returns a valid report or throws a {@link TesterError}: the loop never has to
 * guess whether a report is trustworthy.
 */
import type { NavtestReport } from '../sources/feedback/navtest-report.js';

/** One draft to test. */
export interface Draft {
  readonly map: string;
  /** The draft `.nav`, in its iteration folder. A tester must not modify it. */
  readonly navPath: string;
  /** 1 for the first build of a run. */
  readonly iteration: number;
  /** The iteration's folder, where a tester may keep its own files (logs). */
  readonly folder: string;
}

export interface TestOutcome {
  readonly report: NavtestReport;
  /** Where the report came from, for messages: its file, or the tester's name. */
  readonly source: string;
  /**
   * The report's `unreachable_nodes` are proven unreachable: no passing path leads to them from
   * any spawn point (the offline tester checks every link). They are then pruned like bad
   * nodes. A game-server test only says which nodes its bots did not visit in the time they had,
   * so its unreachable nodes are reported but kept.
   */
  readonly unreachableProven?: boolean;
  /**
   * A first, faster stage's report (the engine tester's offline test): its failures are pruned
   * like any, but the iteration is shipped only when no iteration has a final report.
   */
  readonly preliminary?: boolean;
  /**
   * The report's figures come from a random trial (real bots): the loop also stops when such
   * an iteration is no better (`score.ts`) than the best earlier one, instead of pruning on
   * what may be noise.
   */
  readonly stopWhenNotBetter?: boolean;
}

export interface Tester {
  /** Short description for progress lines, e.g. `command "q2proded"`. */
  readonly name: string;
  /** Tests one draft. Rejects with {@link TesterError}; honours `signal` by stopping early. */
  test(draft: Draft, signal?: AbortSignal): Promise<TestOutcome>;
  /** Undoes what testing changed outside the iterations folder (an installed draft). */
  dispose?(): Promise<void>;
}

/**
 * Why a test gave no usable report. The loop aborts on every kind (see `iterate.ts`).
 * - `not-started`: the program could not be started (not found, not executable);
 * - `timeout`: it ran past `navtest.timeout` and its process group was killed;
 * - `crash`: it exited with a non-zero code or was killed by a signal;
 * - `no-report`: it exited normally but wrote no report;
 * - `bad-report`: the report is unreadable, not JSON, breaks the schema, or does not fit the
 *   draft (another map, node numbers beyond the draft's nodes);
 * - `aborted`: the run was cancelled (Ctrl-C).
 */
export type TesterFailure =
  'not-started' | 'timeout' | 'crash' | 'no-report' | 'bad-report' | 'aborted';

export class TesterError extends Error {
  constructor(
    readonly kind: TesterFailure,
    message: string,
    /** The last lines the command printed (stderr, or stdout when stderr was empty); '' if none. */
    readonly outputTail: string = '',
    options?: ErrorOptions,
  ) {
    super(
      outputTail
        ? `${message}\n  last output:\n    ${outputTail.trimEnd().split('\n').join('\n    ')}`
        : message,
      options,
    );
    this.name = 'TesterError';
  }
}
