/**
 * death-weight: finds out why each player died and makes environmental deaths count less.
 *
 * Like `bufferCount`, but per run and with a look back: every run's last `window` samples are
 * held back until the run goes on past them or ends. When a run ends in death the death is
 * classified — `fall` (a fall event on the player's entity in the last `fallWindow` frames,
 * or, as extra evidence, free flight faster than `fallSpeed` just before it: pits kill
 * without a landing event), `drown` (under water for more than `drownFrames` frames right
 * before it) or `combat` — and for fall and drown deaths the held samples (the run's last
 * `window` frames) get their weight multiplied by `factor`: those were the steps that led
 * into the pit or the water.
 *
 * Emits samples (delayed by at most `window` frames per player), run ends with `cause` set,
 * and on completion a `death-weight` summary with deaths by cause.
 *
 * @example
 * stages:
 *   - death-weight: { window: 90, factor: 0.2 }
 * @see gate, downsample
 */
import { Observable, type OperatorFunction } from 'rxjs';
import { relay } from './internal/relay.js';
import { runKey } from './internal/run-key.js';
import { RingBuffer } from './internal/ring-buffer.js';
import { defineStage } from '../stage/stage.js';
import {
  fromOptionTable,
  list,
  num,
  numOption,
  option,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import { EV_FALL, EV_FALLFAR } from '../sources/demo/q2-protocol.js';
import type { DeathCause, NavEvent, RunEnd, Sample } from '../stage/nav-events.js';

/**
 * death-weight's options, each stated once: the default, the limits and the one line the docs
 * show.
 */
const DEATH_WEIGHT_OPTIONS = {
  window: numOption(90, 'Frames before an environmental death that get down-weighted.', {
    minimum: 0,
    integer: true,
  }),
  factor: numOption(0.2, 'Weight multiplier for those frames.', { minimum: 0, maximum: 1 }),
  fallEvents: option<readonly number[]>(
    Object.freeze([EV_FALL, EV_FALLFAR]),
    list(
      'Entity events that mean a fall.',
      num('EV_* number', { minimum: 0, maximum: 255, integer: true }),
    ),
  ),
  fallWindow: numOption(10, 'Frames before a death in which a fall event counts.', {
    minimum: 0,
    integer: true,
  }),
  fallSpeed: numOption(
    700,
    'Free flight faster than this downwards before death is a fall; 0 = off. [u/s]',
    { minimum: 0 },
  ),
  drownFrames: numOption(90, 'Consecutive underwater frames before death that mean drowning.', {
    minimum: 0,
    integer: true,
  }),
};

const deathWeightTable = fromOptionTable(DEATH_WEIGHT_OPTIONS);

export type DeathWeightOptions = OptionsOf<typeof DEATH_WEIGHT_OPTIONS>;

export const deathWeightDefaults: DeathWeightOptions = deathWeightTable.defaults;

interface RunBuffer {
  held: RingBuffer<Sample>;
  /** Frames of the last fall event and of the fastest recent descent. */
  lastFallEvent: number;
  lastFastFall: number;
  underwaterStreak: number;
}

export function deathWeight(
  options: Partial<DeathWeightOptions> = {},
): OperatorFunction<NavEvent, NavEvent> {
  const o = withDefaults('death-weight', DEATH_WEIGHT_OPTIONS, options);
  const fallEvents = new Set(o.fallEvents);
  return (source) =>
    new Observable<NavEvent>((subscriber) => {
      const runs = new Map<number, RunBuffer>();
      const deaths: Record<DeathCause, number> = { fall: 0, drown: 0, combat: 0 };
      let downweighted = 0;

      const classify = (b: RunBuffer | undefined, end: RunEnd): DeathCause => {
        const fallEvent =
          fallEvents.has(end.event) ||
          (b !== undefined && b.lastFallEvent >= end.frame - o.fallWindow);
        const fastFall =
          o.fallSpeed > 0 && b !== undefined && b.lastFastFall >= end.frame - o.fallWindow;
        if (fallEvent || fastFall) return 'fall';
        if (b !== undefined && b.underwaterStreak > o.drownFrames) return 'drown';
        return 'combat';
      };

      return relay(source, subscriber, {
        next(e) {
          if (e.kind === 'sample') {
            const key = runKey(e.segment, e.slot, e.run);
            let b = runs.get(key);
            if (!b) {
              b = {
                held: new RingBuffer<Sample>(o.window),
                lastFallEvent: -Infinity,
                lastFastFall: -Infinity,
                underwaterStreak: 0,
              };
              runs.set(key, b);
            }
            if (fallEvents.has(e.event)) b.lastFallEvent = e.frame;
            if (e.vz < -o.fallSpeed) b.lastFastFall = e.frame;
            b.underwaterStreak = e.underwater ? b.underwaterStreak + 1 : 0;
            const released = b.held.push(e);
            if (released) subscriber.next(released);
            return;
          }
          if (e.kind === 'run-end') {
            const key = runKey(e.segment, e.slot, e.run);
            const b = runs.get(key);
            runs.delete(key);
            let end = e;
            if (e.reason === 'death') {
              const cause = classify(b, e);
              deaths[cause]++;
              end = { ...e, cause };
              if (cause !== 'combat' && b) {
                const held = b.held.drain();
                for (const s of held) subscriber.next({ ...s, weight: s.weight * o.factor });
                downweighted += held.length;
              }
            }
            if (b) for (const s of b.held.drain()) subscriber.next(s);
            subscriber.next(end);
            return;
          }
          subscriber.next(e);
        },
        complete() {
          // Runs still open (a source without run ends): release what is held, in run order.
          for (const key of [...runs.keys()].sort((a, b) => a - b))
            for (const s of runs.get(key)!.held.drain()) subscriber.next(s);
          runs.clear();
          subscriber.next({
            kind: 'summary',
            stage: 'death-weight',
            data: { deaths: { ...deaths }, downweightedSamples: downweighted },
          });
        },
      });
    });
}

/** The `death-weight` stage of pipeline files. */
export const deathWeightStage = defineStage<DeathWeightOptions>({
  meta: {
    name: 'death-weight',
    description:
      'Classifies deaths (fall, drown, combat) and down-weights the frames before environmental deaths.',
    phase: 'demo',
    needs: ['sample', 'run-end'],
    adds: [],
    removes: [],
    schema: deathWeightTable.schema,
    defaults: deathWeightDefaults,
  },
  create: (options) => deathWeight(options),
});
