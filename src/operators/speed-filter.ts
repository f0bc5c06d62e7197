/**
 * speed-filter: keeps traversals a bot can repeat.
 *
 * Like `filter`, but on the links between consecutive waypoints of a run: a pair whose
 * horizontal speed exceeds `maxSpeed` (bots run at 400 u/s; 450 leaves room for diagonal
 * running) was a strafe jump or similar expert movement. Such a pair casts no link vote: the
 * later waypoint is re-emitted with `linkFromPrevious: false`, and the traversal goes to the
 * strafe archive as a {@link StrafeTrace}. Both waypoints still vote for their nodes: the
 * landing spot is a fine place to be, just not by that route.
 *
 * Emits waypoints (some with links cut), strafe traces, and on completion a `speed-filter`
 * summary.
 *
 * @example
 * stages:
 *   - speed-filter: { maxSpeed: 450 }
 * @see downsample, vote
 */
import { Observable, type OperatorFunction } from 'rxjs';
import { relay } from './internal/relay.js';
import { runKey } from './internal/run-key.js';
import { defineStage } from '../stage/stage.js';
import {
  fromOptionTable,
  numOption,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { NavEvent, Waypoint } from '../stage/nav-events.js';

/**
 * speed-filter's options, each stated once: the default, the limits (checked on a pipeline's
 * options and on the operator's) and the one line the docs show.
 */
const SPEED_FILTER_OPTIONS = {
  maxSpeed: numOption(450, 'Horizontal speed above which a pair casts no link vote. [u/s]', {
    exclusiveMinimum: 0,
  }),
};

const speedFilterTable = fromOptionTable(SPEED_FILTER_OPTIONS);

export type SpeedFilterOptions = OptionsOf<typeof SPEED_FILTER_OPTIONS>;

export const speedFilterDefaults: SpeedFilterOptions = speedFilterTable.defaults;

export function speedFilter(
  options: Partial<SpeedFilterOptions> = {},
): OperatorFunction<NavEvent, NavEvent> {
  const o = withDefaults('speed-filter', SPEED_FILTER_OPTIONS, options);
  return (source) =>
    new Observable<NavEvent>((subscriber) => {
      const previous = new Map<number, Waypoint>();
      let pairs = 0;
      let cut = 0;
      return relay(source, subscriber, {
        next(e) {
          if (e.kind === 'waypoint') {
            const key = runKey(e.segment, e.slot, e.run);
            const prev = previous.get(key);
            previous.set(key, e);
            if (prev && e.linkFromPrevious) {
              pairs++;
              const speed = e.dt > 0 ? e.dxy / e.dt : Infinity;
              if (speed > o.maxSpeed) {
                cut++;
                subscriber.next({ ...e, linkFromPrevious: false });
                subscriber.next({
                  kind: 'strafe-trace',
                  segment: e.segment,
                  slot: e.slot,
                  run: e.run,
                  from: prev.origin,
                  to: e.origin,
                  speed,
                  dt: e.dt,
                  path: [prev.origin[0], prev.origin[1], prev.origin[2], prev.time, ...e.path],
                });
                return;
              }
            }
            subscriber.next(e);
            return;
          }
          if (e.kind === 'run-end') previous.delete(runKey(e.segment, e.slot, e.run));
          subscriber.next(e);
        },
        complete() {
          subscriber.next({ kind: 'summary', stage: 'speed-filter', data: { pairs, cut } });
        },
      });
    });
}

/** The `speed-filter` stage of pipeline files. */
export const speedFilterStage = defineStage<SpeedFilterOptions>({
  meta: {
    name: 'speed-filter',
    description: 'Pairs faster than `maxSpeed` cast no link vote and go to the strafe archive.',
    phase: 'demo',
    needs: ['waypoint'],
    adds: ['strafe-trace'],
    removes: [],
    schema: speedFilterTable.schema,
    defaults: speedFilterDefaults,
  },
  create: (options) => speedFilter(options),
});
