/**
 * Acting on a state that settles: `watch` (a pipeline's demos) and `serve` (a server's demos
 * and maps) both look at what is there every `interval` milliseconds, by polling (robust on
 * network and container file systems, where change events get lost), and act once a change has
 * stayed the same for `settle` milliseconds, so that a file still being written or copied is
 * not read half done.
 *
 * The first look is acted on at once. Later ones are acted on when they differ from the state
 * last acted on and two looks at least `settle` apart agree. An action that throws is reported
 * and tried again at the next settled look; it must not throw for a failure it reports itself.
 */

export interface SettledPollOptions {
  /** Time between looks. [Units: ms] */
  readonly interval: number;
  /** How long a change must stay the same before it is acted on. [Units: ms] */
  readonly settle: number;
}

export interface SettledPoll<S> {
  /** What is there now. */
  look(): Promise<S>;
  same(a: S, b: S): boolean;
  /** Acts on `now`; `before` is the state last acted on (null the first time). */
  act(now: S, before: S | null): Promise<void>;
  /** A look or an action failed; polling goes on. */
  failed(error: unknown): void;
}

export interface Poller {
  /** Stops looking, once the look or action under way (if any) has ended. */
  stop(): Promise<void>;
  /** Resolves when the look or action under way is done (for tests). */
  idle(): Promise<void>;
}

export function pollSettled<S>(p: SettledPoll<S>, o: SettledPollOptions): Poller {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let acted: S | null = null;
  let pending: { state: S; since: number } | null = null;

  const act = async (now: S): Promise<void> => {
    await p.act(now, acted);
    acted = now;
  };
  const look = async (): Promise<void> => {
    const now = await p.look();
    if (acted !== null && p.same(now, acted)) pending = null;
    else if (!pending || !p.same(pending.state, now)) pending = { state: now, since: Date.now() };
    else if (Date.now() - pending.since >= o.settle) {
      pending = null;
      await act(now);
    }
  };
  const next = (): void => {
    if (!stopped) timer = setTimeout(loop, o.interval);
  };
  const loop = (): void => {
    if (stopped) return;
    running = look()
      .catch((e: unknown) => p.failed(e))
      .finally(next);
  };
  let running: Promise<void> = p
    .look()
    .then(act)
    .catch((e: unknown) => p.failed(e))
    .finally(next);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    idle: () => running,
  };
}
