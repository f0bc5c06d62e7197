/**
 * map-filter: only segments played on the nav's map contribute.
 *
 * Like `filter`, but by segment: a multi-map demo gives its matching segments; the frames and
 * headers of other segments are dropped. On completion a `map-filter` summary lists the maps
 * seen and how many segments and frames were kept, so a demo of another map is reported as
 * skipped rather than silently contributing nothing.
 *
 * @example
 * stages:
 *   - map-filter: { map: wizs }
 * @see gate
 */
import { Observable, type OperatorFunction } from 'rxjs';
import { relay } from './internal/relay.js';
import { defineStage } from '../stage/stage.js';
import {
  fromOptionTable,
  option,
  str,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { NavEvent } from '../stage/nav-events.js';

/** map-filter's options, each stated once: the default and the one line the docs show. */
const MAP_FILTER_OPTIONS = {
  // As in the world model `maps/<name>.bsp`, compared case-insensitively; '' until the stage
  // is made, which gives it the pipeline's map.
  map: option('', str("Map name (default: the pipeline's map).")),
};

const mapFilterTable = fromOptionTable(MAP_FILTER_OPTIONS);

export type MapFilterOptions = OptionsOf<typeof MAP_FILTER_OPTIONS>;

export const mapFilterDefaults: MapFilterOptions = mapFilterTable.defaults;

export function mapFilter(
  options: Partial<MapFilterOptions> = {},
): OperatorFunction<NavEvent, NavEvent> {
  const o = withDefaults('map-filter', MAP_FILTER_OPTIONS, options);
  if (!o.map) throw new RangeError('map-filter: map must be set');
  const wanted = o.map.toLowerCase();
  return (source) =>
    new Observable<NavEvent>((subscriber) => {
      let keep = false;
      const maps: string[] = [];
      let segmentsKept = 0;
      let framesKept = 0;
      let framesDropped = 0;
      return relay(source, subscriber, {
        next(e) {
          if (e.kind === 'segment') {
            keep = e.map.toLowerCase() === wanted;
            maps.push(e.map);
            if (keep) {
              segmentsKept++;
              subscriber.next(e);
            }
            return;
          }
          if (e.kind === 'frame' || e.kind === 'player-name') {
            if (e.kind === 'frame') {
              if (keep) framesKept++;
              else framesDropped++;
            }
            if (keep) subscriber.next(e);
            return;
          }
          subscriber.next(e);
        },
        complete() {
          subscriber.next({
            kind: 'summary',
            stage: 'map-filter',
            data: {
              map: o.map,
              maps,
              segments: maps.length,
              segmentsKept,
              framesKept,
              framesDropped,
            },
          });
        },
      });
    });
}

/** The `map-filter` stage of pipeline files. */
export const mapFilterStage = defineStage<MapFilterOptions>({
  meta: {
    name: 'map-filter',
    description: "Keeps only the segments played on the nav's map; reports demos of other maps.",
    phase: 'demo',
    needs: ['segment', 'frame'],
    adds: [],
    removes: [],
    schema: mapFilterTable.schema,
    defaults: mapFilterDefaults,
  },
  create: (options, ctx) => mapFilter({ ...options, map: options.map || ctx.map }),
});
