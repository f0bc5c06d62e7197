/**
 * Work that pauses: a generator that `yield`s (nothing) at its pauses and returns its result,
 * and the two ways to run it.
 *
 * Why: a map build's graph stages (`fill`, `connect`, `first-hops`) run in the caller's thread
 * for tens of seconds on a large map. Run in one stretch they hold the event loop: a progress
 * display stops, and in a test worker vitest's RPC to its main process times out ("Timeout
 * calling onTaskUpdate", the CI run of 2026-11-26, all tests passed). The stages write their
 * work as steps and their operators run them with {@link runGivingWay}; the plain functions
 * (`fillGraph`, `connectGraph`, …) run the same steps with {@link runToEnd}. Where the pauses
 * fall changes nothing of the result: the steps hold all their state.
 */

/**
 * What steps may hand their runner at a pause: work they are about to need (the link runs of a
 * check), which a runner may do ahead, on other threads, before the steps go on. A runner that
 * does not is right too: the steps then do that work as they go. Nothing here knows what the
 * work is; the runner's `doAhead` does.
 */
export interface WorkAhead {
  readonly ahead: readonly unknown[];
}

/** A computation that pauses (`yield`) now and then and returns a `T`. */
export type Steps<T> = Generator<void | WorkAhead, T, void>;

/** Runs `steps` to the end at once, in this stretch of the event loop. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Runs `steps` to the end, giving the event loop back at each pause (`setImmediate`: a
 * macrotask, so timers, I/O and IPC messages waiting run before the next step); work handed
 * over at a pause is done by `doAhead` first, when given.
 */
export async function runGivingWay<T>(
  steps: Steps<T>,
  doAhead?: (work: WorkAhead) => Promise<void>,
): Promise<T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (r.value && doAhead) await doAhead(r.value);
    await giveWay();
  }
}

/**
 * Resolves once the event loop has had its turn (`setImmediate`: after the I/O and IPC waiting
 * now). An `await` of a settled promise does not do that: it continues in the same stretch.
 */
export function giveWay(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
