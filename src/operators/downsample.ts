/**
 * downsample: one waypoint per `spacing` units of path length along each run.
 *
 * Like `sampleTime`, but by distance instead of time: a run's first sample is a waypoint, and
 * so is every sample at which the path walked since the previous waypoint reaches `spacing`
 * (the engine's node density, 96). The run's last sample becomes a waypoint too when it is at
 * least half a spacing past the previous one, so the end of a route still gets a vote.
 *
 * Each waypoint sums up its span (the frames since the previous waypoint): mean weight,
 * horizontal and vertical displacement, time, whether a ladder was climbed (EV_LADDER_STEP or
 * steady vertical motion without gravity) and whether the player was in free flight
 * (vertical acceleration near -gravity), plus the span's positions for strafe traces.
 *
 * Emits waypoints and run ends (other kinds pass through); samples are consumed.
 *
 * @example
 * stages:
 *   - downsample: { spacing: 96 }
 * @see deathWeight, speedFilter
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
import { EV_LADDER_STEP } from '../sources/demo/q2-protocol.js';
import type { NavEvent, Sample, Waypoint } from '../stage/nav-events.js';

/**
 * downsample's options, each stated once: the default, the limits and the one line the docs
 * show.
 */
const DOWNSAMPLE_OPTIONS = {
  // The engine's NODE_DENSITY.
  spacing: numOption(96, 'Path length between waypoints (NODE_DENSITY). [world units]', {
    exclusiveMinimum: 0,
  }),
  gravity: numOption(800, 'Game gravity. [u/s²]', { exclusiveMinimum: 0 }),
  flightTolerance: numOption(150, '|az + gravity| below this is free flight. [u/s²]', {
    exclusiveMinimum: 0,
  }),
  // Climbing: vertical speed at least this, with no gravity and little horizontal motion.
  climbSpeed: numOption(100, 'Least vertical speed of a ladder climb. [u/s]', { minimum: 0 }),
  climbMaxHspeed: numOption(60, 'Most horizontal speed of a ladder climb. [u/s]', { minimum: 0 }),
};

const downsampleTable = fromOptionTable(DOWNSAMPLE_OPTIONS);

export type DownsampleOptions = OptionsOf<typeof DOWNSAMPLE_OPTIONS>;

export const downsampleDefaults: DownsampleOptions = downsampleTable.defaults;

interface Span {
  last: Waypoint | null;
  path: number;
  frames: number;
  weightSum: number;
  ladder: boolean;
  airborne: boolean;
  /** Highest point of the span. [Units: world units] */
  maxZ: number;
  points: number[];
  tail: Sample | null;
}

/** Free flight: the height changes and accelerates downwards at about gravity. */
function isFlying(s: Sample, o: DownsampleOptions): boolean {
  return s.vz !== 0 && Math.abs(s.az + o.gravity) < o.flightTolerance;
}

export function downsample(
  options: Partial<DownsampleOptions> = {},
): OperatorFunction<NavEvent, NavEvent> {
  const o = withDefaults('downsample', DOWNSAMPLE_OPTIONS, options);
  return (source) =>
    new Observable<NavEvent>((subscriber) => {
      const spans = new Map<number, Span>();

      const emitWaypoint = (span: Span, s: Sample): void => {
        const prev = span.last;
        const dx = prev ? s.origin[0] - prev.origin[0] : 0;
        const dy = prev ? s.origin[1] - prev.origin[1] : 0;
        const w: Waypoint = {
          kind: 'waypoint',
          segment: s.segment,
          slot: s.slot,
          run: s.run,
          frame: s.frame,
          time: s.time,
          origin: s.origin,
          weight: span.frames > 0 ? span.weightSum / span.frames : s.weight,
          vz: s.vz,
          dxy: Math.sqrt(dx * dx + dy * dy),
          dz: prev ? s.origin[2] - prev.origin[2] : 0,
          dt: prev ? s.time - prev.time : 0,
          crouched: s.crouched,
          underwater: s.underwater,
          ladder: span.ladder,
          airborne: span.airborne,
          rise: prev ? Math.max(0, span.maxZ - prev.origin[2]) : 0,
          flying: isFlying(s, o),
          linkFromPrevious: prev !== null,
          path: span.points,
        };
        span.last = w;
        span.path = 0;
        span.frames = 0;
        span.weightSum = 0;
        span.ladder = false;
        span.airborne = false;
        span.maxZ = -Infinity;
        span.points = [];
        span.tail = null;
        subscriber.next(w);
      };

      return relay(source, subscriber, {
        next(e) {
          if (e.kind === 'sample') {
            const key = runKey(e.segment, e.slot, e.run);
            let span = spans.get(key);
            const isFirst = !span;
            if (!span) {
              span = {
                last: null,
                path: 0,
                frames: 0,
                weightSum: 0,
                ladder: false,
                airborne: false,
                maxZ: -Infinity,
                points: [],
                tail: null,
              };
              spans.set(key, span);
            }
            const prev = span.tail ?? span.last;
            if (prev) {
              const dx = e.origin[0] - prev.origin[0];
              const dy = e.origin[1] - prev.origin[1];
              const dz = e.origin[2] - prev.origin[2];
              span.path += Math.sqrt(dx * dx + dy * dy + dz * dz);
            }
            span.frames++;
            span.weightSum += e.weight;
            if (e.origin[2] > span.maxZ) span.maxZ = e.origin[2];
            span.points.push(e.origin[0], e.origin[1], e.origin[2], e.time);
            if (e.event === EV_LADDER_STEP) span.ladder = true;
            if (isFlying(e, o)) span.airborne = true;
            // Swimming up or down looks the same but is not a ladder.
            const climbing =
              !e.underwater &&
              Math.abs(e.vz) >= o.climbSpeed &&
              Math.abs(e.az) < o.flightTolerance &&
              e.hspeed <= o.climbMaxHspeed;
            if (climbing) span.ladder = true;
            span.tail = e;
            if (isFirst || span.path >= o.spacing) emitWaypoint(span, e);
            return;
          }
          if (e.kind === 'run-end') {
            const key = runKey(e.segment, e.slot, e.run);
            const span = spans.get(key);
            spans.delete(key);
            if (span?.tail && span.path >= o.spacing / 2) emitWaypoint(span, span.tail);
            subscriber.next(e);
            return;
          }
          subscriber.next(e);
        },
      });
    });
}

/** The `downsample` stage of pipeline files. */
export const downsampleStage = defineStage<DownsampleOptions>({
  meta: {
    name: 'downsample',
    description:
      "One waypoint per `spacing` units of path along each run, with the span's features.",
    phase: 'demo',
    needs: ['sample', 'run-end'],
    adds: ['waypoint'],
    removes: ['sample'],
    schema: downsampleTable.schema,
    defaults: downsampleDefaults,
  },
  create: (options) => downsample(options),
});
